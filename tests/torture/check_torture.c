// SPDX-License-Identifier: GPL-2.0
// Tests of sim/torture/torture.c, sim/torture/litmus.c and the torture, bugs and mirror commands
// (real threads).
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include "tests/check_util.h"
#include "sim/bugs.h"
#include "sim/torture/torture.h"

static void short_opts(struct torture_opts *o, u64 ms)
{
	torture_opts_default(o);
	o->tsc_hz = test_tsc_hz();
	o->seed = test_seed();
	o->duration_ns = ms * NSEC_PER_MSEC;
	o->litmus_ns = 25 * NSEC_PER_MSEC;
}

static void expect_pass(const struct torture_opts *o, const char *what)
{
	struct torture_result r;
	u64 reads = 0;

	ck_assert_int_eq(torture_run(o, &r), 0);
	ck_assert_msg(!r.violated, "%s, seed %" PRIu64 ":\n%s", what, o->seed, r.report);
	for (unsigned int i = 0; i < r.nreaders; i++) {
		reads += r.readers[i].reads;
		if (o->checks & TORTURE_CHECK_SEQCOUNT)
			ck_assert_msg(r.readers[i].seq_checked > 0, "%s: reader %u checked nothing",
				      what, i);
	}
	ck_assert_msg(reads > 1000, "%s: only %" PRIu64 " reads", what, reads);
	ck_assert_uint_gt(r.publications, 1);
	if (o->churn)
		ck_assert_uint_gt(r.churn_ops, 0);
	torture_result_free(&r);
}

/* The real TSC, every check, every clock, both paths. */
START_TEST(test_tsc_all_checks)
{
	struct torture_opts o;

	short_opts(&o, 800);
	expect_pass(&o, "TSC, all checks");
}
END_TEST

/*
 * A narrow synthetic counter started just below its wrap, under every kind
 * of churn (adjtimex frequency flips, ADJ_SETOFFSET, settimeofday): the
 * inconsistency-check runs on COARSE clocks too.
 */
START_TEST(test_synthetic_churn)
{
	struct torture_opts o;

	short_opts(&o, 800);
	o.counter = TORTURE_COUNTER_SYNTHETIC;
	o.synth.freq_hz = 24000000;
	o.synth.bits = 32;
	o.synth.start = 0xffffffffULL - 24000000ULL / 4; /* wraps 250 ms in */
	o.churn = TORTURE_CHURN_FREQ | TORTURE_CHURN_OFFSET | TORTURE_CHURN_SETTIME;
	o.threads = 3;
	expect_pass(&o, "synthetic 32-bit, churn");
}
END_TEST

/*
 * Maximum writer pressure with a widened write window and frequency churn.
 * Bounded by rounds (10000 per reader, about 0.5 s idle), not wall time:
 * under load both readers share one host CPU and may not run for long.
 */
START_TEST(test_max_pressure)
{
	struct torture_opts o;

	short_opts(&o, 0);
	o.duration_ns = 0;
	o.iterations = 10000;
	o.max_pressure = true;
	o.window_spin = 500;
	o.churn = TORTURE_CHURN_FREQ;
	o.checks &= ~TORTURE_CHECK_LITMUS;
	expect_pass(&o, "maximum pressure");
}
END_TEST

/* --iterations bounds each reader; kernel-side path alone. */
START_TEST(test_iterations)
{
	struct torture_opts o;
	struct torture_result r;

	short_opts(&o, 0);
	o.duration_ns = 0;
	o.iterations = 3000;
	o.paths = TORTURE_PATH_SYSCALL;
	o.checks = TORTURE_CHECK_INCONSISTENCY | TORTURE_CHECK_THREADTEST;
	ck_assert_int_eq(torture_run(&o, &r), 0);
	ck_assert_msg(!r.violated, "%s", r.report);
	ck_assert_uint_eq(r.nreaders, 2);
	ck_assert_uint_eq(r.readers[0].rounds, 3000);
	ck_assert_uint_eq(r.readers[1].rounds, 3000);
	ck_assert_uint_eq(r.readers[0].vdso_reads, 0);
	torture_result_free(&r);
}
END_TEST

/*
 * Unsynchronised counters: simulated CPUs 1 and 2 differ by 100 ms.  Each
 * reader's own clock is monotonic, but the shared threadtest list (or the
 * litmus tests) sees time go back across CPUs: whenever the list passes
 * from the leading CPU's reader to the lagging one's within 100 ms, which
 * even a loaded machine's scheduler does (200 us of skew went unnoticed
 * there).  Started at 1000 s: no CPU's value has x86's "unavailable" bit.
 */
START_TEST(test_skew_is_caught)
{
	struct torture_opts o;
	struct torture_result r;

	short_opts(&o, 2000);
	o.counter = TORTURE_COUNTER_SYNTHETIC;
	o.synth.x86_rule = true; /* CPUs that disagree: x86's counters */
	o.synth.start = 1000 * NSEC_PER_SEC;
	o.checks = TORTURE_CHECK_THREADTEST | TORTURE_CHECK_LITMUS | TORTURE_CHECK_SEQCOUNT;
	for (unsigned int cpu = 1; cpu < VDSO_MAX_CPUS; cpu++)
		o.synth.skew[cpu] = (cpu & 1) ? -50000000 : 50000000;
	ck_assert_int_eq(torture_run(&o, &r), 0);
	ck_assert_msg(r.violated, "seed %" PRIu64 ": 100 ms of skew went unnoticed", o.seed);
	ck_assert_msg(strstr(r.report, "VIOLATION (threadtest)") ||
			      strstr(r.report, "VIOLATION (litmus)"),
		      "caught, but by:\n%s", r.report);
	ck_assert_msg(strstr(r.report, "replay with: "), "no replay command:\n%s", r.report);
	torture_result_free(&r);
}
END_TEST

/*
 * A synthetic counter skewed by 1 s between simulated CPUs, read by x86's
 * vDSO rule: CPU 1 reads behind cycle_last unless the timekeeper thread has
 * not ticked for a second (a loaded machine can starve it for tens of ms,
 * longer than a reader's 4000 rounds), and the vDSO freezes it at the base
 * as the kernel side does, so every per-CPU check holds (the cross-CPU
 * ones, threadtest and litmus, see the skew itself: test_skew_is_caught).
 * Started at 1000 s so that no CPU's value has the sign bit x86 reads as
 * "use the syscall".  The same run with the 2008 vDSO (no-neg-clamp) is
 * caught; so was the faithful run when the synthetic counter had the
 * generic rule, which has no clamp.  Bounded by rounds.
 */
static void skew_opts(struct torture_opts *o)
{
	short_opts(o, 0);
	o->duration_ns = 0;
	o->iterations = 4000;
	o->counter = TORTURE_COUNTER_SYNTHETIC;
	o->synth.x86_rule = true;
	o->synth.start = 1000 * NSEC_PER_SEC;
	o->checks = TORTURE_CHECK_SEQCOUNT | TORTURE_CHECK_SANDWICH | TORTURE_CHECK_INCONSISTENCY;
	for (unsigned int cpu = 1; cpu < VDSO_MAX_CPUS; cpu++)
		o->synth.skew[cpu] = (cpu & 1) ? -1000000000 : 1000000000;
}

START_TEST(test_skew_x86_rule)
{
	struct torture_opts o;
	struct torture_result r;

	skew_opts(&o);
	expect_pass(&o, "1 s of skew, x86's vDSO rule");

	skew_opts(&o);
	o.bugs = BUG_NO_NEG_CLAMP;
	ck_assert_int_eq(torture_run(&o, &r), 0);
	ck_assert_msg(r.violated,
		      "seed %" PRIu64 ": no-neg-clamp survived 4000 rounds on a "
		      "CPU 1 s behind",
		      o.seed);
	ck_assert_msg(strstr(r.report, "VIOLATION (sandwich)") ||
			      strstr(r.report, "VIOLATION (seqcount)"),
		      "caught, but by:\n%s", r.report);
	torture_result_free(&r);

	/* The generic rule serves counters in step across CPUs; x86's, 64-bit ones. */
	skew_opts(&o);
	o.synth.x86_rule = false;
	ck_assert_int_eq(torture_run(&o, &r), -EINVAL);
	skew_opts(&o);
	o.synth.bits = 56;
	o.synth.start = 0;
	ck_assert_int_eq(torture_run(&o, &r), -EINVAL);
}
END_TEST

/*
 * torture's self-test of its ordering checks: with threadtest.c's weak
 * comparison injected, the run fails before it starts, naming the step it
 * missed, instead of passing blind; a run without threadtest is not blind.
 */
START_TEST(test_checkers_blind)
{
	struct torture_opts o;
	struct torture_result r;
	char why[512];

	short_opts(&o, 300);
	ck_assert_msg(!torture_checkers_blind(&o, why, sizeof(why)), "%s", why);
	o.bugs = BUG_THREADTEST_CMP;
	ck_assert(torture_checkers_blind(&o, why, sizeof(why)));
	ck_assert_int_eq(torture_run(&o, &r), 0);
	ck_assert(r.violated && r.blind);
	ck_assert_msg(strstr(r.report, "CHECKER BLIND (threadtest)") &&
			      strstr(r.report, "5.000000100 -> 4.000000200"),
		      "%s", r.report);
	ck_assert_uint_eq(r.nreaders, 0);
	torture_result_free(&r);
	o.checks &= ~TORTURE_CHECK_THREADTEST;
	ck_assert_msg(!torture_checkers_blind(&o, why, sizeof(why)), "%s", why);
}
END_TEST

/*
 * inconsistency-check on the coarse clocks under adjtimex churn, the test
 * that found the 2025 coarse bug: it passes on v6.15 logic (test above)
 * and catches the pre-6.15 logic within a bounded run.
 */
START_TEST(test_coarse_under_churn)
{
	struct torture_opts o;
	struct torture_result r;

	short_opts(&o, 4000);
	o.checks = TORTURE_CHECK_INCONSISTENCY;
	o.clocks = BIT(TK_CLOCK_REALTIME_COARSE) | BIT(TK_CLOCK_MONOTONIC_COARSE);
	o.churn = TORTURE_CHURN_FREQ;
	o.bugs = BUG_COARSE_PRE615;
	ck_assert_int_eq(torture_run(&o, &r), 0);
	ck_assert_msg(r.violated, "seed %" PRIu64 ": coarse-pre-6.15 survived 4 s of churn",
		      o.seed);
	ck_assert_msg(strstr(r.report, "VIOLATION (inconsistency): CLOCK_") &&
			      strstr(r.report, "_COARSE"),
		      "caught, but by:\n%s", r.report);
	torture_result_free(&r);
}
END_TEST

START_TEST(test_bad_opts)
{
	struct torture_opts o;
	struct torture_result r;

	short_opts(&o, 100);
	o.threads = 0;
	ck_assert_int_eq(torture_run(&o, &r), -EINVAL);
	short_opts(&o, 100);
	o.clocks = BIT(TK_CLOCK_PROCESS_CPUTIME_ID);
	ck_assert_int_eq(torture_run(&o, &r), -EINVAL);
	short_opts(&o, 0);
	ck_assert_int_eq(torture_run(&o, &r), -EINVAL);
	if (!sim_tsc_insn_supported(VDSO_TSC_RDTSCP)) {
		short_opts(&o, 100);
		o.insn = VDSO_TSC_RDTSCP;
		ck_assert_int_eq(torture_run(&o, &r), -EOPNOTSUPP);
	}
}
END_TEST

/* ------------------------------------------------ the commands */

/* Run `$TKSIM ARGS`, capture stdout+stderr into @out; the exit status. */
static int tksim(char *out, size_t n, const char *args)
{
	const char *bin = getenv("TKSIM");
	char cmd[1024];
	FILE *p;
	size_t len = 0;
	int st;

	snprintf(cmd, sizeof(cmd), "%s %s 2>&1", bin ? bin : "tools/tksim", args);
	p = popen(cmd, "r");
	ck_assert_ptr_nonnull(p);
	while (len + 1 < n) {
		size_t r = fread(out + len, 1, n - len - 1, p);

		if (!r)
			break;
		len += r;
	}
	out[len] = '\0';
	st = pclose(p);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static char out[1 << 16];

START_TEST(test_cli)
{
	char args[256];

	ck_assert_int_eq(tksim(out, sizeof(out), "torture --help"), 0);
	ck_assert_ptr_nonnull(strstr(out, "--inject"));
	ck_assert_int_eq(tksim(out, sizeof(out), "torture --threads 0"), 2);
	ck_assert_ptr_nonnull(strstr(out, "tksim torture: --threads must be"));
	ck_assert_int_eq(tksim(out, sizeof(out), "torture --inject nonsense"), 2);
	ck_assert_int_eq(tksim(out, sizeof(out), "torture --skew 10"), 2);
	ck_assert_int_eq(tksim(out, sizeof(out),
			       "torture --counter synthetic --skew 10 --vdso-rule generic"),
			 2);
	ck_assert_ptr_nonnull(strstr(out, "use --vdso-rule x86"));
	ck_assert_int_eq(tksim(out, sizeof(out), "torture --counter synthetic --skew 10 --bits 32"),
			 2);
	ck_assert_ptr_nonnull(strstr(out, "needs --bits 64"));
	ck_assert_int_eq(tksim(out, sizeof(out), "torture --counter synthetic --vdso-rule arm"), 2);
	ck_assert_int_eq(tksim(out, sizeof(out), "torture --vdso-rule x86"), 2);
	ck_assert_int_eq(tksim(out, sizeof(out), "torture --seconds 1 --iterations 5"), 2);
	ck_assert_int_eq(tksim(out, sizeof(out), "torture stray"), 2);

	snprintf(args, sizeof(args),
		 "torture --iterations 300 --checks seqcount,sandwich,inconsistency --seed %" PRIu64
		 " --tsc-hz %" PRIu64 " --quiet",
		 test_seed(), test_tsc_hz());
	ck_assert_msg(tksim(out, sizeof(out), args) == 0, "%s", out);
	ck_assert_ptr_nonnull(strstr(out, "PASS: all properties held"));
	ck_assert_ptr_nonnull(strstr(out, "M reads"));

	snprintf(args, sizeof(args),
		 "torture --seconds 3 --inject writer-no-seq --checks seqcount --window 2000 "
		 "--seed %" PRIu64 " --tsc-hz %" PRIu64 " --quiet",
		 test_seed(), test_tsc_hz());
	ck_assert_msg(tksim(out, sizeof(out), args) == 1, "%s", out);
	ck_assert_ptr_nonnull(strstr(out, "VIOLATION (seqcount)"));
	ck_assert_ptr_nonnull(strstr(out, "replay with: tksim torture"));
	ck_assert_ptr_nonnull(strstr(out, "--inject writer-no-seq"));

	ck_assert_int_eq(tksim(out, sizeof(out), "bugs"), 0);
	for (unsigned int i = 0; i < sim_nr_bugs; i++)
		ck_assert_msg(strstr(out, sim_bugs[i].name), "`tksim bugs` lacks %s",
			      sim_bugs[i].name);
	ck_assert_ptr_nonnull(strstr(out, "b71f9804f66c"));
	ck_assert_int_eq(tksim(out, sizeof(out), "bugs --frobnicate"), 2);

	/* A TSC host gives 0; a VM on kvm-clock skips the hres clocks (4); never 1 or 2. */
	{
		int st = tksim(out, sizeof(out), "mirror --samples 2000");

		ck_assert_msg(st == 0 || st == 4, "mirror exit %d:\n%s", st, out);
		ck_assert_ptr_nonnull(strstr(out, "CLOCK_MONOTONIC_COARSE"));
	}
	ck_assert_int_eq(tksim(out, sizeof(out), "mirror --layout v4.0"), 2);
}
END_TEST

static Suite *torture_suite(void)
{
	Suite *s = suite_create("torture");
	TCase *tc = tcase_create("torture");

	tcase_set_timeout(tc, 120);
	/* Real threads and the real TSC: not under valgrind (see test_run_suite()). */
	tcase_set_tags(tc, "realtime");
	tcase_add_test(tc, test_tsc_all_checks);
	tcase_add_test(tc, test_synthetic_churn);
	tcase_add_test(tc, test_max_pressure);
	tcase_add_test(tc, test_iterations);
	tcase_add_test(tc, test_skew_is_caught);
	tcase_add_test(tc, test_skew_x86_rule);
	tcase_add_test(tc, test_checkers_blind);
	tcase_add_test(tc, test_coarse_under_churn);
	tcase_add_test(tc, test_bad_opts);
	tcase_add_test(tc, test_cli);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	test_seed();
	return test_run_suite(torture_suite());
}
