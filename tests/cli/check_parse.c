// SPDX-License-Identifier: GPL-2.0
// Tests of tools/parse.c (tksim's own): the one parser of numbers, durations and times.
#include <check.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "tools/parse.h"

START_TEST(test_u64)
{
	u64 v;

	ck_assert_int_eq(tksim_parse_u64("0", &v), 0);
	ck_assert_uint_eq(v, 0);
	ck_assert_int_eq(tksim_parse_u64("18446744073709551615", &v), 0);
	ck_assert_uint_eq(v, U64_MAX);
	ck_assert_int_eq(tksim_parse_u64("18446744073709551616", &v), -ERANGE);
	ck_assert_int_eq(tksim_parse_u64("99999999999999999999999", &v), -ERANGE);
	/* Leading zeros are decimal, not octal. */
	ck_assert_int_eq(tksim_parse_u64("010", &v), 0);
	ck_assert_uint_eq(v, 10);
	/* No hidden bases, no blanks, no signs, no fractions, nothing empty. */
	const char *bad[] = { "0x10", " 1", "1 ", "-1", "+1", "1.5", "", "1e3", "\t2", "1s" };

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ck_assert_msg(tksim_parse_u64(bad[i], &v) == -EINVAL, "'%s' accepted", bad[i]);
	ck_assert_int_eq(tksim_parse_u64(NULL, &v), -EINVAL);
}
END_TEST

START_TEST(test_s64_full_range)
{
	s64 v;

	ck_assert_int_eq(tksim_parse_s64("-9223372036854775808", &v), 0);
	ck_assert(v == S64_MIN);
	ck_assert_int_eq(tksim_parse_s64("9223372036854775807", &v), 0);
	ck_assert(v == S64_MAX);
	ck_assert_int_eq(tksim_parse_s64("+42", &v), 0);
	ck_assert(v == 42);
	ck_assert_int_eq(tksim_parse_s64("-9223372036854775809", &v), -ERANGE);
	ck_assert_int_eq(tksim_parse_s64("9223372036854775808", &v), -ERANGE);
	ck_assert_int_eq(tksim_parse_s64(" -1", &v), -EINVAL);
	ck_assert_int_eq(tksim_parse_s64("--1", &v), -EINVAL);
	ck_assert_int_eq(tksim_parse_s64("-", &v), -EINVAL);
	ck_assert_int_eq(tksim_parse_s64("1.0", &v), 0); /* zeros past the point are exact */
	ck_assert(v == 1);
	ck_assert_int_eq(tksim_parse_s64("1.5", &v), -EINVAL);
}
END_TEST

START_TEST(test_fixed)
{
	s64 v;

	ck_assert_int_eq(tksim_parse_fixed("-12.5", 3, &v), 0);
	ck_assert(v == -12500);
	ck_assert_int_eq(tksim_parse_fixed("35", 3, &v), 0);
	ck_assert(v == 35000);
	ck_assert_int_eq(tksim_parse_fixed("0.001", 3, &v), 0);
	ck_assert(v == 1);
	ck_assert_int_eq(tksim_parse_fixed("0.0010000000000000000000000", 3, &v), 0);
	ck_assert(v == 1);
	ck_assert_int_eq(tksim_parse_fixed("0.0005", 3, &v), -EINVAL);
	ck_assert_int_eq(tksim_parse_fixed("0.00000000000000000000001", 3, &v), -EINVAL);
	ck_assert_int_eq(tksim_parse_fixed(".5", 3, &v), -EINVAL);
	ck_assert_int_eq(tksim_parse_fixed("5.", 3, &v), -EINVAL);
	ck_assert_int_eq(tksim_parse_fixed("0x10", 3, &v), -EINVAL);
	ck_assert_int_eq(tksim_parse_fixed("1e3", 3, &v), -EINVAL);
	ck_assert_int_eq(tksim_parse_fixed("inf", 3, &v), -EINVAL);
	ck_assert_int_eq(tksim_parse_fixed("9223372036854775.807", 3, &v), 0);
	ck_assert(v == S64_MAX);
	ck_assert_int_eq(tksim_parse_fixed("9223372036854775.808", 3, &v), -ERANGE);
	ck_assert_int_eq(tksim_parse_fixed("-9223372036854775.808", 3, &v), 0);
	ck_assert(v == S64_MIN);
}
END_TEST

START_TEST(test_time_units)
{
	static const struct {
		const char *text;
		u64 bare;
		s64 ns;
	} ok[] = {
		{ "12.000000345s", NSEC_PER_SEC, 12000000345LL },
		{ "1.5ms", NSEC_PER_SEC, 1500000 },
		{ "90", NSEC_PER_SEC, 90000000000LL },
		{ "-250", 1, -250 },
		{ "20us", 1, 20000 },
		{ "2m", NSEC_PER_SEC, 120000000000LL },
		{ "1.5h", NSEC_PER_SEC, 5400000000000LL },
		{ "7d", NSEC_PER_SEC, 604800000000000LL },
		{ "0.000000001s", NSEC_PER_SEC, 1 },
		{ "-9223372036854775808ns", 1, S64_MIN },
		{ "9223372036.854775807s", 1, S64_MAX },
	};
	s64 v;

	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		ck_assert_msg(tksim_parse_time_ns(ok[i].text, ok[i].bare, &v) == 0, "'%s' refused",
			      ok[i].text);
		ck_assert_msg(v == ok[i].ns, "'%s' gave %lld", ok[i].text, (long long)v);
	}
	const char *bad[] = { "1.5ns", "0.0000000001s", "5 s",	 "5S", "5sec", "s",
			      "1ms2",  "0x10s",		"1e9ns", "5.", "" };

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ck_assert_msg(tksim_parse_time_ns(bad[i], NSEC_PER_SEC, &v) == -EINVAL,
			      "'%s' accepted", bad[i]);
	ck_assert_int_eq(tksim_parse_time_ns("9223372036.854775808s", 1, &v), -ERANGE);
	ck_assert_int_eq(tksim_parse_time_ns("300y", 1, &v), -EINVAL);
	ck_assert_int_eq(tksim_parse_time_ns("107000d", 1, &v), -ERANGE);
}
END_TEST

START_TEST(test_duration_not_negative)
{
	u64 v;

	ck_assert_int_eq(tksim_parse_duration_ns("-1s", &v), -EINVAL);
	ck_assert_int_eq(tksim_parse_duration_ns("-0", &v), -EINVAL);
	ck_assert_int_eq(tksim_parse_duration_ns("2h", &v), 0);
	ck_assert_uint_eq(v, 7200ULL * NSEC_PER_SEC);
}
END_TEST

/* Every formatted time parses back to itself, at the edges and in between. */
START_TEST(test_format_round_trip)
{
	static const s64 cases[] = {
		0,	 1,	  -1,	      999999999, 1000000000, -1000000001, 12000000345LL,
		S64_MAX, S64_MIN, S64_MIN + 1
	};
	char buf[32];
	s64 v;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		tksim_format_time_ns(buf, sizeof(buf), cases[i]);
		ck_assert_msg(tksim_parse_time_ns(buf, NSEC_PER_SEC, &v) == 0, "'%s' refused", buf);
		ck_assert_msg(v == cases[i], "%lld -> '%s' -> %lld", (long long)cases[i], buf,
			      (long long)v);
	}
	tksim_format_time_ns(buf, sizeof(buf), 12000000345LL);
	ck_assert_str_eq(buf, "12.000000345s");
	tksim_format_time_ns(buf, sizeof(buf), -3 * NSEC_PER_SEC);
	ck_assert_str_eq(buf, "-3s");
}
END_TEST

int main(void)
{
	Suite *s = suite_create("parse");
	TCase *tc = tcase_create("core");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_u64);
	tcase_add_test(tc, test_s64_full_range);
	tcase_add_test(tc, test_fixed);
	tcase_add_test(tc, test_time_units);
	tcase_add_test(tc, test_duration_not_negative);
	tcase_add_test(tc, test_format_round_trip);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
