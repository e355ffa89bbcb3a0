// SPDX-License-Identifier: GPL-2.0
// Tests of vdso/math32.h (include/vdso/math64.h and include/linux/math64.h, the 32-bit
// branches, v6.15): the i386 vDSO's arithmetic equals the 128-bit versions, bit for bit.
#include "tests/check_util.h"
#include "vdso/math32.h"

/* Random 64-bit values, biased to the edges (all ones, high halves zero, carries). */
static u64 edgy(struct sim_rng *r)
{
	u64 v = sim_rng_next(r);

	switch (sim_rng_below(r, 6)) {
	case 0:
		return v >> sim_rng_below(r, 64);
	case 1:
		return U64_MAX - (v >> sim_rng_below(r, 64));
	case 2:
		return (u32)v;
	default:
		return v;
	}
}

/* (a * mul + b) >> shift, as x86's vdso_calc_ns() computes a long delta: mod 2^64. */
START_TEST(test_mul_add_shr_equals_int128)
{
	struct sim_rng rng;

	sim_rng_seed(&rng, test_seed());
	for (int i = 0; i < 200000; i++) {
		u64 a = edgy(&rng), b = edgy(&rng);
		u32 mul = (u32)edgy(&rng);
		unsigned int shift = (unsigned int)sim_rng_below(&rng, 33);
		u64 want = (u64)((((unsigned __int128)a * mul) + b) >> shift);

		/* Plain comparisons: each ck_assert is a message to Check's parent process. */
		if (mul_u64_u32_add_u64_shr_32(a, mul, b, shift) != want)
			ck_abort_msg("seed %" PRIu64 ": a %" PRIu64 " mul %" PRIu32 " b %" PRIu64
				     " shift %u",
				     test_seed(), a, mul, b, shift);
		if (mul_u64_u32_shr_32(a, mul, shift) !=
		    (u64)(((unsigned __int128)a * mul) >> shift))
			ck_abort_msg("seed %" PRIu64 ": a %" PRIu64 " mul %" PRIu32 " shift %u",
				     test_seed(), a, mul, shift);
	}
}
END_TEST

/* The carry out of al * mul + b is worth 2^64 >> shift: the case the kernel handles apart. */
START_TEST(test_mul_add_shr_carry)
{
	u64 a = 0xffffffffULL, b = U64_MAX;
	u32 mul = 0xffffffffU;

	for (unsigned int shift = 0; shift <= 32; shift++)
		ck_assert(mul_u64_u32_add_u64_shr_32(a, mul, b, shift) ==
			  (u64)((((unsigned __int128)a * mul) + b) >> shift));
}
END_TEST

/* The synthetic counter's TSC scaling (u64 x u64) in 32-bit pieces. */
START_TEST(test_mul_u64_u64_shr_equals_int128)
{
	struct sim_rng rng;

	sim_rng_seed(&rng, test_seed() ^ 1);
	for (int i = 0; i < 200000; i++) {
		u64 a = edgy(&rng), b = edgy(&rng);
		unsigned int shift = (unsigned int)sim_rng_below(&rng, 64);

		if (mul_u64_u64_shr_32(a, b, shift) != (u64)(((unsigned __int128)a * b) >> shift))
			ck_abort_msg("seed %" PRIu64 ": a %" PRIu64 " b %" PRIu64 " shift %u",
				     test_seed(), a, b, shift);
	}
}
END_TEST

static Suite *m32_math_suite(void)
{
	Suite *s = suite_create("m32_math");
	TCase *tc = tcase_create("32-bit arithmetic");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_mul_add_shr_equals_int128);
	tcase_add_test(tc, test_mul_add_shr_carry);
	tcase_add_test(tc, test_mul_u64_u64_shr_equals_int128);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	test_seed();
	return test_run_suite(m32_math_suite());
}
