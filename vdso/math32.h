/* SPDX-License-Identifier: GPL-2.0 */
/* Mirrors: include/vdso/math64.h and include/linux/math64.h, the !__SIZEOF_INT128__ branches
 * (v6.15). */
#ifndef TKSIM_VDSO_MATH32_H
#define TKSIM_VDSO_MATH32_H

/*
 * The 64-bit arithmetic of the i386 vDSO, done on 32-bit registers: no
 * 128-bit type and no libgcc division.  vdso/math64.h uses these where the
 * compiler has no __int128 (gcc -m32); they are always defined so that the
 * 64-bit test suite can compare them with the 128-bit versions
 * (tests/vdso/check_m32_math.c).
 */

#include "vdso/types.h"

/** mul_u32_u32() - 32 x 32 -> 64 bit product (one `mull` on x86, asm/div64.h). */
static inline u64 mul_u32_u32(u32 a, u32 b)
{
	return (u64)a * b;
}

/**
 * mul_u64_u32_add_u64_shr_32() - (a * mul + b) >> shift in 32-bit pieces
 * @a:     cycles, up to 64 bits
 * @mul:   the clocksource multiplier
 * @b:     shifted ns to add before the shift
 * @shift: the clocksource shift, at most 32 (as for every clocksource)
 *
 * a = ah * 2^32 + al.  (al * mul + b) can carry out of 64 bits: the carry is
 * worth 2^64 >> shift after the shift.  ah * mul * 2^32 is a multiple of
 * 2^shift, so it is shifted on its own by 32 - shift.  The result is the
 * exact value modulo 2^64, the same as the 128-bit version truncated.
 *
 * Return: the low 64 bits of (a * mul + b) >> shift.
 */
static inline u64 mul_u64_u32_add_u64_shr_32(u64 a, u32 mul, u64 b, unsigned int shift)
{
	u32 ah = (u32)(a >> 32), al = (u32)a;
	u64 ret;
	bool ovf = __builtin_add_overflow(mul_u32_u32(al, mul), b, &ret);

	ret >>= shift;
	if (ovf && shift)
		ret += 1ULL << (64 - shift);
	if (ah)
		ret += mul_u32_u32(ah, mul) << (32 - shift);
	return ret;
}

/** mul_u64_u32_shr_32() - (a * mul) >> shift in 32-bit pieces, shift <= 32. */
static inline u64 mul_u64_u32_shr_32(u64 a, u32 mul, unsigned int shift)
{
	u32 ah = (u32)(a >> 32), al = (u32)a;
	u64 ret = mul_u32_u32(al, mul) >> shift;

	if (ah)
		ret += mul_u32_u32(ah, mul) << (32 - shift);
	return ret;
}

/**
 * mul_u64_u64_shr_32() - (a * b) >> shift for shift < 64, in 32-bit pieces
 * @a:     first factor
 * @b:     second factor
 * @shift: 0..63
 *
 * The 128-bit product as four 32 x 32 partial products summed into a high
 * and a low 64-bit word (the generic mul_u64_u64_shr() of lib/math).
 *
 * Return: the low 64 bits of the shifted product.
 */
static inline u64 mul_u64_u64_shr_32(u64 a, u64 b, unsigned int shift)
{
	u32 a0 = (u32)a, a1 = (u32)(a >> 32), b0 = (u32)b, b1 = (u32)(b >> 32);
	u64 ll = mul_u32_u32(a0, b0), lh = mul_u32_u32(a0, b1);
	u64 hl = mul_u32_u32(a1, b0), hh = mul_u32_u32(a1, b1);
	/* Middle column: the high half of ll plus the low halves of lh and hl. */
	u64 mid = (ll >> 32) + (u32)lh + (u32)hl;
	u64 lo = (mid << 32) | (u32)ll;
	u64 hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);

	if (!shift)
		return lo;
	return (hi << (64 - shift)) | (lo >> shift);
}

#endif /* TKSIM_VDSO_MATH32_H */
