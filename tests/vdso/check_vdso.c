// SPDX-License-Identifier: GPL-2.0
// Tests of vdso/gettimeofday.c (lib/vdso/gettimeofday.c, v6.15): every entry point against the
// kernel-side path, fallbacks, invalid ids, getres, gettimeofday, time and the 32-bit ABI.
#include <errno.h>
#include <limits.h>

#include "tests/check_util.h"
#include "timekeeper/timekeeping.h"
#include "vdso/gettimeofday.h"
#include "vdso/helpers.h"

static struct sim_system *default_system(void)
{
	struct sim_config cfg;

	sim_config_default(&cfg);
	return test_system(&cfg);
}

/* For random instants and every clock: vDSO == kernel-side, exactly (and the other properties). */
START_TEST(test_vdso_equals_syscall_random_instants)
{
	struct sim_system *s = default_system();
	struct oracle_mono m = { 0 };
	struct oracle_stats st = { 0 };
	struct sim_rng rng;
	char why[256];

	sim_rng_seed(&rng, test_seed());
	for (int i = 0; i < 20000; i++) {
		sim_advance_ns(s, sim_rng_below(&rng, 2 * s->tick_period_ns) + 1);
		ck_assert_msg(oracle_check_instant(s, &m, &st, why, sizeof(why)) == 0,
			      "seed %" PRIu64 " step %d: %s", test_seed(), i, why);
	}
	ck_assert(st.max_vdso_diff_ns == 0);
	ck_assert_uint_eq(st.checks, 20000);
	sim_system_free(s);
}
END_TEST

/* Invalid ids give -EINVAL on both paths, for gettime, getres and the 32-bit entries. */
START_TEST(test_invalid_clock_ids)
{
	static const s32 ids[] = { -1, 12, 13, 14, 15, TK_NR_CLOCKIDS, INT_MIN, INT_MAX,
				   /* served by the kernel but not by tksim's timekeeper */
				   TK_CLOCK_PROCESS_CPUTIME_ID, TK_CLOCK_THREAD_CPUTIME_ID };
	struct sim_system *s = default_system();

	sim_advance_ns(s, NSEC_PER_SEC);
	for (size_t i = 0; i < sizeof(ids) / sizeof(ids[0]); i++) {
		struct timespec64 ts = { 0 };
		struct old_timespec32 t32 = { 0 };

		ck_assert_int_eq(sim_clock_gettime(s, SIM_PATH_VDSO, ids[i], &ts), -EINVAL);
		ck_assert_int_eq(sim_clock_gettime(s, SIM_PATH_SYSCALL, ids[i], &ts), -EINVAL);
		ck_assert_int_eq(sim_clock_getres(s, SIM_PATH_VDSO, ids[i], &ts), -EINVAL);
		ck_assert_int_eq(sim_clock_getres(s, SIM_PATH_SYSCALL, ids[i], &ts), -EINVAL);
		ck_assert_int_eq(cvdso_clock_gettime32(&s->k.vdata, ids[i], &t32), -EINVAL);
		ck_assert_int_eq(cvdso_clock_getres_time32(&s->k.vdata, ids[i], &t32), -EINVAL);
	}
	sim_system_free(s);
}
END_TEST

/* getres: hrtimer_res for fine and raw clocks, TICK_NSEC for coarse ones, both paths. */
START_TEST(test_getres)
{
	static const struct {
		unsigned int hz;
		long tick_nsec;
	} cases[] = { { 1000, 1000000 }, { 250, 4000000 }, { 300, 3333333 }, { 100, 10000000 } };

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct sim_config cfg;
		struct sim_system *s;

		sim_config_default(&cfg);
		cfg.hz = cases[i].hz;
		cfg.hrtimer_res = 1;
		s = test_system(&cfg);
		for (unsigned int j = 0; j < oracle_nr_clocks; j++) {
			s32 c = oracle_clocks[j];
			long want =
				(c == TK_CLOCK_REALTIME_COARSE || c == TK_CLOCK_MONOTONIC_COARSE)
					? cases[i].tick_nsec
					: 1;
			struct timespec64 rv, rk;

			ck_assert_int_eq(sim_clock_getres(s, SIM_PATH_VDSO, c, &rv), 0);
			ck_assert_int_eq(sim_clock_getres(s, SIM_PATH_SYSCALL, c, &rk), 0);
			ck_assert_msg(rv.tv_sec == 0 && rv.tv_nsec == want, "HZ %u CLOCK_%s: %ld",
				      cases[i].hz, oracle_clock_name(c), rv.tv_nsec);
			ck_assert(rk.tv_sec == 0 && rk.tv_nsec == want);
			/* A NULL result is allowed. */
			ck_assert_int_eq(sim_clock_getres(s, SIM_PATH_VDSO, c, NULL), 0);
		}
		sim_system_free(s);
	}
}
END_TEST

/* gettimeofday: us = ns / 1000 of REALTIME at the same instant; tz copied; NULLs allowed. */
START_TEST(test_gettimeofday)
{
	struct sim_system *s = default_system();
	struct tk_timezone tz_set = { .tz_minuteswest = -120, .tz_dsttime = 1 }, tz = { 0, 0 };
	struct tk_timeval tv, tk;
	struct timespec64 ts;

	sim_advance_ns(s, 1234567891);
	ck_assert_int_eq(timekeeping_set_tz(&s->k, &tz_set), 0);
	ck_assert_int_eq(cvdso_gettimeofday(&s->k.vdata, &tv, &tz), 0);
	ck_assert_int_eq(sim_clock_gettime(s, SIM_PATH_VDSO, TK_CLOCK_REALTIME, &ts), 0);
	ck_assert_int_eq(tv.tv_sec, ts.tv_sec);
	ck_assert_int_eq(tv.tv_usec, ts.tv_nsec / 1000);
	ck_assert_int_eq(tz.tz_minuteswest, -120);
	ck_assert_int_eq(tz.tz_dsttime, 1);
	ck_assert_int_eq(tk_sys_gettimeofday(&s->k, &tk, NULL), 0);
	ck_assert(tk.tv_sec == tv.tv_sec && tk.tv_usec == tv.tv_usec);
	ck_assert_int_eq(cvdso_gettimeofday(&s->k.vdata, NULL, NULL), 0);
	/* The kernel's timezone bounds: +/- 15 h. */
	tz_set.tz_minuteswest = 15 * 60 + 1;
	ck_assert_int_eq(timekeeping_set_tz(&s->k, &tz_set), -EINVAL);
	sim_system_free(s);
}
END_TEST

/* time() is the REALTIME second of the last update: never ahead of clock_gettime, may lag. */
START_TEST(test_time_lags_realtime)
{
	struct sim_system *s = default_system();
	bool lagged = false;

	for (int i = 0; i < 3000; i++) {
		struct timespec64 ts;
		time64_t t;

		sim_advance_ns(s, 333333);
		ck_assert_int_eq(sim_clock_gettime(s, SIM_PATH_VDSO, TK_CLOCK_REALTIME, &ts), 0);
		t = sim_time(s, SIM_PATH_VDSO);
		ck_assert_int_le(t, ts.tv_sec);
		ck_assert_int_eq(t, sim_time(s, SIM_PATH_SYSCALL));
		lagged |= t < ts.tv_sec;
	}
	/* Just after each second boundary, before the tick, time() is one behind. */
	ck_assert(lagged);
	sim_system_free(s);
}
END_TEST

/* clock_mode NONE: the hres bases go stale, so only a real fallback stays equal to the kernel. */
START_TEST(test_clock_mode_none_falls_back)
{
	struct sim_config cfg;
	struct sim_system *s;
	struct sim_rng rng;
	char why[256];

	sim_config_default(&cfg);
	s = test_system(&cfg);
	s->counter.cs.vdso_clock_mode = VDSO_CLOCKMODE_NONE;
	sim_rng_seed(&rng, test_seed());
	for (int i = 0; i < 2000; i++) {
		sim_advance_ns(s, sim_rng_below(&rng, 5 * NSEC_PER_MSEC) + 1);
		ck_assert_msg(oracle_check_instant(s, NULL, NULL, why, sizeof(why)) == 0,
			      "seed %" PRIu64 ": %s", test_seed(), why);
	}
	ck_assert_int_eq(READ_ONCE(s->k.vdata.clock_data[CS_HRES_COARSE].clock_mode),
			 VDSO_CLOCKMODE_NONE);
	sim_system_free(s);
}
END_TEST

/* The 32-bit ABI truncates seconds past 2038, on the vDSO path and the fallback alike. */
START_TEST(test_time32_truncates)
{
	struct sim_config cfg;
	struct sim_system *s;
	struct old_timespec32 t32;
	struct old_timeval32 tv32;
	struct timespec64 ts;
	s32 t;

	sim_config_default(&cfg);
	cfg.wall_time.tv_sec = (1LL << 31) + 100;
	s = test_system(&cfg);
	sim_advance_ns(s, 2 * NSEC_PER_SEC + 5);
	ck_assert_int_eq(sim_clock_gettime(s, SIM_PATH_VDSO, TK_CLOCK_REALTIME, &ts), 0);
	ck_assert_int_eq(cvdso_clock_gettime32(&s->k.vdata, TK_CLOCK_REALTIME, &t32), 0);
	ck_assert_int_eq(t32.tv_sec, (s32)ts.tv_sec);
	ck_assert_int_lt(t32.tv_sec, 0);
	ck_assert_int_eq(t32.tv_nsec, ts.tv_nsec);
	ck_assert_int_eq(cvdso_gettimeofday32(&s->k.vdata, &tv32, NULL), 0);
	ck_assert_int_eq(tv32.tv_sec, (s32)ts.tv_sec);
	ck_assert_int_eq(cvdso_time32(&s->k.vdata, &t), t);
	ck_assert_int_eq(t, (s32)sim_time(s, SIM_PATH_VDSO));
	/* MONOTONIC is small and survives intact. */
	ck_assert_int_eq(cvdso_clock_gettime32(&s->k.vdata, TK_CLOCK_MONOTONIC, &t32), 0);
	ck_assert_int_eq(sim_clock_gettime(s, SIM_PATH_VDSO, TK_CLOCK_MONOTONIC, &ts), 0);
	ck_assert(t32.tv_sec == ts.tv_sec && t32.tv_nsec == ts.tv_nsec);
	sim_system_free(s);
}
END_TEST

/* The seqcount: a read section that overlaps a write section must retry. */
START_TEST(test_seqcount_retry)
{
	struct sim_system *s = default_system();
	struct vdso_time_data *vd = &s->k.vdata;
	u32 seq = vdso_read_begin(&vd->clock_data[CS_HRES_COARSE]);

	ck_assert(!vdso_read_retry(&vd->clock_data[CS_HRES_COARSE], seq));
	vdso_write_begin(vd);
	ck_assert(vd->clock_data[CS_HRES_COARSE].seq & 1);
	ck_assert(vd->clock_data[CS_RAW].seq & 1);
	vdso_write_end(vd);
	ck_assert(vdso_read_retry(&vd->clock_data[CS_HRES_COARSE], seq));
	ck_assert(!(vd->clock_data[CS_HRES_COARSE].seq & 1));
	/* Every tick publishes: both groups' seq move by two. */
	seq = vdso_read_begin(&vd->clock_data[CS_RAW]);
	sim_run_ticks(s, 1);
	ck_assert_uint_eq(READ_ONCE(vd->clock_data[CS_RAW].seq), seq + 2);
	sim_system_free(s);
}
END_TEST

/* coarse <= fine, and coarse values are the base at the last tick, exactly. */
START_TEST(test_coarse_is_tick_base)
{
	struct sim_system *s = default_system();
	__int128 c0, c1, f;

	sim_run_ticks(s, 1500);
	c0 = test_read_ns(s, SIM_PATH_VDSO, TK_CLOCK_MONOTONIC_COARSE);
	sim_advance_ns(s, s->tick_period_ns / 2);
	c1 = test_read_ns(s, SIM_PATH_VDSO, TK_CLOCK_MONOTONIC_COARSE);
	f = test_read_ns(s, SIM_PATH_VDSO, TK_CLOCK_MONOTONIC);
	ck_assert(c0 == c1);
	ck_assert(c1 <= f && f - c1 < 2 * (__int128)s->tick_period_ns);
	sim_system_free(s);
}
END_TEST

static Suite *vdso_suite(void)
{
	Suite *s = suite_create("vdso");
	TCase *tc = tcase_create("read path");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_vdso_equals_syscall_random_instants);
	tcase_add_test(tc, test_invalid_clock_ids);
	tcase_add_test(tc, test_getres);
	tcase_add_test(tc, test_gettimeofday);
	tcase_add_test(tc, test_time_lags_realtime);
	tcase_add_test(tc, test_clock_mode_none_falls_back);
	tcase_add_test(tc, test_time32_truncates);
	tcase_add_test(tc, test_seqcount_retry);
	tcase_add_test(tc, test_coarse_is_tick_base);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	test_seed();
	return test_run_suite(vdso_suite());
}
