// SPDX-License-Identifier: GPL-2.0
// Mirrors: kernel/time/posix-timers.c, posix-stubs.c, time.c (v6.15): the clock syscalls,
// the namespaced clock_gettime() among them.
/*
 * The syscalls of a simulated kernel, and the vDSO's way into them: the
 * vdso_sys_*() fallbacks find the kernel that owns the vvar page (it is
 * embedded in struct tk_kernel) and call the syscall.
 */
#include "timekeeper/timekeeping_internal.h"

#include <errno.h>

#include "timekeeper/adjtimex.h"
#include "timekeeper/namespace.h"
#include "timekeeper/timekeeping_aux.h"
#include "vdso/syscall.h"

/**
 * tk_sys_clock_gettime() - clock_gettime(2)
 * @k:     the kernel
 * @clock: clock id
 * @ts:    result
 *
 * Return: 0, -ENODEV for a disabled aux clock, or -EINVAL for an id this
 * kernel does not serve (the CPU-time and alarm clocks are outside the
 * timekeeper and not simulated; the aux ids before v6.17).
 */
int tk_sys_clock_gettime(const struct tk_kernel *k, s32 clock, struct timespec64 *ts)
{
	if (unlikely(clockid_aux_valid(k, clock)))
		return aux_get_timespec(k, clock, ts); /* v6.17: -ENODEV while disabled */
	switch (clock) {
	case TK_CLOCK_REALTIME:
		ktime_get_real_ts64(k, ts);
		return 0;
	case TK_CLOCK_MONOTONIC:
		ktime_get_ts64(k, ts);
		return 0;
	case TK_CLOCK_MONOTONIC_RAW:
		ktime_get_raw_ts64(k, ts);
		return 0;
	case TK_CLOCK_REALTIME_COARSE:
		ktime_get_coarse_real_ts64(k, ts);
		return 0;
	case TK_CLOCK_MONOTONIC_COARSE:
		ktime_get_coarse_ts64(k, ts);
		return 0;
	case TK_CLOCK_BOOTTIME:
		ktime_get_boottime_ts64(k, ts);
		return 0;
	case TK_CLOCK_TAI:
		ktime_get_clocktai_ts64(k, ts);
		return 0;
	default:
		return -EINVAL;
	}
}

/**
 * tk_sys_clock_getres() - clock_getres(2)
 * @k:     the kernel
 * @clock: clock id
 * @res:   result, may be NULL
 *
 * hres and raw clocks have hrtimer_resolution, coarse clocks a tick
 * (LOW_RES_NSEC = TICK_NSEC), aux clocks 1 ns (v6.17).
 *
 * Return: 0 or -EINVAL.
 */
int tk_sys_clock_getres(const struct tk_kernel *k, s32 clock, struct timespec64 *res)
{
	long ns;

	if (unlikely(clockid_aux_valid(k, clock)))
		return aux_get_res(k, clock, res); /* v6.17: 1 ns, enabled or not */
	switch (clock) {
	case TK_CLOCK_REALTIME:
	case TK_CLOCK_MONOTONIC:
	case TK_CLOCK_MONOTONIC_RAW:
	case TK_CLOCK_BOOTTIME:
	case TK_CLOCK_TAI:
		ns = (long)k->hrtimer_res;
		break;
	case TK_CLOCK_REALTIME_COARSE:
	case TK_CLOCK_MONOTONIC_COARSE:
		ns = (long)tk_tick_nsec(k);
		break;
	default:
		return -EINVAL;
	}
	if (res) {
		res->tv_sec = 0;
		res->tv_nsec = ns;
	}
	return 0;
}

/**
 * tk_sys_gettimeofday() - gettimeofday(2)
 * @k:  the kernel
 * @tv: result, may be NULL
 * @tz: timezone, may be NULL
 *
 * Return: 0.
 */
int tk_sys_gettimeofday(const struct tk_kernel *k, struct tk_timeval *tv, struct tk_timezone *tz)
{
	if (tv) {
		struct timespec64 ts;

		ktime_get_real_ts64(k, &ts);
		tv->tv_sec = ts.tv_sec;
		tv->tv_usec = ts.tv_nsec / NSEC_PER_USEC;
	}
	if (tz) {
		tz->tz_minuteswest = READ_ONCE(k->vdata.tz_minuteswest);
		tz->tz_dsttime = READ_ONCE(k->vdata.tz_dsttime);
	}
	return 0;
}

/**
 * do_sys_settimeofday64() - what settimeofday(2) and clock_settime(REALTIME) do
 * @k:          the kernel
 * @tv:         new REALTIME, may be NULL
 * @tz:         new timezone, may be NULL
 * @privileged: whether the caller has CAP_SYS_TIME (security_settime64())
 *
 * The kernel's order (kernel/time/time.c): the time is validated
 * first (-EINVAL, nothing changed), then the permission (-EPERM, nothing
 * changed, even for a bad timezone), then the timezone is range-checked
 * and stored, then the time is set.  The first timezone ever set without
 * a time warps the clock (timekeeping_warp_clock()).  A valid timezone
 * with a time the clock refuses (before boot) is stored although the call
 * returns -EINVAL: that is the kernel's behaviour too.
 *
 * Return: 0, -EINVAL or -EPERM.
 */
int do_sys_settimeofday64(struct tk_kernel *k, const struct timespec64 *tv,
			  const struct tk_timezone *tz, bool privileged)
{
	int ret;

	if (tv && !timespec64_valid_settod(tv))
		return -EINVAL;
	if (!privileged)
		return -EPERM;
	if (tz) {
		ret = timekeeping_set_tz(k, tz);
		if (ret)
			return ret;
		if (!k->sys_tz_set) {
			k->sys_tz_set = true;
			if (!tv)
				timekeeping_warp_clock(k);
		}
	}
	if (tv)
		return do_settimeofday64(k, tv);
	return 0;
}

/**
 * tk_sys_settimeofday() - settimeofday(2): time and/or timezone
 * @k:          the kernel
 * @tv:         new REALTIME, may be NULL
 * @tz:         new timezone, may be NULL
 * @privileged: whether the caller has CAP_SYS_TIME
 *
 * tv_usec is range-checked before anything else, as the syscall does
 * (it lets 1000000 through, which the ns check of do_sys_settimeofday64()
 * then refuses); the rest is do_sys_settimeofday64().
 *
 * Return: 0, -EINVAL or -EPERM.
 */
int tk_sys_settimeofday(struct tk_kernel *k, const struct tk_timeval *tv,
			const struct tk_timezone *tz, bool privileged)
{
	struct timespec64 ts;

	if (tv) {
		if (tv->tv_usec > USEC_PER_SEC || tv->tv_usec < 0)
			return -EINVAL;
		ts.tv_sec = tv->tv_sec;
		ts.tv_nsec = (long)tv->tv_usec * NSEC_PER_USEC;
	}
	return do_sys_settimeofday64(k, tv ? &ts : NULL, tz, privileged);
}

/**
 * tk_sys_clock_settime() - clock_settime(2)
 * @k:          the kernel
 * @clock:      clock id
 * @ts:         the new time
 * @privileged: whether the caller has CAP_SYS_TIME
 *
 * CLOCK_REALTIME has a setter (posix_clock_realtime_set(), which is
 * do_sys_settimeofday64() without a timezone), and so have the aux clocks
 * (aux_clock_set(), v6.17); the CPU-time clocks have one that always
 * refuses with -EPERM; every other clock, and an unknown id, gives -EINVAL
 * (kernel/time/posix-timers.c).
 *
 * Return: 0, -EINVAL, -EPERM, or -ENODEV for a disabled aux clock.
 */
int tk_sys_clock_settime(struct tk_kernel *k, s32 clock, const struct timespec64 *ts,
			 bool privileged)
{
	if (unlikely(clockid_aux_valid(k, clock)))
		return aux_clock_set(k, clock, ts); /* v6.17: no capability check */
	switch (clock) {
	case TK_CLOCK_REALTIME:
		return do_sys_settimeofday64(k, ts, NULL, privileged);
	case TK_CLOCK_PROCESS_CPUTIME_ID:
	case TK_CLOCK_THREAD_CPUTIME_ID:
		return -EPERM;
	default:
		return -EINVAL;
	}
}

/**
 * tk_sys_clock_adjtime() - clock_adjtime(2)
 * @k:          the kernel
 * @clock:      clock id
 * @txc:        the request; filled with the state on success
 * @privileged: whether the caller has CAP_SYS_TIME
 *
 * CLOCK_REALTIME can be adjusted (posix_clock_realtime_adj(), which is
 * do_adjtimex()), and so can the aux clocks (aux_clock_adj(), v6.17, with
 * -ENODEV while disabled); another clock the kernel knows has no clock_adj and
 * gives -EOPNOTSUPP, an unknown id -EINVAL (do_clock_adjtime()).
 *
 * Return: the clock state (TIME_OK ... TIME_ERROR), or a negative errno.
 */
int tk_sys_clock_adjtime(struct tk_kernel *k, s32 clock, struct tk_timex *txc, bool privileged)
{
	if (unlikely(clockid_aux_valid(k, clock)))
		return aux_clock_adj(k, clock, txc, privileged);
	switch (clock) {
	case TK_CLOCK_REALTIME:
		return do_adjtimex(k, txc, privileged);
	case TK_CLOCK_MONOTONIC:
	case TK_CLOCK_PROCESS_CPUTIME_ID:
	case TK_CLOCK_THREAD_CPUTIME_ID:
	case TK_CLOCK_MONOTONIC_RAW:
	case TK_CLOCK_REALTIME_COARSE:
	case TK_CLOCK_MONOTONIC_COARSE:
	case TK_CLOCK_BOOTTIME:
	case TK_CLOCK_REALTIME_ALARM:
	case TK_CLOCK_BOOTTIME_ALARM:
	case TK_CLOCK_TAI:
		return -EOPNOTSUPP;
	default:
		return -EINVAL;
	}
}

/**
 * timens_clock_gettime() - clock_gettime(2) called by a task in @ns
 * @ns:    the namespace
 * @clock: clock id
 * @ts:    result
 *
 * As posix-timers.c's getters: the host's clock, then the namespace's
 * offset of that clock (timens_add_clock(): monotonic for MONOTONIC,
 * MONOTONIC_RAW and MONOTONIC_COARSE, boottime for BOOTTIME, none for the
 * rest).  The syscall applies the offsets, the namespace only keeps them.
 *
 * Return: 0 or the host syscall's negative errno.
 */
int timens_clock_gettime(const struct time_namespace *ns, s32 clock, struct timespec64 *ts)
{
	int ret = tk_sys_clock_gettime(ns->k, clock, ts);

	if (!ret)
		timens_add_clock(ns, clock, ts);
	return ret;
}

/** tk_sys_time() - time(2): REALTIME seconds as of the last update. */
time64_t tk_sys_time(const struct tk_kernel *k)
{
	return ktime_get_real_seconds(k);
}

/*
 * The kernel owning a vvar page: the page is a member of struct tk_kernel,
 * or of a time namespace, whose tasks map the namespace's page as vvar.
 */
static const struct tk_kernel *vdata_to_kernel(const struct vdso_time_data *vd)
{
	if (unlikely(vdso_page_is_timens(vd)))
		return timens_of_page(vd)->k;
	return (const struct tk_kernel *)((const char *)vd - offsetof(struct tk_kernel, vdata));
}

long vdso_sys_clock_gettime(const struct vdso_time_data *vd, s32 clock, struct timespec64 *ts)
{
	/* The caller is in a time namespace: its clock_gettime() adds the offsets. */
	if (unlikely(vdso_page_is_timens(vd)))
		return timens_clock_gettime(timens_of_page(vd), clock, ts);
	return tk_sys_clock_gettime(vdata_to_kernel(vd), clock, ts);
}

long vdso_sys_gettimeofday(const struct vdso_time_data *vd, struct tk_timeval *tv,
			   struct tk_timezone *tz)
{
	return tk_sys_gettimeofday(vdata_to_kernel(vd), tv, tz);
}

long vdso_sys_clock_getres(const struct vdso_time_data *vd, s32 clock, struct timespec64 *res)
{
	return tk_sys_clock_getres(vdata_to_kernel(vd), clock, res);
}
