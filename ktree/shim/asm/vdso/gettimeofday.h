/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: arch/x86/include/asm/vdso/gettimeofday.h for a tree's lib/vdso: tksim's counter, the
 * fallbacks into the tree's kernel side. */
#ifndef TKSIM_KTREE_SHIM_ASM_VDSO_GETTIMEOFDAY_H
#define TKSIM_KTREE_SHIM_ASM_VDSO_GETTIMEOFDAY_H

#include <uapi/linux/time.h>
#include <vdso/limits.h>
#include <vdso/datapage.h>

/*
 * The architecture hooks of the generic vDSO.  The counter is tksim's
 * (synthetic, or the TSC with the read instruction chosen at run time),
 * read through ktree_config::read_vdso; its delta is masked by the
 * clocksource's own mask and checked against max_cycles by the generic
 * vdso_calc_ns(), as on an architecture without x86's S64_MAX override,
 * the model's VDSO_CLOCKMODE_SIM.  The "syscall" of each fallback is a call
 * into the tree's own kernel side (ktree/shim/kt_syscalls.c).
 */
extern union vdso_data_store kt_vdso_data_store;
u64 kt_read_vdso_counter(void);
long kt_sys_clock_gettime(clockid_t clock, struct __kernel_timespec *ts);
long kt_sys_gettimeofday(struct __kernel_old_timeval *tv, struct timezone *tz);
long kt_sys_clock_getres(clockid_t clock, struct __kernel_timespec *res);

#define VDSO_HAS_TIME 1
#define VDSO_HAS_CLOCK_GETRES 1

static __always_inline long clock_gettime_fallback(clockid_t clock, struct __kernel_timespec *ts)
{
	return kt_sys_clock_gettime(clock, ts);
}

static __always_inline long gettimeofday_fallback(struct __kernel_old_timeval *tv,
						  struct timezone *tz)
{
	return kt_sys_gettimeofday(tv, tz);
}

static __always_inline long clock_getres_fallback(clockid_t clock, struct __kernel_timespec *res)
{
	return kt_sys_clock_getres(clock, res);
}

static __always_inline u64 __arch_get_hw_counter(s32 clock_mode, const struct vdso_data *vd)
{
	(void)vd;
	if (likely(clock_mode == VDSO_CLOCKMODE_TSC))
		return kt_read_vdso_counter();
	return ~0ULL; /* U64_MAX: "no counter", the fallback follows */
}

static __always_inline const struct vdso_data *__arch_get_vdso_data(void)
{
	return kt_vdso_data_store.data;
}

#endif /* TKSIM_KTREE_SHIM_ASM_VDSO_GETTIMEOFDAY_H */
