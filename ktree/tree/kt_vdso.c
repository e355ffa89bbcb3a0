// SPDX-License-Identifier: GPL-2.0
// tksim's own: the tree's lib/vdso/gettimeofday.c, compiled as it is, and its entry points over the
// tree's vvar page.
#include <lib/vdso/gettimeofday.c>

#include "ktree/ktree_abi.h"

/*
 * An architecture's vDSO wraps the generic entry points in its own
 * __vdso_clock_gettime() and friends (arch/x86/entry/vdso/vclock_gettime.c);
 * these are the same wrappers, reading the page the tree's
 * update_vsyscall() wrote (asm/vdso/gettimeofday.h of the shims).
 */

/** kt_vdso_clock_gettime() - the tree's __cvdso_clock_gettime() */
int kt_vdso_clock_gettime(clockid_t clock, struct __kernel_timespec *ts)
{
	return __cvdso_clock_gettime(clock, ts);
}

/** kt_vdso_clock_getres() - the tree's __cvdso_clock_getres() */
int kt_vdso_clock_getres(clockid_t clock, struct __kernel_timespec *res)
{
	return __cvdso_clock_getres(clock, res);
}

/** kt_vdso_time() - the tree's __cvdso_time() */
__kernel_old_time_t kt_vdso_time(__kernel_old_time_t *t)
{
	return __cvdso_time(t);
}

/** kt_vdso_gettimeofday() - the tree's __cvdso_gettimeofday() */
int kt_vdso_gettimeofday(struct __kernel_old_timeval *tv, struct timezone *tz)
{
	return __cvdso_gettimeofday(tv, tz);
}
