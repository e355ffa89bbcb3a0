// SPDX-License-Identifier: GPL-2.0
// tksim's own: the deterministic engine's virtual time: ticks, NOHZ idle gaps, stalls (see
// sim/engine.h).
#include "sim/engine.h"

#include <stdio.h>

#include "sim/clocksources.h"
#include "sim/oracle.h"

/* Move virtual time (the counter) without running a tick. */
static void sim_set_time(struct sim_system *s, u64 t_ns)
{
	s->now_ns = t_ns;
	sim_counter_set_time(&s->counter, t_ns);
	if (s->css)
		sim_css_set_time(s->css, t_ns, s->tick_period_ns);
}

/*
 * The clocksource side of a tick: the watchdog when due, and when it
 * switched the clocksource, the check that every clock reads the same just
 * before and just after the switch, at the same instant (exact, as the old
 * one read).  The engine checks, not the hardware model: the oracle reads
 * the clocks through the engine.
 */
static void sim_tick_css(struct sim_system *s)
{
	struct sim_css *css = s->css;
	struct oracle_snapshot before, after;
	char why[200];

	if (!sim_css_tick(s))
		return;
	css->in_check = true;
	if (oracle_snapshot(s, SIM_PATH_SYSCALL, &before, why, sizeof(why)) == 0 &&
	    sim_css_watchdog(s) &&
	    (oracle_snapshot(s, SIM_PATH_SYSCALL, &after, why, sizeof(why)) ||
	     oracle_check_unchanged(&before, &after, why, sizeof(why)))) {
		css->violation = true;
		snprintf(css->why, sizeof(css->why), "clocksource switch to %s: %s",
			 clocksource_current(&s->k)->name, why);
	}
	css->in_check = false;
}

/**
 * sim_advance_to() - run every tick up to @t_ns, then stop at @t_ns
 * @s:    the system
 * @t_ns: virtual time to reach (earlier values are ignored)
 */
void sim_advance_to(struct sim_system *s, u64 t_ns)
{
	if (t_ns < s->now_ns)
		return;
	while (s->next_tick_ns <= t_ns) {
		sim_set_time(s, s->next_tick_ns);
		update_wall_time(&s->k);
		if (unlikely(s->kt))
			sim_ktree_tick(s);
		s->last_tick_ns = s->now_ns;
		s->ticks++;
		if (s->css)
			sim_tick_css(s);
		s->next_tick_ns += s->tick_period_ns;
	}
	sim_set_time(s, t_ns);
}

/** sim_advance_ns() - run @ns of virtual time with ticks. */
void sim_advance_ns(struct sim_system *s, u64 ns)
{
	sim_advance_to(s, s->now_ns + ns);
}

/** sim_run_ticks() - run exactly @n more ticks and stop on the last one. */
void sim_run_ticks(struct sim_system *s, u64 n)
{
	if (n)
		sim_advance_to(s, s->next_tick_ns + (n - 1) * s->tick_period_ns);
}

/**
 * sim_idle_ns() - a NOHZ idle period: @ns without ticks, then one tick
 * @s:  the system
 * @ns: idle length; the kernel bounds it by the clocksource's max_idle_ns,
 *      tksim does not, so that longer gaps can be studied
 *
 * The tick at the end accumulates the whole gap logarithmically.
 */
void sim_idle_ns(struct sim_system *s, u64 ns)
{
	u64 end = s->now_ns + ns;

	sim_set_time(s, end);
	update_wall_time(&s->k);
	if (unlikely(s->kt))
		sim_ktree_tick(s);
	s->last_tick_ns = end;
	s->ticks++;
	if (s->css)
		sim_tick_css(s);
	/* Periodic ticks resume one period after the wake-up. */
	s->next_tick_ns = end + s->tick_period_ns;
}

/**
 * sim_nohz_room_ns() - how much longer the tick may stay stopped
 * @s: the system
 *
 * tick_nohz_next_event() lets an idle CPU sleep until at most the last
 * jiffies update (the last tick) + timekeeping_max_deferment(), the current
 * clocksource's max_idle_ns: counted from the last tick, not from the start
 * of the idle span, so that the counter delta the next tick accumulates
 * never exceeds what the clocksource can convert (a narrow counter would
 * otherwise wrap unseen).
 *
 * Return: ns from now until that bound, 0 if it is reached.
 */
u64 sim_nohz_room_ns(const struct sim_system *s)
{
	u64 end = s->last_tick_ns + s->k.tk_core.timekeeper.tkr_mono.clock->max_idle_ns;

	return end > s->now_ns ? end - s->now_ns : 0;
}

/**
 * sim_stall_ns() - @ns pass with no tick at all (a paused VM, lost timer interrupts)
 * @s:  the system
 * @ns: how long
 *
 * The clocks can be read at the end before any tick; the late tick runs at
 * once when time next moves (sim_advance_to()).
 */
void sim_stall_ns(struct sim_system *s, u64 ns)
{
	sim_set_time(s, s->now_ns + ns);
	s->next_tick_ns = s->now_ns;
}
