/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: helpers shared by the Check suites. */
#ifndef TKSIM_TESTS_CHECK_UTIL_H
#define TKSIM_TESTS_CHECK_UTIL_H

#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sim/engine.h"
#include "sim/oracle.h"
#include "sim/fixes.h"
#include "sim/rng.h"
#include "sim/tsc.h"

/*
 * test_seed() - the seed of this run's randomised tests: 1 by default,
 * $TKSIM_SEED if set (to replay a failure), or one drawn from the host
 * clock with TKSIM_SEED=random.  Printed once, and every failure message
 * repeats it.
 */
static inline u64 test_seed(void)
{
	static u64 seed = 1;
	static bool have;

	if (!have) {
		const char *env = getenv("TKSIM_SEED");

		if (env && !strcmp(env, "random")) {
			struct timespec ts;

			clock_gettime(CLOCK_REALTIME, &ts);
			seed = (u64)ts.tv_sec * 1000003u ^ (u64)ts.tv_nsec;
		} else if (env) {
			seed = strtoull(env, NULL, 0);
		}
		have = true;
		printf("# seed %" PRIu64 " (replay with TKSIM_SEED=%" PRIu64 ")\n", seed, seed);
		fflush(stdout);
	}
	return seed;
}

/* The host's TSC frequency, calibrated once per process (CK_FORK=no runs every test in one). */
static inline u64 test_tsc_hz(void)
{
	static u64 hz;

	if (!hz)
		ck_assert_int_eq(sim_tsc_calibrate(&hz), 0);
	return hz;
}

/*
 * test_fixes() - the proposed kernel fixes every test system gets:
 * $TKSIM_FIX (a --fix list, sim/fixes.h), none by default, so that a
 * suite written for the kernel can be run against a fix unchanged.
 */
static inline u64 test_fixes(void)
{
	static u64 fixes;
	static bool have;

	if (!have) {
		const char *env = getenv("TKSIM_FIX");

		ck_assert_msg(!env || !sim_fixes_parse(env, &fixes), "bad TKSIM_FIX '%s'", env);
		have = true;
		if (fixes)
			printf("# TKSIM_FIX=%s: every system runs the proposed fix\n", env);
	}
	return fixes;
}

/* A fresh system from @cfg (and test_fixes()); fails the test if it cannot be built. */
static inline struct sim_system *test_system(const struct sim_config *cfg)
{
	struct sim_config c = *cfg;
	struct sim_system *s;
	int err;

	c.fixes |= test_fixes();
	s = sim_system_new(&c, &err);
	ck_assert_msg(s != NULL, "cannot build system: %d", err);
	return s;
}

/* A clock read that must succeed, as full-width ns. */
static inline __int128 test_read_ns(struct sim_system *s, enum sim_path path, s32 clock)
{
	struct timespec64 ts;
	int ret = sim_clock_gettime(s, path, clock, &ts);

	ck_assert_msg(ret == 0, "CLOCK_%s via %s failed: %d", oracle_clock_name(clock),
		      path == SIM_PATH_VDSO ? "vdso" : "syscall", ret);
	return ts_to_ns(&ts);
}

/*
 * test_add_unless() - add a test unless the host cannot run it
 * @tc:  the test case
 * @fn:  the test
 * @why: NULL to add it; else the reason it cannot run here, printed as a
 *       SKIP line (the test is not run, so it can never count as a PASS)
 */
#define test_add_unless(tc, fn, why)                          \
	do {                                                  \
		const char *why_ = (why);                     \
		if (why_)                                     \
			printf("# SKIP %s: %s\n", #fn, why_); \
		else                                          \
			tcase_add_test(tc, fn);               \
	} while (0)

/*
 * Run one suite and return the process exit status.  Under `make
 * check-valgrind` (whose test environment sets $VALGRIND) the test cases
 * tagged "realtime" are left out: valgrind runs one thread at a time and
 * emulates the TSC, so tests of real threads, real time and the host's
 * clocks mean nothing there.  The deterministic tests cover the same code.
 * A suite in which no test ran exits 77, automake's SKIP.
 */
static inline int test_run_suite(Suite *s)
{
	SRunner *sr;
	int failed, ran;

	if (getenv("VALGRIND") && !getenv("CK_EXCLUDE_TAGS"))
		setenv("CK_EXCLUDE_TAGS", "realtime", 1);
	sr = srunner_create(s);

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	ran = srunner_ntests_run(sr);
	srunner_free(sr);
	if (failed)
		return EXIT_FAILURE;
	/* Nothing ran (every test skipped by test_add_unless()): automake's SKIP. */
	return ran ? EXIT_SUCCESS : 77;
}

#endif /* TKSIM_TESTS_CHECK_UTIL_H */
