// SPDX-License-Identifier: GPL-2.0
// Tests of timekeeper/timekeeping*.c (kernel/time/timekeeping.c, v6.15): the tick, raw
// accounting, rates, setters, suspend, clocksource changes, long gaps.
#include <errno.h>

#include "tests/check_util.h"
#include "vdso/calc.h"
#include "timekeeper/timekeeping_internal.h"
#include "vdso/hw_counter.h"

static struct sim_config cfg_with(u64 hz_counter, s64 ppb, unsigned int bits, unsigned int hz)
{
	struct sim_config cfg;

	sim_config_default(&cfg);
	cfg.counter.freq_hz = hz_counter;
	cfg.counter.error_ppb = ppb;
	cfg.counter.bits = bits;
	cfg.hz = hz;
	return cfg;
}

/*
 * After N ticks, MONOTONIC_RAW equals the exact conversion of the
 * accumulated cycles, which are a whole number of cycle_interval: raw time
 * keeps its sub-ns fraction in shifted ns (the v4.13 fix).
 */
START_TEST(test_raw_after_n_ticks_is_exact)
{
	static const u64 freqs[] = { 2100000000ULL, 3579545, 14318180, 1193182, 19200000 };

	for (size_t i = 0; i < sizeof(freqs) / sizeof(freqs[0]); i++) {
		struct sim_config cfg = cfg_with(freqs[i], 0, 64, 1000);
		struct sim_system *s = test_system(&cfg);
		struct timekeeper tk;
		unsigned __int128 acc, want;
		char why[256];

		sim_run_ticks(s, 123457);
		tk_snapshot(&s->k, &tk);
		acc = tk.tkr_raw.cycle_last - s->cfg.counter.start;
		ck_assert_msg(acc % tk.cycle_interval == 0, "freq %" PRIu64 ": partial interval",
			      freqs[i]);
		/* raw_sec and xtime_nsec hold exactly acc * mult shifted ns. */
		want = acc * tk.tkr_raw.mult;
		ck_assert_msg(((unsigned __int128)tk.raw_sec * NSEC_PER_SEC << tk.tkr_raw.shift) +
					      tk.tkr_raw.xtime_nsec ==
				      want,
			      "freq %" PRIu64 ": raw accumulation lost bits", freqs[i]);
		ck_assert_msg(oracle_check_raw_exact(s, why, sizeof(why)) == 0,
			      "freq %" PRIu64 ": %s", freqs[i], why);
		sim_system_free(s);
	}
}
END_TEST

/*
 * raw_skew's property with freq = 0: MONOTONIC and RAW advance at the same
 * rate within 1 ppm, also for counters whose frequency is not a multiple of
 * HZ (the 2007 "inconsistent interval/tick_length" bug drifted ~280 ppm).
 * Without the xtime_remainder feedback into ntp_error this fails by far more
 * than 1 ppm for the acpi_pm frequency at HZ=1000.
 */
START_TEST(test_mono_raw_same_rate)
{
	static const u64 freqs[] = { 3579545, 14318180, 1193182, 2100000007ULL, 24000001 };
	static const unsigned int hzs[] = { 1000, 250, 300, 100 };

	for (size_t i = 0; i < sizeof(freqs) / sizeof(freqs[0]); i++) {
		for (size_t j = 0; j < sizeof(hzs) / sizeof(hzs[0]); j++) {
			struct sim_config cfg = cfg_with(freqs[i], 35000, 64, hzs[j]);
			struct sim_system *s = test_system(&cfg);
			__int128 m0, r0, m1, r1, dm, dr;
			s64 ppb;

			sim_advance_ns(s, 5 * NSEC_PER_SEC);
			m0 = test_read_ns(s, SIM_PATH_VDSO, TK_CLOCK_MONOTONIC);
			r0 = test_read_ns(s, SIM_PATH_VDSO, TK_CLOCK_MONOTONIC_RAW);
			sim_advance_ns(s, 120 * NSEC_PER_SEC);
			m1 = test_read_ns(s, SIM_PATH_VDSO, TK_CLOCK_MONOTONIC);
			r1 = test_read_ns(s, SIM_PATH_VDSO, TK_CLOCK_MONOTONIC_RAW);
			dm = m1 - m0;
			dr = r1 - r0;
			ppb = (s64)((dm - dr) * 1000000000 / dr);
			ck_assert_msg(ppb > -1000 && ppb < 1000,
				      "freq %" PRIu64 " HZ %u: MONOTONIC/RAW differ by %" PRId64
				      " ppb",
				      freqs[i], hzs[j], ppb);
			sim_system_free(s);
		}
	}
}
END_TEST

/*
 * Without NTP, REALTIME runs as fast as the counter converted with the
 * clocksource's mult: the +35 ppm true error shows in full, plus mult's own
 * rounding (about 60 ppb at 2.1 GHz), which only NTP's PLL can remove.
 */
START_TEST(test_realtime_follows_counter_error)
{
	struct sim_config cfg = cfg_with(2100000000ULL, 35000, 64, 1000);
	struct sim_system *s = test_system(&cfg);
	const struct clocksource *cs = &s->counter.cs;
	__int128 err, want;

	sim_advance_ns(s, 1000 * NSEC_PER_SEC);
	err = test_read_ns(s, SIM_PATH_SYSCALL, TK_CLOCK_REALTIME) -
	      (ts_to_ns(&cfg.wall_time) + (__int128)s->now_ns);
	want = (__int128)((sim_raw_cycles_since_boot(s) * cs->mult) >> cs->shift) -
	       (__int128)s->now_ns;
	ck_assert_msg(err == want, "REALTIME error %" PRId64 " ns, counter says %" PRId64, (s64)err,
		      (s64)want);
	/* 35 ppm of 1000 s is 35 ms; mult rounding is under 0.1 ppm here. */
	ck_assert_msg(err > 35000000 - 100000 && err < 35000000 + 100000,
		      "REALTIME error %" PRId64 " ns", (s64)err);
	sim_system_free(s);
}
END_TEST

/* Read every clock through the kernel side, as full-width ns. */
static void read_all(struct sim_system *s, __int128 v[VDSO_BASES])
{
	for (unsigned int i = 0; i < oracle_nr_clocks; i++)
		v[oracle_clocks[i]] = test_read_ns(s, SIM_PATH_SYSCALL, oracle_clocks[i]);
}

/* settimeofday moves REALTIME and TAI by the step, MONOTONIC, RAW and BOOTTIME not at all. */
START_TEST(test_settimeofday_moves_realtime_only)
{
	struct sim_config cfg = cfg_with(2100000000ULL, 0, 64, 1000);
	struct sim_system *s = test_system(&cfg);
	__int128 a[VDSO_BASES], b[VDSO_BASES], step;
	struct timespec64 ts = { .tv_sec = 2000000000, .tv_nsec = 123456789 };

	sim_advance_ns(s, 3 * NSEC_PER_SEC + 777);
	read_all(s, a);
	ck_assert_int_eq(do_settimeofday64(&s->k, &ts), 0);
	read_all(s, b);
	step = ts_to_ns(&ts) - a[TK_CLOCK_REALTIME];
	ck_assert(b[TK_CLOCK_REALTIME] == ts_to_ns(&ts));
	ck_assert(b[TK_CLOCK_TAI] - a[TK_CLOCK_TAI] == step);
	ck_assert(b[TK_CLOCK_MONOTONIC] == a[TK_CLOCK_MONOTONIC]);
	ck_assert(b[TK_CLOCK_MONOTONIC_RAW] == a[TK_CLOCK_MONOTONIC_RAW]);
	ck_assert(b[TK_CLOCK_BOOTTIME] == a[TK_CLOCK_BOOTTIME]);
	/* Clearing NTP state is part of setting the clock. */
	ck_assert(s->k.ntp.time_status & STA_UNSYNC);
	sim_system_free(s);
}
END_TEST

START_TEST(test_inject_offset_moves_realtime_only)
{
	struct sim_config cfg = cfg_with(2100000000ULL, 0, 64, 1000);
	struct sim_system *s = test_system(&cfg);
	/* -1.5 s, written as the kernel wants it: tv_sec -2, tv_nsec 0.5e9. */
	struct timespec64 off = { .tv_sec = -2, .tv_nsec = 500000000 };
	__int128 a[VDSO_BASES], b[VDSO_BASES];

	sim_advance_ns(s, 5 * NSEC_PER_SEC);
	read_all(s, a);
	ck_assert_int_eq(timekeeping_inject_offset(&s->k, &off), 0);
	read_all(s, b);
	ck_assert(b[TK_CLOCK_REALTIME] - a[TK_CLOCK_REALTIME] == -1500000000);
	ck_assert(b[TK_CLOCK_TAI] - a[TK_CLOCK_TAI] == -1500000000);
	ck_assert(b[TK_CLOCK_MONOTONIC] == a[TK_CLOCK_MONOTONIC]);
	ck_assert(b[TK_CLOCK_MONOTONIC_RAW] == a[TK_CLOCK_MONOTONIC_RAW]);
	ck_assert(b[TK_CLOCK_BOOTTIME] == a[TK_CLOCK_BOOTTIME]);
	sim_system_free(s);
}
END_TEST

/* The kernel's validation: invalid values, before boot, past TIME_SETTOD_SEC_MAX; nothing changes.
 */
START_TEST(test_set_rejects_invalid)
{
	struct sim_config cfg = cfg_with(2100000000ULL, 0, 64, 1000);
	struct sim_system *s = test_system(&cfg);
	const struct timespec64 bad_set[] = {
		{ .tv_sec = -1, .tv_nsec = 0 },
		{ .tv_sec = 5, .tv_nsec = NSEC_PER_SEC },
		{ .tv_sec = 5, .tv_nsec = -1 },
		{ .tv_sec = 1, .tv_nsec = 0 }, /* before boot: REALTIME < MONOTONIC (10 s) */
		{ .tv_sec = TIME_SETTOD_SEC_MAX, .tv_nsec = 0 },
		{ .tv_sec = KTIME_SEC_MAX, .tv_nsec = 0 },
	};
	const struct timespec64 bad_off[] = {
		{ .tv_sec = 0, .tv_nsec = -1 },
		{ .tv_sec = 0, .tv_nsec = NSEC_PER_SEC },
		{ .tv_sec = -1767225600 - 100, .tv_nsec = 0 }, /* before boot */
		{ .tv_sec = TIME_SETTOD_SEC_MAX, .tv_nsec = 0 },
	};
	__int128 a[VDSO_BASES], b[VDSO_BASES];

	sim_advance_ns(s, NSEC_PER_SEC);
	read_all(s, a);
	for (size_t i = 0; i < sizeof(bad_set) / sizeof(bad_set[0]); i++)
		ck_assert_msg(do_settimeofday64(&s->k, &bad_set[i]) == -EINVAL, "set case %zu", i);
	for (size_t i = 0; i < sizeof(bad_off) / sizeof(bad_off[0]); i++)
		ck_assert_msg(timekeeping_inject_offset(&s->k, &bad_off[i]) == -EINVAL,
			      "offset case %zu", i);
	read_all(s, b);
	for (unsigned int i = 0; i < oracle_nr_clocks; i++)
		ck_assert_msg(a[oracle_clocks[i]] == b[oracle_clocks[i]], "CLOCK_%s changed",
			      oracle_clock_name(oracle_clocks[i]));
	sim_system_free(s);
}
END_TEST

/* Suspend: BOOTTIME and REALTIME jump by the sleep, MONOTONIC and RAW do not. */
START_TEST(test_suspend_moves_boottime_only)
{
	struct sim_config cfg = cfg_with(2100000000ULL, 0, 64, 1000);
	struct sim_system *s = test_system(&cfg);
	struct timespec64 sleep = { .tv_sec = 3600, .tv_nsec = 5 };
	__int128 a[VDSO_BASES], b[VDSO_BASES];
	char why[256];

	sim_advance_ns(s, 2 * NSEC_PER_SEC);
	read_all(s, a);
	timekeeping_suspend(&s->k);
	/* The counter keeps running (a nonstop TSC); resume must not count it. */
	sim_advance_ns(s, 20 * NSEC_PER_SEC);
	timekeeping_resume(&s->k, &sleep);
	read_all(s, b);
	ck_assert(b[TK_CLOCK_BOOTTIME] - a[TK_CLOCK_BOOTTIME] == ts_to_ns(&sleep));
	ck_assert(b[TK_CLOCK_REALTIME] - a[TK_CLOCK_REALTIME] == ts_to_ns(&sleep));
	ck_assert(b[TK_CLOCK_MONOTONIC] == a[TK_CLOCK_MONOTONIC]);
	ck_assert(b[TK_CLOCK_MONOTONIC_RAW] == a[TK_CLOCK_MONOTONIC_RAW]);
	/* Both paths agree after resume, also across later ticks. */
	sim_advance_ns(s, NSEC_PER_SEC / 3);
	ck_assert_msg(oracle_check_instant(s, NULL, NULL, why, sizeof(why)) == 0, "%s", why);
	sim_system_free(s);
}
END_TEST

/*
 * A clocksource change keeps MONOTONIC continuous (to the rounding of the
 * shift change) and never backwards, and both paths agree afterwards.
 */
START_TEST(test_change_clocksource)
{
	struct sim_config cfg = cfg_with(2100000000ULL, 0, 64, 1000);
	struct sim_system *s = test_system(&cfg);
	struct sim_counter_params hp = { .freq_hz = 14318180, .bits = 32, .start = 0xfff00000 };
	struct sim_counter hpet;
	struct oracle_mono m = { 0 };
	char why[256];
	__int128 before, after;

	ck_assert_int_eq(sim_counter_init(&hpet, &hp, "hpet"), 0);
	sim_advance_ns(s, 7 * NSEC_PER_SEC + 12345);
	sim_counter_set_time(&hpet, s->now_ns);
	before = test_read_ns(s, SIM_PATH_SYSCALL, TK_CLOCK_MONOTONIC);
	ck_assert_int_eq(change_clocksource(&s->k, &hpet.cs), 0);
	after = test_read_ns(s, SIM_PATH_SYSCALL, TK_CLOCK_MONOTONIC);
	ck_assert_msg(after >= before && after - before <= 1, "jump of %" PRId64 " ns",
		      (s64)(after - before));
	/* Let the engine drive the new counter: the vvar page now reads it too. */
	s->k.vdata.arch_data.counter = &hpet.page;
	for (int i = 0; i < 3000; i++) {
		s->now_ns += 333333;
		sim_counter_set_time(&hpet, s->now_ns);
		if (i % 3 == 0)
			update_wall_time(&s->k);
		ck_assert_msg(oracle_check_instant(s, &m, NULL, why, sizeof(why)) == 0,
			      "step %d: %s", i, why);
	}
	ck_assert_int_eq(change_clocksource(&s->k, NULL), -EINVAL);
	sim_system_free(s);
}
END_TEST

/*
 * A counter read behind cycle_last (negative motion) counts as no time on
 * the writer side (clocksource_delta) and freezes the kernel-side readers
 * at the base (timekeeping_cycles_to_ns).  The vDSO of the synthetic
 * counter follows the generic lib/vdso rule, which knows no negative
 * motion: the masked delta is huge and multiplied in 128 bits, a jump far
 * ahead.  x86's rule (VDSO_CLOCKMODE_TSC) freezes at the base like the
 * kernel side.  Each expectation is computed here from the vvar page.  A
 * 48-bit counter at 1 GHz keeps the jump (2^48 ns) short enough for the
 * vDSO's normalisation loop; its max_cycles (about 2^40) is far below half
 * the mask, so the kernel side sees negative motion.
 */
START_TEST(test_negative_motion)
{
	struct sim_config cfg = cfg_with(1000000000ULL, 0, 48, 1000);
	struct sim_system *s = test_system(&cfg);
	const struct vdso_clock *vc = &s->k.vdata.clock_data[CS_HRES_COARSE];
	const struct vdso_timestamp *bt = &vc->basetime[TK_CLOCK_MONOTONIC];
	struct timekeeper tk;
	__int128 base, v, want;
	u64 lag, delta;

	sim_run_ticks(s, 10);
	/* MONOTONIC at cycle_last, where negative motion must freeze the readers. */
	tk_snapshot(&s->k, &tk);
	base = tk.tkr_mono.base + (ktime_t)(tk.tkr_mono.xtime_nsec >> tk.tkr_mono.shift);
	/* CPU 1 lags two intervals behind the CPU that accumulated. */
	lag = 2 * tk.cycle_interval;
	sim_counter_set_cpu_offset(&s->counter, 1, -(s64)lag);
	vdso_this_cpu = 1;
	v = test_read_ns(s, SIM_PATH_SYSCALL, TK_CLOCK_MONOTONIC);
	ck_assert_msg(v == base, "syscall: %" PRId64 " ns off the base", (s64)(v - base));
	/* Generic: (2^64 - lag) * mult + base, in 128 bits, >> shift, as u64 ns. */
	delta = (vc->cycle_last - lag - vc->cycle_last) & vc->mask;
	ck_assert_uint_eq(delta, -lag & vc->mask);
	want = (__int128)bt->sec * NSEC_PER_SEC +
	       (u64)(((unsigned __int128)delta * vc->mult + bt->nsec) >> vc->shift);
	v = test_read_ns(s, SIM_PATH_VDSO, TK_CLOCK_MONOTONIC);
	ck_assert_msg(v == want, "vdso: %" PRId64 " ns off the generic rule", (s64)(v - want));
	/* x86's rule, for the same page and counter value as a TSC: the base. */
	ck_assert_uint_eq(cycles_to_ns_bugs(vc->cycle_last - lag, vc->cycle_last, (u64)S64_MAX,
					    vc->max_cycles, vc->mult, bt->nsec, vc->shift,
					    vdso_neg_clamp(VDSO_CLOCKMODE_TSC), 0),
			  bt->nsec >> vc->shift);
	ck_assert(!vdso_neg_clamp(VDSO_CLOCKMODE_SIM));
	/* The writer sees no time either: a forced advance accumulates nothing. */
	timekeeping_advance(&s->k, TK_ADV_FREQ);
	ck_assert_uint_eq(s->k.tk_core.timekeeper.tkr_mono.cycle_last, tk.tkr_mono.cycle_last);
	vdso_this_cpu = 0;
	sim_system_free(s);
}
END_TEST

/*
 * Monotonic clocks never decrease across ticks, NOHZ gaps up to
 * max_idle_ns, wrapping 24- and 32-bit counters: random instants, checked
 * by the oracle, which also compares both paths exactly.
 */
START_TEST(test_monotonic_across_gaps_and_wraps)
{
	static const struct {
		u64 freq;
		unsigned int bits;
		u64 start;
	} hw[] = { { 3579545, 24, 0xfffff0 },
		   { 14318180, 32, 0xffff0000 },
		   { 2100000000ULL, 64, 0xfffffffffff00000ULL },
		   { 24000000, 56, 0 } };
	struct sim_rng rng;

	sim_rng_seed(&rng, test_seed());
	for (size_t i = 0; i < sizeof(hw) / sizeof(hw[0]); i++) {
		struct sim_config cfg = cfg_with(hw[i].freq, 35000, hw[i].bits, 1000);
		struct oracle_mono m = { 0 };
		struct sim_system *s;
		char why[256];

		cfg.counter.start = hw[i].start;
		s = test_system(&cfg);
		for (int step = 0; step < 4000; step++) {
			u64 r = sim_rng_below(&rng, 100);

			if (r < 3)
				sim_idle_ns(s, sim_rng_below(&rng, s->counter.cs.max_idle_ns) + 1);
			else
				sim_advance_ns(s, sim_rng_below(&rng, 3 * NSEC_PER_MSEC) + 1);
			ck_assert_msg(oracle_check_instant(s, &m, NULL, why, sizeof(why)) == 0 &&
					      oracle_check_raw_exact(s, why, sizeof(why)) == 0,
				      "seed %" PRIu64 " hw %zu step %d: %s", test_seed(), i, step,
				      why);
		}
		sim_system_free(s);
	}
}
END_TEST

/*
 * A gap without accumulation longer than max_cycles (a paused VM): reads
 * before the late tick must equal the 128-bit conversion, not a wrapped
 * 64-bit product (the v6.10 fix), and the late tick accumulates it all.
 */
START_TEST(test_delta_past_max_cycles)
{
	struct sim_config cfg = cfg_with(2100000000ULL, 0, 64, 1000);
	struct sim_system *s = test_system(&cfg);
	struct oracle_mono m = { 0 };
	u64 max_ns = (u64)(((unsigned __int128)s->counter.cs.max_cycles * NSEC_PER_SEC) /
			   s->counter.cs.freq_hz);
	char why[256];

	sim_run_ticks(s, 5);
	ck_assert_msg(oracle_check_instant(s, &m, NULL, why, sizeof(why)) == 0, "%s", why);
	/* Move the counter 1.5 x max_cycles ahead without a tick. */
	s->now_ns += max_ns + max_ns / 2;
	sim_counter_set_time(&s->counter, s->now_ns);
	ck_assert_msg(oracle_check_raw_exact(s, why, sizeof(why)) == 0, "%s", why);
	ck_assert_msg(oracle_check_instant(s, &m, NULL, why, sizeof(why)) == 0, "%s", why);
	update_wall_time(&s->k);
	s->next_tick_ns = s->now_ns + s->tick_period_ns;
	ck_assert_msg(oracle_check_raw_exact(s, why, sizeof(why)) == 0, "after tick: %s", why);
	ck_assert_msg(oracle_check_instant(s, &m, NULL, why, sizeof(why)) == 0, "after tick: %s",
		      why);
	sim_system_free(s);
}
END_TEST

/* A 24-bit counter woken 0.6-1.1 s late (past half its width) must still advance (v6.13). */
START_TEST(test_late_tick_narrow_counter)
{
	struct sim_config cfg = cfg_with(14318180, 0, 24, 1000);
	struct sim_system *s = test_system(&cfg);
	__int128 a, b;
	u64 gap = (u64)(((unsigned __int128)s->counter.cs.mask * 3 / 5) * NSEC_PER_SEC /
			s->counter.cs.freq_hz);

	sim_run_ticks(s, 3);
	a = test_read_ns(s, SIM_PATH_SYSCALL, TK_CLOCK_MONOTONIC_RAW);
	sim_idle_ns(s, gap);
	b = test_read_ns(s, SIM_PATH_SYSCALL, TK_CLOCK_MONOTONIC_RAW);
	ck_assert_msg(b - a > (__int128)gap - 1000 && b - a < (__int128)gap + 1000,
		      "advanced %" PRId64 " ns over a %" PRIu64 " ns gap", (s64)(b - a), gap);
	sim_system_free(s);
}
END_TEST

START_TEST(test_init_rejects_bad_params)
{
	struct sim_config cfg;
	int err;

	sim_config_default(&cfg);
	cfg.hz = 0;
	ck_assert_ptr_null(sim_system_new(&cfg, &err));
	ck_assert_int_eq(err, -EINVAL);
	sim_config_default(&cfg);
	cfg.counter.freq_hz = 0;
	ck_assert_ptr_null(sim_system_new(&cfg, &err));
	ck_assert_int_eq(err, -EINVAL);
	sim_config_default(&cfg);
	cfg.wall_time.tv_nsec = NSEC_PER_SEC;
	ck_assert_ptr_null(sim_system_new(&cfg, &err));
	ck_assert_int_eq(err, -EINVAL);
}
END_TEST

static Suite *timekeeping_suite(void)
{
	Suite *s = suite_create("timekeeping");
	TCase *acc = tcase_create("accumulation");
	TCase *set = tcase_create("setters");
	TCase *edge = tcase_create("edges");

	tcase_set_timeout(acc, 60);
	tcase_add_test(acc, test_raw_after_n_ticks_is_exact);
	tcase_add_test(acc, test_mono_raw_same_rate);
	tcase_add_test(acc, test_realtime_follows_counter_error);
	suite_add_tcase(s, acc);

	tcase_add_test(set, test_settimeofday_moves_realtime_only);
	tcase_add_test(set, test_inject_offset_moves_realtime_only);
	tcase_add_test(set, test_set_rejects_invalid);
	tcase_add_test(set, test_suspend_moves_boottime_only);
	tcase_add_test(set, test_change_clocksource);
	tcase_add_test(set, test_init_rejects_bad_params);
	suite_add_tcase(s, set);

	tcase_set_timeout(edge, 60);
	tcase_add_test(edge, test_negative_motion);
	tcase_add_test(edge, test_monotonic_across_gaps_and_wraps);
	tcase_add_test(edge, test_delta_past_max_cycles);
	tcase_add_test(edge, test_late_tick_narrow_counter);
	suite_add_tcase(s, edge);
	return s;
}

int main(void)
{
	test_seed();
	return test_run_suite(timekeeping_suite());
}
