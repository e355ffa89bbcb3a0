/* SPDX-License-Identifier: GPL-2.0 */
/* Mirrors: arch/x86/entry/vdso/vclock_gettime.c (v4.16) and the 2018 threads' variants. */
#ifndef TKSIM_VDSO_VCLOCK_GETTIME_V416_H
#define TKSIM_VDSO_VCLOCK_GETTIME_V416_H

/*
 * The historical read paths the 2018 threads measured, as first-class
 * variants beside the current one (vdso/gettimeofday.h, v6.15 basetime[]):
 *
 *   vclock_gettime_v416()            v4.16 as shipped: per-clock fields and a
 *                                    switch on the clock id; REALTIME,
 *                                    MONOTONIC and the two coarse clocks in
 *                                    the vDSO, every other clock a syscall
 *   vclock_gettime_v416_seed()       the same with the seed patches: also
 *                                    MONOTONIC_RAW and TAI in the vDSO
 *   vclock_gettime_v416_retpoline()  v4.16 built as the kernel built its vDSO
 *                                    from v4.15 (RETPOLINE_VDSO_CFLAGS): the
 *                                    switch's jump table through an inline
 *                                    retpoline
 *   cvdso_clock_gettime_monotonic()  the dedicated CLOCK_MONOTONIC entry
 *                                    proposed in the v4.20 rework thread, on
 *                                    the current page: no clock-id dispatch
 *
 * All return 0 or the fallback's negative errno, like the current vDSO, and
 * give the same time for the same counter value (tests/vdso/check_variants.c).
 */

#include "vdso/datapage_v416.h"

int vclock_gettime_v416(const struct vsyscall_gtod_data *g, s32 clock, struct timespec64 *ts);
int vclock_gettime_v416_seed(const struct vsyscall_gtod_data *g, s32 clock, struct timespec64 *ts);
int vclock_gettime_v416_retpoline(const struct vsyscall_gtod_data *g, s32 clock,
				  struct timespec64 *ts);
bool vclock_v416_retpoline_built(void);
int vclock_gettimeofday_v416(const struct vsyscall_gtod_data *g, struct tk_timeval *tv,
			     struct tk_timezone *tz);
time64_t vclock_time_v416(const struct vsyscall_gtod_data *g, time64_t *t);
int vclock_getres_v416(const struct vsyscall_gtod_data *g, s32 clock, struct timespec64 *res);

int cvdso_clock_gettime_monotonic(const struct vdso_time_data *vd, struct timespec64 *ts);

#endif /* TKSIM_VDSO_VCLOCK_GETTIME_V416_H */
