// SPDX-License-Identifier: GPL-2.0
// Mirrors: kernel/time/timekeeping.c (v6.18) setters: do_settimeofday64, timekeeping_inject_offset,
// suspend/resume, change_clocksource, timekeeping_warp_clock; and kernel/time/time.c's
// settimeofday timezone checks.
/*
 * Every setter follows the same pattern: take tk_core.lock, bring the
 * shadow timekeeper up to the counter now (timekeeping_forward_now), change
 * it, publish it, or restore it from the live copy if the change is refused.
 */
#include "timekeeper/timekeeping_internal.h"

#include <errno.h>

/*
 * A set refused after timekeeping_forward_now(): v6.13+ drops the shadow timekeeper's changes
 * (bba9898ef399, 82214756d35f), so nothing is published.  Before, the setters left through the
 * success path's update, "even if we error out, we forwarded the time, so call update":
 * TK_CLEAR_NTP | TK_MIRROR | TK_CLOCK_WAS_SET, so a call that failed cleared NTP (STA_UNSYNC,
 * maxerror, the offset being slewed, a pending leap second) and bumped clock_was_set_seq
 * (v6.12; docs/findings/failed-set-clears-ntp-6.12.md): bug refused-set-update-pre-6.13.
 */
static void refused_set(struct tk_kernel *k)
{
	if (unlikely(k->bugs & BUG_REFUSED_SET_UPDATE))
		timekeeping_update_from_shadow(k, TK_UPDATE_ALL);
	else
		timekeeping_restore_shadow(k);
}

/**
 * do_settimeofday64() - set CLOCK_REALTIME
 * @k:  the kernel
 * @ts: the new REALTIME
 *
 * MONOTONIC does not move: wall_to_monotonic absorbs the step.  A time that
 * would put REALTIME before MONOTONIC (before boot) is refused, as is one
 * past TIME_SETTOD_SEC_MAX.  NTP state is cleared (STA_UNSYNC).  A refused
 * time changes nothing: refused_set() (before v6.13, it cleared NTP all the same).
 *
 * Return: 0 or -EINVAL.
 */
int do_settimeofday64(struct tk_kernel *k, const struct timespec64 *ts)
{
	struct timekeeper *tk = &k->tk_core.shadow_timekeeper;
	struct timespec64 ts_delta, xt;

	if (!timespec64_valid_settod(ts))
		return -EINVAL;

	pthread_mutex_lock(&k->tk_core.lock);
	timekeeping_forward_now(tk);

	xt = tk_xtime(tk);
	ts_delta = timespec64_sub(*ts, xt);
	if (timespec64_compare(&tk->wall_to_monotonic, &ts_delta) > 0) {
		refused_set(k);
		pthread_mutex_unlock(&k->tk_core.lock);
		return -EINVAL;
	}

	tk_set_wall_to_mono(tk, timespec64_sub(tk->wall_to_monotonic, ts_delta));
	tk_set_xtime(tk, ts);
	timekeeping_update_from_shadow(k, TK_UPDATE_ALL);
	pthread_mutex_unlock(&k->tk_core.lock);
	return 0;
}

/**
 * timekeeping_inject_offset_locked() - timekeeping_inject_offset() under tk_core.lock
 * @k:  the kernel; the caller holds tk_core.lock
 * @ts: the offset; tv_nsec in [0, 1e9), a negative offset has tv_sec < 0
 *
 * The kernel's __timekeeping_inject_offset() (v6.17), which do_adjtimex()
 * calls inside its own locked section (TKV_ADJTIMEX_LOCKED_STEP).
 *
 * Return: 0 or -EINVAL (bad tv_nsec, before boot, or past TIME_SETTOD_SEC_MAX).
 */
int timekeeping_inject_offset_locked(struct tk_kernel *k, const struct timespec64 *ts)
{
	struct timekeeper *tk = &k->tk_core.shadow_timekeeper;
	struct timespec64 tmp;

	if (ts->tv_nsec < 0 || ts->tv_nsec >= NSEC_PER_SEC)
		return -EINVAL;

	timekeeping_forward_now(tk);

	tmp = timespec64_add(tk_xtime(tk), *ts);
	if (timespec64_compare(&tk->wall_to_monotonic, ts) > 0 || !timespec64_valid_settod(&tmp)) {
		refused_set(k);
		return -EINVAL;
	}

	tk_xtime_add(tk, ts);
	tk_set_wall_to_mono(tk, timespec64_sub(tk->wall_to_monotonic, *ts));
	timekeeping_update_from_shadow(k, TK_UPDATE_ALL);
	return 0;
}

/**
 * timekeeping_inject_offset() - step REALTIME by an offset (ADJ_SETOFFSET)
 * @k:  the kernel
 * @ts: the offset; tv_nsec in [0, 1e9), a negative offset has tv_sec < 0
 *
 * Return: 0 or -EINVAL (bad tv_nsec, before boot, or past TIME_SETTOD_SEC_MAX).
 */
int timekeeping_inject_offset(struct tk_kernel *k, const struct timespec64 *ts)
{
	int ret;

	pthread_mutex_lock(&k->tk_core.lock);
	ret = timekeeping_inject_offset_locked(k, ts);
	pthread_mutex_unlock(&k->tk_core.lock);
	return ret;
}

/**
 * timekeeping_set_tz() - settimeofday()'s timezone part
 * @k:  the kernel
 * @tz: minutes west of Greenwich and the DST type
 *
 * The kernel accepts tz_minuteswest in [-15 h, +15 h].  This is the
 * timezone step of do_sys_settimeofday64() (timekeeper/syscalls.c), which
 * validates the time and checks permission first.
 *
 * Return: 0 or -EINVAL.
 */
int timekeeping_set_tz(struct tk_kernel *k, const struct tk_timezone *tz)
{
	if (tz->tz_minuteswest > 15 * 60 || tz->tz_minuteswest < -15 * 60)
		return -EINVAL;
	pthread_mutex_lock(&k->tk_core.lock);
	k->sys_tz = *tz;
	update_vsyscall_tz(k);
	pthread_mutex_unlock(&k->tk_core.lock);
	return 0;
}

/**
 * timekeeping_warp_clock() - the first settimeofday(NULL, tz) of a boot
 * @k: the kernel
 *
 * Called once, for the first timezone set without a time: the boot took
 * its time from an RTC, and a timezone west (or east) of Greenwich at that
 * point says that the RTC keeps local time.  REALTIME is stepped by
 * tz_minuteswest minutes to make it UTC, and the RTC is marked local
 * (persistent_clock_is_local, which the kernel's RTC sync reads; tksim has
 * no RTC, so the flag is only kept).  A step the clock refuses (before
 * boot) is dropped, as timekeeping_inject_offset() drops it.
 */
void timekeeping_warp_clock(struct tk_kernel *k)
{
	struct timespec64 adjust;

	if (!k->sys_tz.tz_minuteswest)
		return;
	k->persistent_clock_is_local = true;
	adjust.tv_sec = (time64_t)k->sys_tz.tz_minuteswest * 60;
	adjust.tv_nsec = 0;
	timekeeping_inject_offset(k, &adjust);
}

/**
 * timekeeping_set_tai_offset() - set TAI - UTC and publish it (ADJ_TAI)
 * @k:          the kernel
 * @tai_offset: seconds
 */
void timekeeping_set_tai_offset(struct tk_kernel *k, s32 tai_offset)
{
	pthread_mutex_lock(&k->tk_core.lock);
	tk_set_tai_offset(&k->tk_core.shadow_timekeeper, tai_offset);
	timekeeping_update_from_shadow(k, TK_CLOCK_WAS_SET);
	pthread_mutex_unlock(&k->tk_core.lock);
}

/**
 * timekeeping_suspend() - stop timekeeping (the counter stops, as the TSC in S3)
 * @k: the kernel
 *
 * Time is brought up to date and the counter value remembered; ticks are
 * ignored until timekeeping_resume().
 */
void timekeeping_suspend(struct tk_kernel *k)
{
	struct timekeeper *tk = &k->tk_core.shadow_timekeeper;

	pthread_mutex_lock(&k->tk_core.lock);
	timekeeping_forward_now(tk);
	k->suspend_cycles = tk->tkr_mono.cycle_last;
	k->suspended = true;
	timekeeping_update_from_shadow(k, 0);
	pthread_mutex_unlock(&k->tk_core.lock);
}

/**
 * timekeeping_resume() - resume after @sleep of suspended time
 * @k:     the kernel
 * @sleep: how long the system slept, as the persistent clock measured it
 *
 * The sleep goes into REALTIME and BOOTTIME but not MONOTONIC
 * (__timekeeping_inject_sleeptime); cycle_last is re-based to the counter
 * now, so that whatever the counter did meanwhile is not counted twice.
 */
void timekeeping_resume(struct tk_kernel *k, const struct timespec64 *sleep)
{
	struct timekeeper *tk = &k->tk_core.shadow_timekeeper;
	u64 cycle_now;

	pthread_mutex_lock(&k->tk_core.lock);
	if (!k->suspended) {
		pthread_mutex_unlock(&k->tk_core.lock);
		return;
	}
	if (timespec64_valid_strict(sleep)) {
		tk_xtime_add(tk, sleep);
		tk_set_wall_to_mono(tk, timespec64_sub(tk->wall_to_monotonic, *sleep));
		tk_update_sleep_time(tk, timespec64_to_ktime(*sleep));
	}
	cycle_now = tk_clock_read(&tk->tkr_mono);
	tk->tkr_mono.cycle_last = cycle_now;
	tk->tkr_raw.cycle_last = cycle_now;
	tk->ntp_error = 0;
	k->suspended = false;
	timekeeping_update_from_shadow(k, TK_CLOCK_WAS_SET);
	pthread_mutex_unlock(&k->tk_core.lock);
}

/**
 * change_clocksource() - switch to another registered clocksource
 * @k:     the kernel
 * @clock: the new clocksource
 *
 * Time is accumulated on the old counter first, then the timekeeper is set
 * up on the new one.  NTP state is cleared, as on every switch; each enabled
 * aux clock is switched the same way, its own NTP state cleared.
 *
 * Return: 0, or -EINVAL for an unregistered clocksource.
 */
int change_clocksource(struct tk_kernel *k, struct clocksource *clock)
{
	struct timekeeper *tk = &k->tk_core.shadow_timekeeper;

	if (!clock || !clock->mult || !clock->read)
		return -EINVAL;
	pthread_mutex_lock(&k->tk_core.lock);
	timekeeping_forward_now(tk);
	tk_setup_internals(k, tk, clock);
	timekeeping_update_from_shadow(k, TK_UPDATE_ALL);
	pthread_mutex_unlock(&k->tk_core.lock);
	/* v6.17: the enabled aux clocks move to the new clocksource too. */
	tk_aux_update_clocksource(k);
	return 0;
}
