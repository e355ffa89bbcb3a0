/* SPDX-License-Identifier: GPL-2.0 */
/* Mirrors: arch/x86/include/asm/vdso/gettimeofday.h *_fallback() (v6.18). */
#ifndef TKSIM_VDSO_SYSCALL_H
#define TKSIM_VDSO_SYSCALL_H

/*
 * The "syscall instruction" of a simulated process: the vDSO's fallbacks
 * enter the simulated kernel of the system that owns @vd.  The simulated
 * kernel (timekeeper/syscalls.c) implements them; vdso/ only declares them, as the
 * vDSO only knows the syscall numbers.  Each returns 0 or a negative errno,
 * as a raw syscall does.
 */

#include "vdso/datapage.h"

/** vdso_sys_clock_gettime() - clock_gettime(2) of the system owning @vd. */
long vdso_sys_clock_gettime(const struct vdso_time_data *vd, s32 clock, struct timespec64 *ts);

/** vdso_sys_gettimeofday() - gettimeofday(2) of the system owning @vd. */
long vdso_sys_gettimeofday(const struct vdso_time_data *vd, struct tk_timeval *tv,
			   struct tk_timezone *tz);

/** vdso_sys_clock_getres() - clock_getres(2) of the system owning @vd. */
long vdso_sys_clock_getres(const struct vdso_time_data *vd, s32 clock, struct timespec64 *res);

#endif /* TKSIM_VDSO_SYSCALL_H */
