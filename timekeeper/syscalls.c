// SPDX-License-Identifier: GPL-2.0
// Mirrors: kernel/time/posix-timers.c, posix-stubs.c, time.c (v6.15): the clock syscalls.
/*
 * The syscalls of a simulated kernel, and the vDSO's way into them: the
 * vdso_sys_*() fallbacks find the kernel that owns the vvar page (it is
 * embedded in struct tk_kernel) and call the syscall.
 */
#include "timekeeper/timekeeping_internal.h"

#include <errno.h>

#include "timekeeper/namespace.h"
#include "vdso/syscall.h"

/**
 * tk_sys_clock_gettime() - clock_gettime(2)
 * @k:     the kernel
 * @clock: clock id
 * @ts:    result
 *
 * Return: 0, or -EINVAL for an id this kernel does not serve (the CPU-time
 * and alarm clocks are outside the timekeeper and not simulated).
 */
int tk_sys_clock_gettime(const struct tk_kernel *k, s32 clock, struct timespec64 *ts)
{
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
 * (LOW_RES_NSEC = TICK_NSEC).
 *
 * Return: 0 or -EINVAL.
 */
int tk_sys_clock_getres(const struct tk_kernel *k, s32 clock, struct timespec64 *res)
{
	long ns;

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
 * tk_sys_settimeofday() - settimeofday(2): time and/or timezone
 * @k:  the kernel
 * @tv: new REALTIME, may be NULL
 * @tz: new timezone, may be NULL
 *
 * Return: 0 or -EINVAL (tv_usec outside [0, 1e6), a bad time or timezone).
 */
int tk_sys_settimeofday(struct tk_kernel *k, const struct tk_timeval *tv,
			const struct tk_timezone *tz)
{
	int ret;

	if (tv && (tv->tv_usec < 0 || tv->tv_usec >= USEC_PER_SEC))
		return -EINVAL;
	if (tz) {
		ret = timekeeping_set_tz(k, tz);
		if (ret)
			return ret;
	}
	if (tv) {
		struct timespec64 ts = { .tv_sec = tv->tv_sec,
					 .tv_nsec = (long)tv->tv_usec * 1000 };

		return do_settimeofday64(k, &ts);
	}
	return 0;
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
