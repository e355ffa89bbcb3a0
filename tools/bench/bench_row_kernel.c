// SPDX-License-Identifier: GPL-2.0
// tksim's own: the kernel tree's vDSO row of `tksim bench`: the tree's own lib/vdso
// clock_gettime() next to tksim's model vDSO and the host's, as ratios.
/*
 * Two systems of the default configuration at the same virtual instant (1.0003 s, inside a
 * tick): one with the tree attached (`--kernel`, the kernel-tree backend of
 * docs/kernel-backend.md), whose vDSO reads are the tree's own __cvdso_clock_gettime() over
 * its own vvar page, and the model alone, whose vDSO reads are tksim's.  Both read through
 * sim_clock_gettime(SIM_PATH_VDSO) and the same synthetic counter, so what differs is the code
 * behind it: the tree's side adds the backend's two calls into the tree's object and its
 * counter hook's call back into the model's counter (the price of running the tree's code
 * unmodified), the model's reads its counter page inline.  The host's clock_gettime() (libc,
 * its vDSO, its own clocksource) is the third column.  Rounds alternate between the three so
 * that frequency and cache drift hit them alike; each is the best batch.
 */
#include <errno.h>
#include <stdio.h>
#include <time.h>

#include "tools/bench/bench_common.h"
#include "tools/bench/bench_rows.h"

/* Where each read's result goes, so that the compiler keeps the reads. */
static volatile long bench_kernel_sink;

/* The clocks of the row: the two hres clocks readers use most and a coarse one. */
static const struct {
	s32 clock;
	const char *name;
	const char *key;
} kernel_clocks[] = {
	{ TK_CLOCK_MONOTONIC, "MONOTONIC", "monotonic" },
	{ TK_CLOCK_REALTIME, "REALTIME", "realtime" },
	{ TK_CLOCK_MONOTONIC_COARSE, "MONOTONIC_COARSE", "monotonic_coarse" },
};
#define NR_KERNEL_CLOCKS (sizeof(kernel_clocks) / sizeof(kernel_clocks[0]))

/* ns per call of @calls vDSO reads of @clock on @s (NULL: the host's), the best of @batches. */
static double time_vdso(struct sim_system *s, s32 clock, u32 batches, u32 calls)
{
	double best = 0;

	for (u32 b = 0; b < batches; b++) {
		u64 t0 = bench_now_ns(), t1;

		for (u32 i = 0; i < calls; i++) {
			struct timespec64 ts;
			struct timespec hts;

			if (s) {
				sim_clock_gettime(s, SIM_PATH_VDSO, clock, &ts);
				bench_kernel_sink = ts.tv_nsec;
			} else {
				clock_gettime(clock, &hts);
				bench_kernel_sink = hts.tv_nsec;
			}
		}
		t1 = bench_now_ns();
		if (!b || (double)(t1 - t0) / calls < best)
			best = (double)(t1 - t0) / calls;
	}
	return best;
}

/* The default system at 1.0003 s, with tree @kernel attached unless NULL; NULL with @why. */
static struct sim_system *kernel_system(const char *kernel, char *why, size_t len)
{
	struct sim_config cfg;
	struct sim_system *s;
	int err;

	sim_config_default(&cfg);
	s = sim_system_new(&cfg, &err);
	if (!s) {
		snprintf(why, len, "cannot build the system: error %d", err);
		return NULL;
	}
	if (kernel && sim_system_open_ktree(s, kernel, why, len)) {
		sim_system_free(s);
		return NULL;
	}
	sim_advance_ns(s, NSEC_PER_SEC + 300 * NSEC_PER_USEC);
	return s;
}

/**
 * bench_row_kernel_vdso() - the tree's vDSO next to the model's and the host's
 * @o:   the options (--kernel's tree, or none; batches and calls: --quick sizes it down)
 * @out: the rate (the tree's MONOTONIC reads per second), its text and JSON; a row
 *       without a tree says why
 *
 * Return: 0, or 1 when skipped (--kernel none, or no tree here: the text says why).
 */
int bench_row_kernel_vdso(const struct bench_opts *o, struct bench_rate *out)
{
	const u32 batches = o->quick ? 5 : 40, calls = o->quick ? 2000 : 20000;
	double ns[NR_KERNEL_CLOCKS][3] = { { 0 } }; /* tree, model, host */
	struct sim_system *kt, *model;
	char why[512];
	size_t len, jlen;

	if (!o->kernel) {
		snprintf(out->text, sizeof(out->text),
			 "\nKernel tree vDSO: skipped (--kernel none)\n");
		return 1;
	}
	kt = kernel_system(o->kernel, why, sizeof(why));
	if (!kt) {
		snprintf(out->text, sizeof(out->text), "\nKernel tree vDSO: not measured: %.900s\n",
			 why);
		return 1;
	}
	model = kernel_system(NULL, why, sizeof(why));
	if (!model) {
		sim_system_free(kt);
		snprintf(out->text, sizeof(out->text), "\nKernel tree vDSO: not measured: %.900s\n",
			 why);
		return 1;
	}
	for (int round = 0; round < 4; round++) {
		for (size_t c = 0; c < NR_KERNEL_CLOCKS; c++) {
			struct sim_system *sys[3] = { kt, model, NULL };

			for (int p = 0; p < 3; p++) {
				double t = time_vdso(sys[p], kernel_clocks[c].clock,
						     batches / 4 + 1, calls);

				if (!round || t < ns[c][p])
					ns[c][p] = t;
			}
		}
	}
	sim_system_free(model);
	sim_system_free(kt);

	out->per_s = ns[0][0] > 0 ? 1e9 / ns[0][0] : 0;
	len = (size_t)snprintf(
		out->text, sizeof(out->text),
		"\nKernel tree %s: its own lib/vdso clock_gettime() next to tksim's model vDSO\n"
		"and the host's (ns per call, best batch; the tree and the model on one synthetic\n"
		"counter through sim_clock_gettime(), the tree's reads through the backend's "
		"calls\n"
		"into its object and its counter hook; the host on its own clocksource)\n"
		"  %-18s %8s %8s %8s %11s %10s\n",
		o->kernel, "clock", "tree", "model", "host", "tree/model", "tree/host");
	jlen = (size_t)snprintf(out->json, sizeof(out->json), "\"kernel\": \"%s\"", o->kernel);
	for (size_t c = 0; c < NR_KERNEL_CLOCKS; c++) {
		const double *n = ns[c];

		if (len < sizeof(out->text))
			len += (size_t)snprintf(out->text + len, sizeof(out->text) - len,
						"  %-18s %8.1f %8.1f %8.1f %10.2fx %9.2fx\n",
						kernel_clocks[c].name, n[0], n[1], n[2],
						n[1] > 0 ? n[0] / n[1] : 0,
						n[2] > 0 ? n[0] / n[2] : 0);
		if (jlen < sizeof(out->json))
			jlen += (size_t)snprintf(
				out->json + jlen, sizeof(out->json) - jlen,
				", \"%s\": {\"tree_ns\": %.2f, \"model_ns\": %.2f, "
				"\"host_ns\": %.2f}",
				kernel_clocks[c].key, n[0], n[1], n[2]);
	}
	snprintf(out->detail, sizeof(out->detail), "tree vDSO MONOTONIC %.1f ns, model %.1f ns",
		 ns[0][0], ns[0][1]);
	return 0;
}
