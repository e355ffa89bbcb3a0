// SPDX-License-Identifier: GPL-2.0
// Tests of timekeeper/ntp.c (kernel/time/ntp.c, v6.14) and of the closed loop with sim/ntpd.c.
#include <errno.h>
#include <math.h>

#include "tests/check_ntp_util.h"
#include "timekeeper/time64.h"

/* NTP state of a fresh kernel at @hz, outside any timekeeper. */
static struct ntp_data fresh_ntp(unsigned int hz)
{
	struct ntp_data ntp;

	ntp_init(&ntp, hz);
	return ntp;
}

/* One second of nominal length at @hz, ns << 32 per interval. */
static u64 base_tick(unsigned int hz)
{
	return ((u64)NSEC_PER_SEC << NTP_SCALE_SHIFT) / hz;
}

START_TEST(test_init_state)
{
	static const unsigned int hzs[] = { 100, 250, 300, 1000 };

	for (size_t i = 0; i < sizeof(hzs) / sizeof(hzs[0]); i++) {
		struct ntp_data ntp = fresh_ntp(hzs[i]);

		ck_assert_uint_eq(ntp.tick_usec, 10000);
		/* NTP_INTERVAL_FREQ = HZ: one second split in HZ intervals, truncated. */
		ck_assert_uint_eq(ntp.tick_length_base, base_tick(hzs[i]));
		ck_assert_uint_eq(ntp_tick_length(&ntp), base_tick(hzs[i]));
		ck_assert_int_eq(ntp.time_state, TIME_OK);
		ck_assert_int_eq(ntp.time_status, STA_UNSYNC);
		ck_assert_int_eq(ntp.time_constant, 2);
		ck_assert_int_eq(ntp.time_maxerror, NTP_PHASE_LIMIT);
		ck_assert_int_eq(ntp.time_esterror, NTP_PHASE_LIMIT);
		ck_assert_int_eq(NTP_PHASE_LIMIT, 16000000);
		ck_assert(ntp_get_next_leap(&ntp) == KTIME_MAX);
	}
}
END_TEST

/* ntp_update_frequency(): tick_usec, ntp_tick_adj and time_freq, keeping this second's slew. */
START_TEST(test_update_frequency)
{
	struct ntp_data ntp = fresh_ntp(250);
	u64 slew = 12345ULL << 20, want;

	ntp.tick_length += slew;
	ntp.tick_usec = 10500;
	ntp.time_freq = -(s64)(100 * PPM_SCALE) * 65536; /* -100 ppm in (ns/s) << 32 */
	ntp_update_frequency(&ntp);
	want = (((u64)10500 * 1000 * USER_HZ) << 32) + (u64)ntp.time_freq;
	ck_assert_uint_eq(ntp.tick_length_base, want / 250);
	ck_assert_uint_eq(ntp.tick_length, want / 250 + slew);
	/* ntp_clear() drops the slew and the phase but keeps the frequency. */
	ntp.time_offset = 777;
	ntp.time_adjust = 10;
	ntp_clear(&ntp);
	ck_assert_uint_eq(ntp.tick_length, want / 250);
	ck_assert_int_eq(ntp.time_offset, 0);
	ck_assert_int_eq(ntp.time_adjust, 0);
	ck_assert(ntp.time_freq != 0);
	ck_assert(ntp.time_status & STA_UNSYNC);
}
END_TEST

/* shift_right() rounds negative values toward zero; an arithmetic >> would floor. */
START_TEST(test_shift_right)
{
	ck_assert_int_eq(shift_right(5, 1), 2);
	ck_assert_int_eq(shift_right(-5, 1), -2);
	ck_assert_int_eq(shift_right(-1, 10), 0);
	ck_assert_int_eq(shift_right(-(1LL << 40) - 1, 8), -(1LL << 32));
	ck_assert_int_eq(shift_right(S64_MIN + 1, 62), -1);
}
END_TEST

/* maxerror grows 500 us per second; past NTP_PHASE_LIMIT it is clamped and UNSYNC set. */
START_TEST(test_maxerror_growth)
{
	struct ntp_data ntp = fresh_ntp(1000);

	ntp.time_status = STA_PLL;
	ntp.time_maxerror = NTP_PHASE_LIMIT - 600;
	second_overflow(&ntp, 1000);
	ck_assert_int_eq(ntp.time_maxerror, NTP_PHASE_LIMIT - 100);
	ck_assert(!(ntp.time_status & STA_UNSYNC));
	second_overflow(&ntp, 1001);
	ck_assert_int_eq(ntp.time_maxerror, NTP_PHASE_LIMIT);
	ck_assert(ntp.time_status & STA_UNSYNC);
}
END_TEST

/* Each second takes offset / 2^(SHIFT_PLL + time_constant) of the phase, rounded toward 0. */
START_TEST(test_phase_chunk)
{
	struct ntp_data ntp = fresh_ntp(1000);
	u64 base = ntp.tick_length_base;

	ntp.time_constant = 3;
	ntp.time_offset = 1000LL << 32;
	second_overflow(&ntp, 1);
	ck_assert_uint_eq(ntp.tick_length, base + ((1000ULL << 32) >> 5));
	ck_assert_int_eq(ntp.time_offset, (1000LL << 32) - ((1000LL << 32) >> 5));

	/* -63 >> 5 would be -2; the kernel's shift_right gives -1. */
	ntp.time_offset = -63;
	second_overflow(&ntp, 2);
	ck_assert_uint_eq(ntp.tick_length, base - 1);
	ck_assert_int_eq(ntp.time_offset, -62);
}
END_TEST

/* adjtime(): 500 us per second (500 ppm), the remainder in the last second. */
START_TEST(test_adjtime_slew)
{
	static const long adj[] = { 1200, -1200, 499, -1 };

	for (size_t i = 0; i < sizeof(adj) / sizeof(adj[0]); i++) {
		struct ntp_data ntp = fresh_ntp(1000);
		u64 base = ntp.tick_length_base;
		__int128 total = 0;

		ntp.time_adjust = adj[i];
		for (int sec = 0; sec < 5; sec++) {
			s64 extra;

			second_overflow(&ntp, sec + 1);
			extra = (s64)(ntp.tick_length - base);
			ck_assert_msg(extra <= (500000LL << 32) / 1000 &&
					      extra >= -(500000LL << 32) / 1000,
				      "adjtime %ld: more than 500 us in one second", adj[i]);
			total += (__int128)extra * 1000;
		}
		ck_assert_int_eq(ntp.time_adjust, 0);
		/* The whole slew, in ns << 32, over the seconds it took. */
		ck_assert_msg(total == (__int128)adj[i] * 1000 * ((__int128)1 << 32),
			      "adjtime %ld: slewed %" PRId64 " ns", adj[i], (s64)(total >> 32));
	}
}
END_TEST

/* The leap-second state machine of second_overflow(), insert and delete. */
START_TEST(test_leap_state_machine)
{
	const time64_t midnight = 1767225600 + 86400;
	struct ntp_data ntp = fresh_ntp(1000);
	time64_t t;

	ntp.time_status = STA_INS;
	ck_assert_int_eq(second_overflow(&ntp, midnight - 10), 0);
	ck_assert_int_eq(ntp.time_state, TIME_INS);
	ck_assert_int_eq(ntp.ntp_next_leap_sec, midnight);
	ck_assert(ntp_get_next_leap(&ntp) == (ktime_t)midnight * NSEC_PER_SEC);
	for (t = midnight - 9; t < midnight; t++)
		ck_assert_int_eq(second_overflow(&ntp, t), 0);
	/* 00:00:00 reached: step back to 23:59:59 (shown as 23:59:60). */
	ck_assert_int_eq(second_overflow(&ntp, midnight), -1);
	ck_assert_int_eq(ntp.time_state, TIME_OOP);
	/* The timekeeper reaches 00:00:00 a second time. */
	ck_assert_int_eq(second_overflow(&ntp, midnight), 0);
	ck_assert_int_eq(ntp.time_state, TIME_WAIT);
	ck_assert_int_eq(ntp.ntp_next_leap_sec, TIME64_MAX);
	ck_assert_int_eq(second_overflow(&ntp, midnight + 1), 0);
	ck_assert_int_eq(ntp.time_state, TIME_WAIT);
	ntp.time_status = 0;
	second_overflow(&ntp, midnight + 2);
	ck_assert_int_eq(ntp.time_state, TIME_OK);

	/* Delete: 23:59:59 is skipped. */
	ntp.time_status = STA_DEL;
	second_overflow(&ntp, midnight + 86400 - 10);
	ck_assert_int_eq(ntp.time_state, TIME_DEL);
	ck_assert_int_eq(ntp.ntp_next_leap_sec, midnight + 86400 - 1);
	ck_assert(ntp_get_next_leap(&ntp) == KTIME_MAX); /* only insertions are announced */
	for (t = midnight + 86400 - 9; t < midnight + 86400 - 1; t++)
		ck_assert_int_eq(second_overflow(&ntp, t), 0);
	ck_assert_int_eq(second_overflow(&ntp, midnight + 86400 - 1), 1);
	ck_assert_int_eq(ntp.time_state, TIME_WAIT);

	/* Cancelling an armed insertion: STA_INS cleared before midnight. */
	ntp = fresh_ntp(1000);
	ntp.time_status = STA_INS;
	second_overflow(&ntp, midnight - 5);
	ntp.time_status = 0;
	second_overflow(&ntp, midnight - 4);
	ck_assert_int_eq(ntp.time_state, TIME_OK);
	ck_assert_int_eq(ntp.ntp_next_leap_sec, TIME64_MAX);
	for (t = midnight - 3; t <= midnight + 1; t++)
		ck_assert_int_eq(second_overflow(&ntp, t), 0);

	/* Near KTIME_SEC_MAX the announced leap saturates instead of overflowing. */
	ntp = fresh_ntp(1000);
	ntp.time_status = STA_INS;
	second_overflow(&ntp, KTIME_SEC_MAX - 10);
	ck_assert(ntp_get_next_leap(&ntp) == KTIME_MAX);
}
END_TEST

/* A PLL state at @hz with STA_PLL (and STA_NANO), time constant @tc, last update at 1000 s. */
static struct ntp_data pll_ntp(unsigned int hz, int status, long tc)
{
	struct ntp_data ntp = fresh_ntp(hz);

	ntp.time_status = status;
	ntp.time_constant = tc;
	ntp.time_reftime = 1000;
	return ntp;
}

/* The PLL arithmetic, worked by hand. */
START_TEST(test_pll_update)
{
	struct ntp_data ntp = pll_ntp(1000, STA_PLL | STA_NANO, 4);

	/* 16 s after the last update: freq += 100000 * 16 << (32 - 2 * 8). */
	ntp_update_offset(&ntp, 100000, 1016);
	ck_assert_int_eq(ntp.time_freq, 1600000LL << 16);
	ck_assert_int_eq(ntp.time_offset, (100000LL << 32) / 1000);
	ck_assert_int_eq(ntp.time_reftime, 1016);
	ck_assert(!(ntp.time_status & STA_MODE));

	/* Negative offsets: the same magnitude (products, not shifts of negatives). */
	ntp = pll_ntp(1000, STA_PLL | STA_NANO, 4);
	ntp_update_offset(&ntp, -100001, 1016);
	ck_assert_int_eq(ntp.time_freq, -1600016LL * 65536);
	ck_assert_int_eq(ntp.time_offset, -(100001LL << 32) / 1000);

	/* The interval is capped at 2^(SHIFT_PLL + 1 + tc) s: 8 s for tc = 0. */
	ntp = pll_ntp(100, STA_PLL | STA_NANO, 0);
	ntp_update_offset(&ntp, 1000, 1000 + 200);
	ck_assert_int_eq(ntp.time_freq, (1000LL * 8) << (32 - 8));

	/* us mode: the offset is in us. */
	ntp = pll_ntp(1000, STA_PLL, 4);
	ntp_update_offset(&ntp, 100, 1016);
	ck_assert_int_eq(ntp.time_freq, 1600000LL << 16);

	/* Without STA_PLL nothing moves. */
	ntp = pll_ntp(1000, STA_NANO, 4);
	ntp_update_offset(&ntp, 100000, 1016);
	ck_assert_int_eq(ntp.time_freq, 0);
	ck_assert_int_eq(ntp.time_offset, 0);
	ck_assert_int_eq(ntp.time_reftime, 1000);
}
END_TEST

/* The FLL: from MINSEC with STA_FLL, beyond MAXSEC always; STA_MODE shows it. */
START_TEST(test_fll_update)
{
	struct ntp_data ntp = pll_ntp(1000, STA_PLL | STA_NANO | STA_FLL, 6);
	s64 pll;

	ntp_update_offset(&ntp, 300000, 1000 + 300);
	/* FLL: (offset << 30) / secs; PLL: offset * min(secs, 2^9) << (32 - 20). */
	pll = (300000LL * 300) << 12;
	ck_assert_int_eq(ntp.time_freq, (300000LL << 30) / 300 + pll);
	ck_assert(ntp.time_status & STA_MODE);

	/* Below MINSEC: PLL only, STA_MODE cleared. */
	ntp_update_offset(&ntp, 300000, 1300 + 255);
	ck_assert(!(ntp.time_status & STA_MODE));

	/* Without STA_FLL: no FLL up to MAXSEC, FLL beyond. */
	ntp = pll_ntp(1000, STA_PLL | STA_NANO, 6);
	ntp_update_offset(&ntp, 300000, 1000 + 2048);
	ck_assert(!(ntp.time_status & STA_MODE));
	ck_assert_int_eq(ntp.time_freq, (300000LL * 512) << 12);
	ntp = pll_ntp(1000, STA_PLL | STA_NANO, 6);
	ntp_update_offset(&ntp, -300000, 1000 + 2049);
	ck_assert(ntp.time_status & STA_MODE);
	ck_assert_int_eq(ntp.time_freq, -((300000LL << 30) / 2049) - ((300000LL * 512) << 12));

	/* STA_FREQHOLD: the interval counts as 0, only the phase is taken. */
	ntp = pll_ntp(1000, STA_PLL | STA_NANO | STA_FREQHOLD, 6);
	ntp_update_offset(&ntp, 300000, 1000 + 3000);
	ck_assert_int_eq(ntp.time_freq, 0);
	ck_assert_int_eq(ntp.time_offset, (300000LL << 32) / 1000);
}
END_TEST

/* Clamps: the us offset before scaling, MAXPHASE, MAXFREQ. */
START_TEST(test_offset_clamps)
{
	struct ntp_data ntp = pll_ntp(1000, STA_PLL, 0);

	ntp_update_offset(&ntp, LONG_MAX, 1001);
	ck_assert_int_eq(ntp.time_offset, ((s64)MAXPHASE << 32) / 1000);
	ntp = pll_ntp(1000, STA_PLL, 0);
	ntp_update_offset(&ntp, LONG_MIN, 1001);
	ck_assert_int_eq(ntp.time_offset, -((s64)MAXPHASE << 32) / 1000);
	ntp = pll_ntp(1000, STA_PLL | STA_NANO, 0);
	ntp_update_offset(&ntp, -600000000L, 1008);
	ck_assert_int_eq(ntp.time_offset, -((s64)MAXPHASE << 32) / 1000);
	/* A frequency pushed past 500 ppm stops there. */
	ntp = pll_ntp(1000, STA_PLL | STA_NANO, 0);
	ntp.time_freq = MAXFREQ_SCALED - 10;
	ntp_update_offset(&ntp, 1000000, 1008);
	ck_assert_int_eq(ntp.time_freq, MAXFREQ_SCALED);
	ntp_update_offset(&ntp, -MAXPHASE, 1016);
	ntp_update_offset(&ntp, -MAXPHASE, 1024);
	ntp_update_offset(&ntp, -MAXPHASE, 1032);
	ck_assert_int_eq(ntp.time_freq, -MAXFREQ_SCALED);
}
END_TEST

/*
 * Regressions for the overflows syzkaller found (2024: "ntp: Clamp maxerror
 * and esterror to operating range", "ntp: Safeguard against time_constant
 * overflow") and for the other places where adjtimex input meets signed
 * arithmetic.  In the -fsanitize=undefined build an overflow aborts.
 */
START_TEST(test_syzkaller_maxerror)
{
	struct sim_system *s = ntp_system(100);
	struct tk_timex tx = { .modes = ADJ_MAXERROR | ADJ_ESTERROR,
			       .maxerror = LLONG_MAX,
			       .esterror = LLONG_MIN };

	tx_do(s, &tx);
	ck_assert_int_eq(tx.maxerror, NTP_PHASE_LIMIT);
	ck_assert_int_eq(tx.esterror, 0);
	/* Seconds go by: maxerror + 500 us each must not overflow. */
	sim_advance_ns(s, 3 * NSEC_PER_SEC);
	tx_read(s, &tx);
	ck_assert_int_eq(tx.maxerror, NTP_PHASE_LIMIT);
	ck_assert(tx.status & STA_UNSYNC);

	tx = (struct tk_timex){ .modes = ADJ_MAXERROR | ADJ_ESTERROR,
				.maxerror = -1,
				.esterror = LLONG_MAX };
	tx_do(s, &tx);
	ck_assert_int_eq(tx.maxerror, 0);
	ck_assert_int_eq(tx.esterror, NTP_PHASE_LIMIT);
	sim_advance_ns(s, 2 * NSEC_PER_SEC);
	tx_read(s, &tx);
	ck_assert_int_eq(tx.maxerror, 1000);
	sim_system_free(s);
}
END_TEST

START_TEST(test_syzkaller_time_constant)
{
	static const struct {
		bool nano;
		long long in, want;
	} cases[] = {
		{ false, LLONG_MAX, MAXTC },
		{ false, LLONG_MIN, 4 },
		{ true, LLONG_MIN, 0 },
		{ true, LLONG_MAX, MAXTC },
		{ false, 7, MAXTC },
		{ false, -5, 4 },
		{ true, 6, 6 },
		{ false, 3, 7 },
	};
	struct sim_system *s = ntp_system(100);

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct tk_timex tx = { .modes = ADJ_TIMECONST |
						(cases[i].nano ? ADJ_NANO : ADJ_MICRO),
				       .constant = cases[i].in };

		tx_do(s, &tx);
		/* Clamped before the us-mode +4 (v6.11): -5 becomes 0 + 4, not -1 -> 0. */
		ck_assert_msg(tx.constant == cases[i].want, "case %zu: constant %lld, want %lld", i,
			      tx.constant, cases[i].want);
		/* A second with this constant must not shift by a wild amount. */
		sim_advance_ns(s, NSEC_PER_SEC);
	}
	sim_system_free(s);
}
END_TEST

START_TEST(test_syzkaller_offsets)
{
	struct sim_system *s = ntp_system(100);
	struct tk_timex tx;
	struct timespec64 back;

	/* Huge ADJ_OFFSET in us mode: clamped before the * 1000. */
	tx = (struct tk_timex){ .modes = ADJ_STATUS | ADJ_MICRO, .status = STA_PLL };
	tx_do(s, &tx);
	tx = (struct tk_timex){ .modes = ADJ_OFFSET, .offset = LLONG_MIN };
	ck_assert_int_ge(tx_do(s, &tx), 0);
	tx = (struct tk_timex){ .modes = ADJ_OFFSET, .offset = LLONG_MAX };
	ck_assert_int_ge(tx_do(s, &tx), 0);
	sim_advance_ns(s, 2 * NSEC_PER_SEC);

	/*
	 * The clock set back 50 years, then a PLL update: the interval since
	 * the last update is hugely negative and is not capped; the kernel's
	 * product wraps, and the frequency must still end within +/-500 ppm.
	 */
	back = (struct timespec64){ .tv_sec = 100000000 };
	ck_assert_int_eq(do_settimeofday64(&s->k, &back), 0);
	tx = (struct tk_timex){ .modes = ADJ_STATUS | ADJ_NANO, .status = STA_PLL };
	tx_do(s, &tx);
	tx = (struct tk_timex){ .modes = ADJ_OFFSET, .offset = -MAXPHASE };
	tx_do(s, &tx);
	ck_assert(llabs(tx.freq) <= 500LL << 16);

	/* adjtime() with the extreme slews: 500 us a second, nothing overflows. */
	tx = (struct tk_timex){ .modes = ADJ_OFFSET_SINGLESHOT, .offset = LLONG_MIN };
	ck_assert_int_ge(tx_do(s, &tx), 0);
	sim_advance_ns(s, 3 * NSEC_PER_SEC);
	tx = (struct tk_timex){ .modes = ADJ_OFFSET_SINGLESHOT, .offset = LLONG_MAX };
	ck_assert_int_ge(tx_do(s, &tx), 0);
	/* The previous slew, read back: 500 us gone per second elapsed. */
	ck_assert(tx.offset >= LLONG_MIN + 2 * 500 && tx.offset <= LLONG_MIN + 4 * 500);
	ck_assert_int_eq((tx.offset - LLONG_MIN) % 500, 0);
	sim_advance_ns(s, 3 * NSEC_PER_SEC);

	/* ADJ_SETOFFSET with extreme seconds: refused, not overflowed. */
	tx = (struct tk_timex){ .modes = ADJ_SETOFFSET, .time = { LLONG_MAX, 0 } };
	ck_assert_int_eq(tx_do(s, &tx), -EINVAL);
	tx = (struct tk_timex){ .modes = ADJ_SETOFFSET | ADJ_NANO,
				.time = { LLONG_MIN, 999999999 } };
	ck_assert_int_eq(tx_do(s, &tx), -EINVAL);

	/* ADJ_FREQUENCY at the exact overflow limit: accepted and clamped. */
	tx = (struct tk_timex){ .modes = ADJ_FREQUENCY, .freq = LLONG_MAX / PPM_SCALE };
	ck_assert_int_ge(tx_do(s, &tx), 0);
	ck_assert_int_eq(tx.freq, 500LL << 16);
	tx = (struct tk_timex){ .modes = ADJ_FREQUENCY, .freq = LLONG_MIN / PPM_SCALE };
	ck_assert_int_ge(tx_do(s, &tx), 0);
	ck_assert_int_eq(tx.freq, -(500LL << 16));

	/* ADJ_TAI out of range is ignored. */
	tx = (struct tk_timex){ .modes = ADJ_TAI, .constant = LLONG_MAX };
	tx_do(s, &tx);
	ck_assert_int_eq(tx.tai, 0);
	sim_advance_ns(s, NSEC_PER_SEC);
	sim_system_free(s);
}
END_TEST

/*
 * The closed loop: the daemon model against a counter 35 ppm fast.  The
 * kernel's PLL has to find the frequency (about -35 ppm, exactly the ideal
 * computed from the clocksource) and hold REALTIME to the truth.
 */
struct loop_result {
	double max_freq_err_late; /* ppm, over the checked window */
	s64 max_rt_err_settled; /* ns, after the settle time */
	u64 settle_ns; /* last instant |REALTIME error| >= 1 ms, + one poll */
	int status;
};

static struct loop_result closed_loop(const struct sim_ntpd_params *p, unsigned int hz, u64 hours,
				      u64 freq_from_min, u64 check_rt_from_min)
{
	struct sim_config cfg;
	struct sim_system *s;
	struct sim_ntpd d;
	struct loop_result r = { 0 };
	u64 end = hours * 3600 * NSEC_PER_SEC, step = NSEC_PER_SEC * 7 / 2;
	struct tk_timex tx;

	sim_config_default(&cfg);
	cfg.hz = hz;
	s = test_system(&cfg);
	sim_ntpd_init(&d, p, s);
	while (s->now_ns < end) {
		s64 e;

		sim_ntpd_advance_to(&d, s, s->now_ns + step);
		e = sim_ntpd_realtime_error_ns(&d, s);
		if (llabs(e) >= NSEC_PER_MSEC)
			r.settle_ns = s->now_ns;
		if (s->now_ns >= check_rt_from_min * 60 * NSEC_PER_SEC &&
		    llabs(e) > r.max_rt_err_settled)
			r.max_rt_err_settled = llabs(e);
		if (s->now_ns >= freq_from_min * 60 * NSEC_PER_SEC) {
			double fe = fabs(sim_ntpd_kernel_freq_ppm(s) - sim_ntpd_ideal_freq_ppm(s));

			if (fe > r.max_freq_err_late)
				r.max_freq_err_late = fe;
		}
	}
	tx_read(s, &tx);
	r.status = tx.status;
	sim_system_free(s);
	return r;
}

/* PLL only, poll 2^4 s, time constant 4 (ns mode), HZ=100, 3 h: the default scenario. */
START_TEST(test_closed_loop_pll)
{
	struct sim_ntpd_params p;
	struct loop_result r;

	sim_ntpd_params_default(&p);
	r = closed_loop(&p, 100, 3, 100, 20);
	printf("# closed loop, poll 16 s, tc 4: |REALTIME error| < 1 ms from %.0f s; "
	       "freq error after 100 min <= %.4f ppm; error after 20 min <= %" PRId64 " ns\n",
	       (double)r.settle_ns * 1e-9, r.max_freq_err_late, r.max_rt_err_settled);
	ck_assert_msg(r.max_freq_err_late < 0.1, "frequency %.4f ppm off", r.max_freq_err_late);
	ck_assert_msg(r.max_rt_err_settled < NSEC_PER_MSEC, "REALTIME %" PRId64 " ns off",
		      r.max_rt_err_settled);
	ck_assert(r.status & STA_PLL);
	ck_assert(!(r.status & STA_UNSYNC));
}
END_TEST

/* The same with 20 us of measurement noise (seeded) and us units. */
START_TEST(test_closed_loop_noise)
{
	struct sim_ntpd_params p;
	struct loop_result r;

	sim_ntpd_params_default(&p);
	p.noise_ns = 20000;
	p.nano = false;
	p.seed = test_seed();
	r = closed_loop(&p, 250, 3, 100, 20);
	ck_assert_msg(r.max_freq_err_late < 0.1, "seed %" PRIu64 ": frequency %.4f ppm off",
		      test_seed(), r.max_freq_err_late);
	ck_assert_msg(r.max_rt_err_settled < NSEC_PER_MSEC,
		      "seed %" PRIu64 ": REALTIME %" PRId64 " ns off", test_seed(),
		      r.max_rt_err_settled);
}
END_TEST

/* STA_FLL with a 2^8 s poll: the FLL takes part (STA_MODE) and the loop still converges. */
START_TEST(test_closed_loop_fll)
{
	struct sim_ntpd_params p;
	struct loop_result r;

	sim_ntpd_params_default(&p);
	p.poll = 8;
	p.fll = true;
	r = closed_loop(&p, 100, 6, 300, 300);
	ck_assert(r.status & STA_MODE);
	ck_assert_msg(r.max_freq_err_late < 0.1, "frequency %.4f ppm off", r.max_freq_err_late);
	ck_assert_msg(r.max_rt_err_settled < NSEC_PER_MSEC, "REALTIME %" PRId64 " ns off",
		      r.max_rt_err_settled);
}
END_TEST

/* A boot 100 ms off is slewed, a boot 1 s off is stepped (ntpd's 128 ms threshold). */
START_TEST(test_closed_loop_boot_error)
{
	static const s64 errs[] = { 100 * NSEC_PER_MSEC, -NSEC_PER_SEC };

	for (size_t i = 0; i < 2; i++) {
		struct sim_ntpd_params p;
		struct sim_config cfg;
		struct sim_system *s;
		struct sim_ntpd d;
		s64 e;

		sim_config_default(&cfg);
		cfg.hz = 100;
		cfg.wall_time = set_normalized_timespec64(cfg.wall_time.tv_sec,
							  cfg.wall_time.tv_nsec + errs[i]);
		s = test_system(&cfg);
		sim_ntpd_params_default(&p);
		p.boot_error_ns = errs[i];
		sim_ntpd_init(&d, &p, s);
		ck_assert_int_eq(sim_ntpd_realtime_error_ns(&d, s), errs[i]);
		sim_ntpd_advance_to(&d, s, 2 * 3600 * NSEC_PER_SEC);
		e = sim_ntpd_realtime_error_ns(&d, s);
		ck_assert_msg(llabs(e) < 50 * NSEC_PER_USEC,
			      "boot error %" PRId64 ": %" PRId64 " ns", errs[i], e);
		ck_assert_uint_eq(d.steps, i == 0 ? 0 : 1);
		sim_system_free(s);
	}
}
END_TEST

/* The daemon announces a leap second; the kernel inserts it; the loop never steps. */
START_TEST(test_closed_loop_leap)
{
	static const int leaps[] = { 1, -1 };

	for (size_t i = 0; i < 2; i++) {
		struct sim_ntpd_params p;
		struct sim_config cfg;
		struct sim_system *s;
		struct sim_ntpd d;
		struct tk_timex tx;

		sim_config_default(&cfg);
		cfg.hz = 100;
		cfg.wall_time.tv_sec = sim_next_utc_midnight(cfg.wall_time.tv_sec) - 600;
		s = test_system(&cfg);
		sim_ntpd_params_default(&p);
		p.leap = leaps[i];
		p.leap_sec = sim_next_utc_midnight(cfg.wall_time.tv_sec);
		sim_ntpd_init(&d, &p, s);
		sim_ntpd_advance_to(&d, s, 1200 * NSEC_PER_SEC);
		tx_read(s, &tx);
		ck_assert_int_eq(tx.tai, leaps[i]);
		ck_assert_int_eq(d.steps, 0);
		ck_assert(llabs(sim_ntpd_realtime_error_ns(&d, s)) < NSEC_PER_MSEC);
		ck_assert(!(tx.status & (STA_INS | STA_DEL)));
		ck_assert_int_eq(tx_read(s, &tx), TIME_OK);
		sim_system_free(s);
	}
}
END_TEST

static Suite *ntp_suite(void)
{
	Suite *s = suite_create("ntp");
	TCase *tc = tcase_create("ntp.c");
	TCase *adv = tcase_create("overflows");
	TCase *loop = tcase_create("closed loop");

	tcase_add_test(tc, test_init_state);
	tcase_add_test(tc, test_update_frequency);
	tcase_add_test(tc, test_shift_right);
	tcase_add_test(tc, test_maxerror_growth);
	tcase_add_test(tc, test_phase_chunk);
	tcase_add_test(tc, test_adjtime_slew);
	tcase_add_test(tc, test_leap_state_machine);
	tcase_add_test(tc, test_pll_update);
	tcase_add_test(tc, test_fll_update);
	tcase_add_test(tc, test_offset_clamps);
	suite_add_tcase(s, tc);

	tcase_add_test(adv, test_syzkaller_maxerror);
	tcase_add_test(adv, test_syzkaller_time_constant);
	tcase_add_test(adv, test_syzkaller_offsets);
	suite_add_tcase(s, adv);

	tcase_set_timeout(loop, 120);
	tcase_add_test(loop, test_closed_loop_pll);
	tcase_add_test(loop, test_closed_loop_noise);
	tcase_add_test(loop, test_closed_loop_fll);
	tcase_add_test(loop, test_closed_loop_boot_error);
	tcase_add_test(loop, test_closed_loop_leap);
	suite_add_tcase(s, loop);
	return s;
}

int main(void)
{
	test_seed();
	return test_run_suite(ntp_suite());
}
