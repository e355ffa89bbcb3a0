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

/* The shims' test-only knob (vdso/helpers.h): 0 at boot, the tree's code as it is. */
unsigned int kt_vdso_break;

_Static_assert(KT_BREAK_READ_RETRY == KTREE_BREAK_READ_RETRY &&
		       KT_BREAK_SEQ_BUMP == KTREE_BREAK_SEQ_BUMP,
	       "the shim's knob speaks ktree.h's bits");

/** kt_abi_vdso_break() - set the knob: KTREE_BREAK_* bits (ktree_vdso_break()) */
__attribute__((visibility("default"))) void kt_abi_vdso_break(unsigned int bits)
{
	WRITE_ONCE(kt_vdso_break, bits);
}
