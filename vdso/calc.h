/* SPDX-License-Identifier: GPL-2.0 */
/* Mirrors: lib/vdso/gettimeofday.c vdso_calc_ns() (v6.18), its x86 override in
 * arch/x86/include/asm/vdso/gettimeofday.h, and kernel/time/timekeeping.c
 * timekeeping_cycles_to_ns() (its form since v6.12). */
#ifndef TKSIM_VDSO_CALC_H
#define TKSIM_VDSO_CALC_H

#include "vdso/bug_bits.h"
#include "vdso/clocksource.h"
#include "vdso/math64.h"

/**
 * cycles_to_ns_bugs() - convert a counter reading to ns past a base
 * @cycles:     counter value just read (cycles)
 * @cycle_last: counter value the base refers to (cycles)
 * @mask:       counter width mask; S64_MAX for the x86 TSC
 * @max_cycles: largest delta for which delta * mult cannot overflow 64 bits
 * @mult:       multiplier, cycles to shifted ns
 * @base:       the base, shifted ns (ns << @shift)
 * @shift:      the shift of @mult
 * @neg_clamp:  freeze negative motion at the base: true for the kernel side
 *              and x86's vDSO, false for the generic vDSO (see below)
 * @bugs:       injected reader-side bugs (vdso/bug_bits.h); 0 in a faithful system
 *
 * The one conversion of both halves:
 *
 *   delta = (cycles - cycle_last) & mask
 *   ns    = (delta * mult + base) >> shift
 *
 * Below max_cycles the 64-bit product is exact, so the fast path needs no
 * check of its own.  A delta above max_cycles is either negative motion (the
 * counter read is behind cycle_last, e.g. a CPU whose TSC lags the one that
 * accumulated; the masked difference then lands in the top half of the
 * mask) or a genuinely long gap without accumulation.  The kernel has three
 * copies of this, and they do not agree on negative motion:
 *
 *  - kernel/time/timekeeping.c timekeeping_cycles_to_ns() (v6.12+), the
 *    kernel-side getters: negative motion (the top bit of the mask) freezes
 *    at the base, a long gap is multiplied in 128 bits.  @neg_clamp true.
 *  - arch/x86/include/asm/vdso/gettimeofday.h vdso_calc_ns() (v6.10+,
 *    7e90ffb716d2), x86's vDSO for every clock mode: the same, with S64_MAX
 *    as the mask (bit 62 is the sign), because TSCs of different CPUs may
 *    wobble.  @neg_clamp true, @mask S64_MAX.
 *  - lib/vdso/gettimeofday.c vdso_calc_ns() (v6.15) with
 *    CONFIG_GENERIC_VDSO_OVERFLOW_PROTECT: no negative motion at all; every
 *    delta past max_cycles is multiplied in 128 bits, so a counter behind
 *    cycle_last reads as a jump far ahead.  The architectures that use it
 *    have counters that never go back across CPUs.  @neg_clamp false.
 *
 * (The tick's clocksource_delta(), timekeeper/timekeeping_internal.h, has a
 * fourth rule: negative past 7/8 of the mask, counted as no time.)
 *
 * The historical bugs undo one of those rules each: BUG_DELTA_NOMASK applies
 * x86's S64_MAX mask to every counter (a wrapping narrow counter then reads
 * as negative motion, or as a huge delta multiplied in 64 bits as all code
 * of that time did: pre-5.3), BUG_NO_NEG_CLAMP lets negative motion
 * through as a huge delta multiplied in 64 bits (pre-2008 x86),
 * BUG_DELTA_OVERFLOW multiplies every delta in 64 bits (pre-6.10).  Always
 * inlined, so that with constants the rule and bug branches vanish from the
 * path that does not take them (see cycles_to_ns()).
 *
 * Return: ns (plain) past the second the base belongs to; may exceed 1e9.
 */
static inline __attribute__((always_inline)) u64 cycles_to_ns_bugs(u64 cycles, u64 cycle_last,
								   u64 mask, u64 max_cycles,
								   u32 mult, u64 base, u32 shift,
								   bool neg_clamp, u64 bugs)
{
	u64 delta;

	if (unlikely(bugs & BUG_DELTA_NOMASK))
		mask = (u64)S64_MAX;
	delta = (cycles - cycle_last) & mask;
	if (unlikely(delta > max_cycles)) {
		if (neg_clamp && (delta & ~(mask >> 1))) {
			if (!(bugs & BUG_NO_NEG_CLAMP))
				return base >> shift;
			/* The 2008 code had no 128-bit path: the huge delta wraps below. */
		} else if (!(bugs & (BUG_DELTA_OVERFLOW | BUG_DELTA_NOMASK))) {
			return mul_u64_u32_add_u64_shr(delta, mult, base, shift);
		}
	}
	return ((delta * mult) + base) >> shift;
}

/**
 * vdso_x86_rule() - whether @clock_mode is read by x86's vDSO rule
 * @clock_mode: enum vdso_clock_mode
 *
 * arch/x86/include/asm/vdso/gettimeofday.h replaces the generic
 * vdso_calc_ns() and arch_vdso_cycles_ok() for every x86 clock mode (TSC,
 * PVCLOCK, HVCLOCK): tksim's TSC and its synthetic counter presented as
 * x86 presents a paravirtual clock.  Every other mode follows lib/vdso.
 */
static inline bool vdso_x86_rule(s32 clock_mode)
{
	return clock_mode == VDSO_CLOCKMODE_TSC || clock_mode == VDSO_CLOCKMODE_SIM_X86;
}

/** vdso_neg_clamp() - whether the vDSO of @clock_mode freezes negative motion (x86's rule). */
static inline bool vdso_neg_clamp(s32 clock_mode)
{
	return vdso_x86_rule(clock_mode);
}

/**
 * vdso_delta_mask() - the mask the vDSO applies to cycles - cycle_last
 * @clock_mode: enum vdso_clock_mode
 * @mask:       the clocksource's mask (vdso_clock.mask)
 *
 * x86's VDSO_DELTA_MASK: no mask but S64_MAX, so that bit 62 is the sign
 * of negative motion; the generic rule masks with the counter's width.
 */
static inline u64 vdso_delta_mask(s32 clock_mode, u64 mask)
{
	return vdso_x86_rule(clock_mode) ? (u64)S64_MAX : mask;
}

/**
 * cycles_to_ns() - the kernel side's conversion, timekeeping_cycles_to_ns()
 *
 * cycles_to_ns_bugs() with negative motion frozen and no bug: also x86's
 * vDSO rule when @mask is S64_MAX.
 */
static inline __attribute__((always_inline)) u64
cycles_to_ns(u64 cycles, u64 cycle_last, u64 mask, u64 max_cycles, u32 mult, u64 base, u32 shift)
{
	return cycles_to_ns_bugs(cycles, cycle_last, mask, max_cycles, mult, base, shift, true, 0);
}

#endif /* TKSIM_VDSO_CALC_H */
