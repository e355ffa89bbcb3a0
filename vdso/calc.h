/* SPDX-License-Identifier: GPL-2.0 */
/* Mirrors: lib/vdso/gettimeofday.c vdso_calc_ns() with the x86 override, and
 * kernel/time/timekeeping.c timekeeping_cycles_to_ns() (v6.12+ form). */
#ifndef TKSIM_VDSO_CALC_H
#define TKSIM_VDSO_CALC_H

#include "vdso/bugs.h"
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
 * @bugs:       injected reader-side bugs (vdso/bugs.h); 0 in a faithful system
 *
 * The one conversion used by both halves, as the kernel's two copies
 * (timekeeping_cycles_to_ns() and the x86 vdso_calc_ns()) compute the same:
 *
 *   delta = (cycles - cycle_last) & mask
 *   ns    = (delta * mult + base) >> shift
 *
 * A delta above max_cycles is either negative motion (the counter read is
 * behind cycle_last, e.g. a CPU whose TSC lags the one that accumulated; the
 * masked difference then lands in the top half of the mask) or a genuinely
 * long gap without accumulation.  Negative motion freezes time at the base;
 * a long gap is multiplied in 128 bits.  Below max_cycles the 64-bit product
 * is exact, which is why the fast path needs no check of its own.
 *
 * The historical bugs undo one of those rules each: BUG_DELTA_NOMASK applies
 * x86's S64_MAX mask to every counter (a wrapping narrow counter then reads
 * as negative motion: pre-5.3), BUG_NO_NEG_CLAMP lets negative motion through
 * as a huge delta multiplied in 64 bits (pre-2008 x86), BUG_DELTA_OVERFLOW multiplies a long gap in
 * 64 bits (pre-6.10).  Always inlined, so that with a constant 0 the bug
 * branches vanish from the faithful path (see cycles_to_ns()).
 *
 * Return: ns (plain) past the second the base belongs to; may exceed 1e9.
 */
static inline __attribute__((always_inline)) u64 cycles_to_ns_bugs(u64 cycles, u64 cycle_last,
								   u64 mask, u64 max_cycles,
								   u32 mult, u64 base, u32 shift,
								   u64 bugs)
{
	u64 delta;

	if (unlikely(bugs & BUG_DELTA_NOMASK))
		mask = (u64)S64_MAX;
	delta = (cycles - cycle_last) & mask;
	if (unlikely(delta > max_cycles)) {
		if (delta & ~(mask >> 1)) {
			if (!(bugs & BUG_NO_NEG_CLAMP))
				return base >> shift;
			/* The 2008 code had no 128-bit path: the huge delta wraps below. */
		} else if (!(bugs & BUG_DELTA_OVERFLOW)) {
			return mul_u64_u32_add_u64_shr(delta, mult, base, shift);
		}
	}
	return ((delta * mult) + base) >> shift;
}

/** cycles_to_ns() - cycles_to_ns_bugs() of a faithful system: the kernel's conversion. */
static inline __attribute__((always_inline)) u64
cycles_to_ns(u64 cycles, u64 cycle_last, u64 mask, u64 max_cycles, u32 mult, u64 base, u32 shift)
{
	return cycles_to_ns_bugs(cycles, cycle_last, mask, max_cycles, mult, base, shift, 0);
}

#endif /* TKSIM_VDSO_CALC_H */
