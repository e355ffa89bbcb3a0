// SPDX-License-Identifier: GPL-2.0
// tksim's own: the 32-bit row of `tksim bench`, measured in the i386 reader process.
/*
 * The thread's claim: the 32-bit vDSO time functions 4 to 13 times faster
 * than the syscalls.  Here it is measured in a real 32-bit process
 * (tksim-reader32, tools/reader32/reader32_bench.c): clock_gettime(CLOCK_MONOTONIC)
 * with a 32-bit time_t through tksim's i386 vDSO on a simulated system's
 * vvar page (synthetic counter page: no rdtsc), through the host's own
 * 32-bit vDSO, and as syscall 265 through int $0x80 and __kernel_vsyscall.
 * Where the host runs no i386 code the row says so and measures nothing;
 * under TKSIM_M32_RUNNER (an emulator) it runs but is labelled emulated,
 * and no ratio is given.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "sim/run/run_m32.h"
#include "tools/bench/bench_common.h"
#include "tools/bench/bench_rows.h"

static const char *const m32_bench_names[M32_NR_BENCH] = {
	[M32_BENCH_SIM_VDSO] = "sim-vdso32",
	[M32_BENCH_HOST_VDSO] = "host-vdso32",
	[M32_BENCH_INT80] = "int $0x80",
	[M32_BENCH_VSYSCALL] = "__kernel_vsyscall",
};

static const char *const m32_bench_keys[M32_NR_BENCH] = {
	[M32_BENCH_SIM_VDSO] = "sim_vdso32",
	[M32_BENCH_HOST_VDSO] = "host_vdso32",
	[M32_BENCH_INT80] = "int80",
	[M32_BENCH_VSYSCALL] = "kernel_vsyscall",
};

/* The row when nothing could be measured: the reason, in both reports. */
static int m32_skipped(struct bench_rate *out, const char *why)
{
	out->per_s = 0;
	snprintf(out->text, sizeof(out->text), "\n32-bit process (i386): not measured: %.400s\n",
		 why);
	snprintf(out->json, sizeof(out->json), "\"measured\": false, \"why\": \"%.400s\"", why);
	return 0;
}

/* Ratio text "N.Nx" of @num / @den, "-" where either is missing. */
static void ratio(char *buf, size_t n, double num, double den)
{
	if (isnan(num) || isnan(den) || den <= 0)
		snprintf(buf, n, "-");
	else
		snprintf(buf, n, "%.1fx", num / den);
}

/**
 * bench_row_m32() - the 32-bit row
 * @o:   the options (calls and batches per measurement)
 * @out: the rate (sim-vdso32 calls per second), its text and JSON
 *
 * Return: 0 (a host without i386 support gives a row that says so), 1 when
 * the options skip it (--engine 0 skips nothing here), or a negative errno.
 */
int bench_row_m32(const struct bench_opts *o, struct bench_rate *out)
{
	double p50[M32_NR_BENCH], best[M32_NR_BENCH];
	const char *runner = getenv("TKSIM_M32_RUNNER");
	bool emulated = runner && *runner;
	struct sim_run_m32 m;
	struct sim_config cfg;
	struct sim_system *s;
	char why[512], r1[16], r2[16], r3[16], r4[16];
	size_t len;
	int err;

	sim_run_m32_init(&m);
	sim_config_default(&cfg);
	s = sim_run_m32_system_new(&m, &cfg, &err);
	if (!s) {
		sim_run_m32_system_free(&m, s);
		return err;
	}
	sim_advance_ns(s, NSEC_PER_SEC + 300 * NSEC_PER_USEC);
	if (sim_run_m32_spawn(&m, s, why, sizeof(why))) {
		sim_run_m32_system_free(&m, s);
		return m32_skipped(out, why);
	}
	for (int b = 0; b < M32_NR_BENCH; b++) {
		struct m32_msg req = { { M32_OP_BENCH, b, o->calls, o->batches + o->warmup, 0,
					 0 } };
		struct m32_msg res;

		p50[b] = best[b] = NAN;
		if (sim_run_m32_request(&m, s, &req, &res)) {
			sim_run_m32_system_free(&m, s);
			return m32_skipped(out, "the 32-bit reader died");
		}
		if (res.w[2] == 0) {
			p50[b] = (double)res.w[3] * 1e-3;
			best[b] = (double)res.w[4] * 1e-3;
		}
	}
	sim_run_m32_system_free(&m, s);

	out->per_s = isnan(p50[0]) || p50[0] <= 0 ? 0 : 1e9 / p50[0];
	len = (size_t)snprintf(
		out->text, sizeof(out->text),
		"\n32-bit process (i386 tksim-reader32%s%s%s), clock_gettime(MONOTONIC),"
		" 32-bit time_t\n",
		emulated ? " under " : "", emulated ? runner : "",
		emulated ? ": EMULATED, not a measurement" : "");
	for (int b = 0; b < M32_NR_BENCH && len < sizeof(out->text); b++) {
		if (isnan(p50[b]))
			len += (size_t)snprintf(out->text + len, sizeof(out->text) - len,
						"  %-18s none on this host\n", m32_bench_names[b]);
		else
			len += (size_t)snprintf(out->text + len, sizeof(out->text) - len,
						"  %-18s %7.1f ns/call p50 (best %.1f)\n",
						m32_bench_names[b], p50[b], best[b]);
	}
	/* No ratio from an emulator's timings. */
	ratio(r1, sizeof(r1), emulated ? NAN : p50[M32_BENCH_INT80], p50[M32_BENCH_SIM_VDSO]);
	ratio(r2, sizeof(r2), emulated ? NAN : p50[M32_BENCH_VSYSCALL], p50[M32_BENCH_SIM_VDSO]);
	ratio(r3, sizeof(r3), emulated ? NAN : p50[M32_BENCH_INT80], p50[M32_BENCH_HOST_VDSO]);
	ratio(r4, sizeof(r4), emulated ? NAN : p50[M32_BENCH_VSYSCALL], p50[M32_BENCH_HOST_VDSO]);
	if (len < sizeof(out->text))
		snprintf(out->text + len, sizeof(out->text) - len,
			 "  syscall / vDSO: sim %s (int80) %s (vsyscall), host %s (int80) %s "
			 "(vsyscall)\n",
			 r1, r2, r3, r4);
	len = (size_t)snprintf(out->json, sizeof(out->json), "\"measured\": true, \"emulated\": %s",
			       emulated ? "true" : "false");
	for (int b = 0; b < M32_NR_BENCH && len < sizeof(out->json); b++) {
		if (isnan(p50[b]))
			len += (size_t)snprintf(out->json + len, sizeof(out->json) - len,
						", \"%s_p50_ns\": null", m32_bench_keys[b]);
		else
			len += (size_t)snprintf(out->json + len, sizeof(out->json) - len,
						", \"%s_p50_ns\": %.2f", m32_bench_keys[b], p50[b]);
	}
	snprintf(out->detail, sizeof(out->detail), "32-bit process%s",
		 emulated ? ", emulated" : "");
	return 0;
}
