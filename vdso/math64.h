/* SPDX-License-Identifier: GPL-2.0 */
/* Mirrors: include/vdso/math64.h and include/linux/math64.h (v6.15). */
#ifndef TKSIM_VDSO_MATH64_H
#define TKSIM_VDSO_MATH64_H

#include "vdso/math32.h"
#include "vdso/types.h"

/**
 * mul_u64_u32_add_u64_shr() - (a * mul + b) >> shift without losing bits
 * @a:     cycles (up to 64 bits)
 * @mul:   a clocksource multiplier
 * @b:     shifted ns to add before the shift (a base)
 * @shift: the clocksource shift
 *
 * a * mul needs up to 96 bits; the kernel uses this on the rare path where a
 * delta exceeds max_cycles (v6.10 "Make delta calculation overflow safe").
 * The result is truncated to 64 bits as in the kernel.
 */
static inline u64 mul_u64_u32_add_u64_shr(u64 a, u32 mul, u64 b, unsigned int shift)
{
#ifdef __SIZEOF_INT128__
	return (u64)((((unsigned __int128)a * mul) + b) >> shift);
#else
	/* i386 (gcc -m32): the kernel's 32-bit pieces, vdso/math32.h. */
	return mul_u64_u32_add_u64_shr_32(a, mul, b, shift);
#endif
}

/** mul_u64_u32_shr() - (a * mul) >> shift with a 96-bit intermediate. */
static inline u64 mul_u64_u32_shr(u64 a, u32 mul, unsigned int shift)
{
#ifdef __SIZEOF_INT128__
	return mul_u64_u32_add_u64_shr(a, mul, 0, shift);
#else
	return mul_u64_u32_shr_32(a, mul, shift);
#endif
}

/** mul_u64_u64_shr() - (a * b) >> shift, shift < 64, with a 128-bit intermediate. */
static inline u64 mul_u64_u64_shr(u64 a, u64 b, unsigned int shift)
{
#ifdef __SIZEOF_INT128__
	return (u64)(((unsigned __int128)a * b) >> shift);
#else
	return mul_u64_u64_shr_32(a, b, shift);
#endif
}

/**
 * iter_div_u64_rem() - divide by subtraction, for quotients known to be small
 * @dividend: the value, e.g. ns that exceed one second by at most a few ticks
 * @divisor:  e.g. NSEC_PER_SEC
 * @remainder: out, dividend % divisor
 *
 * The vDSO normalises ns that are at most a few seconds, so a loop beats a
 * 64-bit division.  The empty asm keeps the compiler from turning the loop
 * back into a division, as the kernel's __iter_div_u64_rem() does.
 *
 * Return: dividend / divisor.
 */
static inline u32 iter_div_u64_rem(u64 dividend, u32 divisor, u64 *remainder)
{
	u32 ret = 0;

	while (dividend >= divisor) {
		__asm__("" : "+rm"(dividend));
		dividend -= divisor;
		ret++;
	}
	*remainder = dividend;
	return ret;
}

#endif /* TKSIM_VDSO_MATH64_H */
