/* SPDX-License-Identifier: GPL-2.0 */
/* Mirrors: include/vdso/clocksource.h and arch/x86/include/asm/vdso/clocksource.h (v6.15). */
#ifndef TKSIM_VDSO_CLOCKSOURCE_H
#define TKSIM_VDSO_CLOCKSOURCE_H

/**
 * enum vdso_clock_mode - how the vDSO reads the counter of the current clocksource
 * @VDSO_CLOCKMODE_NONE: not vDSO-capable; every hres read takes the syscall
 * @VDSO_CLOCKMODE_TSC:  the real x86 TSC, read as the kernel's rdtsc_ordered()
 * @VDSO_CLOCKMODE_SIM:  tksim's synthetic counter read through a shared page,
 *                       under the generic vDSO's delta rule: a counter of an
 *                       architecture whose counters agree across CPUs (arm64's
 *                       arch timer and the like)
 * @VDSO_CLOCKMODE_SIM_X86: the same counter under x86's vDSO rule (negative
 *                       motion frozen, S64_MAX mask, sign bit = unavailable),
 *                       which x86 applies to every clock mode: stands where
 *                       x86 has PVCLOCK and HVCLOCK, per-CPU counters that
 *                       may lag one another a little
 * @VDSO_CLOCKMODE_MAX:  number of modes
 */
enum vdso_clock_mode {
	VDSO_CLOCKMODE_NONE = 0,
	VDSO_CLOCKMODE_TSC,
	VDSO_CLOCKMODE_SIM,
	VDSO_CLOCKMODE_SIM_X86,
	VDSO_CLOCKMODE_MAX,
};

#endif /* TKSIM_VDSO_CLOCKSOURCE_H */
