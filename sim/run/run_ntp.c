// SPDX-License-Identifier: GPL-2.0
// tksim's own: the NTP daemon model's part in a run (see sim/run/run_ntp.h).
#include "sim/run/run_ntp.h"

#include <errno.h>

#include "sim/oracle.h"
#include "sim/run/run_calls.h"
#include "timekeeper/time64.h"

/**
 * sim_run_ntp_boot() - the boot wall time and the daemon's leap second of a run
 * @cfg:                the system to build: its wall time at boot is set
 * @p:                  the daemon's parameters: @p->leap and @p->leap_sec are
 *                      set, @p->boot_error_ns is read
 * @leap:               +1 a leap second is inserted, -1 deleted, 0 none
 * @before_midnight_ns: boot this long before the next UTC midnight; 0: at
 *                      @cfg's wall time
 *
 * The leap second is at the first UTC midnight after the boot.  The boot
 * error is then added to the wall time the kernel boots with; the truth the
 * daemon measures against stays where it was (sim_ntpd_init()).
 *
 * Return: 0, or -ERANGE when the boot error puts the boot before 1970 (@cfg's
 * wall time is then left invalid).
 */
int sim_run_ntp_boot(struct sim_config *cfg, struct sim_ntpd_params *p, int leap,
		     u64 before_midnight_ns)
{
	if (before_midnight_ns) {
		time64_t m = sim_next_utc_midnight(cfg->wall_time.tv_sec);

		cfg->wall_time = set_normalized_timespec64(m, -(s64)before_midnight_ns);
	}
	p->leap = leap;
	p->leap_sec = sim_next_utc_midnight(cfg->wall_time.tv_sec);
	cfg->wall_time = timespec64_add(cfg->wall_time, ktime_to_timespec64(p->boot_error_ns));
	return timespec64_valid(&cfg->wall_time) ? 0 : -ERANGE;
}

/**
 * sim_run_ntp_poll_checked() - the daemon's poll due now, checked
 * @d:   the daemon
 * @s:   the system, at the instant the calls act
 * @why: out: the violation, if any
 * @n:   its size
 *
 * A poll may not move a clock it does not set (sim_run_unmoved_end()).
 *
 * Return: 0, or -1 with @why.
 */
int sim_run_ntp_poll_checked(struct sim_ntpd *d, struct sim_system *s, char *why, size_t n)
{
	struct oracle_snapshot before[2];

	if (sim_run_unmoved_begin(s, before, why, n))
		return -1;
	sim_ntpd_run(d, s);
	return sim_run_unmoved_end(s, before, why, n);
}

/**
 * sim_run_ntp_read() - the kernel's NTP state, as adjtimex(2) with modes 0 reads it
 * @s:  the system (nothing in it changes)
 * @tx: out: the state (frequency, offset, status, time constant, TAI, ...)
 *
 * Return: the clock state (TIME_OK, TIME_INS, ...).
 */
int sim_run_ntp_read(struct sim_system *s, struct tk_timex *tx)
{
	*tx = (struct tk_timex){ 0 };
	return sim_sys_clock_adjtime(s, TK_CLOCK_REALTIME, true, tx, false);
}
