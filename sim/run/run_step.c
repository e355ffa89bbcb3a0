// SPDX-License-Identifier: GPL-2.0
// tksim's own: one step of a checked run: the loop of `tksim run` and its `tksim bench` row.
#include "sim/run/run_step.h"

#include "sim/run/run_ntp.h"

/**
 * sim_run_step() - move a system to the next instant a run checks
 * @s:           the system
 * @d:           the NTP daemon model
 * @calls:       the timed calls (NULL: none), run by the op executor at their
 *               exact instants on the way
 * @rng:         the sampling instants' generator (seeded with the run's seed)
 * @end_ns:      the end of the run: virtual time never goes past it
 * @nohz_max_ns: the longest tickless gap of a tickless idle system; 0 for a
 *               periodic tick
 * @why:         NULL, or where to explain a violation (the daemon's polls are
 *               then checked: sim_run_ntp_poll_checked(); the calls always are)
 * @n:           the size of @why
 *
 * Runs to the next tick, then to a random instant before the one after; with
 * @nohz_max_ns, the tick first stops for a random gap of up to @nohz_max_ns
 * (sim_idle_ns() ends with a tick) when the gap ends before @end_ns.  Then
 * the daemon polls, at the first instant after its time.  A timed call
 * runs at its exact instant on the way (an idle gap ends there), through
 * the op executor.  The order of the draws from @rng is part of a run's
 * identity: a seed replays the same run.
 *
 * Return: 0, or -1 with @why for a violation a call or a poll caused.
 */
int sim_run_step(struct sim_system *s, struct sim_ntpd *d, struct sim_run_calls *calls,
		 struct sim_rng *rng, u64 end_ns, u64 nohz_max_ns, char *why, size_t n)
{
	u64 t = s->next_tick_ns + sim_rng_below(rng, s->tick_period_ns);
	u64 call = calls ? sim_run_calls_next_ns(calls) : U64_MAX;
	char spare[256];

	if (nohz_max_ns) {
		u64 gap = sim_rng_below(rng, nohz_max_ns) + 1;

		/* Never past max_idle_ns after the last tick (tick_nohz_next_event()). */
		if (gap > sim_nohz_room_ns(s))
			gap = sim_nohz_room_ns(s);

		/* A call wakes the idle CPU: the gap ends at the call's instant. */
		if (call > s->now_ns && s->now_ns + gap > call)
			gap = call - s->now_ns;
		if (s->now_ns + gap < end_ns && call > s->now_ns) {
			sim_idle_ns(s, gap);
			t = s->now_ns + sim_rng_below(rng, s->tick_period_ns);
		}
	}
	if (t > end_ns)
		t = end_ns;
	if (calls && sim_run_calls_until(calls, s, t, why ? why : spare, why ? n : sizeof(spare)))
		return -1;
	if (calls && calls->timeline) {
		if (sim_run_calls_read(calls, s, t, why ? why : spare, why ? n : sizeof(spare)))
			return -1;
	} else {
		sim_advance_to(s, t);
	}
	if (s->now_ns < sim_ntpd_next_due(d))
		return 0;
	/* A daemon's step is no finding of the executor's next tick. */
	if (calls && calls->exec)
		sim_ops_exec_resync(calls->exec);
	if (why)
		return sim_run_ntp_poll_checked(d, s, why, n);
	sim_ntpd_run(d, s);
	return 0;
}
