// SPDX-License-Identifier: GPL-2.0
/* tksim's own: the state of `tksim daemon`'s server and the true time it is measured against
 * (sim/daemon/daemon_state.h). */

#include "sim/daemon/daemon_state.h"

#include <string.h>

/**
 * sim_daemon_init() - serve a daemon from a booted system
 * @d:                the server state (zeroed and filled)
 * @s:                the booted system; its REALTIME at boot is the daemon's starting clock
 * @initial_error_ns: how far that clock is ahead of true time at boot
 * @duration_ns:      virtual time the run lasts
 */
void sim_daemon_init(struct sim_daemon *d, struct sim_system *s, s64 initial_error_ns,
		     u64 duration_ns)
{
	memset(d, 0, sizeof(*d));
	d->s = s;
	d->true_boot_ns = (s64)ts_to_ns(&s->cfg.wall_time) - initial_error_ns;
	d->end_ns = s->now_ns + duration_ns;
	d->privileged = true;
	d->read_cost_ns = SIM_DAEMON_READ_COST_NS;
	d->nohz = true;
	d->oracle = true;
	sim_rng_seed(&d->rng, s->cfg.counter.seed);
}

/**
 * sim_daemon_true_ns() - true REALTIME now (ns): what a perfect reference would say
 * @d: the server
 *
 * POSIX time: at an inserted leap second the true clock repeats 23:59:59
 * (the second 23:59:60 reads as 23:59:59 again, as the kernel's REALTIME
 * does); at a deleted one it skips 23:59:59.
 */
s64 sim_daemon_true_ns(const struct sim_daemon *d)
{
	s64 t = d->true_boot_ns + (s64)d->s->now_ns;

	if (d->leap > 0 && t >= d->leap_midnight_ns)
		t -= (s64)NSEC_PER_SEC;
	else if (d->leap < 0 && t >= d->leap_midnight_ns - (s64)NSEC_PER_SEC)
		t += (s64)NSEC_PER_SEC;
	return t;
}

/**
 * sim_daemon_leap_indicator() - NTP's leap indicator a reference announces at @truth
 * @d:     the server
 * @truth: the reference's true REALTIME (ns)
 *
 * Return: 1 (insert) or 2 (delete) from boot until the leap is done, then 0 (RFC 5905 LI; gpsd
 * writes the same in the SHM segment): the SHM refclock and the simulated NTP server share it.
 */
int sim_daemon_leap_indicator(const struct sim_daemon *d, s64 truth)
{
	if (!d->leap || truth >= d->leap_midnight_ns - (d->leap < 0 ? (s64)NSEC_PER_SEC : 0))
		return 0;
	return d->leap > 0 ? 1 : 2;
}

/** sim_daemon_error_ns() - the simulated REALTIME's error against true time now (ns). */
s64 sim_daemon_error_ns(struct sim_daemon *d)
{
	struct timespec64 ts;

	sim_clock_gettime(d->s, SIM_PATH_SYSCALL, TK_CLOCK_REALTIME, &ts);
	return (s64)(ts_to_ns(&ts) - sim_daemon_true_ns(d));
}
