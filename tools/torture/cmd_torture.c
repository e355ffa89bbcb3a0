// SPDX-License-Identifier: GPL-2.0
// tksim's own: `tksim torture`, in the shape of tools/testing/selftests/timers/ (threadtest.c,
// inconsistency-check.c), vDSO/vdso_test_correctness.c and Lutomirski's evil-clock-test.
/*
 * Input: options (tools/options.h, defaults in --help).  Output on stdout, line
 * buffered: a header with the configuration and seed, then the per-reader
 * rates, retry rates and litmus results, or the evidence of the first
 * violation.  Progress goes to stderr when it is a terminal.
 * Exit status: 0 all properties held, 1 a property was violated (or a
 * check failed its self-test before the run), 2 bad usage, 4 skipped (this CPU cannot run the
 * requested read instruction; kselftest's KSFT_SKIP) or not checked (an asked-for check
 * gathered no samples: "NOT CHECKED", never a PASS).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "sim/bugs.h"
#include "sim/fixes.h"
#include "tools/torture/cmd_torture_cli.h"
#include "tools/process.h"
#include "tools/tksim.h"

/*
 * The checks that saw nothing, said in @why; false when every asked-for check gathered
 * samples.  Such a run cannot say that they hold: exit 4, "could not observe" (tools/usage.h).
 */
static bool not_checked(const struct cmd_torture_cli *cli, const struct torture_result *r,
			char *why, size_t n)
{
	u32 none = cmd_torture_not_checked(&cli->o, r);
	char list[128];

	if (!none)
		return false;
	cmd_torture_format_list(list, sizeof(list), TORTURE_NAMES(check), none);
	snprintf(why, n, "%s gathered no samples%s", list,
		 none == cli->o.checks ? "" : "; the other checks held");
	return true;
}

/* `tksim torture --json`: the run, then one object; the same statuses as the text. */
static int torture_json(struct cmd_torture_cli *cli)
{
	struct torture_result r;
	char why[192];
	int ret;

	tksim_signals_catch();
	ret = torture_run(&cli->o, &r);
	tksim_signals_restore();

	if (cli->o.progress)
		fprintf(stderr, "\r%60s\r", "");
	if (cli->o.kernel && ret == -ENOENT) {
		cmd_torture_print_json(cli, NULL, "skip", r.kernel_err);
		ret = TORTURE_EXIT_SKIP;
	} else if (cli->o.kernel && *r.kernel_err && ret) {
		fprintf(stderr, "tksim torture: %s\n", r.kernel_err);
		ret = TKSIM_EXIT_USAGE;
	} else if (ret == -EOPNOTSUPP || ret == -ENODEV) {
		snprintf(why, sizeof(why), "no usable TSC here: %s", strerror(-ret));
		cmd_torture_print_json(cli, NULL, "skip", why);
		ret = TORTURE_EXIT_SKIP;
	} else if (ret == -ENOSYS) {
		ret = tksim_usage_error("torture", "--aux-clocks: the model cannot enable an aux "
						   "clock (tk_aux_clock_enable() failed)");
	} else if (ret) {
		ret = tksim_usage_error("torture", "cannot run: %s", strerror(-ret));
	} else if (r.blind) {
		/* No rates to report: the run never started. */
		cmd_torture_print_json(cli, NULL, "fail", r.report);
		ret = TKSIM_EXIT_VIOLATION;
	} else if (!r.violated && tksim_signal_caught()) {
		snprintf(why, sizeof(why), "interrupted by %s",
			 tksim_signal_name(tksim_signal_caught()));
		cmd_torture_print_json(cli, &r, "interrupted", why);
		ret = TKSIM_EXIT_INTERRUPTED;
	} else if (!r.violated && not_checked(cli, &r, why, sizeof(why))) {
		cmd_torture_print_json(cli, &r, "not-checked", why);
		ret = TORTURE_EXIT_SKIP;
	} else {
		cmd_torture_print_json(cli, &r, r.violated ? "fail" : "pass", NULL);
		ret = r.violated ? TKSIM_EXIT_VIOLATION : TKSIM_EXIT_OK;
	}
	torture_result_free(&r);
	return ret;
}

/**
 * cmd_torture() - `tksim torture`
 * @argc: argument count (argv[0] is "torture")
 * @argv: arguments
 *
 * Return: exit status.
 */
int cmd_torture(int argc, char **argv)
{
	struct cmd_torture_cli cli = { 0 };
	struct torture_result r;
	char checks[128], churn[64], bugs[512], fixes[256], why[192];
	unsigned int tick = 0;
	int ret;

	setvbuf(stdout, NULL, _IOLBF, 0);
	ret = cmd_torture_parse(argc, argv, &cli);
	if (ret)
		return ret;
	cmd_torture_build_replay(&cli);
	if (!cli.quiet && isatty(STDERR_FILENO)) {
		cli.o.progress = cmd_torture_progress_line;
		cli.o.progress_arg = &tick;
	}
	cli.o.replay = cli.replay;
	/* INT, TERM, HUP, USR1, USR2 end the run early: the results so far, exit 130. */
	cli.o.cancelled = tksim_signal_caught;
	if (!sim_tsc_insn_supported(cli.o.insn)) {
		snprintf(why, sizeof(why), "this CPU cannot run %s (no %s)",
			 sim_tsc_insn_name(cli.o.insn),
			 cli.o.insn == VDSO_TSC_RDTSCP ? "RDTSCP in CPUID 0x80000001"
						       : "x86-64 TSC");
		if (cli.json)
			cmd_torture_print_json(&cli, NULL, "skip", why);
		else
			printf("# SKIP: %s\n", why);
		return TORTURE_EXIT_SKIP;
	}
	if (cli.json)
		return torture_json(&cli);
	cmd_torture_format_list(checks, sizeof(checks), TORTURE_NAMES(check), cli.o.checks);
	cmd_torture_format_list(churn, sizeof(churn), TORTURE_NAMES(churn), cli.o.churn);
	sim_bugs_format(cli.o.bugs, bugs, sizeof(bugs));
	sim_fixes_format(cli.o.fixes, fixes, sizeof(fixes));
	printf("# tksim torture: %s counter, %u readers, HZ=%u%s, churn %s, window %" PRIu32
	       ", inject %s%s%s, seed %" PRIu64 "\n",
	       cli.o.counter == TORTURE_COUNTER_TSC ? "TSC" : "synthetic", cli.o.threads, cli.o.hz,
	       cli.o.max_pressure ? " (maximum writer pressure)" : "", churn, cli.o.window_spin,
	       bugs, cli.o.fixes ? ", fix " : "", cli.o.fixes ? fixes : "", cli.o.seed);
	printf("# checks %s; %s\n", checks, cli.replay);

	tksim_signals_catch();
	ret = torture_run(&cli.o, &r);
	tksim_signals_restore();
	if (cli.o.progress)
		fprintf(stderr, "\r%60s\r", "");
	if (cli.o.kernel && ret == -ENOENT) {
		printf("# SKIP: %s\n", r.kernel_err);
		torture_result_free(&r);
		return TORTURE_EXIT_SKIP;
	}
	if (cli.o.kernel && *r.kernel_err && ret) {
		fprintf(stderr, "tksim torture: %s\n", r.kernel_err);
		torture_result_free(&r);
		return TKSIM_EXIT_USAGE;
	}
	if (ret == -EOPNOTSUPP || ret == -ENODEV) {
		printf("# SKIP: no usable TSC here: %s\n", strerror(-ret));
		torture_result_free(&r);
		return TORTURE_EXIT_SKIP;
	}
	if (ret == -ENOSYS) {
		torture_result_free(&r);
		return tksim_usage_error("torture", "--aux-clocks: the model cannot enable an aux "
						    "clock (tk_aux_clock_enable() failed)");
	}
	if (ret) {
		torture_result_free(&r);
		return tksim_usage_error("torture", "cannot run: %s", strerror(-ret));
	}
	if (r.blind) {
		printf("%s\nFAIL: a check is blind\n", r.report);
		torture_result_free(&r);
		return TKSIM_EXIT_VIOLATION;
	}
	printf("# TSC %.3f MHz (%s), vDSO clock mode %s\n", (double)r.tsc_hz * 1e-6,
	       cli.o.tsc_hz ? "given" : "calibrated against CLOCK_MONOTONIC_RAW",
	       torture_clock_mode_name(r.clock_mode));
	if (cli.o.kernel)
		cmd_torture_print_kernel(&cli, &r);
	if (cli.o.counter == TORTURE_COUNTER_SYNTHETIC)
		printf("# synthetic counter %" PRIu64 " Hz, %u bits, read with %s, skew %" PRIu64
		       ", jitter %" PRIu64 " cycles, vDSO rule %s\n",
		       cli.o.synth.freq_hz, cli.o.synth.bits, sim_tsc_insn_name(cli.o.insn),
		       cli.skew, cli.o.synth.jitter, cli.o.synth.x86_rule ? "x86" : "generic");
	cmd_torture_print_results(&cli, &r);
	if (r.violated) {
		fputs(r.report, stdout);
		printf("FAIL: a property was violated\n");
		ret = TKSIM_EXIT_VIOLATION;
	} else if (tksim_signal_caught()) {
		printf("INTERRUPTED by %s: the properties held so far; the litmus tests did not "
		       "run\n",
		       tksim_signal_name(tksim_signal_caught()));
		ret = TKSIM_EXIT_INTERRUPTED;
	} else if (not_checked(&cli, &r, why, sizeof(why))) {
		printf("NOT CHECKED: %s (a longer --seconds gives them time)\n", why);
		ret = TORTURE_EXIT_SKIP;
	} else {
		printf("PASS: all properties held\n");
		ret = TKSIM_EXIT_OK;
	}
	torture_result_free(&r);
	return ret;
}
