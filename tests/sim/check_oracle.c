// SPDX-License-Identifier: GPL-2.0
// Tests of sim/oracle.c (tksim's own): every property, shown to fail on a broken system.
#include <string.h>

#include "tests/check_util.h"
#include "timekeeper/timekeeping_internal.h"
#include "vdso/helpers.h"

static struct sim_system *ticking_system(void)
{
	struct sim_config cfg;
	struct sim_system *s;

	sim_config_default(&cfg);
	s = test_system(&cfg);
	sim_run_ticks(s, 1234);
	sim_advance_ns(s, s->tick_period_ns / 2);
	return s;
}

/* Publish a change made to the shadow timekeeper, as a kernel bug would. */
static void publish(struct sim_system *s)
{
	pthread_mutex_lock(&s->k.tk_core.lock);
	timekeeping_update_from_shadow(&s->k, 0);
	pthread_mutex_unlock(&s->k.tk_core.lock);
}

/* The kernel's threadtest comparator misses {5 s, 100 ns} -> {4 s, 200 ns}; the full-width one does
 * not. */
START_TEST(test_mono_catches_backwards)
{
	struct oracle_mono m = { 0 };
	struct timespec64 a = { 5, 100 }, b = { 4, 200 }, c = { 4, 200 };
	char why[256];

	ck_assert_int_eq(oracle_mono_check(&m, TK_CLOCK_MONOTONIC, &a, why, sizeof(why)), 0);
	ck_assert_int_eq(oracle_mono_check(&m, TK_CLOCK_MONOTONIC, &b, why, sizeof(why)), -1);
	ck_assert_ptr_nonnull(strstr(why, "CLOCK_MONOTONIC went back"));
	ck_assert_ptr_nonnull(strstr(why, "5.000000100 then 4.000000200"));
	/* Equal values are fine; REALTIME may step back (settimeofday, leap). */
	ck_assert_int_eq(oracle_mono_check(&m, TK_CLOCK_MONOTONIC, &c, why, sizeof(why)), 0);
	ck_assert_int_eq(oracle_mono_check(&m, TK_CLOCK_REALTIME, &a, why, sizeof(why)), 0);
	ck_assert_int_eq(oracle_mono_check(&m, TK_CLOCK_REALTIME, &b, why, sizeof(why)), 0);
	ck_assert_int_eq(oracle_mono_check(&m, -1, &b, why, sizeof(why)), 0);
}
END_TEST

/* A vvar page that disagrees with the kernel by one shifted unit's worth of ns is caught. */
START_TEST(test_instant_catches_vdso_mismatch)
{
	struct sim_system *s = ticking_system();
	struct vdso_time_data *vd = &s->k.vdata;
	struct vdso_clock *vc = &vd->clock_data[CS_HRES_COARSE];
	char why[256];

	ck_assert_int_eq(oracle_check_instant(s, NULL, NULL, why, sizeof(why)), 0);
	vdso_write_begin(vd);
	WRITE_ONCE(vc->basetime[TK_CLOCK_TAI].nsec,
		   vc->basetime[TK_CLOCK_TAI].nsec + ((u64)1 << vc->shift));
	vdso_write_end(vd);
	ck_assert_int_eq(oracle_check_instant(s, NULL, NULL, why, sizeof(why)), -1);
	ck_assert_ptr_nonnull(strstr(why, "CLOCK_TAI: vdso"));
	sim_system_free(s);
}
END_TEST

/* Coarse time ahead of fine time on both paths is caught. */
START_TEST(test_instant_catches_coarse_ahead)
{
	struct sim_system *s = ticking_system();
	char why[256];

	s->k.tk_core.shadow_timekeeper.coarse_nsec += 900000;
	publish(s);
	ck_assert_int_eq(oracle_check_instant(s, NULL, NULL, why, sizeof(why)), -1);
	ck_assert_ptr_nonnull(strstr(why, "_COARSE"));
	ck_assert_ptr_nonnull(strstr(why, "is ahead of"));
	sim_system_free(s);
}
END_TEST

/* A monotonic clock that goes back between two instants is caught through check_instant. */
START_TEST(test_instant_catches_backwards_step)
{
	struct sim_system *s = ticking_system();
	struct oracle_mono m = { 0 };
	struct timespec64 wtm;
	char why[256];

	ck_assert_int_eq(oracle_check_instant(s, &m, NULL, why, sizeof(why)), 0);
	wtm = s->k.tk_core.shadow_timekeeper.wall_to_monotonic;
	wtm.tv_sec -= 1;
	tk_set_wall_to_mono(&s->k.tk_core.shadow_timekeeper, wtm);
	publish(s);
	ck_assert_int_eq(oracle_check_instant(s, &m, NULL, why, sizeof(why)), -1);
	ck_assert_ptr_nonnull(strstr(why, "CLOCK_MONOTONIC went back"));
	sim_system_free(s);
}
END_TEST

/* One lost shifted-ns unit of raw time is caught by the exact conversion. */
START_TEST(test_raw_exact_catches_one_unit)
{
	struct sim_system *s = ticking_system();
	struct tk_read_base *raw = &s->k.tk_core.shadow_timekeeper.tkr_raw;
	char why[256];

	ck_assert_int_eq(oracle_check_raw_exact(s, why, sizeof(why)), 0);
	/* Lose exactly 1 ns at the next read: a whole unit of 2^shift. */
	raw->xtime_nsec -= (u64)1 << raw->shift;
	publish(s);
	ck_assert_int_eq(oracle_check_raw_exact(s, why, sizeof(why)), -1);
	ck_assert_ptr_nonnull(strstr(why, "exact conversion"));
	sim_system_free(s);
}
END_TEST

/*
 * oracle_check_tick(): the instant checks and the exact conversion of the
 * MONOTONIC_RAW value they read, with one vDSO read of RAW for both.
 */
START_TEST(test_tick_checks_instant_and_raw)
{
	struct sim_system *s = ticking_system();
	struct tk_read_base *raw = &s->k.tk_core.shadow_timekeeper.tkr_raw;
	struct oracle_stats st = { 0 };
	struct oracle_mono m = { 0 };
	char why[256];

	ck_assert_int_eq(oracle_check_tick(s, &m, &st, why, sizeof(why)), 0);
	ck_assert_uint_eq(st.checks, 1);
	raw->xtime_nsec -= (u64)1 << raw->shift;
	publish(s);
	/* RAW is 1 ns lower on both paths: went back first (monotonicity memory), */
	ck_assert_int_eq(oracle_check_tick(s, &m, &st, why, sizeof(why)), -1);
	ck_assert_ptr_nonnull(strstr(why, "CLOCK_MONOTONIC_RAW went back"));
	/* and, without that memory, off the exact conversion. */
	ck_assert_int_eq(oracle_check_tick(s, NULL, &st, why, sizeof(why)), -1);
	ck_assert_ptr_nonnull(strstr(why, "CLOCK_MONOTONIC_RAW"));
	ck_assert_ptr_nonnull(strstr(why, "exact conversion"));
	ck_assert_uint_eq(st.checks, 2);
	sim_system_free(s);
}
END_TEST

START_TEST(test_format_ns)
{
	char buf[48];

	oracle_format_ns(buf, sizeof(buf), -1500000001);
	ck_assert_str_eq(buf, "-1.500000001");
	oracle_format_ns(buf, sizeof(buf), (__int128)KTIME_SEC_MAX * NSEC_PER_SEC * 4);
	ck_assert_str_eq(buf, "36893488144.000000000");
	ck_assert_str_eq(oracle_clock_name(TK_CLOCK_MONOTONIC_RAW), "MONOTONIC_RAW");
	ck_assert_str_eq(oracle_clock_name(12), "invalid"); /* 12..15: no clock */
}
END_TEST

static Suite *oracle_suite(void)
{
	Suite *s = suite_create("oracle");
	TCase *tc = tcase_create("properties fail when broken");

	tcase_add_test(tc, test_mono_catches_backwards);
	tcase_add_test(tc, test_instant_catches_vdso_mismatch);
	tcase_add_test(tc, test_instant_catches_coarse_ahead);
	tcase_add_test(tc, test_instant_catches_backwards_step);
	tcase_add_test(tc, test_raw_exact_catches_one_unit);
	tcase_add_test(tc, test_tick_checks_instant_and_raw);
	tcase_add_test(tc, test_format_ns);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return test_run_suite(oracle_suite());
}
