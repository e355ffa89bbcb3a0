// SPDX-License-Identifier: GPL-2.0
// tksim's own: the clock syscalls over the tree's kernel side, dispatched as
// kernel/time/posix-timers.c and time.c do.
#include <linux/jiffies.h>
#include <linux/time.h>
#include <linux/timekeeping.h>
#include <linux/timex.h>
#include <linux/hrtimer.h>
#include <vdso/datapage.h>

#include "ktree/ktree_abi.h"

#define KT_VISIBLE __attribute__((visibility("default")))

/* The tree's own functions these calls end in. */
int do_adjtimex(struct __kernel_timex *txc);
int kt_tk_inject_offset(const struct timespec64 *ts);
void timekeeping_warp_clock(void);
void update_vsyscall_tz(void);
int kt_vdso_clock_gettime(clockid_t clock, struct __kernel_timespec *ts);
int kt_vdso_clock_getres(clockid_t clock, struct __kernel_timespec *res);
__kernel_old_time_t kt_vdso_time(__kernel_old_time_t *t);
extern int kt_privileged;

/* kernel/time/time.c's timezone, and whether settimeofday() has run (its "firsttime"). */
struct timezone sys_tz;
static int kt_tz_set;

/* The kernel-side getter of each clock id, as posix-timers.c's k_clock table has them. */
static int kt_sys_read(clockid_t clock, struct timespec64 *ts)
{
	switch (clock) {
	case CLOCK_REALTIME:
		ktime_get_real_ts64(ts);
		return 0;
	case CLOCK_MONOTONIC:
		ktime_get_ts64(ts);
		return 0;
	case CLOCK_MONOTONIC_RAW:
		ktime_get_raw_ts64(ts);
		return 0;
	case CLOCK_REALTIME_COARSE:
		ktime_get_coarse_real_ts64(ts);
		return 0;
	case CLOCK_MONOTONIC_COARSE:
		ktime_get_coarse_ts64(ts);
		return 0;
	case CLOCK_BOOTTIME:
		ktime_get_boottime_ts64(ts);
		return 0;
	case CLOCK_TAI:
		ktime_get_clocktai_ts64(ts);
		return 0;
	default:
		return -EINVAL;
	}
}

/* clock_getres(): hrtimer_resolution for the hres clocks, a tick (LOW_RES_NSEC) for the coarse
 * ones. */
static int kt_sys_res(clockid_t clock, struct timespec64 *res)
{
	switch (clock) {
	case CLOCK_REALTIME:
	case CLOCK_MONOTONIC:
	case CLOCK_MONOTONIC_RAW:
	case CLOCK_BOOTTIME:
	case CLOCK_TAI:
		*res = (struct timespec64){ 0, hrtimer_resolution };
		return 0;
	case CLOCK_REALTIME_COARSE:
	case CLOCK_MONOTONIC_COARSE:
		*res = (struct timespec64){ 0, LOW_RES_NSEC };
		return 0;
	default:
		return -EINVAL;
	}
}

/** kt_sys_clock_gettime() - the vDSO's clock_gettime fallback: the syscall */
long kt_sys_clock_gettime(clockid_t clock, struct __kernel_timespec *ts)
{
	struct timespec64 t;
	int ret = kt_sys_read(clock, &t);

	if (!ret) {
		ts->tv_sec = t.tv_sec;
		ts->tv_nsec = t.tv_nsec;
	}
	return ret;
}

/** kt_sys_clock_getres() - the vDSO's clock_getres fallback */
long kt_sys_clock_getres(clockid_t clock, struct __kernel_timespec *res)
{
	struct timespec64 t;
	int ret = kt_sys_res(clock, &t);

	if (!ret && res) {
		res->tv_sec = t.tv_sec;
		res->tv_nsec = t.tv_nsec;
	}
	return ret;
}

/** kt_sys_gettimeofday() - the vDSO's gettimeofday fallback */
long kt_sys_gettimeofday(struct __kernel_old_timeval *tv, struct timezone *tz)
{
	struct timespec64 t;

	if (tv) {
		ktime_get_real_ts64(&t);
		tv->tv_sec = t.tv_sec;
		tv->tv_usec = t.tv_nsec / NSEC_PER_USEC;
	}
	if (tz)
		*tz = sys_tz;
	return 0;
}

/** kt_abi_clock_gettime() - clock_gettime() through @path (enum ktree_path) */
KT_VISIBLE int kt_abi_clock_gettime(int path, int clock, long long *sec, long *nsec)
{
	struct __kernel_timespec ts;
	int ret;

	if (path == KTREE_PATH_VDSO)
		ret = kt_vdso_clock_gettime(clock, &ts);
	else
		ret = kt_sys_clock_gettime(clock, &ts);
	if (!ret) {
		*sec = ts.tv_sec;
		*nsec = ts.tv_nsec;
	}
	return ret;
}

/** kt_abi_clock_getres() - clock_getres() through @path */
KT_VISIBLE int kt_abi_clock_getres(int path, int clock, long long *sec, long *nsec)
{
	struct __kernel_timespec ts;
	int ret;

	if (path == KTREE_PATH_VDSO)
		ret = kt_vdso_clock_getres(clock, &ts);
	else
		ret = kt_sys_clock_getres(clock, &ts);
	if (!ret) {
		*sec = ts.tv_sec;
		*nsec = ts.tv_nsec;
	}
	return ret;
}

/** kt_abi_time() - time() through @path */
KT_VISIBLE long long kt_abi_time(int path)
{
	if (path == KTREE_PATH_VDSO)
		return kt_vdso_time(NULL);
	return ktime_get_real_seconds();
}

/**
 * kt_abi_adjtimex() - adjtimex() (@clock CLOCK_REALTIME) and clock_adjtime() (posix-timers.c's
 * dispatch)
 * @clock:      the clock id
 * @tx:         argument and read-back, struct __kernel_timex field for field
 * @privileged: CAP_SYS_TIME
 *
 * Return: the clock state (TIME_OK ...) or a negative errno.
 */
KT_VISIBLE int kt_abi_adjtimex(int clock, struct ktree_timex *tx, int privileged)
{
	struct __kernel_timex k = {
		.modes = tx->modes,
		.offset = tx->offset,
		.freq = tx->freq,
		.maxerror = tx->maxerror,
		.esterror = tx->esterror,
		.status = tx->status,
		.constant = tx->constant,
		.precision = tx->precision,
		.tolerance = tx->tolerance,
		.time = { .tv_sec = tx->time_sec, .tv_usec = tx->time_usec },
		.tick = tx->tick,
		.ppsfreq = tx->ppsfreq,
		.jitter = tx->jitter,
		.shift = tx->shift,
		.stabil = tx->stabil,
		.jitcnt = tx->jitcnt,
		.calcnt = tx->calcnt,
		.errcnt = tx->errcnt,
		.stbcnt = tx->stbcnt,
		.tai = tx->tai,
	};
	int ret;

	switch (clock) {
	case CLOCK_REALTIME:
		break;
	case CLOCK_MONOTONIC:
	case CLOCK_PROCESS_CPUTIME_ID:
	case CLOCK_THREAD_CPUTIME_ID:
	case CLOCK_MONOTONIC_RAW:
	case CLOCK_REALTIME_COARSE:
	case CLOCK_MONOTONIC_COARSE:
	case CLOCK_BOOTTIME:
	case CLOCK_REALTIME_ALARM:
	case CLOCK_BOOTTIME_ALARM:
	case CLOCK_TAI:
		return -EOPNOTSUPP;
	default:
		return -EINVAL;
	}
	kt_privileged = privileged;
	ret = do_adjtimex(&k);
	kt_privileged = 0;
	*tx = (struct ktree_timex){
		.modes = k.modes,
		.offset = k.offset,
		.freq = k.freq,
		.maxerror = k.maxerror,
		.esterror = k.esterror,
		.status = k.status,
		.constant = k.constant,
		.precision = k.precision,
		.tolerance = k.tolerance,
		.time_sec = k.time.tv_sec,
		.time_usec = k.time.tv_usec,
		.tick = k.tick,
		.ppsfreq = k.ppsfreq,
		.jitter = k.jitter,
		.shift = k.shift,
		.stabil = k.stabil,
		.jitcnt = k.jitcnt,
		.calcnt = k.calcnt,
		.errcnt = k.errcnt,
		.stbcnt = k.stbcnt,
		.tai = k.tai,
	};
	return ret;
}

/* do_sys_settimeofday64() of kernel/time/time.c, over the tree's do_settimeofday64(). */
static int kt_settod(const struct timespec64 *tv, const struct timezone *tz, int privileged)
{
	if (tv && !timespec64_valid_settod(tv))
		return -EINVAL;
	if (!privileged)
		return -EPERM;
	if (tz) {
		/* the kernel's bound: no timezone is more than 15 hours off UTC */
		if (tz->tz_minuteswest > 15 * 60 || tz->tz_minuteswest < -15 * 60)
			return -EINVAL;
		sys_tz = *tz;
		update_vsyscall_tz();
		if (!kt_tz_set) {
			kt_tz_set = 1;
			if (!tv)
				timekeeping_warp_clock();
		}
	}
	if (tv)
		return do_settimeofday64(tv);
	return 0;
}

/** kt_abi_settimeofday() - settimeofday(): @sec NULL for no time, timezone fields NULL for none */
KT_VISIBLE int kt_abi_settimeofday(const long long *sec, long usec, const int *tz_minuteswest,
				   const int *tz_dsttime, int privileged)
{
	struct timespec64 ts;
	struct timezone tz;

	if (sec) {
		if (usec > USEC_PER_SEC || usec < 0) /* the syscall's own bound */
			return -EINVAL;
		ts.tv_sec = *sec;
		ts.tv_nsec = usec * NSEC_PER_USEC;
	}
	if (tz_minuteswest) {
		tz.tz_minuteswest = *tz_minuteswest;
		tz.tz_dsttime = tz_dsttime ? *tz_dsttime : 0;
	}
	return kt_settod(sec ? &ts : NULL, tz_minuteswest ? &tz : NULL, privileged);
}

/** kt_abi_clock_settime() - clock_settime(): only CLOCK_REALTIME can be set */
KT_VISIBLE int kt_abi_clock_settime(int clock, long long sec, long nsec, int privileged)
{
	struct timespec64 ts = { .tv_sec = sec, .tv_nsec = nsec };

	switch (clock) {
	case CLOCK_REALTIME:
		return kt_settod(&ts, NULL, privileged);
	case CLOCK_PROCESS_CPUTIME_ID:
	case CLOCK_THREAD_CPUTIME_ID:
		return -EPERM;
	default:
		return -EINVAL;
	}
}

/** kt_abi_inject_offset() - timekeeping_inject_offset() by @sec s and @nsec ns */
KT_VISIBLE int kt_abi_inject_offset(long long sec, long nsec)
{
	struct timespec64 ts = { .tv_sec = sec, .tv_nsec = nsec };

	return kt_tk_inject_offset(&ts);
}
