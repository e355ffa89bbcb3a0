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
 */
#include "tools/bench_common.h"

#include <errno.h>
#include <stdlib.h>

#include "sim/ntpd.h"

/**
 * bench_engine() - run the engine for @sim_ns of virtual time and time it
 * @sim_ns: virtual time to simulate (ns), at least one tick
 * @hz:     CONFIG_HZ
 * @r:      out
 *
 * Return: 0, or the negative errno of building the system.
 */
int bench_engine(u64 sim_ns, unsigned int hz, struct bench_engine_result *r)
{
	struct sim_ntpd_params np;
	struct sim_config cfg;
	struct sim_ntpd *d;
	struct sim_system *s;
	u64 t0, t1, ticks0;
	int err;

	sim_config_default(&cfg);
	cfg.hz = hz;
	s = sim_system_new(&cfg, &err);
	if (!s)
		return err;
	d = malloc(sizeof(*d));
	if (!d) {
		sim_system_free(s);
		return -ENOMEM;
	}
	sim_ntpd_params_default(&np);
	sim_ntpd_init(d, &np, s);

	ticks0 = s->ticks;
	t0 = bench_now_ns();
	sim_ntpd_advance_to(d, s, s->now_ns + sim_ns);
	t1 = bench_now_ns();

	*r = (struct bench_engine_result){
		.hz = hz,
		.ntpd = np.enabled,
		.sim_ns = sim_ns,
		.ticks = s->ticks - ticks0,
		.wall_s = (double)(t1 - t0) * 1e-9,
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
