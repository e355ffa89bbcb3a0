// SPDX-License-Identifier: GPL-2.0
// Tests of timekeeper/watchdog.c and sim/clocksources.c (kernel/time/clocksource.c, v6.18):
// ratings and flags, the watchdog's decision, the switch, the vDSO fallback after it.
#include <errno.h>

#include "tests/check_util.h"
#include "sim/clocksources.h"

/* A machine with a TSC that has no error (so that skews are exactly the events'), and @present. */
static struct sim_system *wd_system(struct sim_css *css, unsigned int present, const char *wd)
{
	struct sim_css_params p = { .present = present, .watchdog = wd };
	struct sim_config cfg;
	struct sim_system *s;

	sim_config_default(&cfg);
	cfg.counter.error_ppb = 0;
	s = test_system(&cfg);
	ck_assert_int_eq(sim_css_attach(s, css, &p), 0);
	return s;
}

static void tsc_event(struct sim_system *s, u64 t_ns, enum sim_counter_event_kind kind, s64 v)
{
	struct sim_counter_event ev = { .t_ns = t_ns, .kind = kind, .value = v };

	ck_assert_int_eq(sim_counter_event(&s->counter, &ev), 0);
}

/* Run to @t_ns checking every 1 ms that the vDSO equals the kernel side and nothing goes back. */
static void run_checked(struct sim_system *s, struct oracle_mono *m, u64 t_ns)
{
	char why[256];

	while (s->now_ns < t_ns) {
		sim_advance_ns(s, NSEC_PER_MSEC / 3 + 1);
		ck_assert_msg(oracle_check_instant(s, m, NULL, why, sizeof(why)) == 0, "%.9f s: %s",
			      (double)s->now_ns * 1e-9, why);
		ck_assert_msg(!s->css->violation, "%s", s->css->why);
	}
}

/* The kernel's ratings, flags and margins; the best candidate is the watchdog; TSC is in use. */
START_TEST(test_registration)
{
	struct sim_css css;
	struct sim_system *s = wd_system(&css, SIM_CS_HPET | SIM_CS_ACPI_PM, NULL);
	static const char *const order[] = { "tsc", "hpet", "acpi_pm", "jiffies" };

	ck_assert_uint_eq(css.wd.nr, 4);
	for (unsigned int i = 0; i < 4; i++)
		ck_assert_str_eq(css.wd.list[i]->name, order[i]);
	ck_assert_int_eq(sim_css_find(&css, "hpet")->rating, 250);
	ck_assert_int_eq(sim_css_find(&css, "acpi_pm")->rating, 200);
	ck_assert_int_eq(css.jiffies_cs.rating, 1);
	ck_assert_uint_eq(css.hpet.cs.mask, 0xffffffffULL);
	ck_assert_uint_eq(css.acpi_pm.cs.mask, 0xffffffULL);
	ck_assert_uint_eq(css.hpet.cs.freq_hz, 14318180);
	ck_assert_uint_eq(css.acpi_pm.cs.freq_hz, 3579545);
	/* 1e9 / freq is below 2 * WATCHDOG_MAX_SKEW for all three counters: 250 us each. */
	ck_assert_uint_eq(s->counter.cs.uncertainty_margin, 250000);
	ck_assert_uint_eq(css.hpet.cs.uncertainty_margin, 250000);
	ck_assert_uint_eq(css.acpi_pm.cs.uncertainty_margin, 250000);
	ck_assert_uint_eq(css.jiffies_cs.uncertainty_margin, 32000000);
	/* jiffies: TICK_NSEC << 8 at HZ=1000. */
	ck_assert_uint_eq(css.jiffies_cs.mult, 1000000u << 8);
	ck_assert(css.wd.watchdog == &css.hpet.cs);
	ck_assert_uint_eq(css.wd.nr_wd, 1);
	ck_assert(css.wd.wd_list[0] == &s->counter.cs);
	ck_assert(css.hpet.cs.flags & CLOCK_SOURCE_VALID_FOR_HRES);
	ck_assert(!(css.jiffies_cs.flags & CLOCK_SOURCE_VALID_FOR_HRES));
	ck_assert(clocksource_current(&s->k) == &s->counter.cs);
	ck_assert_int_eq(s->k.vdata.clock_data[CS_HRES_COARSE].clock_mode, VDSO_CLOCKMODE_SIM);
	/* Without an HPET the ACPI PM timer watches. */
	sim_system_free(s);
	s = wd_system(&css, SIM_CS_ACPI_PM, NULL);
	ck_assert(css.wd.watchdog == &css.acpi_pm.cs);
	sim_system_free(s);
	s = wd_system(&css, SIM_CS_HPET | SIM_CS_ACPI_PM, "acpi_pm");
	ck_assert(css.wd.watchdog == &css.acpi_pm.cs);
	sim_system_free(s);
}
END_TEST

/* 900 ppm is 450 us per 0.5 s interval, inside the 500 us of tsc + hpet margins: never flagged. */
START_TEST(test_drift_under_threshold)
{
	struct sim_css css;
	struct sim_system *s = wd_system(&css, SIM_CS_HPET | SIM_CS_ACPI_PM, NULL);
	struct oracle_mono m = { 0 };

	tsc_event(s, 2 * NSEC_PER_SEC + 100 * NSEC_PER_MSEC, SIM_COUNTER_DRIFT, 900000);
	run_checked(s, &m, 20 * NSEC_PER_SEC);
	ck_assert_uint_ge(css.wd.checks, 35);
	ck_assert_int_gt(css.wd.last_skew_ns, 440000);
	ck_assert_int_lt(css.wd.last_skew_ns, 460000);
	ck_assert(!(s->counter.cs.flags & CLOCK_SOURCE_UNSTABLE));
	ck_assert(clocksource_current(&s->k) == &s->counter.cs);
	ck_assert_uint_eq(css.wd.switches, 0);
	sim_system_free(s);
}
END_TEST

/*
 * 1100 ppm from 10.1 s: the check at 10.5 s sees 0.4 s of it (440 us, not
 * flagged), the one at 11.0 s a whole interval (550 us > 500 us): flagged
 * there, and the switch to the HPET follows in the same tick.
 */
START_TEST(test_drift_flagged_after_full_period)
{
	struct sim_css css;
	struct sim_system *s = wd_system(&css, SIM_CS_HPET | SIM_CS_ACPI_PM, NULL);
	struct oracle_mono m = { 0 };

	tsc_event(s, 10 * NSEC_PER_SEC + 100 * NSEC_PER_MSEC, SIM_COUNTER_DRIFT, 1100000);
	run_checked(s, &m, 10 * NSEC_PER_SEC + 999 * NSEC_PER_MSEC);
	ck_assert_uint_eq(css.wd.unstable_jiffies, 0);
	ck_assert(clocksource_current(&s->k) == &s->counter.cs);
	run_checked(s, &m, 11 * NSEC_PER_SEC + 1);
	ck_assert_uint_eq(css.wd.unstable_jiffies, 11000);
	ck_assert(s->counter.cs.flags & CLOCK_SOURCE_UNSTABLE);
	ck_assert(!(s->counter.cs.flags & CLOCK_SOURCE_VALID_FOR_HRES));
	ck_assert_int_eq(s->counter.cs.rating, 0);
	ck_assert(clocksource_current(&s->k) == &css.hpet.cs);
	ck_assert_uint_eq(css.nr_phases, 2);
	ck_assert_uint_eq(css.switch_ns[1], 11 * NSEC_PER_SEC);
	/* Nothing is left to watch: the timer stops. */
	ck_assert(!css.wd.running);
	run_checked(s, &m, 15 * NSEC_PER_SEC);
	sim_system_free(s);
}
END_TEST

/*
 * After the switch the vvar page says NONE: hres reads fall back to the
 * kernel side (which reads the HPET), coarse clocks and time() stay in the
 * vDSO, and the values are right, not the stale TSC-based bases.
 */
START_TEST(test_fallback_after_switch)
{
	struct sim_css css;
	struct sim_system *s = wd_system(&css, SIM_CS_HPET, NULL);
	struct oracle_mono m = { 0 };
	struct timespec64 a, b;
	u64 calls, fallbacks;

	tsc_event(s, 3 * NSEC_PER_SEC + 200 * NSEC_PER_MSEC, SIM_COUNTER_STOP, 0);
	run_checked(s, &m, 4 * NSEC_PER_SEC);
	ck_assert(clocksource_current(&s->k) == &css.hpet.cs);
	ck_assert_int_eq(s->k.vdata.clock_data[CS_HRES_COARSE].clock_mode, VDSO_CLOCKMODE_NONE);
	ck_assert_int_eq(s->k.vdata.clock_data[CS_RAW].clock_mode, VDSO_CLOCKMODE_NONE);
	/* The first full interval of a stopped TSC is flagged: the check at 3.5 s. */
	ck_assert_uint_eq(css.wd.unstable_jiffies, 3500);

	calls = css.phase[1].calls;
	fallbacks = css.phase[1].fallbacks;
	ck_assert_uint_gt(calls, 0);
	ck_assert_uint_eq(fallbacks, calls);
	ck_assert_int_eq(sim_clock_gettime(s, SIM_PATH_VDSO, TK_CLOCK_MONOTONIC, &a), 0);
	ck_assert_uint_eq(css.phase[1].fallbacks, fallbacks + 1);
	ck_assert_int_eq(sim_clock_gettime(s, SIM_PATH_VDSO, TK_CLOCK_MONOTONIC_COARSE, &b), 0);
	ck_assert_uint_eq(css.phase[1].fallbacks, fallbacks + 1);
	/* Time goes on with the HPET: 7 ms later MONOTONIC moved 7 ms, within one HPET period (70
	 * ns). */
	sim_advance_ns(s, 7 * NSEC_PER_MSEC);
	ck_assert_int_eq(sim_clock_gettime(s, SIM_PATH_VDSO, TK_CLOCK_MONOTONIC, &b), 0);
	ck_assert_msg(ts_to_ns(&b) - ts_to_ns(&a) > 7 * NSEC_PER_MSEC - 70 &&
			      ts_to_ns(&b) - ts_to_ns(&a) < 7 * NSEC_PER_MSEC + 70,
		      "MONOTONIC moved %lld ns in 7 ms", (long long)(ts_to_ns(&b) - ts_to_ns(&a)));
	/* The modelled cost of a read: 20 ns before, syscall + HPET after. */
	ck_assert_uint_eq(css.phase[0].cost_ns, css.phase[0].calls * SIM_TSC_READ_NS);
	ck_assert_uint_eq(css.phase[1].cost_ns,
			  css.phase[1].calls * (SIM_HPET_READ_NS + SIM_SYSCALL_NS));
	sim_system_free(s);
}
END_TEST

/*
 * A jump of 2 s makes a 2.5 s interval, beyond WATCHDOG_INTERVAL_MAX_NS:
 * the kernel skips that comparison and re-baselines, so the TSC stays.  A
 * jump of 1 ms is a 1 ms skew: flagged.
 */
START_TEST(test_jump)
{
	struct sim_css css;
	struct sim_system *s = wd_system(&css, SIM_CS_HPET, NULL);
	struct oracle_mono m = { 0 };

	tsc_event(s, 5 * NSEC_PER_SEC + 200 * NSEC_PER_MSEC, SIM_COUNTER_JUMP, 2 * NSEC_PER_SEC);
	run_checked(s, &m, 10 * NSEC_PER_SEC);
	ck_assert(clocksource_current(&s->k) == &s->counter.cs);
	ck_assert_uint_eq(css.wd.unstable_jiffies, 0);
	sim_system_free(s);

	memset(&m, 0, sizeof(m));
	s = wd_system(&css, SIM_CS_HPET, NULL);
	tsc_event(s, 5 * NSEC_PER_SEC + 200 * NSEC_PER_MSEC, SIM_COUNTER_JUMP, NSEC_PER_MSEC);
	run_checked(s, &m, 10 * NSEC_PER_SEC);
	ck_assert_uint_eq(css.wd.unstable_jiffies, 5500);
	ck_assert(clocksource_current(&s->k) == &css.hpet.cs);
	sim_system_free(s);
}
END_TEST

/*
 * A watchdog timer that runs late (after a 3 s NOHZ gap here) finds an
 * interval beyond WATCHDOG_INTERVAL_MAX_NS: the kernel skips the comparison
 * and re-arms the timer from now, so the next comparison is
 * WATCHDOG_INTERVAL later, not at the next tick with a 1 ms interval.
 */
START_TEST(test_late_timer_rearms_from_now)
{
	struct sim_css css;
	struct sim_system *s = wd_system(&css, SIM_CS_HPET, NULL);
	struct oracle_mono m = { 0 };
	u64 checks;

	run_checked(s, &m, 2 * NSEC_PER_SEC + 100 * NSEC_PER_MSEC);
	checks = css.wd.checks;
	ck_assert_uint_gt(checks, 0);
	sim_idle_ns(s, 3 * NSEC_PER_SEC);
	run_checked(s, &m, s->now_ns + 100 * NSEC_PER_MSEC);
	ck_assert_uint_eq(css.wd.checks, checks);
	ck_assert_uint_gt(css.wd.expires, css.jiffies + 300);
	run_checked(s, &m, s->now_ns + 500 * NSEC_PER_MSEC);
	ck_assert_uint_eq(css.wd.checks, checks + 1);
	ck_assert_uint_eq(css.wd.unstable_jiffies, 0);
	sim_system_free(s);
}
END_TEST

/*
 * With only jiffies to watch, a stopped TSC is flagged (jiffies' 32 ms
 * margin is nothing against 300 ms); in oneshot mode nothing else is valid
 * for high resolution, so the kernel keeps the TSC; with a periodic tick
 * it falls back to jiffies.
 */
START_TEST(test_jiffies_fallback)
{
	struct sim_css css;
	struct sim_system *s = wd_system(&css, 0, NULL);
	struct oracle_mono m = { 0 };

	ck_assert(css.wd.watchdog == &css.jiffies_cs);
	tsc_event(s, 2 * NSEC_PER_SEC + 200 * NSEC_PER_MSEC, SIM_COUNTER_STOP, 0);
	run_checked(s, &m, 3 * NSEC_PER_SEC);
	ck_assert_uint_eq(css.wd.unstable_jiffies, 2500);
	ck_assert(clocksource_current(&s->k) == &s->counter.cs);
	sim_system_free(s);

	memset(&m, 0, sizeof(m));
	s = wd_system(&css, 0, NULL);
	css.wd.oneshot = false;
	tsc_event(s, 2 * NSEC_PER_SEC + 200 * NSEC_PER_MSEC, SIM_COUNTER_STOP, 0);
	run_checked(s, &m, 4 * NSEC_PER_SEC);
	ck_assert(clocksource_current(&s->k) == &css.jiffies_cs);
	ck_assert_int_eq(s->k.vdata.clock_data[CS_HRES_COARSE].clock_mode, VDSO_CLOCKMODE_NONE);
	sim_system_free(s);
}
END_TEST

/* The event API refuses the past, unknown kinds, and more than it can hold. */
START_TEST(test_event_api)
{
	struct sim_config cfg;
	struct sim_system *s;
	struct sim_counter_event ev = { .t_ns = NSEC_PER_SEC, .kind = SIM_COUNTER_DRIFT };

	sim_config_default(&cfg);
	s = test_system(&cfg);
	sim_advance_ns(s, 2 * NSEC_PER_SEC);
	ck_assert_int_eq(sim_counter_event(&s->counter, &ev), -EINVAL);
	ev.t_ns = 3 * NSEC_PER_SEC;
	ev.kind = (enum sim_counter_event_kind)7;
	ck_assert_int_eq(sim_counter_event(&s->counter, &ev), -EINVAL);
	ev.kind = SIM_COUNTER_DRIFT;
	for (int i = 0; i < SIM_COUNTER_MAX_EVENTS; i++)
		ck_assert_int_eq(sim_counter_event(&s->counter, &ev), 0);
	ck_assert_int_eq(sim_counter_event(&s->counter, &ev), -ENOSPC);
	/* All sixteen +0 ppb drifts apply at 3 s; the rate is unchanged and the slots free again.
	 */
	sim_advance_ns(s, 2 * NSEC_PER_SEC);
	ck_assert_uint_eq(s->counter.nr_ev, 0);
	ck_assert_int_eq(s->counter.cur_error_ppb, cfg.counter.error_ppb);
	sim_system_free(s);
}
END_TEST

/* A drift event changes the count exactly from its instant on; a stop freezes it. */
START_TEST(test_event_exact)
{
	struct sim_counter_params p = { .freq_hz = 1000000000ULL, .bits = 64 };
	struct sim_counter c;
	struct sim_counter_event ev = { .t_ns = NSEC_PER_SEC,
					.kind = SIM_COUNTER_DRIFT,
					.value = 1000000 };

	ck_assert_int_eq(sim_counter_init(&c, &p, "t"), 0);
	ck_assert_int_eq(sim_counter_event(&c, &ev), 0);
	ev = (struct sim_counter_event){ .t_ns = 2 * NSEC_PER_SEC, .kind = SIM_COUNTER_STOP };
	ck_assert_int_eq(sim_counter_event(&c, &ev), 0);
	sim_counter_set_time(&c, NSEC_PER_SEC);
	ck_assert_uint_eq(c.page.now, 1000000000ULL);
	sim_counter_set_time(&c, 2 * NSEC_PER_SEC);
	ck_assert_uint_eq(c.page.now, 2001000000ULL);
	sim_counter_set_time(&c, 9 * NSEC_PER_SEC);
	ck_assert_uint_eq(c.page.now, 2001000000ULL);
}
END_TEST

/*
 * cs_watchdog_read() with reads that take time: a 1 GHz watchdog whose
 * count each test moves by hand, both margins 250 us, so v6.18's md is
 * 500 us and a read is trusted up to 750 us.  A watched read that is slow
 * (a vCPU preempted during it) pushes the watchdog on by rd_slow_push: past
 * 750 us it is retried, and blamed on the watched clocksource after
 * ilog2(CPUs) / 2 + 1 retries; a watchdog slow on its own back-to-back
 * reads (more than md) makes the round a skip.
 */
static u64 rd_wd_count, rd_cs_count, rd_wd_step, rd_cs_reads, rd_slow_push;
static unsigned int rd_slow_cs_reads;

static u64 rd_wd_read(struct clocksource *cs)
{
	(void)cs;
	rd_wd_count += rd_wd_step;
	return rd_wd_count & 0xffffffffULL;
}

static u64 rd_cs_read(struct clocksource *cs)
{
	(void)cs;
	rd_cs_reads++;
	if (rd_slow_cs_reads) {
		rd_slow_cs_reads--;
		rd_wd_count += rd_slow_push;
	}
	return rd_cs_count;
}

/*
 * One cs_watchdog_read(): @slow watched reads each @push ns slow, the watchdog
 * @step ns on per read; it must say @want after @reads watched reads.
 */
static void expect_read(struct cs_watchdog *wd, struct clocksource *cs, u64 push, unsigned int slow,
			u64 step, enum wd_read_status want, u64 reads)
{
	u64 csnow, wdnow;

	rd_slow_push = push;
	rd_slow_cs_reads = slow;
	rd_wd_step = step;
	rd_cs_reads = 0;
	ck_assert_int_eq(cs_watchdog_read(wd, cs, &csnow, &wdnow), want);
	ck_assert_uint_eq(rd_cs_reads, reads);
	rd_slow_cs_reads = 0;
	rd_wd_step = 0;
}

START_TEST(test_watchdog_read_retries)
{
	struct clocksource w = { .read = rd_wd_read, .mask = CLOCKSOURCE_MASK(32), .name = "wd" };
	struct clocksource cs = { .read = rd_cs_read, .mask = CLOCKSOURCE_MASK(64), .name = "cs" };
	struct cs_watchdog wd;

	ck_assert_int_eq(clocksource_register_hz(&w, NSEC_PER_SEC), 0);
	ck_assert_int_eq(clocksource_register_hz(&cs, NSEC_PER_SEC), 0);
	ck_assert_uint_eq(w.uncertainty_margin, 250000);
	clocksource_watchdog_init(&wd, 1000);
	wd.watchdog = &w;
	wd.nr_cpus = 16; /* ilog2(16) / 2 + 1 = 3 retries: 4 attempts */

	/* Two attempts 800 us slow, then a good one. */
	expect_read(&wd, &cs, 800000, 2, 0, WD_READ_SUCCESS, 3);
	/* Every attempt slow: the watched clocksource is unstable. */
	expect_read(&wd, &cs, 800000, 100, 0, WD_READ_UNSTABLE, 4);
	wd.nr_cpus = 1; /* 1 retry: 2 attempts */
	expect_read(&wd, &cs, 800000, 100, 0, WD_READ_UNSTABLE, 2);
	/*
	 * 600 us slow is inside the 750 us window: trusted at once, though the
	 * comparison allows 500 us (what v6.19's c06343be0b4e narrows).
	 */
	expect_read(&wd, &cs, 600000, 1, 0, WD_READ_SUCCESS, 1);
	/* The watchdog itself slow (800 us > md): skip at once. */
	expect_read(&wd, &cs, 0, 0, 800000, WD_READ_SKIP, 1);
	/* 600 us between two watchdog reads is past md: a slow watched read then skips. */
	expect_read(&wd, &cs, 800000, 100, 600000, WD_READ_SKIP, 1);
	/*
	 * 300 us is past the watchdog's own 250 us margin but inside md: the
	 * read-back test passes, so every slow read is retried and the watched
	 * clocksource blamed.
	 */
	expect_read(&wd, &cs, 800000, 100, 300000, WD_READ_UNSTABLE, 2);
	/* 200 us per watchdog read: inside both limits, a success. */
	expect_read(&wd, &cs, 0, 0, 200000, WD_READ_SUCCESS, 1);
}
END_TEST

static Suite *watchdog_suite(void)
{
	Suite *su = suite_create("watchdog");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_registration);
	tcase_add_test(tc, test_drift_under_threshold);
	tcase_add_test(tc, test_drift_flagged_after_full_period);
	tcase_add_test(tc, test_fallback_after_switch);
	tcase_add_test(tc, test_jump);
	tcase_add_test(tc, test_late_timer_rearms_from_now);
	tcase_add_test(tc, test_jiffies_fallback);
	tcase_add_test(tc, test_watchdog_read_retries);
	tcase_add_test(tc, test_event_api);
	tcase_add_test(tc, test_event_exact);
	suite_add_tcase(su, tc);
	return su;
}

int main(void)
{
	return test_run_suite(watchdog_suite());
}
