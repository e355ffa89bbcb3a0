/* SPDX-License-Identifier: GPL-2.0 */
/* Mirrors: lib/vdso/gettimeofday.c entry points (v6.18). */
#ifndef TKSIM_VDSO_GETTIMEOFDAY_H
#define TKSIM_VDSO_GETTIMEOFDAY_H

/*
 * The simulated vDSO: what a process calls instead of the syscalls.  Each
 * function reads only the vvar page @vd and the counter, and enters the
 * simulated kernel (vdso/syscall.h) exactly where the kernel's vDSO falls
 * back to the syscall: an invalid or non-vDSO clock id, clock_mode NONE, or a
 * counter value vdso_cycles_ok() rejects.
 *
 * Return convention of the raw vDSO: 0, or the fallback's negative errno.
 */

#include "vdso/datapage.h"

int cvdso_clock_gettime(const struct vdso_time_data *vd, s32 clock, struct timespec64 *ts);
int cvdso_gettimeofday(const struct vdso_time_data *vd, struct tk_timeval *tv,
		       struct tk_timezone *tz);
time64_t cvdso_time(const struct vdso_time_data *vd, time64_t *t);
int cvdso_clock_getres(const struct vdso_time_data *vd, s32 clock, struct timespec64 *res);

/* The 32-bit ABI (BUILD_VDSO32): old_timespec32 and friends, truncating. */
int cvdso_clock_gettime32(const struct vdso_time_data *vd, s32 clock, struct old_timespec32 *ts);
int cvdso_gettimeofday32(const struct vdso_time_data *vd, struct old_timeval32 *tv,
			 struct tk_timezone *tz);
s32 cvdso_time32(const struct vdso_time_data *vd, s32 *t);
int cvdso_clock_getres_time32(const struct vdso_time_data *vd, s32 clock,
			      struct old_timespec32 *res);

#endif /* TKSIM_VDSO_GETTIMEOFDAY_H */
