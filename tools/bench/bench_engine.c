// SPDX-License-Identifier: GPL-2.0
// tksim's own: the deterministic engine's speed, for `tksim bench`.
/*
 * One tick of the engine is what the kernel does at each timer interrupt
 * (timekeeping_advance: accumulate, NTP steering, publication through
 * update_vsyscall) plus the engine's own work (moving the synthetic
 * counter).  The benchmark runs the default system (2.1 GHz counter
 * running 35 ppm fast) with the NTP daemon model polling every 16 s, so
 * the PLL slews the clock all along and the steering path is exercised,
 * and reports ticks per wall-clock second and simulated days per minute.
 * The engine_aux8 row runs the same with the 8 aux clocks of v6.17 enabled
 * (each tick then also runs tk_aux_advance() for each), next to the row
 * with none, so that what aux clocks cost and what the aux-off path kept
 * show side by side.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "sim/ntpd.h"
#include "timekeeper/timekeeping_aux.h"
#include "tools/bench/bench_common.h"
#include "tools/bench/bench_rows.h"
#include "tools/process.h"

#define HOUR_NS (3600 * NSEC_PER_SEC)

/**
 * struct bench_engine_result - the deterministic engine's speed
 * @hz:               CONFIG_HZ of the run
 * @aux:              aux clocks enabled
 * @ntpd:             whether the NTP daemon model ran (sim/ntpd.h)
 * @sim_ns:           virtual time simulated (ns)
 * @ticks:            ticks run
 * @wall_s:           wall-clock time taken (s)
 * @cpu_s:            CPU time of this thread meanwhile (s)
 * @ticks_per_s:      ticks per wall-clock second
 * @day_s:            wall-clock s per simulated day (extrapolated)
 * @days_per_min:     simulated days per wall-clock minute
 */
struct bench_engine_result {
	unsigned int hz;
	unsigned int aux;
	bool ntpd;
	u64 sim_ns;
	u64 ticks;
	double wall_s;
	double cpu_s;
	double ticks_per_s;
	double day_s;
	double days_per_min;
};

/*
 * Run the engine for @sim_ns (at least one tick) at CONFIG_HZ=@hz with aux clocks 0..@aux - 1
 * enabled, and kernel tree @kernel attached unless NULL, and time it.  Return: 0, -ENOSYS when
 * the model cannot enable them, -ENOENT when the tree cannot be had (@why says why), or -errno.
 */
static int bench_engine(u64 sim_ns, unsigned int hz, unsigned int aux, const char *kernel,
			struct bench_engine_result *r, char *why, size_t whylen)
{
	struct sim_ntpd_params np;
	struct sim_config cfg;
	struct sim_ntpd *d;
	struct sim_system *s;
	u64 t0, t1, c0, c1, ticks0;
	int err;

	sim_config_default(&cfg);
	cfg.hz = hz;
	s = sim_system_new(&cfg, &err);
	if (!s)
		return err;
	if (kernel && sim_system_open_ktree(s, kernel, why, whylen)) {
		sim_system_free(s);
		return -ENOENT;
	}
	for (unsigned int n = 0; n < aux; n++) {
		if (tk_aux_clock_enable(&s->k, n, true)) {
			sim_system_free(s);
			return -ENOSYS;
		}
	}
	d = malloc(sizeof(*d));
	if (!d) {
		sim_system_free(s);
		return -ENOMEM;
	}
	sim_ntpd_params_default(&np);
	sim_ntpd_init(d, &np, s);

	ticks0 = s->ticks;
	t0 = bench_now_ns();
	c0 = bench_thread_cpu_ns();
	/* In simulated hours, so that a signal to tksim stops it soon (tools/process.h). */
	for (u64 end = s->now_ns + sim_ns; s->now_ns < end && !tksim_signal_caught();)
		sim_ntpd_advance_to(d, s, end - s->now_ns > HOUR_NS ? s->now_ns + HOUR_NS : end);
	c1 = bench_thread_cpu_ns();
	t1 = bench_now_ns();

	*r = (struct bench_engine_result){
		.hz = hz,
		.aux = aux,
		.ntpd = np.enabled,
		.sim_ns = sim_ns,
		.ticks = s->ticks - ticks0,
		.wall_s = (double)(t1 - t0) * 1e-9,
		.cpu_s = (double)(c1 - c0) * 1e-9,
	};
	if (r->wall_s <= 0)
		r->wall_s = 1e-9;
	r->ticks_per_s = (double)r->ticks / r->wall_s;
	r->day_s = r->wall_s * (86400.0 * 1e9 / (double)sim_ns);
	r->days_per_min = 60.0 / r->day_s;
	free(d);
	sim_system_free(s);
	return 0;
}

/* The text, JSON and detail of an engine row; @title heads it, @tag starts its lines. */
static void engine_text(const struct bench_engine_result *er, const char *title, const char *tag,
			struct bench_rate *out)
{
	const struct bench_engine_result e = *er;

	out->per_s = e.ticks_per_s;
	snprintf(out->text, sizeof(out->text),
		 "\n%s (deterministic, HZ=%u, default system, NTP daemon model %s)\n"
		 "%s: %.0f s simulated, %llu ticks in %.3f s: %.1f M ticks/s\n"
		 "%s: a simulated day in %.2f s = %.1f simulated days per wall-clock minute\n"
		 "%s: %.3f s of this thread's CPU time: %.1f M ticks per CPU second\n",
		 title, e.hz, e.ntpd ? "polling every 16 s" : "off", tag, (double)e.sim_ns * 1e-9,
		 (unsigned long long)e.ticks, e.wall_s, e.ticks_per_s * 1e-6, tag, e.day_s,
		 e.days_per_min, tag, e.cpu_s,
		 (double)e.ticks / (e.cpu_s > 0 ? e.cpu_s : 1e-9) * 1e-6);
	snprintf(out->json, sizeof(out->json),
		 "\"hz\": %u, \"aux_clocks\": %u, \"ntpd\": %s, \"simulated_s\": %.3f, \"ticks\": "
		 "%llu, "
		 "\"wall_s\": %.3f, \"ticks_per_s\": %.3f, \"day_s\": %.3f, "
		 "\"days_per_min\": %.3f, \"cpu_s\": %.3f, \"ticks_per_cpu_s\": %.3f",
		 e.hz, e.aux, e.ntpd ? "true" : "false", (double)e.sim_ns * 1e-9,
		 (unsigned long long)e.ticks, e.wall_s, e.ticks_per_s, e.day_s, e.days_per_min,
		 e.cpu_s, (double)e.ticks / (e.cpu_s > 0 ? e.cpu_s : 1e-9));
	snprintf(out->detail, sizeof(out->detail), "a simulated day in %.2f s", e.day_s);
}

/**
 * bench_row_engine() - the engine row: HZ=1000 for the --engine time
 * @o:   the options (engine_ns: virtual time; 0 skips the row)
 * @out: the rate (ticks/s), its text and JSON
 *
 * Return: 0, 1 when skipped, or the negative errno of building the system.
 */
int bench_row_engine(const struct bench_opts *o, struct bench_rate *out)
{
	struct bench_engine_result e = { 0 };
	int err;

	if (!o->engine_ns)
		return 1;
	err = bench_engine(o->engine_ns, 1000, 0, NULL, &e, NULL, 0);
	if (err)
		return err;
	engine_text(&e, "Engine", "engine", out);
	return 0;
}

/**
 * bench_row_engine_aux8() - the engine row with the 8 aux clocks enabled
 * @o:   the options (engine_ns: virtual time; 0 skips the row)
 * @out: the rate (ticks/s), its text and JSON; a skipped row's text says why
 *
 * Return: 0, 1 when skipped (by the options, or a model that cannot enable
 * an aux clock), or the negative errno of building the system.
 */
int bench_row_engine_aux8(const struct bench_opts *o, struct bench_rate *out)
{
	struct bench_engine_result e = { 0 };
	int err;

	if (!o->engine_ns)
		return 1;
	err = bench_engine(o->engine_ns, 1000, TK_MAX_AUX_CLOCKS, NULL, &e, NULL, 0);
	if (err == -ENOSYS) {
		snprintf(out->text, sizeof(out->text),
			 "\nEngine with 8 aux clocks: skipped: the model cannot enable an aux "
			 "clock (tk_aux_clock_enable() fails)\n");
		return 1;
	}
	if (err)
		return err;
	engine_text(&e, "Engine with the 8 aux clocks enabled", "engine_aux8", out);
	return 0;
}

/* Ticks per CPU second of the measuring thread. */
static double per_cpu_s(const struct bench_engine_result *e)
{
	return (double)e->ticks / (e->cpu_s > 0 ? e->cpu_s : 1e-9);
}

/**
 * bench_row_engine_kernel() - the engine with --kernel's tree attached, next to the model alone
 * @o:   the options (engine_ns: virtual time; 0 skips the row; --kernel none skips it)
 * @out: the rate (ticks/s with the tree), its text and JSON; a skipped row's text says why
 *
 * The tree's update_wall_time() runs at every tick beside the model's, as `tksim run
 * --kernel` runs them; the model alone runs in the same row, alternately, for the ratio.
 *
 * Return: 0, 1 when skipped (the options, or no tree here), or the negative errno of building
 * the system.
 */
int bench_row_engine_kernel(const struct bench_opts *o, struct bench_rate *out)
{
	struct bench_engine_result k = { 0 }, m = { 0 }, e;
	char why[512];
	size_t len;
	int err;

	if (!o->engine_ns)
		return 1;
	if (!o->kernel) {
		snprintf(out->text, sizeof(out->text),
			 "\nEngine with a kernel tree: skipped (--kernel none)\n");
		return 1;
	}
	for (int round = 0; round < 2; round++) {
		err = bench_engine(o->engine_ns / 2, 1000, 0, o->kernel, &e, why, sizeof(why));
		if (err == -ENOENT) {
			snprintf(out->text, sizeof(out->text),
				 "\nEngine with a kernel tree: not measured: %.900s\n", why);
			return 1;
		}
		if (err)
			return err;
		if (!round || e.ticks_per_s > k.ticks_per_s)
			k = e;
		err = bench_engine(o->engine_ns / 2, 1000, 0, NULL, &e, NULL, 0);
		if (err)
			return err;
		if (!round || e.ticks_per_s > m.ticks_per_s)
			m = e;
	}
	engine_text(&k, "Engine with the kernel tree attached", "engine_kernel", out);
	len = strlen(out->text);
	/* Per CPU second too: on a busy machine the wall-clock ratio is mostly the neighbours'. */
	snprintf(out->text + len, sizeof(out->text) - len,
		 "engine_kernel: tree %s's update_wall_time() beside the model's at every tick; "
		 "the model alone in this row: %.1f M ticks/s, %.1f M per CPU second; "
		 "tree+model / model %.2f (per CPU second %.2f)\n",
		 o->kernel, m.ticks_per_s * 1e-6, per_cpu_s(&m) * 1e-6,
		 m.ticks_per_s > 0 ? k.ticks_per_s / m.ticks_per_s : 0,
		 per_cpu_s(&m) > 0 ? per_cpu_s(&k) / per_cpu_s(&m) : 0);
	len = strlen(out->json);
	snprintf(out->json + len, sizeof(out->json) - len,
		 ", \"kernel\": \"%s\", \"model_ticks_per_s\": %.3f, "
		 "\"model_ticks_per_cpu_s\": %.3f",
		 o->kernel, m.ticks_per_s, per_cpu_s(&m));
	return 0;
}
