// SPDX-License-Identifier: GPL-2.0
// Tests of tools/timed_calls.c (tksim's own): --adjtimex and --settimeofday fill every
// field of the op they make (issue 20, item 2: a settimeofday op kept stack garbage in op.user).
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "tools/timed_calls.h"

/* True when the @n bytes at @p are all zero: compared as bytes, so a garbage bool is no UB. */
static bool zero_bytes(const void *p, size_t n)
{
	const unsigned char *b = p;

	for (size_t i = 0; i < n; i++)
		if (b[i])
			return false;
	return true;
}

START_TEST(test_item2_settimeofday_fills_the_op)
{
	struct sim_op op;

	memset(&op, 0xA5, sizeof(op));
	ck_assert_int_eq(tksim_parse_settimeofday_call(&op, "run", "100ms:2000000000"), 0);
	ck_assert_int_eq(op.kind, SIM_OP_CLOCK_SETTIME);
	ck_assert_int_eq(op.clock, TK_CLOCK_REALTIME);
	ck_assert_uint_eq(op.t_ns, 100000000);
	ck_assert(op.a == 2000000000);
	ck_assert(op.b == 0);
	ck_assert(zero_bytes(&op.user, sizeof(op.user)));
	ck_assert(zero_bytes(&op.has_tv, sizeof(op.has_tv)));
	ck_assert(zero_bytes(&op.has_tz, sizeof(op.has_tz)));
	ck_assert(zero_bytes(&op.tz, sizeof(op.tz)));
	ck_assert(zero_bytes(&op.tx, sizeof(op.tx)));
}
END_TEST

START_TEST(test_item2_adjtimex_fills_the_op)
{
	struct sim_op op;

	memset(&op, 0xA5, sizeof(op));
	ck_assert_int_eq(tksim_parse_adjtimex_call(&op, "run", "1s:freq=10"), 0);
	ck_assert_int_eq(op.kind, SIM_OP_ADJTIMEX);
	ck_assert(zero_bytes(&op.user, sizeof(op.user)));
	ck_assert(zero_bytes(&op.has_tv, sizeof(op.has_tv)));
	ck_assert(zero_bytes(&op.has_tz, sizeof(op.has_tz)));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("run_calls");
	TCase *tc = tcase_create("core");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_item2_settimeofday_fills_the_op);
	tcase_add_test(tc, test_item2_adjtimex_fills_the_op);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
