// SPDX-License-Identifier: GPL-2.0
// Tests of timekeeper/timekeeping.c's accumulation edges (kernel/time/timekeeping.c, v6.15).
/*
 * The corners of timekeeping_advance() and timekeeping_forward_now() that
 * ordinary ticks never reach: the maxadj warning, a second borrowed back by
 * timekeeping_adjust() (skip_second_overflow), the maxshift clamp of a long
 * NOHZ gap, and the max_cycles chunks of timekeeping_forward_now().  Each
 * expectation is computed from the inputs (the timekeeper before the step,
 * the clocks observed), not from the code under test.
 */
#include "tests/check_util.h"
#include "timekeeper/adjtimex.h"

static struct sim_system *acc_system(unsigned int hz)
{
	struct sim_config cfg;

	sim_config_default(&cfg);
	cfg.hz = hz;
	return test_system(&cfg);
}

/*
 * The "Adjusting %s more than 11%" condition, counted: on a clocksource
 * allowing only 0.1 % (maxadj = mult / 1000), a 1 % longer tick (ADJ_TICK)
 * puts mult past it at every adjustment: the TK_ADV_FREQ one in adjtimex
 * and one per tick after.  At the 11 % of a real clocksource, nothing.
 */
START_TEST(test_maxadj_counted)
{
	struct sim_system *s = acc_system(100);
	struct clocksource *cs = s->k.tk_core.timekeeper.tkr_mono.clock;
	struct tk_timex tx = { .modes = ADJ_TICK, .tick = 10100 };
	struct timekeeper tk;
	u32 past = 0;

	sim_run_ticks(s, 100);
	tk_snapshot(&s->k, &tk);
	ck_assert_uint_eq(tk.maxadj_warnings, 0);
	ck_assert_int_ge(do_adjtimex(&s->k, &tx, true), 0);
	tk_snapshot(&s->k, &tk);
	ck_assert_uint_eq(tk.maxadj_warnings, 0); /* 1 % is within 11 % */
	cs->maxadj = cs->mult / 1000;
	tx = (struct tk_timex){ .modes = ADJ_TICK, .tick = 10000 };
	ck_assert_int_ge(do_adjtimex(&s->k, &tx, true), 0);
	tx = (struct tk_timex){ .modes = ADJ_TICK, .tick = 10100 };
	ck_assert_int_ge(do_adjtimex(&s->k, &tx, true), 0);
	tk_snapshot(&s->k, &tk);
	past = tk.tkr_mono.mult - cs->mult > cs->maxadj;
	ck_assert_uint_eq(past, 1);
	for (int i = 0; i < 20; i++) {
		sim_run_ticks(s, 1);
		tk_snapshot(&s->k, &tk);
		past += tk.tkr_mono.mult > cs->mult + cs->maxadj;
	}
	ck_assert_uint_eq(past, 21);
	ck_assert_uint_eq(tk.maxadj_warnings, past);
	sim_system_free(s);
}
END_TEST

/*
 * skip_second_overflow: REALTIME set to a whole second at a tick; 0.9 ms
 * later a 10 % longer tick is applied at once (TK_ADV_FREQ), and its
 * continuity correction (-offset * adj) pulls xtime_nsec below zero, so the
 * timekeeper borrows the second back.  Crossing that second again must not
 * run second_overflow() a second time: time_maxerror, which grows by
 * 500 us at each call, must have grown by 500 us per second boundary
 * REALTIME actually crossed.
 */
START_TEST(test_skip_second_overflow)
{
	struct sim_system *s = acc_system(1000);
	const struct timespec64 whole = { .tv_sec = 1800000000, .tv_nsec = 0 };
	struct tk_timex tx = { .modes = ADJ_TICK | ADJ_MAXERROR, .tick = 11000, .maxerror = 0 };
	struct timespec64 a, b;
	struct timekeeper tk;

	sim_run_ticks(s, 10);
	ck_assert_int_eq(do_settimeofday64(&s->k, &whole), 0);
	sim_advance_ns(s, 900 * NSEC_PER_USEC);
	ck_assert_int_eq(tk_sys_clock_gettime(&s->k, TK_CLOCK_REALTIME, &a), 0);
	ck_assert_int_ge(do_adjtimex(&s->k, &tx, true), 0);
	tk_snapshot(&s->k, &tk);
	ck_assert_msg(tk.xtime_sec == (u64)whole.tv_sec - 1 && tk.skip_second_overflow,
		      "the scenario did not borrow a second (xtime_sec %" PRIu64 ")", tk.xtime_sec);
	ck_assert_int_eq(s->k.ntp.time_maxerror, 0);
	sim_advance_ns(s, 2500 * NSEC_PER_MSEC);
	ck_assert_int_eq(tk_sys_clock_gettime(&s->k, TK_CLOCK_REALTIME, &b), 0);
	ck_assert_int_eq(s->k.ntp.time_maxerror, (b.tv_sec - a.tv_sec) * 500);
	sim_system_free(s);
}
END_TEST

/*
 * maxshift: a 2-hour NOHZ gap at HZ=1000 (longer than max_idle_ns, which
 * the kernel would not allow but tksim's engine does) is accumulated in
 * chunks of at most 2^maxshift intervals.  Unbounded, the first chunk of
 * 2^22 intervals would shift xtime_interval (about 2^44 shifted ns) past
 * 64 bits.  Two checks, each computed from the state before the tick:
 *  - MONOTONIC at the wake-up's counter value is the same before the tick
 *    (the reader's 128-bit path) and after it (continuity);
 *  - with mult unchanged through the loop, every interval adds the same
 *    e = ntp_tick - ((xtime_interval + xtime_remainder) << ntp_error_shift)
 *    to ntp_error, so it grows by exactly e * (intervals accumulated).
 */
START_TEST(test_maxshift_gap)
{
	struct sim_system *s = acc_system(1000);
	const u64 gap_ns = 7200 * NSEC_PER_SEC;
	struct timekeeper a, b;
	__int128 e, n, mono;

	sim_run_ticks(s, 10);
	tk_snapshot(&s->k, &a);
	sim_counter_set_time(&s->counter, s->now_ns + gap_ns);
	s->now_ns += gap_ns;
	mono = test_read_ns(s, SIM_PATH_SYSCALL, TK_CLOCK_MONOTONIC);
	update_wall_time(&s->k);
	ck_assert_msg(test_read_ns(s, SIM_PATH_SYSCALL, TK_CLOCK_MONOTONIC) == mono,
		      "MONOTONIC moved by the tick that ended the gap");
	tk_snapshot(&s->k, &b);
	ck_assert_uint_eq(a.ntp_tick, b.ntp_tick);
	n = (b.tkr_mono.cycle_last - a.tkr_mono.cycle_last) / a.cycle_interval;
	ck_assert((b.tkr_mono.cycle_last - a.tkr_mono.cycle_last) % a.cycle_interval == 0);
	ck_assert(n > (1 << 22));
	e = (__int128)a.ntp_tick -
	    ((__int128)(a.xtime_interval + (u64)a.xtime_remainder) << a.ntp_error_shift);
	ck_assert_msg((__int128)b.ntp_error - a.ntp_error == e * n,
		      "ntp_error moved by %" PRId64 ", want %" PRId64 " (%" PRId64 " intervals)",
		      (s64)(b.ntp_error - a.ntp_error), (s64)(e * n), (s64)n);
	sim_system_free(s);
}
END_TEST

/*
 * timekeeping_forward_now() after 1.5 x max_cycles without a tick (a
 * paused VM): settimeofday must leave MONOTONIC and MONOTONIC_RAW where
 * they were, which the kernel-side readers (128-bit path) computed before.
 */
START_TEST(test_forward_now_chunks)
{
	struct sim_system *s = acc_system(1000);
	struct timespec64 now;
	__int128 mono, raw;
	u64 gap_ns;

	sim_run_ticks(s, 10);
	gap_ns = (u64)((unsigned __int128)s->counter.cs.max_cycles * 3 / 2 * NSEC_PER_SEC /
		       s->cfg.counter.freq_hz);
	sim_counter_set_time(&s->counter, s->now_ns + gap_ns);
	s->now_ns += gap_ns;
	mono = test_read_ns(s, SIM_PATH_SYSCALL, TK_CLOCK_MONOTONIC);
	raw = test_read_ns(s, SIM_PATH_SYSCALL, TK_CLOCK_MONOTONIC_RAW);
	ck_assert_int_eq(tk_sys_clock_gettime(&s->k, TK_CLOCK_REALTIME, &now), 0);
	ck_assert_int_eq(do_settimeofday64(&s->k, &now), 0);
	ck_assert(test_read_ns(s, SIM_PATH_SYSCALL, TK_CLOCK_MONOTONIC) == mono);
	ck_assert(test_read_ns(s, SIM_PATH_SYSCALL, TK_CLOCK_MONOTONIC_RAW) == raw);
	sim_system_free(s);
}
END_TEST

static Suite *accumulate_suite(void)
{
	Suite *s = suite_create("accumulate");
	TCase *tc = tcase_create("edges");

	tcase_add_test(tc, test_maxadj_counted);
	tcase_add_test(tc, test_skip_second_overflow);
	tcase_add_test(tc, test_maxshift_gap);
	tcase_add_test(tc, test_forward_now_chunks);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return test_run_suite(accumulate_suite());
}
