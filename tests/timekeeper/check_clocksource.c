// SPDX-License-Identifier: GPL-2.0
// Tests of timekeeper/clocksource.c (kernel/time/clocksource.c, v6.15).
#include <errno.h>

#include "tests/check_util.h"
#include "timekeeper/clocksource.h"

static u64 dummy_read(struct clocksource *cs)
{
	(void)cs;
	return 0;
}

static struct clocksource cs_of(unsigned int bits)
{
	return (struct clocksource){ .read = dummy_read, .mask = CLOCKSOURCE_MASK(bits) };
}

/* A worked example of clocks_calc_mult_shift() (kernel/time/clocksource.c): a 3 GHz TSC. */
START_TEST(test_3ghz_mult_shift)
{
	struct clocksource hz = cs_of(64), khz = cs_of(64);

	ck_assert_int_eq(clocksource_register_hz(&hz, 3000000000ULL), 0);
	ck_assert_uint_eq(hz.mult, 5592405);
	ck_assert_uint_eq(hz.shift, 24);
	ck_assert_uint_eq(hz.maxadj, 615164);
	/* The TSC registers in kHz; the result is the same. */
	ck_assert_int_eq(clocksource_register_khz(&khz, 3000000), 0);
	ck_assert_uint_eq(khz.mult, 5592405);
	ck_assert_uint_eq(khz.shift, 24);
}
END_TEST

/* max_cycles, max_idle_ns and max_raw_delta from their definitions, in 128 bits. */
START_TEST(test_registration_limits)
{
	static const struct {
		u64 hz;
		unsigned int bits;
	} cases[] = { { 3000000000ULL, 64 }, { 2100000000ULL, 64 }, { 3579545, 24 },
		      { 14318180, 32 },	     { 19200000, 56 },	    { 1000, 32 },
		      { 24000000, 56 },	     { 32768, 24 } };

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct clocksource cs = cs_of(cases[i].bits);
		unsigned __int128 lim;
		u64 want_cycles, want_idle;

		ck_assert_int_eq(clocksource_register_hz(&cs, cases[i].hz), 0);
		ck_assert_uint_eq(cs.maxadj, (u32)((u64)cs.mult * 11 / 100));
		/* NTP may move mult by maxadj either way without leaving 32 bits. */
		ck_assert((u64)cs.mult + cs.maxadj <= UINT32_MAX);
		want_cycles = U64_MAX / ((u64)cs.mult + cs.maxadj);
		if (want_cycles > cs.mask)
			want_cycles = cs.mask;
		ck_assert_uint_eq(cs.max_cycles, want_cycles);
		lim = (unsigned __int128)cs.max_cycles * ((u64)cs.mult + cs.maxadj);
		ck_assert_msg(lim <= U64_MAX, "case %zu: max_cycles overflows", i);
		want_idle = (u64)(((unsigned __int128)cs.max_cycles * (cs.mult - cs.maxadj)) >>
				  cs.shift) /
			    2;
		ck_assert_uint_eq(cs.max_idle_ns, want_idle);
		ck_assert_uint_eq(cs.max_raw_delta,
				  (cs.mask >> 1) + (cs.mask >> 2) + (cs.mask >> 3));
		ck_assert_uint_eq(cs.freq_hz, cases[i].hz);
	}
}
END_TEST

/* The 24-bit counter of the v6.13 fix: the cut-off is 7/8 of the width. */
START_TEST(test_24bit_max_raw_delta)
{
	struct clocksource cs = cs_of(24);

	ck_assert_int_eq(clocksource_register_hz(&cs, 3579545), 0);
	/* (mask >> 1) + (mask >> 2) + (mask >> 3): just under 7/8. */
	ck_assert_uint_eq(cs.max_raw_delta, 0xdffffd);
	ck_assert_uint_eq(cs.max_cycles, 0xffffff);
}
END_TEST

/*
 * For random frequencies the chosen mult converts one second of cycles to
 * one second within the rounding of mult (half a unit per cycle), and the
 * conversion of the whole 600 s (or wrap) period fits in 64 bits.
 */
START_TEST(test_mult_shift_property)
{
	struct sim_rng rng;

	sim_rng_seed(&rng, test_seed());
	for (int i = 0; i < 2000; i++) {
		u32 from = (u32)sim_rng_range(&rng, 1000, UINT32_MAX);
		u32 maxsec = (u32)sim_rng_range(&rng, 1, 600);
		u32 mult, shift;
		__int128 err;

		clocks_calc_mult_shift(&mult, &shift, from, (u32)NSEC_PER_SEC, maxsec);
		/* mult / 2^shift approximates 1e9 / from to half a unit of mult. */
		err = (__int128)mult * from - ((__int128)NSEC_PER_SEC << shift);
		if (err < 0)
			err = -err;
		ck_assert_msg(err <= from / 2 + 1, "seed %" PRIu64 " from %u: mult %u shift %u off",
			      test_seed(), from, mult, shift);
		ck_assert_msg((unsigned __int128)maxsec * from * mult <= U64_MAX,
			      "seed %" PRIu64 " from %u maxsec %u: overflow", test_seed(), from,
			      maxsec);
	}
}
END_TEST

START_TEST(test_register_rejects_zero)
{
	struct clocksource cs = cs_of(64), nomask = cs_of(64);

	ck_assert_int_eq(clocksource_register_hz(&cs, 0), -EINVAL);
	nomask.mask = 0;
	ck_assert_int_eq(clocksource_register_hz(&nomask, 1000000), -EINVAL);
}
END_TEST

static Suite *clocksource_suite(void)
{
	Suite *s = suite_create("clocksource");
	TCase *tc = tcase_create("registration");

	tcase_add_test(tc, test_3ghz_mult_shift);
	tcase_add_test(tc, test_registration_limits);
	tcase_add_test(tc, test_24bit_max_raw_delta);
	tcase_add_test(tc, test_mult_shift_property);
	tcase_add_test(tc, test_register_rejects_zero);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	test_seed();
	return test_run_suite(clocksource_suite());
}
