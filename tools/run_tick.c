// SPDX-License-Identifier: GPL-2.0
// tksim's own: one step of `tksim run`'s main loop, shared with its `tksim bench` row.
#include "tools/run_tick.h"

#include "tools/run_ntp.h"

/**
 * run_tick() - move a system to the next instant `tksim run` checks
 * @s:           the system
 * @d:           the NTP daemon model and the scripted calls
 * @rng:         the sampling instants' generator (--seed)
 * @end_ns:      the end of the run: virtual time never goes past it
 * @nohz_max_ns: with --nohz, the longest tickless gap; 0 for a periodic tick
 * @why:         NULL, or where to explain a call that moved a clock it does not
 *               set (the calls are then checked: run_ntp_run_checked())
 * @n:           the size of @why
 *
 * Runs to the next tick, then to a random instant before the one after; with
 * @nohz_max_ns, the tick first stops for a random gap of up to @nohz_max_ns
 * (sim_idle_ns() ends with a tick) when the gap ends before @end_ns.  Then
 * the daemon and the scripted calls act, at the first instant after their
 * time.  The order of the draws from @rng is part of a run's identity: a
 * seed replays the same run.
 *
 * Return: 0, or -1 with @why for a call that moved a clock it does not set.
 */
int run_tick(struct sim_system *s, struct sim_ntpd *d, struct sim_rng *rng, u64 end_ns,
	     u64 nohz_max_ns, char *why, size_t n)
{
	u64 t = s->next_tick_ns + sim_rng_below(rng, s->tick_period_ns);

	if (nohz_max_ns) {
		u64 gap = sim_rng_below(rng, nohz_max_ns) + 1;

		if (s->now_ns + gap < end_ns) {
			sim_idle_ns(s, gap);
			t = s->now_ns + sim_rng_below(rng, s->tick_period_ns);
		}
	}
	sim_advance_to(s, t < end_ns ? t : end_ns);
	if (s->now_ns < sim_ntpd_next_due(d))
		return 0;
	if (why)
		return run_ntp_run_checked(d, s, why, n);
	sim_ntpd_run(d, s);
	return 0;
}
