// SPDX-License-Identifier: GPL-2.0
// Tests of timekeeper/timekeeping_hrtimer.c: ktime_get_update_offsets_now() (v6.15).
/*
 * The hrtimer's REALTIME across an inserted leap second, expected from
 * first principles: REALTIME was set to midnight - 2.5 s at MONOTONIC m0
 * (STA_INS then arms the leap at the next second boundary, as in the
 * kernel), so at MONOTONIC m (read by ktime_get(), another reader) UTC is
 *   R = midnight - 2.5 s + (m - m0),  minus one second once R >= midnight
 * (the inserted 23:59:60 repeats a second of REALTIME).  The hrtimer must
 * see that at every instant, including those between midnight and the tick
 * that applies the leap, where clock_gettime(REALTIME) still runs a second
 * ahead.
 */
#include "tests/check_util.h"
#include "timekeeper/adjtimex.h"

/* The per-CPU cache of an hrtimer base (struct hrtimer_cpu_base). */
struct hr_cache {
	u32 cwsseq;
	ktime_t offs_real, offs_boot, offs_tai;
};

START_TEST(test_leap_insert)
{
	const time64_t midnight = 1798761600; /* 2027-01-01 00:00:00 UTC */
	struct sim_config cfg;
	struct sim_system *s;
	struct hr_cache c = { .cwsseq = ~0u };
	struct tk_timex tx = { .modes = ADJ_STATUS, .status = STA_PLL | STA_INS };
	ktime_t m0, r0 = midnight * NSEC_PER_SEC - 5 * NSEC_PER_SEC / 2;
	int early = 0, applied = 0;

	sim_config_default(&cfg);
	s = test_system(&cfg);
	sim_run_ticks(s, 10);
	ck_assert_int_eq(
		do_settimeofday64(&s->k, &(struct timespec64){ midnight - 3, NSEC_PER_SEC / 2 }),
		0);
	m0 = ktime_get(&s->k);
	ck_assert_int_ge(do_adjtimex(&s->k, &tx, true), 0);
	while (ktime_get(&s->k) - m0 < 4 * NSEC_PER_SEC) {
		ktime_t m = ktime_get(&s->k), mono, want;
		__int128 sys = test_read_ns(s, SIM_PATH_SYSCALL, TK_CLOCK_REALTIME);

		want = r0 + (m - m0);
		if (want >= midnight * NSEC_PER_SEC)
			want -= NSEC_PER_SEC;
		mono = ktime_get_update_offsets_now(&s->k, &c.cwsseq, &c.offs_real, &c.offs_boot,
						    &c.offs_tai);
		ck_assert_int_eq(mono, m);
		ck_assert_msg(mono + c.offs_real == want,
			      "at MONOTONIC %" PRId64 ": hrtimer REALTIME %" PRId64
			      " ns off the leap-aware UTC",
			      m, mono + c.offs_real - want);
		/* The other offsets are the kernel-side clocks' differences. */
		ck_assert(mono + c.offs_boot ==
			  test_read_ns(s, SIM_PATH_SYSCALL, TK_CLOCK_BOOTTIME));
		ck_assert(mono + c.offs_tai == test_read_ns(s, SIM_PATH_SYSCALL, TK_CLOCK_TAI));
		early += sys != want;
		applied += sys == want && m - m0 > 5 * NSEC_PER_SEC / 2 + NSEC_PER_MSEC;
		/* 100 us steps within 5 ms of midnight (before the leap tick), 5 ms elsewhere. */
		sim_advance_ns(s, llabs(want - midnight * NSEC_PER_SEC) < 5 * NSEC_PER_MSEC
					  ? 100 * NSEC_PER_USEC
					  : 5 * NSEC_PER_MSEC);
	}
	/* Both phases were seen: the leap pending past midnight, then applied. */
	ck_assert_int_gt(early, 0);
	ck_assert_int_gt(applied, 0);
	sim_system_free(s);
}
END_TEST

static Suite *hrtimer_suite(void)
{
	Suite *s = suite_create("hrtimer");
	TCase *tc = tcase_create("offsets");

	/* A fixed amount of work (4 s simulated): the timeout only guards a hang, and
	 * under valgrind on a loaded machine the default 4 s of wall time is too short. */
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_leap_insert);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return test_run_suite(hrtimer_suite());
}
