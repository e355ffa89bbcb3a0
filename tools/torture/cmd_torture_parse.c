// SPDX-License-Identifier: GPL-2.0
// tksim's own: `tksim torture`'s options: name lists, --help, the parser.
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sim/bugs.h"
#include "sim/fixes.h"
#include "tools/torture/cmd_torture_cli.h"
#include "tools/torture/cmd_torture_names.h"
#include "tools/options.h"
#include "tools/tksim.h"

/* "a,b,c", "all" or "none" against a name table; 0 or -EINVAL. */
static int parse_list(const char *s, const struct torture_name *t, size_t n, u32 *out)
{
	char buf[256], *save = NULL;
	u32 m = 0;

	if (strlen(s) >= sizeof(buf))
		return -EINVAL;
	strcpy(buf, s);
	for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		size_t i;

		if (!strcmp(tok, "none"))
			continue;
		if (!strcmp(tok, "all")) {
			for (i = 0; i < n; i++)
				m |= t[i].bit;
			continue;
		}
		for (i = 0; i < n && strcmp(tok, t[i].name); i++)
			;
		if (i == n)
			return -EINVAL;
		m |= t[i].bit;
	}
	*out = m;
	return 0;
}

/** cmd_torture_help() - print `tksim torture --help` */
void cmd_torture_help(void)
{
	printf("usage: tksim torture [OPTIONS]\n\n"
	       "Run one simulated kernel on a counter that runs on its own, with a\n"
	       "timekeeper thread (the tick, optionally adjtimex churn) and reader threads\n"
	       "reading every clock through the vDSO and the kernel-side path, and check:\n"
	       "  seqcount       every vDSO value comes from one published update\n"
	       "  inconsistency  64 back-to-back reads of a clock are in order (COARSE too)\n"
	       "  threadtest     a shared, mutex-ordered list of MONOTONIC reads is in order\n"
	       "  sandwich       kernel-side <= vDSO <= kernel-side; invalid ids give -EINVAL\n"
	       "  litmus         causality across threads (Now, Load, Load3, Store) for each\n"
	       "                 TSC read instruction: lfence;rdtsc, rdtscp, plain rdtsc\n\n");
	tksim_opt_help(stdout, cmd_torture_options);
	printf("\n"
	       "On a violation: the evidence, the samples around it, the seed and the command\n"
	       "that replays the run.  Exit status: 0 all properties held, 1 a property was\n"
	       "violated, 2 bad usage, 4 skipped (the CPU lacks the read instruction).\n");
}

#define STR(x) #x
#define XSTR(x) STR(x)

/* Every option of `tksim torture`: its parser, --help, man page and completion. */
const struct tksim_option cmd_torture_options[] = {
	TKSIM_OPT_HEAD("Options:"),
	TKSIM_OPT_ARG("seconds", 's', "N", "wall time of the whole run; litmus takes a quarter",
		      "5"),
	TKSIM_OPT_ARG("iterations", 'i', "N", "rounds per reader instead of a time bound", NULL),
	TKSIM_OPT_ARG("threads", 't', "N", "reader threads, 1.." XSTR(TORTURE_MAX_READERS), "2"),
	TKSIM_OPT_ENUM("counter", 'c', "C",
		       "tsc (lfence;rdtsc), tsc-rdtscp, tsc-bare (plain rdtsc)\n"
		       "or synthetic (a counter derived from the TSC)",
		       "tsc", "tsc tsc-rdtscp tsc-bare synthetic"),
	TKSIM_OPT_ENUM("insn", 'I', "I", "the synthetic counter's TSC read: lfence, rdtscp, rdtsc",
		       "lfence", "lfence rdtscp rdtsc"),
	TKSIM_OPT_ARG("freq", 'f', "HZ", "synthetic counter frequency", "1000000000"),
	TKSIM_OPT_ARG("bits", 'b', "N", "synthetic counter width, 1..64", "64"),
	TKSIM_OPT_ARG("start", 'S', "N", "synthetic counter value at boot", "0"),
	TKSIM_OPT_ARG("skew", 'k', "CYCLES",
		      "synthetic: odd simulated CPUs lag by CYCLES, even ones\n"
		      "lead by CYCLES; the timekeeper's CPU 0 is exact",
		      "0"),
	TKSIM_OPT_ARG("jitter", 'j', "CYCLES",
		      "synthetic: every CPU's offset wanders by up to +/-CYCLES\n"
		      "each tick (disables the seqcount value check)",
		      "0"),
	TKSIM_OPT_ENUM("vdso-rule", 'R', "R",
		       "synthetic: the vDSO's delta rule, x86 (a counter behind\n"
		       "cycle_last reads as the base; 64 bits) or generic\n"
		       "(lib/vdso: no clamp; counters in step across CPUs)",
		       "x86 with --skew or --jitter, else generic", "x86 generic"),
	TKSIM_OPT_ARG("tsc-hz", 'T', "HZ",
		      "TSC frequency; calibrated against MONOTONIC_RAW if absent", NULL),
	TKSIM_OPT_ARG("hz", 'z', "N", "the simulated kernel's HZ and the tick rate", "1000"),
	TKSIM_OPT_MORE(TKSIM_OPT_FILE, "kernel", 'G', "TREE",
		       "torture a kernel tree's own lib/vdso, timekeeping.c and\n"
		       "ntp.c instead of the model: a release fetched by\n"
		       "scripts/fetch-kernels.sh (6.12, 6.1) or a tree's directory",
		       NULL),
	TKSIM_OPT_FLAG("max-pressure", 'P', "the timekeeper publishes back to back (TK_ADV_FREQ)"),
	TKSIM_OPT_FLAG("timens", 'E',
		       "every other reader runs in a time namespace (MONOTONIC\n"
		       "+1d 0.5s, BOOTTIME +2d 0.25s), through its vvar page"),
	TKSIM_OPT_ENUM("churn", 'C', "LIST",
		       "freq (adjtimex +/-500 ppm), offset (ADJ_SETOFFSET),\n"
		       "settime (settimeofday), aux (clock_adjtime +/-500 ppm\n"
		       "or clock_settime of an aux clock; all has it with\n"
		       "--aux-clocks), all or none",
		       "none", "freq offset settime aux all none"),
	TKSIM_OPT_ARG("aux-clocks", 'A', "N",
		      "enable aux clocks 0..N-1 (CLOCK_AUX + n, 0..8) and read\n"
		      "them too; the others must say ENODEV",
		      "0"),
	TKSIM_OPT_ARG("window", 'w', "N", "cpu_relax() spins inside each vvar write section", "0"),
	TKSIM_OPT_MORE(TKSIM_OPT_BUGS, "inject", 'x', "LIST",
		       "historical bugs to inject, see `tksim bugs`", "none"),
	TKSIM_OPT_MORE(TKSIM_OPT_FIXES, "fix", 'F', "LIST",
		       "proposed kernel fixes to switch on, see `tksim bugs --fixes`", "none"),
	TKSIM_OPT_ARG("checks", 'K', "LIST", "seqcount,inconsistency,threadtest,sandwich,litmus",
		      "all"),
	TKSIM_OPT_ARG("clocks", 'L', "LIST",
		      "realtime,monotonic,raw,realtime_coarse,monotonic_coarse,\n"
		      "boottime,tai",
		      "all"),
	TKSIM_OPT_ARG("paths", 'p', "LIST", "vdso,syscall", "both"),
	TKSIM_OPT_ARG("litmus-ms", 'm', "N", "length of each litmus test",
		      "a share of --seconds, or 250"),
	TKSIM_OPT_SEED('r', "clock choice, churn and jitter"),
	TKSIM_OPT_FLAG("no-pin", 'N', "do not pin threads to host CPUs"),
	TKSIM_OPT_QUIET('q'),
	TKSIM_OPT_JSON('J'),
	TKSIM_OPT_HELP('h'),
	TKSIM_OPT_END,
};

/*
 * Whether torture can see @b in this run: some bugs need a condition (a
 * frequency change inside the tick, a lagging CPU, the litmus tests), and
 * some no threaded run can show at all.
 */
static bool torture_sees(const struct sim_bug *b, const struct cmd_torture_cli *cli)
{
	const struct torture_opts *o = &cli->o;

	if (!b->torture)
		return false;
	switch (b->bit) {
	case BUG_COARSE_PRE615:
		return (o->churn & TORTURE_CHURN_FREQ) &&
		       (o->checks & TORTURE_CHECK_INCONSISTENCY) &&
		       (o->clocks &
			(BIT(TK_CLOCK_REALTIME_COARSE) | BIT(TK_CLOCK_MONOTONIC_COARSE)));
	case BUG_NO_NEG_CLAMP:
		/* A CPU behind cycle_last, read by x86's rule, which has the clamp. */
		return o->counter == TORTURE_COUNTER_SYNTHETIC && cli->skew && o->synth.x86_rule &&
		       (o->checks & (TORTURE_CHECK_SANDWICH | TORTURE_CHECK_SEQCOUNT)) &&
		       (o->paths & TORTURE_PATH_VDSO);
	case BUG_THREADTEST_CMP:
		/* Its self-test fails the run only if the run uses threadtest. */
		return o->checks & TORTURE_CHECK_THREADTEST;
	case BUG_BARE_RDTSC:
		return o->checks & TORTURE_CHECK_LITMUS;
	default:
		return true;
	}
}

/* Refuse, naming the command that shows it, a bug this run cannot see: no PASS that saw nothing. */
static int check_visible(const struct cmd_torture_cli *cli)
{
	for (unsigned int i = 0; i < sim_nr_bugs; i++) {
		const struct sim_bug *b = &sim_bugs[i];

		if (!(cli->o.bugs & b->bit) || torture_sees(b, cli))
			continue;
		if (!b->torture)
			return tksim_usage_error("torture",
						 "torture cannot see %s (%s); shown by: %s",
						 b->name, b->what, b->shows);
		return tksim_usage_error("torture",
					 "this run cannot see %s: it needs %s (and the checks "
					 "and clocks that see it); shown by: %s",
					 b->name, b->torture, b->shows);
	}
	return 0;
}

/*
 * The synthetic counter's vDSO delta rule (vdso/calc.h): x86's where CPUs
 * may disagree (--skew, --jitter), the generic one otherwise.  The generic
 * rule has no negative-motion clamp because the architectures that use it
 * (arm64's arch timer, ...) have counters in step across CPUs: a skewed
 * CPU behind cycle_last would read as a jump of centuries, hardware no
 * such kernel runs on, so that pair is refused rather than reported.
 */
static int vdso_rule(struct cmd_torture_cli *cli, int rule)
{
	struct torture_opts *o = &cli->o;
	const bool apart = cli->skew || o->synth.jitter;

	o->synth.x86_rule = rule < 0 ? apart : rule;
	if (!o->synth.x86_rule && apart)
		return tksim_usage_error(
			"torture",
			"--vdso-rule generic with --skew or --jitter: the generic vDSO rule "
			"(lib/vdso vdso_calc_ns) has no negative-motion clamp and serves only "
			"counters in step across CPUs; counters that differ per CPU are x86's "
			"TSC, read by x86's rule: use --vdso-rule x86 (the default with --skew)");
	if (o->synth.x86_rule && o->synth.bits < 64)
		return tksim_usage_error(
			"torture",
			"%s needs --bits 64: x86's vDSO masks the delta with S64_MAX, not "
			"the counter's width, and has no narrower counter; a %u-bit counter "
			"takes --vdso-rule generic, without --skew or --jitter",
			rule < 0 ? "x86's vDSO rule (the one --skew and --jitter take)"
				 : "--vdso-rule x86",
			o->synth.bits);
	return 0;
}

/*
 * --window N spins cpu_relax() N times inside every vvar write section: more than half a tick
 * of them and the writer holds the seqcount odd most of the time, the readers read nothing
 * (the litmus tests see no samples) and the run lasts far beyond --seconds.  The spin's cost
 * is measured here (the fastest of five rounds of 1000, so that a preemption does not count).
 */
static int window_fits(const struct torture_opts *o)
{
	double spin_s = 1.0, tick_s = 1.0 / o->hz;

	for (int round = 0; round < 5; round++) {
		double t0 = tksim_wall_seconds(), t;

		for (int i = 0; i < 1000; i++)
			cpu_relax();
		t = (tksim_wall_seconds() - t0) / 1000;
		if (t < spin_s)
			spin_s = t;
	}
	if (spin_s * o->window_spin <= tick_s / 2)
		return 0;
	return tksim_usage_error(
		"torture",
		"--window %u: the spins take about %.3f ms here (%.1f ns each), "
		"more than half a tick at --hz %u (%.3f ms): the writer would hold "
		"the seqcount odd and the readers would read nothing",
		o->window_spin, spin_s * o->window_spin * 1e3, spin_s * 1e9, o->hz,
		tick_s / 2 * 1e3);
}

/*
 * --kernel: what the tree cannot be given.  Its counter is the TSC (the shims' hook; a synthetic
 * counter's per-CPU pages are the model's vDSO's), it has no time namespace (the shims'
 * configuration) and no aux clocks (6.12 and 6.1 predate v6.17), --window spins inside the
 * model's write section, and --inject and --fix change the model's code, not the tree's.
 */
static int kernel_fits(const struct cmd_torture_cli *cli)
{
	const struct torture_opts *o = &cli->o;
	const char *what = o->counter != TORTURE_COUNTER_TSC ? "--counter synthetic"
			   : o->timens			     ? "--timens"
			   : o->aux_clocks		     ? "--aux-clocks"
			   : o->window_spin		     ? "--window"
			   : o->bugs			     ? "--inject"
			   : o->fixes			     ? "--fix"
							     : NULL;

	if (!what)
		return 0;
	return tksim_usage_error(
		"torture", "--kernel with %s: %s", what,
		o->counter != TORTURE_COUNTER_TSC
			? "the tree's vDSO reads the TSC through the shims' counter hook"
		: o->timens ? "the tree is built without time namespaces (CONFIG_TIME_NS)"
		: o->aux_clocks
			? "the trees the backend covers (6.12, 6.1) predate aux clocks (v6.17)"
		: o->window_spin ? "the spins are the model's write section's, not the tree's"
				 : "bugs and fixes change the model's code, not the tree's: "
				   "run the model (no --kernel), or patch the tree");
}

/**
 * cmd_torture_parse() - read `tksim torture`'s options
 * @argc: argument count (argv[0] is "torture")
 * @argv: arguments
 * @cli:  out: the run
 *
 * Return: 0, or the exit status of a usage error (already reported).
 */
int cmd_torture_parse(int argc, char **argv, struct cmd_torture_cli *cli)
{
	struct tksim_optset set = { .cmd = "torture", .table = cmd_torture_options };
	struct tksim_optiter it;
	const char *optarg; /* the option's value, named as getopt's was */
	struct torture_opts *o = &cli->o;
	bool synthetic_opt = false, checks_given = false, seconds = false, iterations = false;
	bool churn_aux_named = false;
	int rule = -1; /* --vdso-rule: -1 not given, 0 generic, 1 x86 */
	u64 v;
	int c, ret;

	torture_opts_default(o);
	tksim_opt_begin(&it, &set, argc, argv);
	while ((c = tksim_opt_next(&it)) > 0) {
		optarg = it.value;
		switch (c) {
		case 's':
			if (tksim_parse_duration_ns(optarg, &o->duration_ns) || !o->duration_ns)
				return tksim_usage_error("torture", "bad --seconds '%s'", optarg);
			seconds = true;
			break;
		case 'i':
			if (tksim_parse_u64(optarg, &o->iterations) || !o->iterations)
				return tksim_usage_error("torture", "bad --iterations '%s'",
							 optarg);
			iterations = true;
			break;
		case 't':
			if (tksim_parse_u64(optarg, &v) || v < 1 || v > TORTURE_MAX_READERS)
				return tksim_usage_error("torture",
							 "--threads must be 1..%d, not '%s'",
							 TORTURE_MAX_READERS, optarg);
			o->threads = (unsigned int)v;
			break;
		case 'c':
			if (!strcmp(optarg, "tsc")) {
				o->counter = TORTURE_COUNTER_TSC;
				o->insn = VDSO_TSC_LFENCE;
			} else if (!strcmp(optarg, "tsc-rdtscp")) {
				o->counter = TORTURE_COUNTER_TSC;
				o->insn = VDSO_TSC_RDTSCP;
			} else if (!strcmp(optarg, "tsc-bare")) {
				o->counter = TORTURE_COUNTER_TSC;
				o->insn = VDSO_TSC_BARE;
			} else if (!strcmp(optarg, "synthetic")) {
				o->counter = TORTURE_COUNTER_SYNTHETIC;
			} else {
				return tksim_usage_error("torture",
							 "--counter must be tsc, tsc-rdtscp, "
							 "tsc-bare or synthetic, not '%s'",
							 optarg);
			}
			break;
		case 'I':
			if (sim_tsc_insn_parse(optarg, &o->insn))
				return tksim_usage_error(
					"torture",
					"--insn must be lfence, rdtscp or rdtsc, not '%s'", optarg);
			synthetic_opt = true;
			break;
		case 'f':
			if (tksim_parse_u64(optarg, &o->synth.freq_hz) || o->synth.freq_hz < 1000 ||
			    o->synth.freq_hz > TKSIM_FREQ_MAX_HZ)
				return tksim_usage_error(
					"torture",
					"--freq must be 1000..%llu Hz (a clocksource registers in "
					"u32 kHz at most), not '%s'",
					TKSIM_FREQ_MAX_HZ, optarg);
			synthetic_opt = true;
			break;
		case 'b':
			if (tksim_parse_u64(optarg, &v) || v < 1 || v > 64)
				return tksim_usage_error("torture",
							 "--bits must be 1..64, not '%s'", optarg);
			o->synth.bits = (unsigned int)v;
			synthetic_opt = true;
			break;
		case 'S':
			if (tksim_parse_u64(optarg, &o->synth.start))
				return tksim_usage_error("torture", "bad --start '%s'", optarg);
			synthetic_opt = true;
			break;
		case 'k':
			if (tksim_parse_u64(optarg, &cli->skew) || cli->skew > (1ULL << 40))
				return tksim_usage_error("torture", "bad --skew '%s'", optarg);
			synthetic_opt = true;
			break;
		case 'j':
			if (tksim_parse_u64(optarg, &o->synth.jitter) ||
			    o->synth.jitter > (1ULL << 40))
				return tksim_usage_error("torture", "bad --jitter '%s'", optarg);
			synthetic_opt = true;
			break;
		case 'R':
			if (strcmp(optarg, "x86") && strcmp(optarg, "generic"))
				return tksim_usage_error(
					"torture", "--vdso-rule must be x86 or generic, not '%s'",
					optarg);
			rule = !strcmp(optarg, "x86");
			synthetic_opt = true;
			break;
		case 'T':
			/* Registered in kHz, a u32 (as --freq): above, EINVAL. */
			if (tksim_parse_u64(optarg, &o->tsc_hz) || o->tsc_hz < 1000000 ||
			    o->tsc_hz > TKSIM_FREQ_MAX_HZ)
				return tksim_usage_error("torture",
							 "--tsc-hz must be 1000000..%llu, not '%s'",
							 TKSIM_FREQ_MAX_HZ, optarg);
			break;
		case 'z':
			if (tksim_parse_u64(optarg, &v) || v < 1 || v > 100000)
				return tksim_usage_error(
					"torture", "--hz must be 1..100000, not '%s'", optarg);
			o->hz = (unsigned int)v;
			break;
		case 'P':
			o->max_pressure = true;
			break;
		case 'G':
			o->kernel = optarg;
			break;
		case 'E':
			o->timens = true;
			break;
		case 'C':
			if (parse_list(optarg, TORTURE_NAMES(churn), &o->churn))
				return tksim_usage_error(
					"torture",
					"bad --churn '%s' (freq,offset,settime,aux,all,none)",
					optarg);
			churn_aux_named = strstr(optarg, "aux") != NULL;
			break;
		case 'A':
			if (tksim_parse_u64(optarg, &v) || v > TK_MAX_AUX_CLOCKS)
				return tksim_usage_error("torture",
							 "--aux-clocks must be 0..%d, not '%s'",
							 TK_MAX_AUX_CLOCKS, optarg);
			o->aux_clocks = (unsigned int)v;
			break;
		case 'w':
			if (tksim_parse_u64(optarg, &v) || v > 100000000)
				return tksim_usage_error("torture", "bad --window '%s'", optarg);
			o->window_spin = (u32)v;
			break;
		case 'x':
			if (sim_bugs_parse(optarg, &o->bugs))
				return tksim_usage_error(
					"torture",
					"unknown bug in --inject '%s' (see `tksim bugs`)", optarg);
			break;
		case 'F':
			if (sim_fixes_parse(optarg, &o->fixes))
				return tksim_usage_error(
					"torture",
					"unknown fix in --fix '%s' (see `tksim bugs --fixes`)",
					optarg);
			break;
		case 'K':
			if (parse_list(optarg, TORTURE_NAMES(check), &o->checks) || !o->checks)
				return tksim_usage_error("torture", "bad --checks '%s'", optarg);
			checks_given = true;
			break;
		case 'L': {
			u32 m;

			if (parse_list(optarg, TORTURE_NAMES(clock), &m) || !m)
				return tksim_usage_error("torture", "bad --clocks '%s'", optarg);
			o->clocks = m;
			break;
		}
		case 'p':
			if (parse_list(optarg, TORTURE_NAMES(path), &o->paths) || !o->paths)
				return tksim_usage_error("torture",
							 "bad --paths '%s' (vdso,syscall)", optarg);
			break;
		case 'm':
			if (tksim_parse_u64(optarg, &v) || !v || v > 3600000)
				return tksim_usage_error("torture", "bad --litmus-ms '%s'", optarg);
			o->litmus_ns = v * NSEC_PER_MSEC;
			break;
		case 'r':
			/* "random": one drawn from the host clock (printed in the header). */
			if (tksim_opt_seed("torture", optarg, &o->seed))
				return TKSIM_EXIT_USAGE;
			cli->seed_random = !strcmp(optarg, "random");
			cli->seed_given = !cli->seed_random;
			break;
		case 'N':
			o->pin = false;
			break;
		case 'q':
			cli->quiet = true;
			break;
		case 'J':
			cli->json = true;
			break;
		case 'h':
			cmd_torture_help();
			exit(TKSIM_EXIT_OK);
		default:
			return tksim_usage_error("torture", "unknown option");
		}
	}
	if (c < 0)
		return TKSIM_EXIT_USAGE;
	/* The aux clocks enabled are read; "--churn all" steers them only if there are some. */
	o->clocks |= torture_aux_mask(o->aux_clocks);
	if ((o->churn & TORTURE_CHURN_AUX) && !o->aux_clocks) {
		if (churn_aux_named)
			return tksim_usage_error("torture",
						 "--churn aux needs --aux-clocks N: no aux clock "
						 "is enabled to steer");
		o->churn &= ~TORTURE_CHURN_AUX;
	}
	if (seconds && iterations)
		return tksim_usage_error("torture", "give --seconds or --iterations, not both");
	if (iterations)
		o->duration_ns = 0;
	/* --seconds is the whole run: the litmus tests (3 instructions) get at most half of it. */
	if (o->duration_ns && o->litmus_ns && (o->checks & TORTURE_CHECK_LITMUS) &&
	    o->litmus_ns * LITMUS_NR * 3 > o->duration_ns / 2)
		return tksim_usage_error(
			"torture",
			"--litmus-ms %llu makes the litmus tests take %.3f s (%d tests "
			"x 3 instructions), more than half of --seconds %.3f",
			(unsigned long long)(o->litmus_ns / NSEC_PER_MSEC),
			(double)(o->litmus_ns * LITMUS_NR * 3) * 1e-9, LITMUS_NR,
			(double)o->duration_ns * 1e-9);
	/*
	 * --jitter moves each CPU's counter offset by up to +-J cycles at every tick
	 * (sim_tsc_counter_jitter()): two back-to-back reads on one CPU can see the counter
	 * itself go back.  The inconsistency check would then report the simulated hardware,
	 * which no kernel rates as a clocksource, not the kernel's code: refused when asked
	 * for, left out of the default set.
	 */
	if (o->synth.jitter && (o->checks & TORTURE_CHECK_INCONSISTENCY)) {
		if (checks_given)
			return tksim_usage_error(
				"torture",
				"--checks inconsistency with --jitter: jitter moves a CPU's own "
				"counter back between two of its reads, which the check would "
				"report as the kernel's; drop one of them");
		o->checks &= ~TORTURE_CHECK_INCONSISTENCY;
	}
	/* seqcount and sandwich compare vDSO reads: --paths syscall gives them none. */
	if (!(o->paths & TORTURE_PATH_VDSO) &&
	    (o->checks & (TORTURE_CHECK_SEQCOUNT | TORTURE_CHECK_SANDWICH))) {
		if (checks_given)
			return tksim_usage_error("torture",
						 "--checks seqcount and sandwich check vDSO reads: "
						 "they need --paths vdso");
		o->checks &= ~(TORTURE_CHECK_SEQCOUNT | TORTURE_CHECK_SANDWICH);
	}
	if (o->window_spin && (ret = window_fits(o)))
		return ret;
	if (synthetic_opt && o->counter != TORTURE_COUNTER_SYNTHETIC)
		return tksim_usage_error("torture",
					 "--insn, --freq, --bits, --start, --skew, --jitter and "
					 "--vdso-rule need --counter synthetic");
	if (o->counter == TORTURE_COUNTER_SYNTHETIC && o->synth.bits < 64 &&
	    o->synth.start > CLOCKSOURCE_MASK(o->synth.bits))
		return tksim_usage_error("torture", "--start does not fit in %u bits",
					 o->synth.bits);
	if (o->counter == TORTURE_COUNTER_SYNTHETIC && (ret = vdso_rule(cli, rule)))
		return ret;
	for (unsigned int i = 1; i < VDSO_MAX_CPUS; i++)
		o->synth.skew[i] = (i & 1) ? -(s64)cli->skew : (s64)cli->skew;
	o->synth.seed = o->seed;
	if (o->kernel && (ret = kernel_fits(cli)))
		return ret;
	return check_visible(cli);
}
