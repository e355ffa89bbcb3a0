// SPDX-License-Identifier: GPL-2.0
// placeholder, replaced below
#include "check_util.h"
START_TEST(test_placeholder) { ck_assert(1); }
END_TEST
int main(void) { Suite *s = suite_create("timekeeping"); TCase *tc = tcase_create("x"); tcase_add_test(tc, test_placeholder); suite_add_tcase(s, tc); return test_run_suite(s); }
