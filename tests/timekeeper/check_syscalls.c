// SPDX-License-Identifier: GPL-2.0
// Tests of timekeeper/syscalls.c: settimeofday, clock_settime, clock_adjtime in v6.15's order.
/*
 * kernel/time/time.c do_sys_settimeofday64() validates the time, then
 * checks CAP_SYS_TIME, then range-checks and stores the timezone, warps the
 * clock on the first timezone set without a time, then sets the time.
 * Every refused call here must leave the clocks and the timezone as they
 * were; the warp must step REALTIME by exactly tz_minuteswest minutes.
 */
#include <errno.h>

#include "tests/check_util.h"
#include "timekeeper/adjtimex.h"

/* What a refused call must not change: the clocks (same counter value) and the timezone. */
struct sys_state {
	__int128 real, mono, raw;
	struct tk_timezone tz;
};

static void state_take(struct sim_system *s, struct sys_state *st)
{
	st->real = test_read_ns(s, SIM_PATH_SYSCALL, TK_CLOCK_REALTIME);
	st->mono = test_read_ns(s, SIM_PATH_SYSCALL, TK_CLOCK_MONOTONIC);
	st->raw = test_read_ns(s, SIM_PATH_SYSCALL, TK_CLOCK_MONOTONIC_RAW);
	ck_assert_int_eq(tk_sys_gettimeofday(&s->k, NULL, &st->tz), 0);
}

static void assert_unchanged(struct sim_system *s, const struct sys_state *a, const char *what)
{
	struct sys_state b;

	state_take(s, &b);
	ck_assert_msg(a->real == b.real, "%s: REALTIME moved", what);
	ck_assert_msg(a->mono == b.mono && a->raw == b.raw, "%s: MONOTONIC moved", what);
	ck_assert_msg(a->tz.tz_minuteswest == b.tz.tz_minuteswest &&
			      a->tz.tz_dsttime == b.tz.tz_dsttime,
		      "%s: timezone changed to %d/%d", what, b.tz.tz_minuteswest, b.tz.tz_dsttime);
}

static struct sim_system *sys_system(void)
{
	struct sim_config cfg;
	struct sim_system *s;

	sim_config_default(&cfg);
	s = test_system(&cfg);
	sim_advance_ns(s, 3 * NSEC_PER_SEC + 777);
	return s;
}

/* Validate, then permission, then the timezone, then the time; a refusal changes nothing. */
START_TEST(test_settimeofday_order)
{
	struct sim_system *s = sys_system();
	const struct tk_timezone tz = { 120, 1 }, bad_tz = { 15 * 60 + 1, 0 };
	const struct tk_timeval bad_tv[] = { { -1, 0 }, { 5, -1 }, { 5, 1000000 }, { 5, 1000001 } };
	const struct tk_timeval tv = { 2000000000, 250000 };
	struct sys_state st;

	state_take(s, &st);
	/* An invalid time with a valid timezone: -EINVAL, the timezone not stored. */
	for (size_t i = 0; i < sizeof(bad_tv) / sizeof(bad_tv[0]); i++) {
		ck_assert_int_eq(tk_sys_settimeofday(&s->k, &bad_tv[i], &tz, true), -EINVAL);
		assert_unchanged(s, &st, "bad time, good tz");
		/* Validation comes before the permission check. */
		ck_assert_int_eq(tk_sys_settimeofday(&s->k, &bad_tv[i], &tz, false), -EINVAL);
		assert_unchanged(s, &st, "bad time, unprivileged");
	}
	/* Without CAP_SYS_TIME: -EPERM, even for a bad timezone (checked after). */
	ck_assert_int_eq(tk_sys_settimeofday(&s->k, &tv, &tz, false), -EPERM);
	assert_unchanged(s, &st, "unprivileged");
	ck_assert_int_eq(tk_sys_settimeofday(&s->k, NULL, &bad_tz, false), -EPERM);
	assert_unchanged(s, &st, "unprivileged bad tz");
	ck_assert_int_eq(tk_sys_settimeofday(&s->k, NULL, &bad_tz, true), -EINVAL);
	assert_unchanged(s, &st, "bad tz");
	/* Both good: both applied, and a time with the first timezone does not warp. */
	ck_assert_int_eq(tk_sys_settimeofday(&s->k, &tv, &tz, true), 0);
	ck_assert(test_read_ns(s, SIM_PATH_SYSCALL, TK_CLOCK_REALTIME) ==
		  (__int128)tv.tv_sec * NSEC_PER_SEC + tv.tv_usec * NSEC_PER_USEC);
	state_take(s, &st);
	ck_assert_int_eq(st.tz.tz_minuteswest, tz.tz_minuteswest);
	ck_assert_int_eq(st.tz.tz_dsttime, tz.tz_dsttime);
	ck_assert(!s->k.persistent_clock_is_local);
	/* That was the first timezone: a later one alone does not warp either. */
	ck_assert_int_eq(tk_sys_settimeofday(&s->k, NULL, &(struct tk_timezone){ 60, 0 }, true), 0);
	ck_assert(test_read_ns(s, SIM_PATH_SYSCALL, TK_CLOCK_REALTIME) == st.real);
	sim_system_free(s);
}
END_TEST

/* The first settimeofday(NULL, tz) steps REALTIME by tz_minuteswest minutes, once. */
START_TEST(test_warp_clock)
{
	static const int west[] = { 60, -90, 0 };

	for (size_t i = 0; i < sizeof(west) / sizeof(west[0]); i++) {
		struct sim_system *s = sys_system();
		struct tk_timezone tz = { west[i], 0 };
		struct sys_state a, b;
		__int128 step = (__int128)west[i] * 60 * NSEC_PER_SEC;

		/* Far enough from boot that a step back is allowed. */
		ck_assert_int_eq(do_settimeofday64(&s->k, &(struct timespec64){ 1767225600, 0 }),
				 0);
		state_take(s, &a);
		ck_assert_int_eq(tk_sys_settimeofday(&s->k, NULL, &tz, true), 0);
		state_take(s, &b);
		ck_assert_msg(b.real - a.real == step, "tz %d: REALTIME stepped %lld ns", west[i],
			      (long long)(b.real - a.real));
		ck_assert(b.mono == a.mono);
		ck_assert(s->k.persistent_clock_is_local == (west[i] != 0));
		/* Once only. */
		tz.tz_minuteswest = 30;
		ck_assert_int_eq(tk_sys_settimeofday(&s->k, NULL, &tz, true), 0);
		state_take(s, &a);
		ck_assert(a.real == b.real);
		sim_system_free(s);
	}
}
END_TEST

/* clock_settime: REALTIME only, with CAP_SYS_TIME; others -EINVAL, CPU clocks -EPERM. */
START_TEST(test_clock_settime)
{
	struct sim_system *s = sys_system();
	const struct timespec64 ts = { 1900000000, 5 }, bad = { 1900000000, NSEC_PER_SEC };
	struct sys_state st;

	state_take(s, &st);
	ck_assert_int_eq(tk_sys_clock_settime(&s->k, TK_CLOCK_REALTIME, &bad, false), -EINVAL);
	ck_assert_int_eq(tk_sys_clock_settime(&s->k, TK_CLOCK_REALTIME, &ts, false), -EPERM);
	for (s32 id = -1; id <= TK_NR_CLOCKIDS; id++) {
		int want = -EINVAL;

		if (id == TK_CLOCK_REALTIME)
			continue;
		if (id == TK_CLOCK_PROCESS_CPUTIME_ID || id == TK_CLOCK_THREAD_CPUTIME_ID)
			want = -EPERM;
		if (id >= TK_CLOCK_AUX && id <= TK_CLOCK_AUX_LAST)
			want = -ENODEV; /* an aux clock, disabled */
		ck_assert_msg(tk_sys_clock_settime(&s->k, id, &ts, true) == want, "clock %d", id);
	}
	assert_unchanged(s, &st, "refused clock_settime");
	ck_assert_int_eq(tk_sys_clock_settime(&s->k, TK_CLOCK_REALTIME, &ts, true), 0);
	ck_assert(test_read_ns(s, SIM_PATH_SYSCALL, TK_CLOCK_REALTIME) == ts_to_ns(&ts));
	/* clock_settime passes no timezone: the first settimeofday(NULL, tz) still warps. */
	ck_assert(!s->k.sys_tz_set);
	sim_system_free(s);
}
END_TEST

/* clock_adjtime: REALTIME is adjtimex; a disabled aux clock -ENODEV; another known clock
 * -EOPNOTSUPP, unknown -EINVAL. */
START_TEST(test_clock_adjtime)
{
	struct sim_system *s = sys_system();
	struct tk_timex tx = { .modes = ADJ_FREQUENCY, .freq = 100 << 16 };
	struct sys_state st;

	state_take(s, &st);
	ck_assert_int_eq(tk_sys_clock_adjtime(&s->k, TK_CLOCK_REALTIME, &tx, false), -EPERM);
	for (s32 id = -1; id <= TK_NR_CLOCKIDS; id++) {
		bool known = id >= 0 && id < TK_MAX_CLOCKS && id != TK_CLOCK_SGI_CYCLE &&
			     id <= TK_CLOCK_TAI;
		bool aux = id >= TK_CLOCK_AUX && id <= TK_CLOCK_AUX_LAST;

		if (id == TK_CLOCK_REALTIME)
			continue;
		tx = (struct tk_timex){ .modes = ADJ_FREQUENCY, .freq = 100 << 16 };
		ck_assert_msg(tk_sys_clock_adjtime(&s->k, id, &tx, true) == (aux     ? -ENODEV
									     : known ? -EOPNOTSUPP
										     : -EINVAL),
			      "clock %d", id);
	}
	assert_unchanged(s, &st, "refused clock_adjtime");
	ck_assert_int_eq(s->k.ntp.time_freq, 0);
	tx = (struct tk_timex){ .modes = ADJ_FREQUENCY, .freq = 100 << 16 };
	ck_assert_int_ge(tk_sys_clock_adjtime(&s->k, TK_CLOCK_REALTIME, &tx, true), 0);
	ck_assert_int_eq(tx.freq, 100 << 16);
	sim_system_free(s);
}
END_TEST

static Suite *syscalls_suite(void)
{
	Suite *s = suite_create("syscalls");
	TCase *tc = tcase_create("set");

	tcase_add_test(tc, test_settimeofday_order);
	tcase_add_test(tc, test_warp_clock);
	tcase_add_test(tc, test_clock_settime);
	tcase_add_test(tc, test_clock_adjtime);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return test_run_suite(syscalls_suite());
}
