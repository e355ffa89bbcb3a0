// SPDX-License-Identifier: GPL-2.0
// Tests of timekeeper/adjtimex.c and the adjtimex half of ntp.c; includes the valid-adjtimex.c
// port.
#include <errno.h>
#include <string.h>

#include "tests/check_ntp_util.h"

/* Everything an adjtimex() call could change. */
struct kstate {
	struct timekeeper tk;
	struct ntp_data ntp;
};

static void kstate_take(struct sim_system *s, struct kstate *st)
{
	tk_snapshot(&s->k, &st->tk);
	st->ntp = s->k.ntp;
}

static bool ntp_same(const struct ntp_data *a, const struct ntp_data *b)
{
	return a->tick_usec == b->tick_usec && a->tick_length == b->tick_length &&
	       a->tick_length_base == b->tick_length_base && a->time_state == b->time_state &&
	       a->time_status == b->time_status && a->time_offset == b->time_offset &&
	       a->time_constant == b->time_constant && a->time_maxerror == b->time_maxerror &&
	       a->time_esterror == b->time_esterror && a->time_freq == b->time_freq &&
	       a->time_reftime == b->time_reftime && a->time_adjust == b->time_adjust &&
	       a->ntp_tick_adj == b->ntp_tick_adj && a->ntp_next_leap_sec == b->ntp_next_leap_sec;
}

/* A refused call must leave the timekeeper and NTP exactly as they were. */
static void assert_unchanged(struct sim_system *s, const struct kstate *before, const char *what)
{
	struct kstate now;

	kstate_take(s, &now);
	ck_assert_msg(memcmp(&now.tk, &before->tk, sizeof(now.tk)) == 0,
		      "%s changed the timekeeper", what);
	ck_assert_msg(ntp_same(&now.ntp, &before->ntp), "%s changed the NTP state", what);
}

/* valid-adjtimex.c's clear_time_state(): ADJ_STATUS with status 0. */
static void clear_time_state(struct sim_system *s)
{
	tx_set(s, ADJ_STATUS, 0, 0, 0);
}

/* Scaled ppm (ppm << 16), as a product: shifting a negative value is undefined in C. */
#define SPPM(ppm) ((long long)(ppm)*65536)

/* The tables of valid-adjtimex.c (31 values and the zero-filled 32nd). */
static const long long valid_freq[32] = {
	SPPM(-499), SPPM(-450), SPPM(-400), SPPM(-350), SPPM(-300), SPPM(-250), SPPM(-200),
	SPPM(-150), SPPM(-100), SPPM(-75),  SPPM(-50),	SPPM(-25),  SPPM(-10),	SPPM(-5),
	SPPM(-1),   -1000,	SPPM(1),    SPPM(5),	SPPM(10),   SPPM(25),	SPPM(50),
	SPPM(75),   SPPM(100),	SPPM(150),  SPPM(200),	SPPM(250),  SPPM(300),	SPPM(350),
	SPPM(400),  SPPM(450),	SPPM(499),
};
static const long long outofrange_freq[] = { SPPM(-1000), SPPM(-550), SPPM(550), SPPM(1000) };
static const long long invalid_freq[] = { LONG_MAX, LONG_MIN };

START_TEST(test_valid_adjtimex_freq)
{
	struct sim_system *s = ntp_system(1000);
	struct tk_timex tx;
	struct kstate before;

	clear_time_state(s);
	for (size_t i = 0; i < 32; i++) {
		ck_assert_int_ge(tx_set(s, ADJ_FREQUENCY, valid_freq[i], 0, 0), 0);
		tx_read(s, &tx);
		/* The selftest only warns; the read-back is exact for all of these. */
		ck_assert_msg(tx.freq == valid_freq[i], "freq %lld read back as %lld",
			      valid_freq[i], tx.freq);
		sim_advance_ns(s, 3 * NSEC_PER_MSEC);
	}
	for (size_t i = 0; i < 4; i++) {
		ck_assert_int_ge(tx_set(s, ADJ_FREQUENCY, outofrange_freq[i], 0, 0), 0);
		tx_read(s, &tx);
		ck_assert_msg(tx.freq != outofrange_freq[i], "out of range %lld was set",
			      outofrange_freq[i]);
		ck_assert_int_eq(tx.freq, outofrange_freq[i] < 0 ? SPPM(-500) : SPPM(500));
	}
	for (size_t i = 0; i < 2; i++) {
		kstate_take(s, &before);
		ck_assert_int_eq(tx_set(s, ADJ_FREQUENCY, invalid_freq[i], 0, 0), -EINVAL);
		assert_unchanged(s, &before, "an invalid ADJ_FREQUENCY");
	}
	tx_set(s, ADJ_FREQUENCY, 0, 0, 0);
	sim_system_free(s);
}
END_TEST

/* valid-adjtimex.c's set_offset(): negative offsets as tv_sec - 1, tv_usec + unit. */
static int set_offset(struct sim_system *s, long long offset, bool nano)
{
	long long unit = nano ? NSEC_PER_SEC : USEC_PER_SEC;
	struct tk_timex tx = { .modes = ADJ_SETOFFSET | (nano ? ADJ_NANO : 0) };

	tx.time.tv_sec = offset / unit;
	tx.time.tv_usec = offset % unit;
	if (offset < 0 && tx.time.tv_usec) {
		tx.time.tv_sec -= 1;
		tx.time.tv_usec += unit;
	}
	return tx_do(s, &tx);
}

START_TEST(test_valid_adjtimex_setoffset)
{
	static const long long nano[] = {
		NSEC_PER_SEC - 1,
		-NSEC_PER_SEC + 1,
		-NSEC_PER_SEC - 1,
		5 * NSEC_PER_SEC,
		-5 * NSEC_PER_SEC,
		5 * NSEC_PER_SEC + NSEC_PER_SEC / 2,
		-5 * NSEC_PER_SEC - NSEC_PER_SEC / 2,
	};
	static const long long micro[] = {
		USEC_PER_SEC - 1,
		-USEC_PER_SEC + 1,
		-USEC_PER_SEC - 1,
		5 * USEC_PER_SEC,
		-5 * USEC_PER_SEC,
		5 * USEC_PER_SEC + USEC_PER_SEC / 2,
		-5 * USEC_PER_SEC - USEC_PER_SEC / 2,
	};
	struct sim_system *s = ntp_system(250);

	for (int mode = 0; mode < 2; mode++) {
		const long long *tab = mode ? micro : nano;

		for (size_t i = 0; i < 7; i++) {
			__int128 rt0, mono0, raw0, want = (__int128)tab[i] * (mode ? 1000 : 1);

			sim_advance_ns(s, 1234567);
			rt0 = test_read_ns(s, SIM_PATH_VDSO, TK_CLOCK_REALTIME);
			mono0 = test_read_ns(s, SIM_PATH_VDSO, TK_CLOCK_MONOTONIC);
			raw0 = test_read_ns(s, SIM_PATH_VDSO, TK_CLOCK_MONOTONIC_RAW);
			ck_assert_msg(set_offset(s, tab[i], !mode) >= 0, "offset %lld (%s) refused",
				      tab[i], mode ? "us" : "ns");
			/* The same counter value: REALTIME moved by exactly the offset. */
			ck_assert(test_read_ns(s, SIM_PATH_VDSO, TK_CLOCK_REALTIME) - rt0 == want);
			ck_assert(test_read_ns(s, SIM_PATH_SYSCALL, TK_CLOCK_REALTIME) - rt0 ==
				  want);
			ck_assert(test_read_ns(s, SIM_PATH_VDSO, TK_CLOCK_MONOTONIC) == mono0);
			ck_assert(test_read_ns(s, SIM_PATH_VDSO, TK_CLOCK_MONOTONIC_RAW) == raw0);
		}
	}
	sim_system_free(s);
}
END_TEST

START_TEST(test_valid_adjtimex_bad_setoffset)
{
	static const struct {
		long long sec, usec;
		bool nano;
	} bad[] = {
		{ 0, -1, true },
		{ 0, -1, false },
		{ 0, 2 * NSEC_PER_SEC, true },
		{ 0, 2 * USEC_PER_SEC, false },
		{ 0, NSEC_PER_SEC, true },
		{ 0, USEC_PER_SEC, false },
		{ 0, -NSEC_PER_SEC, true },
		{ 0, -USEC_PER_SEC, false },
	};
	struct sim_system *s = ntp_system(250);
	struct kstate before;

	sim_advance_ns(s, NSEC_PER_SEC / 3);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct tk_timex tx = { .modes = ADJ_SETOFFSET | (bad[i].nano ? ADJ_NANO : 0),
				       .time = { bad[i].sec, bad[i].usec } };

		kstate_take(s, &before);
		ck_assert_msg(tx_do(s, &tx) == -EINVAL, "bad offset %zu accepted", i);
		assert_unchanged(s, &before, "a bad ADJ_SETOFFSET");
	}
	sim_system_free(s);
}
END_TEST

/* timekeeping_validate_timex(): every EINVAL and EPERM rule, and refusals change nothing. */
START_TEST(test_validate_rules)
{
	static const struct {
		unsigned int modes;
		long long tick, usec, freq;
		bool priv;
		int want;
	} rows[] = {
		{ 0, 0, 0, 0, false, 0 },
		{ ADJ_ADJTIME, 0, 0, 0, true, -EINVAL }, /* adjtime without the single-shot bit */
		{ ADJ_ADJTIME | ADJ_FREQUENCY, 0, 0, 0, true, -EINVAL },
		{ ADJ_OFFSET_SINGLESHOT, 0, 0, 0, false, -EPERM },
		{ ADJ_OFFSET_SINGLESHOT, 0, 0, 0, true, 0 },
		{ ADJ_OFFSET_SS_READ, 0, 0, 0, false, 0 },
		{ ADJ_OFFSET_SS_READ | ADJ_SETOFFSET, 0, 0, 0, false, -EPERM },
		{ ADJ_FREQUENCY, 0, 0, 0, false, -EPERM },
		{ ADJ_STATUS, 0, 0, 0, false, -EPERM },
		{ ADJ_TICK, 8999, 0, 0, false, -EPERM }, /* permission is checked first */
		{ ADJ_TICK, 8999, 0, 0, true, -EINVAL },
		{ ADJ_TICK, 9000, 0, 0, true, 0 },
		{ ADJ_TICK, 11000, 0, 0, true, 0 },
		{ ADJ_TICK, 11001, 0, 0, true, -EINVAL },
		{ ADJ_TICK, -1, 0, 0, true, -EINVAL },
		{ ADJ_SETOFFSET, 0, 0, 0, false, -EPERM },
		{ ADJ_SETOFFSET, 0, -1, 0, true, -EINVAL },
		{ ADJ_SETOFFSET, 0, 999999, 0, true, 0 },
		{ ADJ_SETOFFSET, 0, 1000000, 0, true, -EINVAL },
		{ ADJ_SETOFFSET | ADJ_NANO, 0, 999999999, 0, true, 0 },
		{ ADJ_SETOFFSET | ADJ_NANO, 0, 1000000000, 0, true, -EINVAL },
		{ ADJ_FREQUENCY, 0, 0, LLONG_MAX / PPM_SCALE, true, 0 },
		{ ADJ_FREQUENCY, 0, 0, LLONG_MAX / PPM_SCALE + 1, true, -EINVAL },
		{ ADJ_FREQUENCY, 0, 0, LLONG_MIN / PPM_SCALE, true, 0 },
		{ ADJ_FREQUENCY, 0, 0, LLONG_MIN / PPM_SCALE - 1, true, -EINVAL },
		/* A valid frequency does not rescue an invalid tick in the same call. */
		{ ADJ_FREQUENCY | ADJ_TICK, 12000, 0, 1 << 16, true, -EINVAL },
	};
	struct sim_system *s = ntp_system(1000);

	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		struct tk_timex tx = { .modes = rows[i].modes,
				       .tick = rows[i].tick,
				       .freq = rows[i].freq,
				       .time = { 0, rows[i].usec } };
		struct kstate before;
		int ret;

		sim_advance_ns(s, 777777);
		kstate_take(s, &before);
		ck_assert_int_eq(timekeeping_validate_timex(&tx, rows[i].priv), rows[i].want);
		ret = do_adjtimex(&s->k, &tx, rows[i].priv);
		if (rows[i].want) {
			ck_assert_msg(ret == rows[i].want, "row %zu: %d, want %d", i, ret,
				      rows[i].want);
			assert_unchanged(s, &before, "a refused adjtimex");
		} else {
			ck_assert_msg(ret >= TIME_OK && ret <= TIME_ERROR, "row %zu: %d", i, ret);
		}
	}
	/* A valid request whose ADJ_SETOFFSET the timekeeper refuses (before boot): nothing else
	 * applies. */
	{
		struct tk_timex tx = { .modes = ADJ_SETOFFSET | ADJ_FREQUENCY,
				       .freq = 100 << 16,
				       .time = { -2000000000LL, 0 } };
		struct kstate before;

		kstate_take(s, &before);
		ck_assert_int_eq(tx_do(s, &tx), -EINVAL);
		assert_unchanged(s, &before, "a refused ADJ_SETOFFSET");
	}
	sim_system_free(s);
}
END_TEST

/* The order of process_adjtimex_modes() and of do_adjtimex(). */
START_TEST(test_mode_order)
{
	struct sim_system *s = ntp_system(1000);
	struct tk_timex tx;

	sim_advance_ns(s, 100 * NSEC_PER_SEC);

	/* ADJ_SETOFFSET is injected (clearing NTP: STA_UNSYNC) before the status is set. */
	tx = (struct tk_timex){ .modes = ADJ_SETOFFSET | ADJ_STATUS,
				.status = STA_PLL,
				.time = { 1, 0 } };
	ck_assert_int_eq(tx_do(s, &tx), TIME_OK);
	ck_assert_int_eq(tx.status, STA_PLL);

	/* STA_PLL switched on in the same call as ADJ_OFFSET: the interval restarts (no
	 * frequency change), and ADJ_NANO applies before the offset is read. */
	clear_time_state(s);
	sim_advance_ns(s, 50 * NSEC_PER_SEC);
	tx = (struct tk_timex){ .modes = ADJ_STATUS | ADJ_NANO | ADJ_OFFSET | ADJ_TIMECONST,
				.status = STA_PLL,
				.offset = 1000,
				.constant = 4 };
	tx_do(s, &tx);
	ck_assert_int_eq(tx.offset, 1000);
	ck_assert_int_eq(tx.freq, 0);
	ck_assert_int_eq(tx.constant, 4); /* ns mode: no +4 */
	ck_assert_int_eq(s->k.ntp.time_offset, (1000LL << 32) / 1000);

	/* us mode: the same number is us, the constant gets +4. */
	tx = (struct tk_timex){ .modes = ADJ_MICRO | ADJ_OFFSET | ADJ_TIMECONST,
				.offset = 1000,
				.constant = 4 };
	tx_do(s, &tx);
	ck_assert_int_eq(tx.offset, 1000);
	ck_assert_int_eq(tx.constant, 8);
	ck_assert_int_eq(s->k.ntp.time_offset, (1000000LL << 32) / 1000);
	sim_system_free(s);
}
END_TEST

/* STA_NANO / ADJ_MICRO units of the read-back: time and offset. */
START_TEST(test_units)
{
	struct sim_system *s = ntp_system(1000);
	struct timespec64 rt;
	struct tk_timex tx;

	sim_advance_ns(s, 12345678901ULL);
	sim_clock_gettime(s, SIM_PATH_VDSO, TK_CLOCK_REALTIME, &rt);
	tx = (struct tk_timex){ .modes = ADJ_NANO };
	tx_do(s, &tx);
	ck_assert(tx.status & STA_NANO);
	ck_assert_int_eq(tx.time.tv_sec, rt.tv_sec);
	ck_assert_int_eq(tx.time.tv_usec, rt.tv_nsec);
	tx = (struct tk_timex){ .modes = ADJ_MICRO };
	tx_do(s, &tx);
	ck_assert(!(tx.status & STA_NANO));
	ck_assert_int_eq(tx.time.tv_usec, rt.tv_nsec / 1000);

	/*
	 * A negative remaining offset: ns in ns mode, us in us mode, signed
	 * (v6.13+, f5807b0606da; before it the us read-back went through a
	 * (u32) cast and gave 4294962: the ntp-offset-u32 bug).
	 */
	tx = (struct tk_timex){ .modes = ADJ_STATUS | ADJ_NANO | ADJ_OFFSET,
				.status = STA_PLL,
				.offset = -5000 };
	tx_do(s, &tx);
	ck_assert_int_eq(tx.offset, -5000);
	tx = (struct tk_timex){ .modes = ADJ_MICRO };
	tx_do(s, &tx);
	ck_assert_int_eq(tx.offset, -5);
	ck_assert_int_eq(tx.precision, 1);
	ck_assert_int_eq(tx.tolerance, 500LL << 16);
	ck_assert_int_eq(tx.tick, 10000);
	sim_system_free(s);
}
END_TEST

/* ADJ_TAI: 0..MAX_TAI_OFFSET; CLOCK_TAI follows at once, and the clock counts as set. */
START_TEST(test_tai)
{
	static const struct {
		long long in;
		int want;
	} rows[] = { { 37, 37 }, { -1, 37 }, { 0, 0 }, { 100000, 100000 }, { 100001, 100000 } };
	struct sim_system *s = ntp_system(1000);

	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		struct tk_timex tx = { .modes = ADJ_TAI, .constant = rows[i].in };
		struct timekeeper tk0, tk1;
		__int128 d;

		sim_advance_ns(s, 333333333);
		tk_snapshot(&s->k, &tk0);
		tx_do(s, &tx);
		tk_snapshot(&s->k, &tk1);
		ck_assert_int_eq(tx.tai, rows[i].want);
		d = test_read_ns(s, SIM_PATH_VDSO, TK_CLOCK_TAI) -
		    test_read_ns(s, SIM_PATH_VDSO, TK_CLOCK_REALTIME);
		ck_assert(d == (__int128)rows[i].want * NSEC_PER_SEC);
		ck_assert(test_read_ns(s, SIM_PATH_SYSCALL, TK_CLOCK_TAI) ==
			  test_read_ns(s, SIM_PATH_VDSO, TK_CLOCK_TAI));
		if (tk0.tai_offset != rows[i].want)
			ck_assert_uint_eq(tk1.clock_was_set_seq, tk0.clock_was_set_seq + 1);
		else
			ck_assert_uint_eq(tk1.clock_was_set_seq, tk0.clock_was_set_seq);
	}
	sim_system_free(s);
}
END_TEST

/* MONOTONIC - MONOTONIC_RAW now (ns): what NTP steering has added to the clock. */
static __int128 mono_minus_raw(struct sim_system *s)
{
	return test_read_ns(s, SIM_PATH_VDSO, TK_CLOCK_MONOTONIC) -
	       test_read_ns(s, SIM_PATH_VDSO, TK_CLOCK_MONOTONIC_RAW);
}

/*
 * adjtime(3): the whole NTP-steered clock (REALTIME and MONOTONIC alike)
 * gains 500 us per second until the slew is done; read back with
 * ADJ_OFFSET_SS_READ.  The slew is added per tick, and a slewed second of
 * the clock is 500 ppm shorter in ticks, so the kernel delivers a little
 * less than asked: 1200 us come out as 1200 us * (1 - ~500e-6).
 */
START_TEST(test_singleshot)
{
	struct sim_system *s = ntp_system(1000);
	struct tk_timex tx;
	__int128 d0, d;

	sim_advance_ns(s, NSEC_PER_SEC / 2);
	d0 = mono_minus_raw(s);
	tx = (struct tk_timex){ .modes = ADJ_OFFSET_SINGLESHOT, .offset = 1200 };
	ck_assert_int_ge(tx_do(s, &tx), 0);
	ck_assert_int_eq(tx.offset, 0); /* the previous slew */
	tx = (struct tk_timex){ .modes = ADJ_OFFSET_SS_READ };
	ck_assert_int_ge(do_adjtimex(&s->k, &tx, false), 0);
	ck_assert_int_eq(tx.offset, 1200);

	/* Half a second into the first slewed second: 250 us in, 700 us left to start. */
	sim_advance_ns(s, NSEC_PER_SEC);
	d = mono_minus_raw(s) - d0;
	ck_assert_msg(d >= 250000 - 100000 && d <= 250000 + 100000, "slewed %" PRId64 " ns",
		      (s64)d);
	tx = (struct tk_timex){ .modes = ADJ_OFFSET_SS_READ };
	do_adjtimex(&s->k, &tx, false);
	ck_assert_int_eq(tx.offset, 700);

	/* Three seconds later it is all in: 500 + 500 + 200 us. */
	sim_advance_ns(s, 3 * NSEC_PER_SEC);
	d = mono_minus_raw(s) - d0;
	ck_assert_msg(d >= 1200000 - 1000 && d <= 1200000, "slewed %" PRId64 " ns", (s64)d);
	tx = (struct tk_timex){ .modes = ADJ_OFFSET_SS_READ };
	do_adjtimex(&s->k, &tx, false);
	ck_assert_int_eq(tx.offset, 0);
	sim_system_free(s);
}
END_TEST

/* ADJ_FREQUENCY and ADJ_TICK take effect at once (TK_ADV_FREQ); ADJ_OFFSET waits for the tick. */
START_TEST(test_freq_immediate)
{
	struct sim_system *s = ntp_system(250);
	struct timekeeper a, b;
	struct tk_timex tx;
	__int128 rt0;

	sim_advance_ns(s, 10 * NSEC_PER_SEC + NSEC_PER_MSEC); /* mid-tick */
	tk_snapshot(&s->k, &a);
	rt0 = test_read_ns(s, SIM_PATH_VDSO, TK_CLOCK_REALTIME);
	tx_set(s, ADJ_FREQUENCY, 100 << 16, 0, 0);
	tk_snapshot(&s->k, &b);
	ck_assert_uint_gt(b.tkr_mono.mult, a.tkr_mono.mult);
	ck_assert_uint_eq(b.ntp_tick, ntp_tick_length(&s->k.ntp));
	ck_assert_uint_eq(b.tkr_mono.cycle_last, a.tkr_mono.cycle_last); /* no interval elapsed */
	/* Continuous at the instant of the change (readers truncate shifted ns). */
	ck_assert(llabs((s64)(test_read_ns(s, SIM_PATH_VDSO, TK_CLOCK_REALTIME) - rt0)) <= 1);

	tx_set(s, ADJ_TICK, 0, 9900, 0);
	tk_snapshot(&s->k, &a);
	ck_assert_uint_lt(a.tkr_mono.mult, b.tkr_mono.mult);

	/* ADJ_OFFSET changes time_offset, not the tick length of this second. */
	tx = (struct tk_timex){ .modes = ADJ_STATUS | ADJ_OFFSET | ADJ_NANO,
				.status = STA_PLL,
				.offset = 100000 };
	tx_do(s, &tx);
	tk_snapshot(&s->k, &b);
	ck_assert_uint_eq(b.tkr_mono.mult, a.tkr_mono.mult);
	sim_system_free(s);
}
END_TEST

/* settimeofday() clears NTP (STA_UNSYNC, no phase, no slew) but keeps the frequency. */
START_TEST(test_settimeofday_clears_ntp)
{
	struct sim_system *s = ntp_system(1000);
	struct timespec64 ts = { .tv_sec = 1800000000, .tv_nsec = 5 };
	struct tk_timex tx = { .modes = ADJ_STATUS | ADJ_OFFSET | ADJ_FREQUENCY | ADJ_NANO,
			       .status = STA_PLL,
			       .offset = 100000,
			       .freq = SPPM(-7) };

	tx_do(s, &tx);
	tx = (struct tk_timex){ .modes = ADJ_OFFSET_SINGLESHOT, .offset = 3000 };
	tx_do(s, &tx);
	sim_advance_ns(s, 1500 * NSEC_PER_MSEC);
	ck_assert_int_eq(do_settimeofday64(&s->k, &ts), 0);
	ck_assert_int_eq(tx_read(s, &tx), TIME_ERROR);
	ck_assert(tx.status & STA_UNSYNC);
	ck_assert_int_eq(tx.offset, 0);
	ck_assert_int_eq(tx.freq, SPPM(-7));
	ck_assert_int_eq(s->k.ntp.time_adjust, 0);
	sim_system_free(s);
}
END_TEST

/* Set @status, and maxerror to 0 so that it cannot grow past the limit into STA_UNSYNC. */
static void arm_leap(struct sim_system *s, int status)
{
	struct tk_timex tx = { .modes = ADJ_STATUS | ADJ_MAXERROR, .status = status };

	ck_assert_int_ge(tx_do(s, &tx), 0);
}

/*
 * The leap second in the read path: between the second boundary and the
 * tick that applies the leap, adjtimex() already shows 23:59:60 (TIME_OOP,
 * tai + 1) although clock_gettime() shows 00:00:00.
 */
START_TEST(test_leap_read_path)
{
	struct sim_config cfg;
	struct sim_system *s;
	time64_t midnight;
	struct tk_timex tx;
	int seen_fixup = 0, seen_wait_fixup = 0, last = TIME_OK;

	sim_config_default(&cfg);
	cfg.hz = 100;
	cfg.counter.error_ppb = -2000; /* a slow clock: its midnight falls between two ticks */
	midnight = sim_next_utc_midnight(cfg.wall_time.tv_sec);
	cfg.wall_time.tv_sec = midnight - 3;
	s = test_system(&cfg);
	arm_leap(s, STA_INS);
	for (u64 t = 0; t < 6 * NSEC_PER_SEC; t += 250 * NSEC_PER_USEC) {
		struct timespec64 rt;
		int st;

		sim_advance_to(s, t);
		sim_clock_gettime(s, SIM_PATH_VDSO, TK_CLOCK_REALTIME, &rt);
		st = tx_read(s, &tx);
		/* The states only move forward: INS, OOP, WAIT. */
		ck_assert_msg(st >= last || (last == TIME_OK && st == TIME_INS),
			      "state %d after %d at %" PRIu64 " ns", st, last, t);
		if (st != TIME_OK)
			last = st;
		if (st == TIME_OOP && rt.tv_sec == midnight) {
			ck_assert_int_eq(tx.time.tv_sec, midnight - 1);
			ck_assert_int_eq(tx.tai, 1);
			seen_fixup++;
		}
		if (st == TIME_WAIT && rt.tv_sec == midnight && s->k.ntp.time_state == TIME_OOP)
			seen_wait_fixup++;
	}
	ck_assert_msg(seen_fixup > 0, "never saw 23:59:60 before the tick");
	ck_assert_msg(seen_wait_fixup > 0, "never saw TIME_WAIT before the second tick");
	ck_assert_int_eq(last, TIME_WAIT);
	sim_system_free(s);
}
END_TEST

/* clear_time_state() in one write: an armed insertion is cancelled without STA_PLL first. */
START_TEST(test_clear_in_one_write)
{
	for (int pll = 0; pll < 2; pll++) {
		struct sim_config cfg;
		struct sim_system *s;
		struct tk_timex tx;
		time64_t midnight;

		sim_config_default(&cfg);
		midnight = sim_next_utc_midnight(cfg.wall_time.tv_sec);
		cfg.wall_time.tv_sec = midnight - 5;
		s = test_system(&cfg);
		arm_leap(s, STA_INS | (pll ? STA_PLL : 0));
		sim_advance_ns(s, 2 * NSEC_PER_SEC);
		ck_assert_int_eq(tx_read(s, &tx), TIME_INS);
		tx_set(s, ADJ_STATUS, 0, 0, 0);
		tx_read(s, &tx);
		ck_assert_int_eq(tx.status, 0);
		sim_advance_ns(s, 6 * NSEC_PER_SEC);
		ck_assert_int_eq(tx_read(s, &tx), TIME_OK);
		ck_assert_int_eq(tx.tai, 0);
		/* No leap: REALTIME - MONOTONIC never moved. */
		ck_assert(test_read_ns(s, SIM_PATH_VDSO, TK_CLOCK_REALTIME) -
				  test_read_ns(s, SIM_PATH_VDSO, TK_CLOCK_MONOTONIC) ==
			  ts_to_ns(&cfg.wall_time) - ts_to_ns(&cfg.boot_offset));
		sim_system_free(s);
	}
}
END_TEST

/*
 * next_leap_ktime (the MONOTONIC instant hrtimers use for the leap) follows
 * adjtimex at once, not at the next tick: armed once TIME_INS is reached,
 * cancelled as soon as STA_INS is cleared.
 */
START_TEST(test_next_leap_ktime)
{
	struct sim_config cfg;
	struct sim_system *s;
	struct timekeeper tk;
	time64_t midnight;

	sim_config_default(&cfg);
	midnight = sim_next_utc_midnight(cfg.wall_time.tv_sec);
	cfg.wall_time.tv_sec = midnight - 5;
	s = test_system(&cfg);
	tk_snapshot(&s->k, &tk);
	ck_assert(tk.next_leap_ktime == KTIME_MAX);
	arm_leap(s, STA_INS);
	sim_advance_ns(s, 1500 * NSEC_PER_MSEC);
	tk_snapshot(&s->k, &tk);
	ck_assert(tk.next_leap_ktime == (ktime_t)midnight * NSEC_PER_SEC - tk.offs_real);
	sim_advance_ns(s, 100 * NSEC_PER_USEC); /* between two ticks */
	tx_set(s, ADJ_STATUS, 0, 0, 0);
	tk_snapshot(&s->k, &tk);
	ck_assert(tk.next_leap_ktime == KTIME_MAX);
	sim_system_free(s);
}
END_TEST

static Suite *adjtimex_suite(void)
{
	Suite *s = suite_create("adjtimex");
	TCase *sel = tcase_create("valid-adjtimex");
	TCase *api = tcase_create("do_adjtimex");

	tcase_add_test(sel, test_valid_adjtimex_freq);
	tcase_add_test(sel, test_valid_adjtimex_setoffset);
	tcase_add_test(sel, test_valid_adjtimex_bad_setoffset);
	suite_add_tcase(s, sel);

	tcase_set_timeout(api, 30);
	tcase_add_test(api, test_validate_rules);
	tcase_add_test(api, test_mode_order);
	tcase_add_test(api, test_units);
	tcase_add_test(api, test_tai);
	tcase_add_test(api, test_singleshot);
	tcase_add_test(api, test_freq_immediate);
	tcase_add_test(api, test_settimeofday_clears_ntp);
	tcase_add_test(api, test_leap_read_path);
	tcase_add_test(api, test_clear_in_one_write);
	tcase_add_test(api, test_next_leap_ktime);
	suite_add_tcase(s, api);
	return s;
}

int main(void)
{
	test_seed();
	return test_run_suite(adjtimex_suite());
}
