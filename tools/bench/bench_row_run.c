// SPDX-License-Identifier: GPL-2.0
// tksim's own: the checked-run row of `tksim bench`: `tksim run`'s loop, every check on.
/*
 * The main job of tksim: `tksim run` with its defaults (2.1 GHz counter
 * running 35 ppm fast, HZ=1000, the NTP daemon model polling every 16 s,
 * seed 1), checking every clock through both paths, monotonicity, coarse <=
 * fine, time() and the exact MONOTONIC_RAW conversion at a random instant of
 * every tick: the same step (sim/run/run_step.c) and the same checks
 * (oracle_check_tick()) as the command, without its printing.  Reported in
 * ticks per wall-clock second, and per CPU second of this thread, which a
 * busy machine changes less.
 */
#include <errno.h>
#include <stdlib.h>

#include "sim/oracle.h"
#include "sim/run/run_ntp.h"
#include "sim/run/run_step.h"
#include "tools/bench/bench_common.h"
#include "tools/bench/bench_rows.h"
#include "tools/process.h"

/* tksim run's default duration: the row simulates this, or --engine if shorter. */
#define RUN_ROW_MAX_NS (2 * 3600ULL * NSEC_PER_SEC)

/**
 * bench_row_run() - the checked-run row
 * @o:   the options (engine_ns: virtual time, at most 2 h; 0 skips the row)
 * @out: the rate (checked ticks per wall-clock second), its text and JSON
 *
 * Return: 0 (a violated property is reported in the row, with rate 0), 1
 * when skipped, or a negative errno of building the system.
 */
int bench_row_run(const struct bench_opts *o, struct bench_rate *out)
{
	u64 sim_ns = o->engine_ns < RUN_ROW_MAX_NS ? o->engine_ns : RUN_ROW_MAX_NS;
	struct oracle_stats st = { 0 };
	struct oracle_mono mono = { 0 };
	struct sim_config cfg;
	struct sim_system *s;
	struct sim_ntpd_params p;
	struct sim_ntpd *d;
	struct sim_rng rng;
	u64 t0, c0, ticks;
	double wall_s, cpu_s;
	char why[256] = "";
	bool violated = false;
	int err;

	if (!sim_ns)
		return 1;
	sim_config_default(&cfg);
	sim_ntpd_params_default(&p);
	p.seed = 1;
	if (sim_run_ntp_boot(&cfg, &p, 0, 0))
		return -EINVAL;
	s = sim_system_new(&cfg, &err);
	if (!s)
		return err;
	d = malloc(sizeof(*d));
	if (!d) {
		sim_system_free(s);
		return -ENOMEM;
	}
	sim_ntpd_init(d, &p, s);
	sim_rng_seed(&rng, 1);

	t0 = bench_now_ns();
	c0 = bench_thread_cpu_ns();
	while (s->now_ns < sim_ns && !tksim_signal_caught()) {
		sim_run_step(s, d, NULL, &rng, sim_ns, 0, NULL, 0);
		if (oracle_check_tick(s, &mono, &st, why, sizeof(why))) {
			violated = true;
			break;
		}
	}
	cpu_s = (double)(bench_thread_cpu_ns() - c0) * 1e-9;
	wall_s = (double)(bench_now_ns() - t0) * 1e-9;
	ticks = s->ticks;
	free(d);
	sim_system_free(s);

	if (wall_s <= 0)
		wall_s = 1e-9;
	if (cpu_s <= 0)
		cpu_s = 1e-9;
	out->per_s = violated ? 0 : (double)ticks / wall_s;
	snprintf(out->text, sizeof(out->text),
		 "\nChecked run (tksim run's default: HZ=1000, NTP daemon model on; every clock\n"
		 "through both paths and every property at a random instant of every tick)\n"
		 "run: %.0f s simulated, %llu ticks, %llu instants checked in %.3f s: "
		 "%.1f M ticks/s\n"
		 "run: %.3f s of this thread's CPU time: %.1f M ticks per CPU second\n%s%s%s",
		 (double)sim_ns * 1e-9, (unsigned long long)ticks, (unsigned long long)st.checks,
		 wall_s, (double)ticks / wall_s * 1e-6, cpu_s, (double)ticks / cpu_s * 1e-6,
		 violated ? "run: VIOLATION: " : "", why, violated ? "\n" : "");
	snprintf(out->json, sizeof(out->json),
		 "\"hz\": %u, \"ntpd\": %s, \"simulated_s\": %.3f, \"ticks\": %llu, "
		 "\"checks\": %llu, \"wall_s\": %.3f, \"ticks_per_s\": %.3f, \"cpu_s\": %.3f, "
		 "\"ticks_per_cpu_s\": %.3f, \"violated\": %s",
		 cfg.hz, p.enabled ? "true" : "false", (double)sim_ns * 1e-9,
		 (unsigned long long)ticks, (unsigned long long)st.checks, wall_s,
		 (double)ticks / wall_s, cpu_s, (double)ticks / cpu_s, violated ? "true" : "false");
	snprintf(out->detail, sizeof(out->detail), "%s%.0f s simulated in %.2f s",
		 violated ? "a property was violated; " : "", (double)sim_ns * 1e-9, wall_s);
	return 0;
}
