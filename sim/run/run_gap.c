// SPDX-License-Identifier: GPL-2.0
// tksim's own: a gap in a run: a stall or a suspend, and the check after it (see
// sim/run/run_gap.h).
#include "sim/run/run_gap.h"

#include <stdio.h>

#include "sim/oracle.h"
#include "timekeeper/timekeeping.h"

/**
 * sim_run_stall() - the tick stops for @d_ns while the counter runs on (a paused VM)
 * @s:    the system
 * @d_ns: how long (it may pass max_idle_ns and max_cycles)
 * @why:  out: the violation, if any
 * @n:    its size
 *
 * At the end of the stall the counter has run @d_ns on and no tick has run.
 * One check at this instant (the first read after a paused VM), then the
 * tick is due at once.
 *
 * Return: 0, or -1 with @why for a violation at the first read after it.
 */
int sim_run_stall(struct sim_system *s, u64 d_ns, char *why, size_t n)
{
	sim_counter_set_time(&s->counter, s->now_ns + d_ns);
	s->now_ns += d_ns;
	s->next_tick_ns = s->now_ns;
	return oracle_check_instant(s, NULL, NULL, why, n);
}

/**
 * sim_run_suspend() - the system suspends for @d_ns and resumes
 * @s:    the system
 * @d_ns: how long
 * @why:  out: the violation, if any
 * @n:    its size
 *
 * The simulated world stands still (virtual time, the counter:
 * MONOTONIC_RAW stays the exact conversion of the counter); only the kernel
 * learns that @d_ns passed, as from a persistent clock.  One check at the
 * first read after the resume.
 *
 * Return: 0, or -1 with @why for a violation at that read.
 */
int sim_run_suspend(struct sim_system *s, u64 d_ns, char *why, size_t n)
{
	struct timespec64 sleep = { .tv_sec = (s64)(d_ns / NSEC_PER_SEC),
				    .tv_nsec = (long)(d_ns % NSEC_PER_SEC) };

	/* The model's, and with a tree attached the tree's own (sim/engine_ktree.c). */
	if (sim_sys_suspend(s) || sim_sys_resume(s, &sleep)) {
		snprintf(why, n, "the kernel tree refused the suspend");
		return -1;
	}
	return oracle_check_instant(s, NULL, NULL, why, n);
}
