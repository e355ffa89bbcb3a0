// SPDX-License-Identifier: GPL-2.0
// Tests of timekeeper/namespace.c and the vDSO's time-namespace paths (kernel/time/namespace.c,
// lib/vdso/gettimeofday.c do_hres_timens/do_coarse_timens, v6.15).
#include <errno.h>

#include "tests/check_util.h"
#include "sim/clocksources.h"
#include "sim/oracle_timens.h"
#include "sim/torture/torture.h"
#include "vdso/gettimeofday.h"

static struct sim_system *ns_system(void)
{
	struct sim_config cfg;

	sim_config_default(&cfg);
	return test_system(&cfg);
}

/* MONOTONIC -8.25 s (MONOTONIC is 10 s at boot), BOOTTIME +3 days + 0.999999999 s. */
static void ns_enter(struct sim_system *s, struct time_namespace *ns)
{
	struct proc_timens_offset off[2] = {
		{ TK_CLOCK_MONOTONIC, { .tv_sec = -9, .tv_nsec = 750000000 } },
		{ TK_CLOCK_BOOTTIME, { .tv_sec = 3 * 86400, .tv_nsec = 999999999 } },
	};

	timens_init(ns, &s->k);
	ck_assert_int_eq(proc_timens_set_offset(ns, off, 2), 0);
	timens_set_vvar_page(ns);
}

/* The page as the kernel fills it: seq 1, TIMENS, the offsets in the basetime slots. */
START_TEST(test_page_layout)
{
	struct sim_system *s = ns_system();
	static struct time_namespace ns;

	ns_enter(s, &ns);
	for (unsigned int i = 0; i < CS_BASES; i++) {
		const struct vdso_clock *vc = &ns.vvar_page.clock_data[i];

		ck_assert_uint_eq(vc->seq, 1);
		ck_assert_int_eq(vc->clock_mode, VDSO_CLOCKMODE_TIMENS);
		ck_assert_int_eq(vc->offset[TK_CLOCK_MONOTONIC].sec, -9);
		ck_assert_uint_eq(vc->offset[TK_CLOCK_MONOTONIC].nsec, 750000000);
		ck_assert_int_eq(vc->offset[TK_CLOCK_MONOTONIC_RAW].sec, -9);
		ck_assert_int_eq(vc->offset[TK_CLOCK_MONOTONIC_COARSE].sec, -9);
		ck_assert_int_eq(vc->offset[TK_CLOCK_BOOTTIME].sec, 3 * 86400);
		ck_assert_uint_eq(vc->offset[TK_CLOCK_BOOTTIME].nsec, 999999999);
		ck_assert_int_eq(vc->offset[TK_CLOCK_BOOTTIME_ALARM].sec, 3 * 86400);
		ck_assert_int_eq(vc->offset[TK_CLOCK_REALTIME].sec, 0);
		ck_assert_int_eq(vc->offset[TK_CLOCK_TAI].sec, 0);
	}
	ck_assert(ns.vvar_page.arch_data.timens_data == &s->k.vdata);
	ck_assert(ns.frozen_offsets);
	sim_system_free(s);
}
END_TEST

/* /proc/PID/timens_offsets: which clocks, which ranges, all or nothing, frozen after entry. */
START_TEST(test_set_offset_checks)
{
	struct sim_system *s = ns_system();
	static struct time_namespace ns;
	struct proc_timens_offset off[2] = { { TK_CLOCK_MONOTONIC, { 5, 0 } },
					     { TK_CLOCK_REALTIME, { 5, 0 } } };

	sim_advance_ns(s, NSEC_PER_SEC);
	timens_init(&ns, &s->k);
	/* Another clock: EINVAL, and the valid line before it is not stored either. */
	ck_assert_int_eq(proc_timens_set_offset(&ns, off, 2), -EINVAL);
	ck_assert_int_eq(ns.offsets.monotonic.tv_sec, 0);
	off[1].clockid = TK_CLOCK_TAI;
	ck_assert_int_eq(proc_timens_set_offset(&ns, &off[1], 1), -EINVAL);
	off[1].clockid = TK_CLOCK_MONOTONIC_RAW;
	ck_assert_int_eq(proc_timens_set_offset(&ns, &off[1], 1), -EINVAL);
	/* tv_nsec outside [0, 1e9). */
	off[1] = (struct proc_timens_offset){ TK_CLOCK_BOOTTIME, { 1, NSEC_PER_SEC } };
	ck_assert_int_eq(proc_timens_set_offset(&ns, &off[1], 1), -EINVAL);
	off[1].val.tv_nsec = -1;
	ck_assert_int_eq(proc_timens_set_offset(&ns, &off[1], 1), -EINVAL);
	/* MONOTONIC is 11 s now: -11 s leaves 0 (allowed), -12 s would be negative (ERANGE). */
	off[1] = (struct proc_timens_offset){ TK_CLOCK_MONOTONIC, { -11, 0 } };
	ck_assert_int_eq(proc_timens_set_offset(&ns, &off[1], 1), 0);
	off[1].val.tv_sec = -12;
	ck_assert_int_eq(proc_timens_set_offset(&ns, &off[1], 1), -ERANGE);
	ck_assert_int_eq(ns.offsets.monotonic.tv_sec, -11);
	/* Beyond KTIME_SEC_MAX / 2 for the result, beyond KTIME_SEC_MAX for the offset. */
	off[1].val.tv_sec = KTIME_SEC_MAX / 2;
	ck_assert_int_eq(proc_timens_set_offset(&ns, &off[1], 1), -ERANGE);
	off[1].val.tv_sec = KTIME_SEC_MAX / 2 - 11;
	ck_assert_int_eq(proc_timens_set_offset(&ns, &off[1], 1), 0);
	off[1].val.tv_sec = -KTIME_SEC_MAX - 1;
	ck_assert_int_eq(proc_timens_set_offset(&ns, &off[1], 1), -ERANGE);
	/* A task entered: frozen, whatever the value. */
	timens_set_vvar_page(&ns);
	off[1].val.tv_sec = 1;
	ck_assert_int_eq(proc_timens_set_offset(&ns, &off[1], 1), -EACCES);
	ck_assert_int_eq(ns.offsets.monotonic.tv_sec, KTIME_SEC_MAX / 2 - 11);
	sim_system_free(s);
}
END_TEST

/* Inside the namespace: vDSO == syscall == host + offset, monotonic, for a minute of ticks. */
START_TEST(test_reads_inside)
{
	struct sim_system *s = ns_system();
	static struct time_namespace ns;
	struct oracle_mono m = { 0 };
	char why[256];

	ns_enter(s, &ns);
	while (s->now_ns < 60 * NSEC_PER_SEC) {
		sim_advance_ns(s, 777777);
		ck_assert_msg(oracle_check_timens(s, &ns, &m, why, sizeof(why)) == 0, "%.9f s: %s",
			      (double)s->now_ns * 1e-9, why);
	}
	sim_system_free(s);
}
END_TEST

/* time(), gettimeofday() with its timezone and clock_getres() are the host's inside too. */
START_TEST(test_unnamespaced_entry_points)
{
	struct sim_system *s = ns_system();
	static struct time_namespace ns;
	struct tk_timeval tv_ns, tv_host;
	struct tk_timezone tz_ns, tz_host;
	struct timespec64 r_ns, r_host;

	ns_enter(s, &ns);
	sim_advance_ns(s, 1234567891);
	ck_assert_int_eq(cvdso_time(&ns.vvar_page, NULL), cvdso_time(&s->k.vdata, NULL));
	ck_assert_int_eq(cvdso_gettimeofday(&ns.vvar_page, &tv_ns, &tz_ns), 0);
	ck_assert_int_eq(cvdso_gettimeofday(&s->k.vdata, &tv_host, &tz_host), 0);
	ck_assert_int_eq(tv_ns.tv_sec, tv_host.tv_sec);
	ck_assert_int_eq(tv_ns.tv_usec, tv_host.tv_usec);
	ck_assert_int_eq(tz_ns.tz_minuteswest, tz_host.tz_minuteswest);
	ck_assert_int_eq(cvdso_clock_getres(&ns.vvar_page, TK_CLOCK_MONOTONIC_COARSE, &r_ns), 0);
	ck_assert_int_eq(cvdso_clock_getres(&s->k.vdata, TK_CLOCK_MONOTONIC_COARSE, &r_host), 0);
	ck_assert_int_eq(r_ns.tv_nsec, r_host.tv_nsec);
	sim_system_free(s);
}
END_TEST

/*
 * After the TSC is dropped for the HPET, the real page says NONE: a reader
 * in the namespace follows to it, falls back, and the namespace's syscall
 * adds the offsets; every property still holds.
 */
START_TEST(test_fallback_inside)
{
	struct sim_system *s = ns_system();
	static struct time_namespace ns;
	static struct sim_css css;
	struct sim_css_params p = { .present = SIM_CS_HPET };
	struct sim_counter_event ev = { .t_ns = 2 * NSEC_PER_SEC, .kind = SIM_COUNTER_STOP };
	struct oracle_mono m = { 0 };
	char why[256];

	ck_assert_int_eq(sim_css_attach(s, &css, &p), 0);
	ck_assert_int_eq(sim_counter_event(&s->counter, &ev), 0);
	ns_enter(s, &ns);
	while (s->now_ns < 6 * NSEC_PER_SEC) {
		sim_advance_ns(s, 333333);
		ck_assert_msg(oracle_check_timens(s, &ns, &m, why, sizeof(why)) == 0, "%.9f s: %s",
			      (double)s->now_ns * 1e-9, why);
	}
	ck_assert(clocksource_current(&s->k) == &css.hpet.cs);
	ck_assert_int_eq(s->k.vdata.clock_data[CS_HRES_COARSE].clock_mode, VDSO_CLOCKMODE_NONE);
	sim_system_free(s);
}
END_TEST

/*
 * Threads: a reader inside a namespace beside readers outside, against a
 * timekeeper thread publishing at maximum pressure and churning the clock.
 * The namespace reader's values, less the offsets, must be ones the
 * publication log explains (the seqcount check), fit the kernel-side
 * sandwich of its own namespace, and keep the shared MONOTONIC list in order.
 */
START_TEST(test_torture_inside)
{
	struct torture_opts o;
	struct torture_result r;

	torture_opts_default(&o);
	o.counter = TORTURE_COUNTER_SYNTHETIC;
	o.threads = 3;
	o.duration_ns = 0;
	o.iterations = 4000;
	o.max_pressure = true;
	o.churn = TORTURE_CHURN_FREQ;
	o.checks = TORTURE_CHECK_ALL & ~TORTURE_CHECK_LITMUS;
	o.timens = true;
	o.seed = test_seed();
	ck_assert_int_eq(torture_run(&o, &r), 0);
	ck_assert_msg(!r.violated, "seed %" PRIu64 ":\n%s", o.seed, r.report);
	ck_assert(!r.readers[0].in_timens && r.readers[1].in_timens && !r.readers[2].in_timens);
	ck_assert_uint_gt(r.readers[1].seq_checked, 0);
	ck_assert_uint_gt(r.readers[1].vdso_reads, 0);
	torture_result_free(&r);
}
END_TEST

static Suite *timens_suite(void)
{
	Suite *su = suite_create("timens");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_page_layout);
	tcase_add_test(tc, test_set_offset_checks);
	tcase_add_test(tc, test_reads_inside);
	tcase_add_test(tc, test_unnamespaced_entry_points);
	tcase_add_test(tc, test_fallback_inside);
	suite_add_tcase(su, tc);

	/* Real threads against a timekeeper thread: too slow for memcheck, run by TSan CI. */
	tc = tcase_create("threads");
	tcase_set_timeout(tc, 60);
	tcase_set_tags(tc, "realtime");
	tcase_add_test(tc, test_torture_inside);
	suite_add_tcase(su, tc);
	return su;
}

int main(void)
{
	test_seed();
	return test_run_suite(timens_suite());
}
