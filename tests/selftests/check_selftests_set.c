// SPDX-License-Identifier: GPL-2.0
// Ports of tools/testing/selftests/timers/{leap-a-day,set-tai,set-tz,set-2038}.c.
/*
 * The kernel's clock-setting selftests on a simulated kernel: no root, no
 * real clock touched, and every run deterministic.  Sleeps are virtual
 * time with ticks; the CLOCK_REALTIME timers of leap-a-day expire on the
 * hrtimer's view of REALTIME, ktime_get_update_offsets_now().
 */
#include <errno.h>
#include <string.h>

#include "tests/check_ntp_util.h"
#include "timekeeper/time64.h"
#include "vdso/gettimeofday.h"

/*
 * REALTIME as an hrtimer sees it (ns): MONOTONIC plus the offset that
 * ktime_get_update_offsets_now() hands the hrtimer base, what decides when
 * a REALTIME timer fires (timekeeper/timekeeping_hrtimer.c, tested on its
 * own in tests/timekeeper/check_hrtimer.c).
 */
static __int128 hrtimer_realtime_ns(struct sim_system *s)
{
	u32 cwsseq = ~0u;
	ktime_t offs_real, offs_boot, offs_tai;
	ktime_t mono =
		ktime_get_update_offsets_now(&s->k, &cwsseq, &offs_real, &offs_boot, &offs_tai);

	return (__int128)mono + offs_real;
}

/* clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME): advance in 1 ms steps until the timer fires. */
static void sleep_until_realtime(struct sim_system *s, __int128 target_ns)
{
	while (hrtimer_realtime_ns(s) < target_ns)
		sim_advance_ns(s, NSEC_PER_MSEC);
}

/* leap-a-day.c's clear_time_state(): STA_PLL, maxerror 0, then status 0. */
static void clear_time_state(struct sim_system *s)
{
	struct tk_timex tx = { .modes = ADJ_STATUS, .status = STA_PLL };

	tx_do(s, &tx);
	tx = (struct tk_timex){ .modes = ADJ_MAXERROR, .maxerror = 0 };
	tx_do(s, &tx);
	tx = (struct tk_timex){ .modes = ADJ_STATUS, .status = 0 };
	tx_do(s, &tx);
}

/* Every clock but REALTIME must move by the time elapsed, to within 1000 ppm. */
static void assert_continuous(s32 clock, __int128 before, __int128 after, u64 dt, time64_t leap)
{
	__int128 d = after - before;

	NTP_CHECK(d >= (__int128)dt * 999 / 1000 && d <= (__int128)dt * 1001 / 1000 + 1,
		  "leap at %" PRId64 ": CLOCK_%s moved %" PRId64 " ns in %" PRIu64 " ns", leap,
		  oracle_clock_name(clock), (s64)d, dt);
}

/*
 * One iteration of leap-a-day -s: set the time to 10 s before the next UTC
 * midnight, clear the NTP state, arm an insertion or deletion and a
 * REALTIME timer at midnight, and watch adjtimex() and every clock from
 * 3 s before to 2 s after (every ms rather than every 0.5 s).
 */
static void leap_a_day(struct sim_system *s, bool insert)
{
	static const s32 cont[] = { TK_CLOCK_MONOTONIC, TK_CLOCK_MONOTONIC_RAW, TK_CLOCK_BOOTTIME,
				    TK_CLOCK_TAI };
	struct timespec64 ts, rt;
	struct tk_timex tx;
	time64_t next_leap;
	__int128 prev[4], prev_rt = 0, prev_adj_tai = 0;
	int states[8], nr_states = 0, tai0, st, jumps = 0;
	u64 prev_t = 0, first59 = 0, last59 = 0;
	bool armed = true, fired = false;

	sim_clock_gettime(s, SIM_PATH_VDSO, TK_CLOCK_REALTIME, &ts);
	next_leap = ts.tv_sec + 86400 - ts.tv_sec % 86400;
	ts = (struct timespec64){ .tv_sec = next_leap - 10 };
	ck_assert_int_eq(do_settimeofday64(&s->k, &ts), 0);
	clear_time_state(s);

	tx = (struct tk_timex){ .modes = ADJ_STATUS, .status = insert ? STA_INS : STA_DEL };
	ck_assert_int_ge(tx_do(s, &tx), 0);
	tx_read(s, &tx);
	ck_assert_msg(tx.status == STA_INS || tx.status == STA_DEL, "STA_INS/STA_DEL not set: %d",
		      tx.status);
	tai0 = tx.tai;

	sleep_until_realtime(s, ((__int128)next_leap - 3) * NSEC_PER_SEC);
	tx_read(s, &tx);
	ck_assert_msg(tx.status == (insert ? STA_INS : STA_DEL), "something cleared the leap flag");

	do {
		st = tx_read(s, &tx);
		if (!nr_states || states[nr_states - 1] != st) {
			NTP_CHECK(nr_states < 8, "too many state changes");
			states[nr_states++] = st;
		}
		sim_clock_gettime(s, SIM_PATH_VDSO, TK_CLOCK_REALTIME, &rt);
		if (rt.tv_sec == next_leap - 1) {
			if (!first59)
				first59 = s->now_ns;
			last59 = s->now_ns;
		}
		/* adjtimex()'s own TAI (time + tai, 23:59:60 included) never goes back. */
		NTP_CHECK((__int128)tx.time.tv_sec + tx.tai >= prev_adj_tai,
			  "adjtimex time went back at the leap");
		prev_adj_tai = (__int128)tx.time.tv_sec + tx.tai;

		for (int i = 0; i < 4; i++) {
			__int128 v = clock_ns(s, SIM_PATH_VDSO, cont[i]);

			if (prev_t)
				assert_continuous(cont[i], prev[i], v, s->now_ns - prev_t,
						  next_leap);
			prev[i] = v;
		}
		if (prev_t) {
			__int128 d = ts_to_ns(&rt) - prev_rt - (__int128)(s->now_ns - prev_t);

			if (d < -NSEC_PER_SEC / 2 || d > NSEC_PER_SEC / 2) {
				/* A step of one second the right way, once. */
				ck_assert_msg(insert ? d < 0 : d > 0,
					      "REALTIME stepped the wrong way");
				ck_assert(d > -NSEC_PER_SEC - NSEC_PER_MSEC &&
					  d < NSEC_PER_SEC + NSEC_PER_MSEC);
				jumps++;
			}
		}
		prev_rt = ts_to_ns(&rt);
		prev_t = s->now_ns;

		/* sigalarm(): the REALTIME timer at midnight must not fire early. */
		if (armed && hrtimer_realtime_ns(s) >= (__int128)next_leap * NSEC_PER_SEC) {
			int ret = tx_read(s, &tx);

			armed = false;
			fired = true;
			ck_assert_msg(tx.time.tv_sec >= next_leap, "early timer expiration (%s)",
				      insert ? "insert" : "delete");
			ck_assert_msg(ret == TIME_WAIT, "timer fired in state %d, not TIME_WAIT",
				      ret);
		}
		sim_advance_ns(s, NSEC_PER_MSEC);
	} while (tx.time.tv_sec < next_leap + 2);

	ck_assert(fired);
	ck_assert_int_eq(jumps, 1);
	tx_read(s, &tx);
	ck_assert_int_eq(tx.tai, tai0 + (insert ? 1 : -1));
	if (insert) {
		ck_assert_msg(nr_states == 3 && states[0] == TIME_INS && states[1] == TIME_OOP &&
				      states[2] == TIME_WAIT,
			      "insert: states %d %d %d (%d)", states[0], states[1], states[2],
			      nr_states);
		/*
		 * 23:59:59 shown twice: for two seconds of true time, to within
		 * two ticks (the step waits for the tick whose accumulation
		 * crosses midnight, and up to an interval stays unaccumulated).
		 */
		ck_assert_msg(last59 - first59 > 2 * NSEC_PER_SEC - 2 * s->tick_period_ns -
							 NSEC_PER_MSEC &&
				      last59 - first59 < 2 * NSEC_PER_SEC + 2 * s->tick_period_ns,
			      "23:59:59 lasted %" PRIu64 " ns", last59 - first59);
	} else {
		ck_assert_msg(nr_states == 2 && states[0] == TIME_DEL && states[1] == TIME_WAIT,
			      "delete: states %d %d (%d)", states[0], states[1], nr_states);
		/* 23:59:59 skipped: seen at most until the tick that accumulates it (two ticks). */
		ck_assert_msg(!first59 || last59 - first59 < 2 * s->tick_period_ns,
			      "23:59:59 lasted %" PRIu64 " ns", last59 - first59);
	}

	/* test_hrtimer_failure(): a 0.5 s absolute REALTIME sleep does not end early. */
	sim_clock_gettime(s, SIM_PATH_VDSO, TK_CLOCK_REALTIME, &rt);
	sleep_until_realtime(s, ts_to_ns(&rt) + NSEC_PER_SEC / 2);
	ck_assert(test_read_ns(s, SIM_PATH_VDSO, TK_CLOCK_REALTIME) >=
		  ts_to_ns(&rt) + NSEC_PER_SEC / 2);
}

/* leap-a-day -s -i 4 at two tick rates: insert, delete, insert, delete. */
START_TEST(test_leap_a_day)
{
	static const unsigned int hzs[] = { 100, 1000 };

	for (size_t h = 0; h < 2; h++) {
		struct sim_system *s = ntp_system(hzs[h]);
		bool insert = true;

		for (int i = 0; i < 4; i++) {
			leap_a_day(s, insert);
			insert = !insert;
		}
		clear_time_state(s);
		sim_system_free(s);
	}
}
END_TEST

/* set-tai.c: ADJ_TAI 1..60 reads back; CLOCK_TAI follows. */
START_TEST(test_set_tai)
{
	struct sim_system *s = ntp_system(1000);

	for (int i = 1; i <= 60; i++) {
		struct tk_timex tx = { .modes = ADJ_TAI, .constant = i };

		ck_assert_int_ge(tx_do(s, &tx), 0);
		tx_read(s, &tx);
		ck_assert_int_eq(tx.tai, i);
		ck_assert(test_read_ns(s, SIM_PATH_VDSO, TK_CLOCK_TAI) -
				  test_read_ns(s, SIM_PATH_VDSO, TK_CLOCK_REALTIME) ==
			  (__int128)i * NSEC_PER_SEC);
		sim_advance_ns(s, 12345678);
	}
	sim_system_free(s);
}
END_TEST

/* gettimeofday()'s timezone, through the vDSO and the syscall (which must agree). */
static int get_tz(struct sim_system *s, struct tk_timezone *tz)
{
	struct tk_timezone k = { -1, -1 };
	struct tk_timeval tv;

	*tz = (struct tk_timezone){ -1, -1 };
	ck_assert_int_eq(cvdso_gettimeofday(&s->k.vdata, &tv, tz), 0);
	ck_assert_int_eq(tk_sys_gettimeofday(&s->k, &tv, &k), 0);
	ck_assert_int_eq(k.tz_minuteswest, tz->tz_minuteswest);
	ck_assert_int_eq(k.tz_dsttime, tz->tz_dsttime);
	return tz->tz_minuteswest;
}

/* set-tz.c: -900 ... 870 in steps of 30 round-trip; -901, 901, -1440, 1440 fail. */
START_TEST(test_set_tz)
{
	static const int bad[] = { -15 * 60 - 1, 15 * 60 + 1, -24 * 60, 24 * 60 };
	struct sim_system *s = ntp_system(1000);
	struct tk_timezone tz;
	int min, dst;

	get_tz(s, &tz);
	min = tz.tz_minuteswest;
	dst = tz.tz_dsttime;
	for (int i = -15 * 60; i < 15 * 60; i += 30) {
		struct tk_timezone set = { i, dst };

		tk_sys_settimeofday(&s->k, NULL, &set, true);
		ck_assert_int_eq(get_tz(s, &tz), i);
	}
	for (size_t i = 0; i < 4; i++) {
		struct tk_timezone set = { bad[i], dst };

		ck_assert_int_eq(tk_sys_settimeofday(&s->k, NULL, &set, true), -EINVAL);
		ck_assert_int_eq(get_tz(s, &tz), 15 * 60 - 30);
	}
	tz = (struct tk_timezone){ min, 1 };
	ck_assert_int_eq(tk_sys_settimeofday(&s->k, NULL, &tz, true), 0);
	get_tz(s, &tz);
	ck_assert_int_eq(tz.tz_dsttime, 1);
	sim_system_free(s);
}
END_TEST

/* settime() of set-2038.c: settimeofday() with whole seconds. */
static int settime(struct sim_system *s, long long t)
{
	struct tk_timeval tv = { .tv_sec = t, .tv_usec = 0 };

	return tk_sys_settimeofday(&s->k, &tv, NULL, true);
}

/* do_tests(): inconsistency-check -c 0 -t 20, here over every clock, plus the 32-bit view. */
static void do_tests(struct sim_system *s, struct sim_rng *rng, u64 seed)
{
	struct old_timespec32 t32;
	struct timespec64 t64;

	consistency_check(s, rng, 20 * NSEC_PER_SEC, 5 * NSEC_PER_MSEC, true, seed);
	/* The time32 vDSO entry truncates the seconds, as the kernel's does. */
	ck_assert_int_eq(cvdso_clock_gettime32(&s->k.vdata, TK_CLOCK_REALTIME, &t32), 0);
	sim_clock_gettime(s, SIM_PATH_VDSO, TK_CLOCK_REALTIME, &t64);
	ck_assert_int_eq(t32.tv_sec, (s32)t64.tv_sec);
	ck_assert_int_eq(t32.tv_nsec, t64.tv_nsec);
}

/*
 * set-2038.c: crazy values refused (and, since TIME_SETTOD_SEC_MAX, also
 * KTIME_SEC_MAX - 600, whose result the selftest ignores); consistency near
 * 1970, before and across 2^31, and near the latest settable time.  Near
 * KTIME_SEC_MAX itself a system is booted there, since no setter may go.
 */
START_TEST(test_set_2038)
{
	struct sim_system *s;
	struct sim_config cfg;
	struct sim_rng rng;
	struct kstate_tk {
		struct timekeeper tk;
	} before, after;

	sim_rng_seed(&rng, test_seed());
	sim_config_default(&cfg);
	cfg.boot_offset = (struct timespec64){ 0, 0 };
	s = test_system(&cfg);
	sim_advance_ns(s, NSEC_PER_SEC / 2);

	tk_snapshot(&s->k, &before.tk);
	ck_assert_int_eq(settime(s, -0x7fffffffL), -EINVAL);
	ck_assert_int_eq(settime(s, (long long)((1ULL << 63) - 1)), -EINVAL);
	ck_assert_int_eq(settime(s, KTIME_SEC_MAX), -EINVAL);
	ck_assert_int_eq(settime(s, KTIME_SEC_MAX - 600), -EINVAL);
	ck_assert_int_eq(settime(s, TIME_SETTOD_SEC_MAX), -EINVAL);
	tk_snapshot(&s->k, &after.tk);
	ck_assert(memcmp(&before, &after, sizeof(before)) == 0);

	/* YEAR_1970: allowed while MONOTONIC (0.5 s here) is below it. */
	ck_assert_int_eq(settime(s, 1), 0);
	do_tests(s, &rng, test_seed());
	/* Now MONOTONIC is 20 s: 1970 + 1 s would put REALTIME before boot. */
	ck_assert_int_eq(settime(s, 1), -EINVAL);

	ck_assert_int_eq(settime(s, 0x7fffffffL - 600), 0);
	do_tests(s, &rng, test_seed());
	ck_assert_int_eq(settime(s, 0x7fffffffL - 10), 0);
	do_tests(s, &rng, test_seed());
	ck_assert_int_gt(test_read_ns(s, SIM_PATH_VDSO, TK_CLOCK_REALTIME),
			 (__int128)0x80000000LL * NSEC_PER_SEC);

	ck_assert_int_eq(settime(s, TIME_SETTOD_SEC_MAX - 600), 0);
	do_tests(s, &rng, test_seed());
	sim_system_free(s);

	/* YEAR_2262 - 600: booted there. */
	cfg.wall_time = (struct timespec64){ .tv_sec = KTIME_SEC_MAX - 600 };
	s = test_system(&cfg);
	do_tests(s, &rng, test_seed());
	ck_assert_int_gt(test_read_ns(s, SIM_PATH_VDSO, TK_CLOCK_REALTIME),
			 ((__int128)KTIME_SEC_MAX - 600) * NSEC_PER_SEC);
	sim_system_free(s);
}
END_TEST

static Suite *selftests_set_suite(void)
{
	Suite *s = suite_create("selftests-set");
	TCase *tc = tcase_create("timers");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_leap_a_day);
	tcase_add_test(tc, test_set_tai);
	tcase_add_test(tc, test_set_tz);
	tcase_add_test(tc, test_set_2038);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	test_seed();
	return test_run_suite(selftests_set_suite());
}
