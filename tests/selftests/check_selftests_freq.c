// SPDX-License-Identifier: GPL-2.0
// Ports of
// tools/testing/selftests/timers/{adjtick,raw_skew,change_skew,freq-step,skew_consistency}.c.
/*
 * The kernel's frequency selftests, run on a simulated kernel: sleep()
 * becomes virtual time with ticks, clock reads happen at one virtual instant
 * (so the bracketing the selftests do to pair MONOTONIC with
 * MONOTONIC_RAW is exact), and random sleeps come from a seeded generator.
 * The pass/fail thresholds are the kernel's, unchanged.
 */
#include <math.h>

#include "tests/check_ntp_util.h"
#include "timekeeper/time64.h"
#include "vdso/bug_bits.h"

/* get_monotonic_and_raw(): both clocks at the same instant (ns). */
static void mono_and_raw(struct sim_system *s, __int128 *mon, __int128 *raw)
{
	*mon = clock_ns(s, SIM_PATH_VDSO, TK_CLOCK_MONOTONIC);
	*raw = clock_ns(s, SIM_PATH_VDSO, TK_CLOCK_MONOTONIC_RAW);
}

/* A counter like the ACPI PM timer: 3.579545 MHz, 24 bits, exact. */
static struct sim_system *acpi_pm_system(unsigned int hz)
{
	struct sim_config cfg;

	sim_config_default(&cfg);
	cfg.hz = hz;
	cfg.counter.freq_hz = 3579545;
	cfg.counter.bits = 24;
	cfg.counter.error_ppb = 0;
	return test_system(&cfg);
}

/*
 * adjtick.c: ADJ_TICK from 9000 to 10750 us in steps of 250; each time
 * measure the MONOTONIC/RAW rate over 15 s after 1 s of settling, and it
 * must be within 100 ppm of tick / 10000.  The simulator holds it to
 * ADJTICK_SIM_PPM: a tick length off by a few ppm (a rounding bug in
 * ntp_update_frequency(), say) would pass the selftest but not this.
 */
#define ADJTICK_SIM_PPM 3

static void adjtick(struct sim_system *s, const char *what)
{
	const long systick = 1000000 / USER_HZ, max = systick / 10, interval = max / 4;
	long long worst = 0;

	for (long tick = systick - max; tick < systick + max; tick += interval) {
		struct tk_timex tx = { .modes = ADJ_TICK | ADJ_OFFSET | ADJ_FREQUENCY | ADJ_STATUS,
				       .status = STA_PLL,
				       .offset = 0,
				       .freq = 0,
				       .tick = tick };
		__int128 mon0, raw0, mon1, raw1;
		long long ppm, eppm, d1, d2;

		ck_assert_int_ge(tx_do(s, &tx), 0);
		sim_advance_ns(s, NSEC_PER_SEC);
		ppm = (long long)tick * 1000000 / systick - 1000000;
		mono_and_raw(s, &mon0, &raw0);
		sim_advance_ns(s, 15 * NSEC_PER_SEC);
		mono_and_raw(s, &mon1, &raw1);
		d1 = (long long)(mon1 - mon0);
		d2 = (long long)(raw1 - raw0);
		eppm = d1 * 1000000 / d2 - 1000000;

		tx_read(s, &tx);
		ck_assert_msg(tx.offset == 0 && tx.freq == 0 && tx.tick == tick,
			      "%s: unexpected adjtimex read-back (offset %lld freq %lld tick %lld)",
			      what, tx.offset, tx.freq, tx.tick);
		ck_assert_msg(llabs(eppm - ppm) <= 100,
			      "%s: tick %ld: measured %lld ppm, want %lld", what, tick, eppm, ppm);
		/* The simulator has no noise: only the integer ppm division's rounding. */
		ck_assert_msg(llabs(eppm - ppm) <= ADJTICK_SIM_PPM,
			      "%s: tick %ld: measured %lld ppm, want %lld within %d (simulator)",
			      what, tick, eppm, ppm, ADJTICK_SIM_PPM);
		if (llabs(eppm - ppm) > worst)
			worst = llabs(eppm - ppm);
	}
	printf("# adjtick %s: worst |measured - expected| = %lld ppm (limit 100, simulator %d)\n",
	       what, worst, ADJTICK_SIM_PPM);
}

START_TEST(test_adjtick)
{
	struct sim_system *s = ntp_system(1000);

	adjtick(s, "2.1 GHz, HZ=1000");
	sim_system_free(s);
	s = acpi_pm_system(250);
	adjtick(s, "ACPI PM 3.58 MHz, HZ=250");
	sim_system_free(s);
}
END_TEST

/*
 * raw_skew.c: over 120 s the MONOTONIC vs RAW rate (eppm, in ppb) must
 * equal the adjtimex frequency (ppm, in ppb) within 1000 ppb.  Return the
 * difference, in ppb.
 */
static long long raw_skew(struct sim_system *s)
{
	struct tk_timex tx1, tx2;
	__int128 mon, raw, start, end;
	long long delta1, delta2, interval, eppm, ppm;

	tx_read(s, &tx1);
	mono_and_raw(s, &mon, &raw);
	start = mon;
	delta1 = (long long)(raw - mon);
	sim_advance_ns(s, 120 * NSEC_PER_SEC);
	mono_and_raw(s, &mon, &raw);
	end = mon;
	tx_read(s, &tx2);
	delta2 = (long long)(raw - mon);
	interval = (long long)(end - start);

	eppm = -((delta2 - delta1) * NSEC_PER_SEC / interval);
	ppm = shift_right((long long)tx1.freq * 1000, 16);
	ck_assert_msg(tx1.offset == 0 && tx1.freq == tx2.freq && tx1.tick == tx2.tick,
		      "the clock was adjusted during raw_skew");
	return eppm - ppm;
}

/*
 * The simulator's raw_skew limit.  raw_skew.c's estimate divides the
 * MONOTONIC - RAW drift by the MONOTONIC interval, so at a frequency f it
 * reads f - f^2 (f^2 = ppm^2 / 1000 ppb: 250 ppb at 500 ppm), which its
 * 1000 ppb limit absorbs.  Without noise the rest must be rounding only.
 */
#define RAW_SKEW_SIM_PPB 3

static void raw_skew_sim_check(long long err, long long ppm)
{
	long long second_order = ppm * ppm / 1000;

	ck_assert_msg(llabs(err + second_order) <= RAW_SKEW_SIM_PPB,
		      "raw_skew at %lld ppm: off by %lld ppb, %lld beyond the f^2 term (simulator "
		      "limit %d)",
		      ppm, err, err + second_order, RAW_SKEW_SIM_PPB);
}

START_TEST(test_raw_skew)
{
	static const int freqs[] = { -500, -250, 0, 250, 500 };
	struct sim_system *s = ntp_system(1000);

	for (size_t i = 0; i < sizeof(freqs) / sizeof(freqs[0]); i++) {
		long long err;

		tx_set(s, ADJ_FREQUENCY, (long long)freqs[i] * 65536, 0, 0);
		err = raw_skew(s);
		printf("# raw_skew at %+d ppm: measured - adjtimex = %lld ppb (limit 1000, "
		       "simulator "
		       "f^2 +/- %d)\n",
		       freqs[i], err, RAW_SKEW_SIM_PPB);
		ck_assert_msg(llabs(err) <= 1000, "raw_skew at %d ppm: off by %lld ppb", freqs[i],
			      err);
		raw_skew_sim_check(err, freqs[i]);
	}
	sim_system_free(s);
}
END_TEST

/*
 * change_skew.c: no offset adjustment running, then for -500, -250, 0 and
 * 250 ppm (its loop stops before 500): raw_skew and inconsistency-check
 * (10 s over every clock).  Its nanosleep run has no counterpart here.
 */
START_TEST(test_change_skew)
{
	struct sim_system *s = ntp_system(250);
	struct tk_timex tx = { .modes = ADJ_OFFSET, .offset = 0 };
	struct sim_rng rng;

	sim_rng_seed(&rng, test_seed());
	tx_do(s, &tx);
	for (int ppm = -500; ppm < 500; ppm += 250) {
		long long err;

		tx_set(s, ADJ_FREQUENCY, (long long)ppm * 65536, 0, 0);
		err = raw_skew(s);
		ck_assert_msg(llabs(err) <= 1000, "change_skew %d ppm: raw_skew off by %lld ppb",
			      ppm, err);
		raw_skew_sim_check(err, ppm);
		consistency_check(s, &rng, 10 * NSEC_PER_SEC, 3 * NSEC_PER_MSEC, true, test_seed());
	}
	tx_set(s, ADJ_FREQUENCY, 0, 0, 0);
	sim_system_free(s);
}
END_TEST

/* freq-step.c (Miroslav Lichvar, 2017) with the limits of v5.3. */
#define SAMPLES 100
#define MEAN_SAMPLE_INTERVAL 0.1
#define STEP_INTERVAL 1.0
#define MAX_FREQ_ERROR 0.02e-6
#define MAX_STDDEV 50e-9
/* The simulator's limits: no noise, so only rounding is left (measured: 0.000 ppm, 0 ns). */
#define SIM_MAX_FREQ_ERROR 0.001e-6
#define SIM_MAX_STDDEV 1e-9

struct fs_sample {
	double offset;
	double time;
};

/* The freq-step run's state: the system, the bases, the random sleeps. */
struct freq_step {
	struct sim_system *s;
	__int128 mono_raw_base, mono_base;
	double mono_freq_offset;
	struct sim_rng rng;
};

/*
 * get_sample(): MONOTONIC - RAW and RAW at one instant.  The selftest's
 * version also measures how long its three clock reads took (its
 * MAX_PRECISION check); on the simulated machine no time passes between
 * reads, so there is no delay to return.
 */
static void get_sample(struct freq_step *f, struct fs_sample *sample)
{
	__int128 mon, raw;

	mono_and_raw(f->s, &mon, &raw);
	sample->offset = (double)((mon - f->mono_base) - (raw - f->mono_raw_base)) * 1e-9;
	sample->time = (double)(raw - f->mono_raw_base) * 1e-9;
}

/* usleep(us) on the simulated machine. */
static void fs_usleep(struct freq_step *f, double us)
{
	sim_advance_ns(f->s, (u64)(us * 1000.0));
}

/* rand() % 2000000, from the seeded generator. */
static long fs_rand(struct freq_step *f)
{
	return (long)sim_rng_below(&f->rng, 2000000);
}

/* reset_ntp_error(): an ADJ_SETOFFSET of zero (clears the NTP error). */
static void reset_ntp_error(struct freq_step *f)
{
	struct tk_timex tx = { .modes = ADJ_SETOFFSET };

	ck_assert_int_ge(tx_do(f->s, &tx), 0);
}

/* set_frequency(): split into ADJ_TICK (whole us per tick) and ADJ_FREQUENCY (the rest). */
static void set_frequency(struct freq_step *f, double freq)
{
	const long user_hz = USER_HZ;
	struct tk_timex tx = { .modes = ADJ_TICK | ADJ_FREQUENCY };
	int tick_offset = (int)(1e6 * freq / user_hz);

	tx.tick = 1000000 / user_hz + tick_offset;
	tx.freq = (long long)((1e6 * freq - user_hz * tick_offset) * (1 << 16));
	ck_assert_int_ge(tx_do(f->s, &tx), 0);
}

static void regress(const struct fs_sample *samples, int n, double *intercept, double *slope,
		    double *r_stddev, double *r_max)
{
	double x_sum = 0.0, y_sum = 0.0, xy_sum = 0.0, x2_sum = 0.0, r2_sum = 0.0;

	for (int i = 0; i < n; i++) {
		double x = samples[i].time, y = samples[i].offset;

		x_sum += x;
		y_sum += y;
		xy_sum += x * y;
		x2_sum += x * x;
	}
	*slope = (xy_sum - x_sum * y_sum / n) / (x2_sum - x_sum * x_sum / n);
	*intercept = (y_sum - *slope * x_sum) / n;
	*r_max = 0.0;
	for (int i = 0; i < n; i++) {
		double r = fabs(samples[i].time * *slope + *intercept - samples[i].offset);

		if (*r_max < r)
			*r_max = r;
		r2_sum += r * r;
	}
	*r_stddev = sqrt(r2_sum / n);
}

static int run_test(struct freq_step *f, int calibration, double freq_base, double freq_step)
{
	struct fs_sample samples[SAMPLES];
	double intercept, slope, stddev1, max1, stddev2, max2, freq_error1, freq_error2;

	set_frequency(f, freq_base);
	for (int i = 0; i < 10; i++)
		fs_usleep(f, 1e6 * MEAN_SAMPLE_INTERVAL / 10);
	reset_ntp_error(f);
	set_frequency(f, freq_base + freq_step);
	for (int i = 0; i < 10; i++)
		fs_usleep(f, (double)fs_rand(f) * STEP_INTERVAL / 10);
	set_frequency(f, freq_base);
	for (int i = 0; i < SAMPLES; i++) {
		fs_usleep(f, (double)fs_rand(f) * MEAN_SAMPLE_INTERVAL);
		get_sample(f, &samples[i]);
	}

	if (calibration) {
		regress(samples, SAMPLES, &intercept, &slope, &stddev1, &max1);
		f->mono_freq_offset = slope;
		printf("# freq-step: CLOCK_MONOTONIC_RAW frequency offset: %11.3f ppm\n",
		       1e6 * f->mono_freq_offset);
		return 0;
	}

	regress(samples, SAMPLES / 2, &intercept, &slope, &stddev1, &max1);
	freq_error1 = slope * (1.0 - f->mono_freq_offset) - f->mono_freq_offset - freq_base;
	regress(samples + SAMPLES / 2, SAMPLES / 2, &intercept, &slope, &stddev2, &max2);
	freq_error2 = slope * (1.0 - f->mono_freq_offset) - f->mono_freq_offset - freq_base;

	printf("# %6.0f %+10.3f %6.0f %7.0f %+10.3f %6.0f %7.0f\n", 1e6 * freq_step,
	       1e6 * freq_error1, 1e9 * stddev1, 1e9 * max1, 1e6 * freq_error2, 1e9 * stddev2,
	       1e9 * max2);
	if (fabs(freq_error2) > MAX_FREQ_ERROR || stddev2 > MAX_STDDEV)
		return 1;
	return fabs(freq_error1) > SIM_MAX_FREQ_ERROR || fabs(freq_error2) > SIM_MAX_FREQ_ERROR ||
	       stddev1 > SIM_MAX_STDDEV || stddev2 > SIM_MAX_STDDEV;
}

START_TEST(test_freq_step)
{
	struct freq_step f = { .s = ntp_system(1000) };
	char why[256];
	__int128 mon, raw;
	int fails = 0;

	sim_rng_seed(&f.rng, test_seed());
	sim_advance_ns(f.s, NSEC_PER_SEC);
	mono_and_raw(f.s, &mon, &raw);
	/* The whole-second bases, as init_test() takes them. */
	f.mono_raw_base = raw - raw % NSEC_PER_SEC;
	f.mono_base = mon - mon % NSEC_PER_SEC;
	/*
	 * In place of MAX_PRECISION (how long the selftest's reads took, 0 on
	 * the simulated machine): a sample is exact.  The vDSO's MONOTONIC and
	 * RAW are the kernel side's to the ns, and RAW is the counter's exact
	 * conversion.
	 */
	mono_and_raw(f.s, &mon, &raw);
	ck_assert(mon == clock_ns(f.s, SIM_PATH_SYSCALL, TK_CLOCK_MONOTONIC));
	ck_assert(raw == clock_ns(f.s, SIM_PATH_SYSCALL, TK_CLOCK_MONOTONIC_RAW));
	ck_assert_msg(oracle_check_raw_exact(f.s, why, sizeof(why)) == 0, "%s", why);
	run_test(&f, 1, 0.0, 0.0);

	printf("# freq-step:  Step           1st interval              2nd interval\n"
	       "#             Freq    Dev     Max       Freq    Dev     Max\n");
	for (int i = 2; i >= 0; i--) {
		for (int j = 0; j < 5; j++) {
			double freq_base =
				(double)((long)sim_rng_below(&f.rng, 1 << 24) - (1 << 23)) /
				65536e6;
			double freq_step = 10e-6 * (1 << (6 * i));

			fails += run_test(&f, 0, freq_base, freq_step);
		}
	}
	set_frequency(&f, 0.0);
	ck_assert_msg(fails == 0, "seed %" PRIu64 ": %d of 15 frequency steps failed", test_seed(),
		      fails);
	sim_system_free(f.s);
}
END_TEST

/*
 * A known issue of the v6.15+ coarse clocks (v6.15 to v6.18 have the same
 * code): the coarse clocks read {xtime_sec, coarse_nsec}, and coarse_nsec
 * is refreshed only when time is accumulated.  A TK_ADV_FREQ adjustment
 * with unaccumulated cycles moves xtime_nsec by offset * (old - new mult);
 * when that crosses a second, xtime_sec moves with it: raising the mult
 * just after a second was accumulated borrows one (xtime_sec--), lowering
 * it just before one carries one (xtime_sec++, through
 * accumulate_nsecs_to_secs()).  Until the next tick the coarse clocks are
 * then one second off: behind, or ahead of the fine clocks.  The state
 * shows as coarse time {coarse_sec, coarse_nsec} more than half a second
 * from {xtime_sec, xtime_nsec}; with FIX_COARSE_SEC it never arises.
 */
static bool coarse_second_off(struct sim_system *s)
{
	struct timekeeper tk;
	s64 d;

	tk_snapshot(&s->k, &tk);
	d = (s64)tk.coarse_nsec - (s64)(tk.tkr_mono.xtime_nsec >> tk.tkr_mono.shift);
	d += ((s64)tk.coarse_sec - (s64)tk.xtime_sec) * (s64)NSEC_PER_SEC;
	return llabs(d) > NSEC_PER_SEC / 2;
}

/*
 * The coarse clock @c against its fine clock in the v6.15 model: it lags by
 * less than two ticks (what is unaccumulated, plus the tick that has not
 * come), and in the coarse_second_off() state it is also exactly one second
 * off, behind (a borrow) or ahead (a carry).  Returns 0, or -1 with @why.
 */
static int coarse_expected(struct sim_system *s, s32 c, __int128 v, bool off, char *why, size_t n)
{
	s32 fine = c == TK_CLOCK_REALTIME_COARSE ? TK_CLOCK_REALTIME : TK_CLOCK_MONOTONIC;
	__int128 d = v - clock_ns(s, SIM_PATH_VDSO, fine), lag = 2 * (__int128)s->tick_period_ns;

	if (off && d > -(__int128)NSEC_PER_SEC / 2)
		d -= NSEC_PER_SEC; /* a carry: one second ahead */
	else if (off)
		d += NSEC_PER_SEC; /* a borrow: one second behind */
	if (d > 0 || d < -lag) {
		snprintf(why, n, "CLOCK_%s is %" PRId64 " ns from CLOCK_%s%s", oracle_clock_name(c),
			 (s64)(v - clock_ns(s, SIM_PATH_VDSO, fine)), oracle_clock_name(fine),
			 off ? " (in the second-off state)" : "");
		return -1;
	}
	return 0;
}

/*
 * skew_consistency.c, deterministic: the frequency flips between -500 and
 * +500 ppm at random instants between ticks (TK_ADV_FREQ with
 * unaccumulated cycles, every millisecond or two instead of every 0.5 s),
 * while every clock, COARSE included, is read right before and right after
 * each flip and at random instants between flips.  The fine clocks may not
 * go back.  The coarse clocks are checked against the v6.15 behaviour,
 * explicitly: within two ticks behind their fine clock, and, in the state
 * of coarse_second_off() (counted in @known), exactly one second further
 * off (see test_coarse_second_step); monotonic within each state, and
 * entering or leaving the state moves them by one second, to within the
 * ticks' lag.
 *
 * Return: 0, or -1 with the first violation in @why.
 */
static int skew_consistency(struct sim_system *s, u64 seed, u64 seconds, u64 *flips, u64 *known,
			    char *why, size_t n)
{
	struct sim_rng rng;
	__int128 last[VDSO_BASES];
	bool seen[VDSO_BASES] = { false }, was_off = false;

	sim_rng_seed(&rng, seed);
	*flips = *known = 0;
	while (s->now_ns < seconds * NSEC_PER_SEC) {
		for (int phase = 0; phase < 5; phase++) {
			bool off;

			if (phase == 2) {
				long long f = ((*flips)++ & 1) ? 500 : -500;

				tx_set(s, ADJ_FREQUENCY, f * 65536, 0, 0);
			} else if (phase != 3) {
				sim_advance_ns(s, sim_rng_below(&rng, 700 * NSEC_PER_USEC) + 1);
			}
			off = coarse_second_off(s);
			*known += off;
			if (!off && oracle_check_instant(s, NULL, NULL, why, n))
				return -1;
			for (unsigned int i = 0; i < oracle_nr_clocks; i++) {
				s32 c = oracle_clocks[i];
				bool coarse = c == TK_CLOCK_REALTIME_COARSE ||
					      c == TK_CLOCK_MONOTONIC_COARSE;
				__int128 v = clock_ns(s, SIM_PATH_VDSO, c), back;

				if (coarse && coarse_expected(s, c, v, off, why, n))
					return -1;
				back = seen[c] ? last[c] - v : 0;
				/* Into or out of the second-off state: a one-second step. */
				if (coarse && off != was_off && back > 0)
					back -= NSEC_PER_SEC + 2 * (__int128)s->tick_period_ns;
				if (back > 0) {
					snprintf(why, n, "CLOCK_%s went back by %" PRId64 " ns",
						 oracle_clock_name(c), (s64)back);
					return -1;
				}
				last[c] = v;
				seen[c] = true;
			}
			was_off = off;
		}
	}
	return 0;
}

START_TEST(test_skew_consistency)
{
	struct sim_system *s = ntp_system(1000);
	u64 flips, known;
	char why[256];

	ck_assert_msg(skew_consistency(s, test_seed(), 20, &flips, &known, why, sizeof(why)) == 0,
		      "seed %" PRIu64 ", flip %" PRIu64 ": %s", test_seed(), flips, why);
	printf("# skew_consistency: %" PRIu64 " flips of +/-500 ppm in 20 s, nothing went back;"
	       " instants with the coarse clocks a second off (as expected): %" PRIu64 "\n",
	       flips, known);
	sim_system_free(s);

	/* The 2025 bug (coarse clocks following xtime_nsec, pre-6.15) is caught within a second. */
	s = ntp_system(1000);
	s->k.bugs |= BUG_COARSE_PRE615;
	ck_assert_msg(skew_consistency(s, test_seed(), 1, &flips, &known, why, sizeof(why)) != 0,
		      "seed %" PRIu64 ": the pre-6.15 coarse clocks went unnoticed", test_seed());
	printf("# skew_consistency with the pre-6.15 coarse clocks: flip %" PRIu64 ": %s\n", flips,
	       why);
	sim_system_free(s);
}
END_TEST

/*
 * The proposed fix (FIX_COARSE_SEC, sim/fixes.c) under the same flips:
 * nothing goes back and the coarse clocks are never a second off.  With the
 * pre-6.15 coarse clocks injected as well, b71f9804f66c's motivation (coarse
 * time going back by offset * delta-mult on TK_ADV_FREQ) is caught as
 * before: the fix does not bring it back, and the test still sees it.
 */
START_TEST(test_skew_consistency_fixed)
{
	struct sim_system *s = ntp_system(1000);
	u64 flips, known;
	char why[256];

	s->k.fixes = FIX_COARSE_SEC;
	ck_assert_msg(skew_consistency(s, test_seed(), 20, &flips, &known, why, sizeof(why)) == 0,
		      "seed %" PRIu64 ", flip %" PRIu64 ": %s", test_seed(), flips, why);
	ck_assert_msg(known == 0, "%" PRIu64 " instants a second off with the fix", known);
	printf("# skew_consistency with --fix coarse-sec: %" PRIu64 " flips, nothing went back,"
	       " never a second off\n",
	       flips);
	sim_system_free(s);

	s = ntp_system(1000);
	s->k.fixes = FIX_COARSE_SEC;
	s->k.bugs |= BUG_COARSE_PRE615;
	ck_assert_msg(skew_consistency(s, test_seed(), 1, &flips, &known, why, sizeof(why)) != 0,
		      "seed %" PRIu64 ": the pre-6.15 coarse clocks went unnoticed with the fix",
		      test_seed());
	sim_system_free(s);
}
END_TEST

/*
 * Set REALTIME at an instant just before a tick so that the interval the
 * next-but-one tick accumulates ends @end_ns after (or, negative, before)
 * a second boundary; return that second.  No time is accumulated at the
 * next tick (less than an interval has gone by).
 */
static time64_t set_phase(struct sim_system *s, s64 end_ns)
{
	struct timekeeper tk;
	struct timespec64 ts;
	time64_t sec;

	tk_snapshot(&s->k, &tk);
	sim_advance_to(s, s->next_tick_ns - 1000);
	sec = (time64_t)tk.xtime_sec + 10;
	ts = set_normalized_timespec64(sec, end_ns - (s64)(tk.xtime_interval >> tk.tkr_mono.shift));
	ck_assert_int_eq(do_settimeofday64(&s->k, &ts), 0);
	sim_run_ticks(s, 2);
	return sec;
}

/*
 * The known coarse-clock issue of coarse_second_off(), built on purpose in
 * both directions at HZ=1000, 0.9 ms into a tick (0.45 us of correction for
 * a 500 ppm step).  Borrow: REALTIME is 100 ns past a second, the
 * frequency goes up: the coarse clocks step back one second.  Carry:
 * REALTIME is 50 ns short of a second, the frequency goes down: the coarse
 * clocks jump one second ahead of the fine ones, and step back at the next
 * tick.  The fine clocks stay continuous.  With the proposed fix
 * (FIX_COARSE_SEC, run 2 and 3) the coarse clocks do not move at the
 * frequency step, stay behind the fine ones and move on at the next tick.
 */
START_TEST(test_coarse_second_step)
{
	for (int run = 0; run < 4; run++) {
		struct sim_system *s = ntp_system(1000);
		__int128 c0, c1, rt0, rt1, mono0;
		int dir = run & 1;
		bool fixed = run >= 2;
		time64_t sec;

		/* Both ways whatever TKSIM_FIX says. */
		s->k.fixes = fixed ? FIX_COARSE_SEC : 0;

		tx_set(s, ADJ_FREQUENCY, (dir ? 500LL : -500LL) * 65536, 0, 0);
		sim_run_ticks(s, 10);
		sec = set_phase(s, dir ? -50 : 100);

		sim_advance_ns(s, 900 * NSEC_PER_USEC);
		c0 = test_read_ns(s, SIM_PATH_VDSO, TK_CLOCK_REALTIME_COARSE);
		rt0 = test_read_ns(s, SIM_PATH_VDSO, TK_CLOCK_REALTIME);
		mono0 = test_read_ns(s, SIM_PATH_VDSO, TK_CLOCK_MONOTONIC);
		ck_assert(!coarse_second_off(s));
		tx_set(s, ADJ_FREQUENCY, (dir ? -500LL : 500LL) * 65536, 0, 0);
		c1 = test_read_ns(s, SIM_PATH_VDSO, TK_CLOCK_REALTIME_COARSE);
		rt1 = test_read_ns(s, SIM_PATH_VDSO, TK_CLOCK_REALTIME);
		ck_assert(rt1 >= rt0 - 1);
		ck_assert(test_read_ns(s, SIM_PATH_VDSO, TK_CLOCK_MONOTONIC) >= mono0 - 1);
		ck_assert(test_read_ns(s, SIM_PATH_SYSCALL, TK_CLOCK_REALTIME_COARSE) == c1);
		if (fixed) {
			ck_assert(!coarse_second_off(s));
			ck_assert(c1 == c0);
			ck_assert(c1 <= rt1);
			sim_run_ticks(s, 1);
			ck_assert(test_read_ns(s, SIM_PATH_VDSO, TK_CLOCK_REALTIME_COARSE) >= c1);
			ck_assert(test_read_ns(s, SIM_PATH_VDSO, TK_CLOCK_REALTIME_COARSE) <=
				  test_read_ns(s, SIM_PATH_VDSO, TK_CLOCK_REALTIME));
			printf("# coarse %s with --fix coarse-sec: REALTIME_COARSE unchanged "
			       "across "
			       "the frequency step\n",
			       dir ? "carry" : "borrow");
			sim_system_free(s);
			continue;
		}
		ck_assert(coarse_second_off(s));
		printf("# coarse %s: REALTIME_COARSE %+" PRId64 " ns across the frequency step, "
		       "%+" PRId64 " ns from REALTIME\n",
		       dir ? "carry" : "borrow", (s64)(c1 - c0), (s64)(c1 - rt1));
		if (dir) {
			/* Ahead of the fine clock by almost a second. */
			ck_assert(c1 - rt1 > NSEC_PER_SEC - NSEC_PER_MSEC);
			ck_assert(c0 < (__int128)sec * NSEC_PER_SEC);
		} else {
			ck_assert(c1 - c0 == -NSEC_PER_SEC);
		}
		/* The next tick puts the coarse clocks right; after a carry that is a step back. */
		sim_run_ticks(s, 1);
		ck_assert(!coarse_second_off(s));
		if (dir)
			ck_assert(test_read_ns(s, SIM_PATH_VDSO, TK_CLOCK_REALTIME_COARSE) < c1);
		else
			ck_assert(test_read_ns(s, SIM_PATH_VDSO, TK_CLOCK_REALTIME_COARSE) >= c0);
		sim_system_free(s);
	}
}
END_TEST

static Suite *selftests_freq_suite(void)
{
	Suite *s = suite_create("selftests-freq");
	TCase *tc = tcase_create("timers");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_adjtick);
	tcase_add_test(tc, test_raw_skew);
	tcase_add_test(tc, test_change_skew);
	tcase_add_test(tc, test_freq_step);
	tcase_add_test(tc, test_skew_consistency);
	tcase_add_test(tc, test_skew_consistency_fixed);
	tcase_add_test(tc, test_coarse_second_step);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	test_seed();
	return test_run_suite(selftests_freq_suite());
}
