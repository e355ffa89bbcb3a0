// SPDX-License-Identifier: GPL-2.0
// Tests of sim/bugs.c: each injectable historical bug is caught by a property, only when injected.
/*
 * Each test runs the same scenario twice: faithful (the property holds)
 * and with one bug injected (the property catches it).  Deterministic bugs
 * use the engine and the oracle; the seqcount and rdtsc ones use real
 * threads on the real TSC (sim/torture/torture.c, sim/torture/litmus.c) in a bounded run.
 */
#include <errno.h>
#include <string.h>

#include "tests/check_util.h"
#include "sim/bugs.h"
#include "sim/fixes.h"
#include "sim/torture/litmus.h"
#include "sim/torture/torture.h"
#include "timekeeper/adjtimex.h"
#include "vdso/calc.h"
#include "vdso/hw_counter.h"

static char why[512];

/* One default system with @bugs injected. */
static struct sim_system *bug_system(const struct sim_config *cfg, u64 bugs)
{
	struct sim_system *s = test_system(cfg);

	sim_bugs_apply(&s->k, bugs);
	return s;
}

/* --------------------------------------------------------- the table */

START_TEST(test_table)
{
	u64 all = 0, m = 0;
	char buf[512];

	ck_assert_uint_ge(sim_nr_bugs, 10);
	for (unsigned int i = 0; i < sim_nr_bugs; i++) {
		const struct sim_bug *b = &sim_bugs[i];

		ck_assert_msg(!(all & b->bit), "%s: bit used twice", b->name);
		all |= b->bit;
		ck_assert_ptr_eq(sim_bug_find(b->name), b);
		ck_assert_ptr_eq(sim_bug_by_bit(b->bit), b);
		ck_assert(b->what && b->fix && b->hash && b->version && b->caught_by);
		ck_assert(!b->hash[0] || strlen(b->hash) == 12);
		if (b->side == SIM_BUG_READER)
			ck_assert(b->bit & BUG_READER_MASK);
		if (b->side == SIM_BUG_WRITER)
			ck_assert(b->bit & BUG_WRITER_MASK);
	}
	ck_assert_int_eq(sim_bugs_parse("coarse-pre-6.15,raw-pre-4.13", &m), 0);
	ck_assert_uint_eq(m, BUG_COARSE_PRE615 | BUG_RAW_PRE413);
	ck_assert_int_eq(sim_bugs_format(m, buf, sizeof(buf)), 0);
	ck_assert_str_eq(buf, "coarse-pre-6.15,raw-pre-4.13");
	ck_assert_int_eq(sim_bugs_parse("coarse-pre-6.15,nonsense", &m), -EINVAL);
	m = 0;
	ck_assert_int_eq(sim_bugs_parse("all", &m), 0);
	ck_assert_uint_eq(m, all);
	ck_assert_int_eq(sim_bugs_format(0, buf, sizeof(buf)), 0);
	ck_assert_str_eq(buf, "none");
}
END_TEST

/* The fix variants of sim/fixes.c: their own bits, names that parse back. */
START_TEST(test_fix_table)
{
	u64 all = 0, m = 0;
	char buf[64];

	ck_assert_uint_ge(sim_nr_fixes, 1);
	for (unsigned int i = 0; i < sim_nr_fixes; i++) {
		const struct sim_fix *f = &sim_fixes[i];

		ck_assert_msg(!(all & f->bit), "%s: bit used twice", f->name);
		ck_assert(f->bit & FIX_MASK);
		all |= f->bit;
		ck_assert_ptr_eq(sim_fix_find(f->name), f);
		ck_assert(f->what && f->changes && f->why && f->finding && f->report && f->shows);
	}
	ck_assert_uint_eq(all, FIX_MASK);
	ck_assert_int_eq(sim_fixes_parse("coarse-sec", &m), 0);
	ck_assert_uint_eq(m, FIX_COARSE_SEC);
	ck_assert_int_eq(sim_fixes_format(m, buf, sizeof(buf)), 0);
	ck_assert_str_eq(buf, "coarse-sec");
	ck_assert_int_eq(sim_fixes_format(0, buf, sizeof(buf)), 0);
	ck_assert_str_eq(buf, "none");
	ck_assert_int_eq(sim_fixes_format(m, buf, 4), -ENOSPC);
	m = 0;
	ck_assert_int_eq(sim_fixes_parse("none", &m), 0);
	ck_assert_uint_eq(m, 0);
	ck_assert_int_eq(sim_fixes_parse("all", &m), 0);
	ck_assert_uint_eq(m, FIX_MASK);
	ck_assert_int_eq(sim_fixes_parse("coarse-sec,nonsense", &m), -EINVAL);
	ck_assert_int_eq(sim_fixes_parse("coarse-sec,", &m), -EINVAL);
	ck_assert_int_eq(sim_fixes_parse("", &m), -EINVAL);
	ck_assert_int_eq(sim_fixes_parse("coarse", &m), -EINVAL);
}
END_TEST

/* ------------------------------------------- deterministic: engine + oracle */

/*
 * no-neg-clamp (d8bb6f4c1670): CPU 1's TSC lags CPU 0's, which ran the
 * tick; read on CPU 1 just after, the counter is behind cycle_last.  x86's
 * vDSO (the VDSO_CLOCKMODE_TSC rule) must freeze at the base, as the
 * kernel side does.  The engine's counter is synthetic, whose vDSO follows
 * the generic rule, so the TSC rule is applied to its page and counter.
 * Returns 0 if the vDSO value equals the kernel side's, else 1 (in @why).
 */
static int neg_clamp_scenario(u64 bugs)
{
	struct sim_config cfg;
	struct sim_system *s;
	const struct vdso_clock *vc;
	__int128 sys, vdso;
	u64 cycles, ns;
	int ret = 0;

	sim_config_default(&cfg);
	s = bug_system(&cfg, bugs);
	sim_counter_set_cpu_offset(&s->counter, 1, -100000);
	sim_run_ticks(s, 50);
	sim_advance_ns(s, 10 * NSEC_PER_USEC);
	vdso_this_cpu = 1;
	vc = &s->k.vdata.clock_data[CS_HRES_COARSE];
	cycles = arch_get_hw_counter(VDSO_CLOCKMODE_SIM, &s->k.vdata);
	ns = cycles_to_ns_bugs(cycles & (u64)S64_MAX, vc->cycle_last, (u64)S64_MAX, vc->max_cycles,
			       vc->mult, vc->basetime[TK_CLOCK_MONOTONIC].nsec, vc->shift,
			       vdso_neg_clamp(VDSO_CLOCKMODE_TSC), bugs);
	vdso = (__int128)vc->basetime[TK_CLOCK_MONOTONIC].sec * NSEC_PER_SEC + ns;
	sys = test_read_ns(s, SIM_PATH_SYSCALL, TK_CLOCK_MONOTONIC);
	if (vdso != sys) {
		snprintf(why, sizeof(why), "CLOCK_MONOTONIC: TSC-rule vDSO %" PRId64 " != syscall",
			 (s64)(vdso - sys));
		ret = 1;
	}
	vdso_this_cpu = 0;
	sim_system_free(s);
	return ret;
}

START_TEST(test_no_neg_clamp)
{
	ck_assert_msg(neg_clamp_scenario(0) == 0, "faithful: %s", why);
	ck_assert_msg(neg_clamp_scenario(BUG_NO_NEG_CLAMP) != 0, "no-neg-clamp was not caught");
	ck_assert_msg(strstr(why, "!= syscall"), "caught, but by: %s", why);
}
END_TEST

/*
 * delta-overflow-pre-6.10 (456e3788bc71): no tick for 1.5 x max_cycles (a
 * paused VM); delta * mult wraps in 64 bits unless the 128-bit path runs.
 */
static int overflow_scenario(u64 bugs)
{
	struct sim_config cfg;
	struct sim_system *s;
	u64 gap_ns;
	int ret;

	sim_config_default(&cfg);
	s = bug_system(&cfg, bugs);
	sim_run_ticks(s, 10);
	gap_ns = (u64)((unsigned __int128)s->counter.cs.max_cycles * 3 / 2 * NSEC_PER_SEC /
		       cfg.counter.freq_hz);
	/* Move the hardware on without running the tick. */
	sim_counter_set_time(&s->counter, s->now_ns + gap_ns);
	s->now_ns += gap_ns;
	ret = oracle_check_instant(s, NULL, NULL, why, sizeof(why));
	sim_system_free(s);
	return ret;
}

START_TEST(test_delta_overflow)
{
	ck_assert_msg(overflow_scenario(0) == 0, "faithful: %s", why);
	ck_assert_msg(overflow_scenario(BUG_DELTA_OVERFLOW) != 0, "delta-overflow was not caught");
}
END_TEST

/*
 * delta-nomask (9d90b93bf325): a 24-bit ACPI PM timer wraps every 4.7 s;
 * reads between the last tick before a wrap and the first after it see the
 * counter below cycle_last.  Checked at a random instant in each of 12000
 * ticks (two wraps).
 */
static int nomask_scenario(u64 bugs, u64 seed)
{
	struct sim_config cfg;
	struct sim_system *s;
	struct sim_rng rng;
	int ret = 0;

	sim_config_default(&cfg);
	cfg.counter.freq_hz = 3579545;
	cfg.counter.bits = 24;
	cfg.counter.error_ppb = 0;
	s = bug_system(&cfg, bugs);
	sim_rng_seed(&rng, seed);
	for (int i = 0; i < 12000 && !ret; i++) {
		sim_advance_to(s, s->next_tick_ns + sim_rng_below(&rng, s->tick_period_ns));
		ret = oracle_check_instant(s, NULL, NULL, why, sizeof(why));
	}
	sim_system_free(s);
	return ret;
}

START_TEST(test_delta_nomask)
{
	ck_assert_msg(nomask_scenario(0, test_seed()) == 0, "seed %" PRIu64 ": faithful: %s",
		      test_seed(), why);
	ck_assert_msg(nomask_scenario(BUG_DELTA_NOMASK, test_seed()) != 0,
		      "seed %" PRIu64 ": delta-nomask was not caught", test_seed());
}
END_TEST

/* raw-pre-4.13 (3d88d56c5873): whole ns per interval drift away from the exact conversion. */
static int raw_scenario(u64 bugs)
{
	struct sim_config cfg;
	struct sim_system *s;
	int ret;

	sim_config_default(&cfg);
	s = bug_system(&cfg, bugs);
	sim_run_ticks(s, 2000);
	sim_advance_ns(s, 123457);
	ret = oracle_check_raw_exact(s, why, sizeof(why));
	sim_system_free(s);
	return ret;
}

START_TEST(test_raw_pre413)
{
	ck_assert_msg(raw_scenario(0) == 0, "faithful: %s", why);
	ck_assert_msg(raw_scenario(BUG_RAW_PRE413) != 0, "raw-pre-4.13 was not caught");
}
END_TEST

/*
 * boottime-shift-pre-5.3 (b99328a60a48): after two hours of total suspend
 * offs_boot << 24 no longer fits 64 bits.  BOOTTIME - MONOTONIC must be the
 * suspended time through both paths.
 */
static int boottime_scenario(u64 bugs)
{
	const struct timespec64 sleep = { .tv_sec = 7200, .tv_nsec = 0 };
	const __int128 slept = (__int128)7200 * NSEC_PER_SEC;
	struct oracle_snapshot v, k;
	struct sim_config cfg;
	struct sim_system *s;
	int ret;

	sim_config_default(&cfg);
	s = bug_system(&cfg, bugs);
	sim_run_ticks(s, 100);
	timekeeping_suspend(&s->k);
	timekeeping_resume(&s->k, &sleep);
	sim_advance_ns(s, 1500 * NSEC_PER_USEC);
	ret = oracle_check_instant(s, NULL, NULL, why, sizeof(why));
	ck_assert_int_eq(oracle_snapshot(s, SIM_PATH_VDSO, &v, why, sizeof(why)), 0);
	ck_assert_int_eq(oracle_snapshot(s, SIM_PATH_SYSCALL, &k, why, sizeof(why)), 0);
	ck_assert(k.ns[TK_CLOCK_BOOTTIME] - k.ns[TK_CLOCK_MONOTONIC] == slept);
	if (!ret && v.ns[TK_CLOCK_BOOTTIME] - v.ns[TK_CLOCK_MONOTONIC] != slept) {
		snprintf(why, sizeof(why), "vDSO BOOTTIME - MONOTONIC is not the 7200 s suspended");
		ret = -1;
	}
	sim_system_free(s);
	return ret;
}

START_TEST(test_boottime_shift)
{
	ck_assert_msg(boottime_scenario(0) == 0, "faithful: %s", why);
	ck_assert_msg(boottime_scenario(BUG_BOOTTIME_SHIFT) != 0, "boottime-shift was not caught");
	ck_assert_msg(strstr(why, "BOOTTIME"), "caught, but by: %s", why);
}
END_TEST

/*
 * neg-motion-half (76031d9536a0): a 24-bit counter, a NOHZ idle of 3 s
 * (64 % of its 4.7 s wrap, within the 87.5 % cut-off), then ordinary ticks
 * for 2 s.  With a half-width cut-off the late tick counts nothing and time
 * stops until the counter wraps, losing a whole wrap.
 */
static int neg_half_scenario(u64 bugs)
{
	struct sim_config cfg;
	struct sim_system *s;
	int ret;

	sim_config_default(&cfg);
	cfg.counter.freq_hz = 3579545;
	cfg.counter.bits = 24;
	s = bug_system(&cfg, bugs);
	sim_run_ticks(s, 10);
	sim_idle_ns(s, 3 * NSEC_PER_SEC);
	sim_advance_ns(s, 2 * NSEC_PER_SEC);
	ret = oracle_check_raw_exact(s, why, sizeof(why));
	sim_system_free(s);
	return ret;
}

START_TEST(test_neg_motion_half)
{
	ck_assert_msg(neg_half_scenario(0) == 0, "faithful: %s", why);
	ck_assert_msg(neg_half_scenario(BUG_NEG_MOTION_HALF) != 0,
		      "neg-motion-half was not caught");
}
END_TEST

/*
 * no-xtime-correction and coarse-pre-6.15 (b71f9804f66c): adjtimex changes
 * the frequency half-way between two ticks (TK_ADV_FREQ).  At the same
 * counter value, no clock may move; coarse clocks may not go back.
 * @ppm > 0 raises mult, which lowers xtime_nsec by the correction.
 */
static int freq_step_scenario(u64 bugs, u64 fixes, long long ppm)
{
	struct oracle_snapshot v0, v1, k0, k1;
	struct sim_config cfg;
	struct sim_system *s;
	struct tk_timex tx = { .modes = ADJ_FREQUENCY, .freq = ppm * 65536 };
	int ret;

	sim_config_default(&cfg);
	cfg.fixes = fixes;
	s = bug_system(&cfg, bugs);
	sim_run_ticks(s, 20);
	sim_advance_ns(s, s->tick_period_ns / 2);
	ck_assert_int_eq(oracle_snapshot(s, SIM_PATH_VDSO, &v0, why, sizeof(why)), 0);
	ck_assert_int_eq(oracle_snapshot(s, SIM_PATH_SYSCALL, &k0, why, sizeof(why)), 0);
	ck_assert_int_ge(do_adjtimex(&s->k, &tx, true), 0);
	ck_assert_int_eq(oracle_snapshot(s, SIM_PATH_VDSO, &v1, why, sizeof(why)), 0);
	ck_assert_int_eq(oracle_snapshot(s, SIM_PATH_SYSCALL, &k1, why, sizeof(why)), 0);
	ret = oracle_check_unchanged(&v0, &v1, why, sizeof(why));
	if (!ret)
		ret = oracle_check_unchanged(&k0, &k1, why, sizeof(why));
	sim_system_free(s);
	return ret;
}

START_TEST(test_no_xtime_correction)
{
	ck_assert_msg(freq_step_scenario(0, 0, 500) == 0, "faithful +500 ppm: %s", why);
	ck_assert_msg(freq_step_scenario(0, 0, -500) == 0, "faithful -500 ppm: %s", why);
	ck_assert_msg(freq_step_scenario(BUG_NO_XTIME_CORRECTION, 0, 500) != 0,
		      "no-xtime-correction (+500 ppm) was not caught");
	ck_assert_msg(strstr(why, "stepped"), "caught, but by: %s", why);
	ck_assert_msg(freq_step_scenario(BUG_NO_XTIME_CORRECTION, 0, -500) != 0,
		      "no-xtime-correction (-500 ppm) was not caught");
}
END_TEST

START_TEST(test_coarse_pre615)
{
	ck_assert_msg(freq_step_scenario(0, 0, 500) == 0, "faithful: %s", why);
	ck_assert_msg(freq_step_scenario(BUG_COARSE_PRE615, 0, 500) != 0,
		      "coarse-pre-6.15 was not caught");
	ck_assert_msg(strstr(why, "_COARSE went back"), "caught, but by: %s", why);
	/* b71f9804f66c's motivation stays fixed with the proposed fix, and the bug still shows. */
	ck_assert_msg(freq_step_scenario(0, FIX_COARSE_SEC, 500) == 0, "fixed: %s", why);
	ck_assert_msg(freq_step_scenario(0, FIX_COARSE_SEC, -500) == 0, "fixed: %s", why);
	ck_assert_msg(freq_step_scenario(BUG_COARSE_PRE615, FIX_COARSE_SEC, 500) != 0,
		      "coarse-pre-6.15 was not caught with --fix coarse-sec");
}
END_TEST

/*
 * ntp-offset-u32: in us mode, the offset adjtimex() reads back right after
 * setting it is the offset set (nothing has been slewed yet), sign included.
 * Returns the offset read back for @set_us.
 */
static long long offset_readback(u64 bugs, long long set_us)
{
	struct sim_config cfg;
	struct sim_system *s;
	struct tk_timex tx = { .modes = ADJ_STATUS | ADJ_MICRO | ADJ_OFFSET,
			       .status = STA_PLL,
			       .offset = set_us };

	sim_config_default(&cfg);
	s = bug_system(&cfg, bugs);
	ck_assert_int_ge(do_adjtimex(&s->k, &tx, true), 0);
	tx = (struct tk_timex){ .modes = 0 };
	ck_assert_int_ge(do_adjtimex(&s->k, &tx, true), 0);
	sim_system_free(s);
	return tx.offset;
}

START_TEST(test_ntp_offset_u32)
{
	ck_assert_int_eq(offset_readback(0, -5), -5);
	ck_assert_int_eq(offset_readback(0, 7), 7);
	/* The old cast: positive offsets are unchanged, negative ones are not. */
	ck_assert_int_eq(offset_readback(BUG_NTP_OFFSET_U32, 7), 7);
	ck_assert_msg(offset_readback(BUG_NTP_OFFSET_U32, -5) != -5,
		      "ntp-offset-u32 was not caught");
}
END_TEST

/*
 * refused-set-update-pre-6.13: a settimeofday before boot is refused (-EINVAL) and, faithful,
 * leaves the NTP state as it was; with the bug it clears it (maxerror back to NTP_PHASE_LIMIT).
 * Returns the maxerror read back after the refused call.
 */
static long long maxerror_after_refused_set(u64 bugs)
{
	const struct timespec64 before_boot = { .tv_sec = 1 };
	struct sim_config cfg;
	struct sim_system *s;
	struct tk_timex tx = { .modes = ADJ_MAXERROR, .maxerror = 1000 };

	sim_config_default(&cfg);
	s = bug_system(&cfg, bugs);
	ck_assert_int_ge(do_adjtimex(&s->k, &tx, true), 0);
	ck_assert_int_eq(do_settimeofday64(&s->k, &before_boot), -EINVAL);
	tx = (struct tk_timex){ .modes = 0 };
	ck_assert_int_ge(do_adjtimex(&s->k, &tx, true), 0);
	sim_system_free(s);
	return tx.maxerror;
}

START_TEST(test_refused_set_update)
{
	ck_assert_int_eq(maxerror_after_refused_set(0), 1000);
	ck_assert_msg(maxerror_after_refused_set(BUG_REFUSED_SET_UPDATE) == NTP_PHASE_LIMIT,
		      "refused-set-update-pre-6.13 was not caught");
}
END_TEST

/* threadtest-cmp: the kernel's comparator misses a step back across a second boundary. */
START_TEST(test_threadtest_cmp)
{
	const struct timespec64 a = { 5, 100 }, b = { 4, 200 }, c = { 5, 50 }, d = { 5, 150 };

	ck_assert(torture_went_back(&a, &b, false));
	ck_assert(!torture_went_back(&a, &b, true)); /* the bug */
	ck_assert(torture_went_back(&a, &c, false));
	ck_assert(torture_went_back(&a, &c, true));
	ck_assert(!torture_went_back(&a, &d, false));
	ck_assert(!torture_went_back(&a, &d, true));
}
END_TEST

/* --------------------------------------------- concurrent: real threads */

/*
 * A bounded seqcount torture: 20000 rounds per reader faithful, then up to
 * 60 s with the bug, which ends at the first violation (after 50 to 500
 * publications: well under a second idle).  A torn read needs the
 * timekeeper and a reader running at once, which a loaded machine (load 16
 * on 2 CPUs) allows seldom: hence the budget, which a caught bug never uses.
 */
static void seqcount_bug(u64 bug)
{
	struct torture_opts o;
	struct torture_result r;

	torture_opts_default(&o);
	o.tsc_hz = test_tsc_hz();
	o.checks = TORTURE_CHECK_SEQCOUNT;
	o.window_spin = 2000;
	o.seed = test_seed();
	o.duration_ns = 0;
	o.iterations = 20000;
	ck_assert_int_eq(torture_run(&o, &r), 0);
	ck_assert_msg(!r.violated, "seed %" PRIu64 ": faithful run failed:\n%s", o.seed, r.report);
	for (unsigned int i = 0; i < r.nreaders; i++)
		ck_assert_uint_gt(r.readers[i].seq_checked, 0);
	torture_result_free(&r);

	o.bugs = bug;
	o.iterations = 0;
	o.duration_ns = 60 * NSEC_PER_SEC;
	ck_assert_int_eq(torture_run(&o, &r), 0);
	ck_assert_msg(r.violated, "seed %" PRIu64 ": %s was not caught in 60 s", o.seed,
		      sim_bug_by_bit(bug)->name);
	ck_assert_msg(strstr(r.report, "VIOLATION (seqcount)"), "caught, but by:\n%s", r.report);
	torture_result_free(&r);
}

START_TEST(test_reader_no_retry)
{
	seqcount_bug(BUG_READER_NO_RETRY);
}
END_TEST

START_TEST(test_writer_no_seq)
{
	seqcount_bug(BUG_WRITER_NO_SEQ);
}
END_TEST

/* One litmus test on a system booted on the TSC with @bugs, for up to @ms. */
static struct litmus_result litmus_with(enum litmus_test t, u64 bugs, u64 ms)
{
	struct sim_tsc_system *s = aligned_alloc(64, sizeof(*s));
	struct litmus_params p = { .clock = TK_CLOCK_MONOTONIC,
				   .duration_ns = ms * NSEC_PER_MSEC,
				   .max_samples = 0,
				   .cpu = { 1, 2, 3 },
				   .seed = test_seed() };
	struct litmus_result r;

	ck_assert_ptr_nonnull(s);
	ck_assert_int_eq(sim_tsc_system_init_hz(s, VDSO_TSC_LFENCE, test_tsc_hz(), NULL), 0);
	sim_bugs_apply(&s->k, bugs);
	p.vd = &s->k.vdata;
	ck_assert_int_eq(litmus_run(t, &p, &r), 0);
	sim_tsc_system_destroy(s);
	free(s);
	return r;
}

/*
 * bare-rdtsc (the rejected 2023 patch): with lfence;rdtsc a clock read
 * after observing another thread's timestamp is never older; with plain
 * rdtsc the read can run ahead of the load.  Whether a CPU shows it is the
 * CPU's business: on this project's AMD EPYC host it shows in about a
 * quarter of Load samples within milliseconds.
 */
START_TEST(test_bare_rdtsc)
{
	struct litmus_result ok = litmus_with(LITMUS_LOAD, 0, 300);
	struct litmus_result bad = litmus_with(LITMUS_LOAD, BUG_BARE_RDTSC, 1500);

	ck_assert_uint_gt(ok.samples, 1000);
	ck_assert_msg(ok.failures == 0, "lfence;rdtsc failed Load: worst %" PRIu64 " ns",
		      ok.worst_ns);
	if (!bad.failures)
		bad = litmus_with(LITMUS_NOW, BUG_BARE_RDTSC, 1500);
	ck_assert_msg(bad.failures > 0,
		      "plain rdtsc never ran ahead of a load in %" PRIu64
		      " Load/Now samples: this CPU "
		      "does not show the bug the litmus tests catch",
		      bad.samples);
}
END_TEST

#if defined(__SANITIZE_THREAD__)
#define TSAN_BUILD 1
#else
#define TSAN_BUILD 0
#endif

static Suite *bugs_suite(void)
{
	Suite *s = suite_create("bugs");
	TCase *det = tcase_create("deterministic");
	TCase *con = tcase_create("concurrent");

	tcase_add_test(det, test_table);
	tcase_add_test(det, test_fix_table);
	tcase_add_test(det, test_no_neg_clamp);
	tcase_add_test(det, test_delta_overflow);
	tcase_add_test(det, test_delta_nomask);
	tcase_add_test(det, test_raw_pre413);
	tcase_add_test(det, test_boottime_shift);
	tcase_add_test(det, test_neg_motion_half);
	tcase_add_test(det, test_no_xtime_correction);
	tcase_add_test(det, test_coarse_pre615);
	tcase_add_test(det, test_threadtest_cmp);
	tcase_add_test(det, test_ntp_offset_u32);
	tcase_add_test(det, test_refused_set_update);
	suite_add_tcase(s, det);
	tcase_set_timeout(con, 150);
	/* Real threads: not under valgrind (see test_run_suite()). */
	tcase_set_tags(con, "realtime");
	tcase_add_test(con, test_reader_no_retry);
	tcase_add_test(con, test_writer_no_seq);
	/* ThreadSanitizer turns the load into a library call that completes long before. */
	test_add_unless(con, test_bare_rdtsc,
			TSAN_BUILD ? "not observable under ThreadSanitizer" : NULL);
	suite_add_tcase(s, con);
	return s;
}

int main(void)
{
	test_seed();
	return test_run_suite(bugs_suite());
}
