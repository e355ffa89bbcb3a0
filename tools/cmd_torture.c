// SPDX-License-Identifier: GPL-2.0
// tksim's own: `tksim torture`, in the shape of tools/testing/selftests/timers/ (threadtest.c,
// inconsistency-check.c), vDSO/vdso_test_correctness.c and Lutomirski's evil-clock-test.
/*
 * Input: options (getopt_long, defaults in --help).  Output on stdout, line
 * buffered: a header with the configuration and seed, then the per-reader
 * rates, retry rates and litmus results, or the evidence of the first
 * violation.  Progress goes to stderr when it is a terminal.
 * Exit status: 0 all properties held, 1 a property was violated, 2 bad
 * usage, 4 skipped (this CPU cannot run the requested read instruction;
 * kselftest's KSFT_SKIP).
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "sim/bugs.h"
#include "sim/oracle.h"
#include "sim/torture.h"
#include "tools/tksim.h"

#define TORTURE_EXIT_SKIP 4

static const struct {
	const char *name;
	u32 bit;
} check_names[] = {
	{ "seqcount", TORTURE_CHECK_SEQCOUNT },	    { "inconsistency", TORTURE_CHECK_INCONSISTENCY },
	{ "threadtest", TORTURE_CHECK_THREADTEST }, { "sandwich", TORTURE_CHECK_SANDWICH },
	{ "litmus", TORTURE_CHECK_LITMUS },
}, churn_names[] = {
	{ "freq", TORTURE_CHURN_FREQ },
	{ "offset", TORTURE_CHURN_OFFSET },
	{ "settime", TORTURE_CHURN_SETTIME },
}, clock_names[] = {
	{ "realtime", BIT(TK_CLOCK_REALTIME) },
	{ "monotonic", BIT(TK_CLOCK_MONOTONIC) },
	{ "raw", BIT(TK_CLOCK_MONOTONIC_RAW) },
	{ "realtime_coarse", BIT(TK_CLOCK_REALTIME_COARSE) },
	{ "monotonic_coarse", BIT(TK_CLOCK_MONOTONIC_COARSE) },
	{ "boottime", BIT(TK_CLOCK_BOOTTIME) },
	{ "tai", BIT(TK_CLOCK_TAI) },
}, path_names[] = {
	{ "vdso", TORTURE_PATH_VDSO },
	{ "syscall", TORTURE_PATH_SYSCALL },
};

#define NAMES(t) (t), sizeof(t) / sizeof((t)[0])

/* "a,b,c", "all" or "none" against a name table; 0 or -EINVAL. */
static int parse_list(const char *s, const void *table, size_t n, u32 *out)
{
	const struct {
		const char *name;
		u32 bit;
	} *t = table;
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

static void format_list(char *buf, size_t len, const void *table, size_t n, u32 m)
{
	const struct {
		const char *name;
		u32 bit;
	} *t = table;
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		if ((m & t[i].bit) && used < len)
			used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? "," : "",
						 t[i].name);
	}
	if (!used)
		snprintf(buf, len, "none");
}

static void torture_help(void)
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
	       "                 TSC read instruction: lfence;rdtsc, rdtscp, plain rdtsc\n\n"
	       "Options (defaults in brackets):\n"
	       "  --seconds N        wall time of the whole run; litmus takes a quarter [5]\n"
	       "  --iterations N     rounds per reader instead of a time bound\n"
	       "  --threads N        reader threads, 1..%d [2]\n"
	       "  --counter C        tsc (lfence;rdtsc), tsc-rdtscp, tsc-bare (plain rdtsc)\n"
	       "                     or synthetic (a counter derived from the TSC) [tsc]\n"
	       "  --insn I           the synthetic counter's TSC read: lfence, rdtscp, rdtsc "
	       "[lfence]\n"
	       "  --freq HZ          synthetic counter frequency [1000000000]\n"
	       "  --bits N           synthetic counter width, 1..64 [64]\n"
	       "  --start N          synthetic counter value at boot [0]\n"
	       "  --skew CYCLES      synthetic: odd simulated CPUs lag by CYCLES, even ones\n"
	       "                     lead by CYCLES; the timekeeper's CPU 0 is exact [0]\n"
	       "  --jitter CYCLES    synthetic: every CPU's offset wanders by up to +/-CYCLES\n"
	       "                     each tick (disables the seqcount value check) [0]\n"
	       "  --tsc-hz HZ        TSC frequency; calibrated against MONOTONIC_RAW if absent\n"
	       "  --hz N             the simulated kernel's HZ and the tick rate [1000]\n"
	       "  --max-pressure     the timekeeper publishes back to back (TK_ADV_FREQ)\n"
	       "  --churn LIST       freq (adjtimex +/-500 ppm), offset (ADJ_SETOFFSET),\n"
	       "                     settime (settimeofday), all or none [none]\n"
	       "  --window N         cpu_relax() spins inside each vvar write section [0]\n"
	       "  --inject LIST      historical bugs to inject, see `tksim bugs` [none]\n"
	       "  --checks LIST      seqcount,inconsistency,threadtest,sandwich,litmus [all]\n"
	       "  --clocks LIST      realtime,monotonic,raw,realtime_coarse,monotonic_coarse,\n"
	       "                     boottime,tai [all]\n"
	       "  --paths LIST       vdso,syscall [both]\n"
	       "  --litmus-ms N      length of each litmus test [a share of --seconds, or 250]\n"
	       "  --seed N           seed of clock choice, churn and jitter [from the clock]\n"
	       "  --no-pin           do not pin threads to host CPUs\n"
	       "  --quiet            no progress line on a terminal\n"
	       "  --help             this text\n\n"
	       "On a violation: the evidence, the samples around it, the seed and the command\n"
	       "that replays the run.  Exit status: 0 all properties held, 1 a property was\n"
	       "violated, 2 bad usage, 4 skipped (the CPU lacks the read instruction).\n",
	       TORTURE_MAX_READERS);
}

struct torture_cli {
	struct torture_opts o;
	u64 skew;
	bool quiet;
	bool seed_given;
	char replay[1024];
};

static int parse_torture(int argc, char **argv, struct torture_cli *cli)
{
	static const struct option longopts[] = {
		{ "seconds", required_argument, NULL, 's' },
		{ "iterations", required_argument, NULL, 'i' },
		{ "threads", required_argument, NULL, 't' },
		{ "counter", required_argument, NULL, 'c' },
		{ "insn", required_argument, NULL, 'I' },
		{ "freq", required_argument, NULL, 'f' },
		{ "bits", required_argument, NULL, 'b' },
		{ "start", required_argument, NULL, 'S' },
		{ "skew", required_argument, NULL, 'k' },
		{ "jitter", required_argument, NULL, 'j' },
		{ "tsc-hz", required_argument, NULL, 'T' },
		{ "hz", required_argument, NULL, 'z' },
		{ "max-pressure", no_argument, NULL, 'P' },
		{ "churn", required_argument, NULL, 'C' },
		{ "window", required_argument, NULL, 'w' },
		{ "inject", required_argument, NULL, 'x' },
		{ "checks", required_argument, NULL, 'K' },
		{ "clocks", required_argument, NULL, 'L' },
		{ "paths", required_argument, NULL, 'p' },
		{ "litmus-ms", required_argument, NULL, 'm' },
		{ "seed", required_argument, NULL, 'r' },
		{ "no-pin", no_argument, NULL, 'N' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ 0, 0, 0, 0 },
	};
	struct torture_opts *o = &cli->o;
	bool synthetic_opt = false, seconds = false, iterations = false;
	u64 v;
	int c;

	torture_opts_default(o);
	optind = 1;
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
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
			if (tksim_parse_u64(optarg, &o->synth.freq_hz) || o->synth.freq_hz < 1000)
				return tksim_usage_error(
					"torture", "--freq must be at least 1000 Hz, not '%s'",
					optarg);
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
		case 'T':
			if (tksim_parse_u64(optarg, &o->tsc_hz) || o->tsc_hz < 1000000)
				return tksim_usage_error(
					"torture", "--tsc-hz must be at least 1000000, not '%s'",
					optarg);
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
		case 'C':
			if (parse_list(optarg, NAMES(churn_names), &o->churn))
				return tksim_usage_error(
					"torture",
					"bad --churn '%s' (freq,offset,settime,all,none)", optarg);
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
		case 'K':
			if (parse_list(optarg, NAMES(check_names), &o->checks) || !o->checks)
				return tksim_usage_error("torture", "bad --checks '%s'", optarg);
			break;
		case 'L': {
			u32 m;

			if (parse_list(optarg, NAMES(clock_names), &m) || !m)
				return tksim_usage_error("torture", "bad --clocks '%s'", optarg);
			o->clocks = m;
			break;
		}
		case 'p':
			if (parse_list(optarg, NAMES(path_names), &o->paths) || !o->paths)
				return tksim_usage_error("torture",
							 "bad --paths '%s' (vdso,syscall)", optarg);
			break;
		case 'm':
			if (tksim_parse_u64(optarg, &v) || !v || v > 3600000)
				return tksim_usage_error("torture", "bad --litmus-ms '%s'", optarg);
			o->litmus_ns = v * NSEC_PER_MSEC;
			break;
		case 'r':
			if (tksim_parse_u64(optarg, &o->seed))
				return tksim_usage_error("torture", "bad --seed '%s'", optarg);
			cli->seed_given = true;
			break;
		case 'N':
			o->pin = false;
			break;
		case 'q':
			cli->quiet = true;
			break;
		case 'h':
			torture_help();
			exit(TKSIM_EXIT_OK);
		default:
			return tksim_usage_error("torture", "unknown option");
		}
	}
	if (optind < argc)
		return tksim_usage_error("torture", "unexpected argument '%s'", argv[optind]);
	if (seconds && iterations)
		return tksim_usage_error("torture", "give --seconds or --iterations, not both");
	if (iterations)
		o->duration_ns = 0;
	if (synthetic_opt && o->counter != TORTURE_COUNTER_SYNTHETIC)
		return tksim_usage_error("torture",
					 "--insn, --freq, --bits, --start, --skew and --jitter "
					 "need --counter synthetic");
	if (o->counter == TORTURE_COUNTER_SYNTHETIC && o->synth.bits < 64 &&
	    o->synth.start > CLOCKSOURCE_MASK(o->synth.bits))
		return tksim_usage_error("torture", "--start does not fit in %u bits",
					 o->synth.bits);
	for (unsigned int i = 1; i < VDSO_MAX_CPUS; i++)
		o->synth.skew[i] = (i & 1) ? -(s64)cli->skew : (s64)cli->skew;
	if (!cli->seed_given) {
		struct timespec ts;

		clock_gettime(CLOCK_REALTIME, &ts);
		o->seed = ((u64)ts.tv_sec * 1000003u) ^ (u64)ts.tv_nsec;
	}
	o->synth.seed = o->seed;
	return 0;
}

/* The canonical command line of this run, with its seed, for reports. */
static void build_replay(struct torture_cli *cli)
{
	const struct torture_opts *o = &cli->o;
	char list[256], bugs[512];
	size_t n = sizeof(cli->replay), len = 0;
	char *p = cli->replay;

#define ADD(...)                                                                \
	do {                                                                    \
		if (len < n)                                                    \
			len += (size_t)snprintf(p + len, n - len, __VA_ARGS__); \
	} while (0)
	ADD("tksim torture");
	if (o->counter == TORTURE_COUNTER_SYNTHETIC) {
		ADD(" --counter synthetic --insn %s --freq %" PRIu64 " --bits %u",
		    sim_tsc_insn_name(o->insn), o->synth.freq_hz, o->synth.bits);
		if (o->synth.start)
			ADD(" --start %" PRIu64, o->synth.start);
		if (cli->skew)
			ADD(" --skew %" PRIu64, cli->skew);
		if (o->synth.jitter)
			ADD(" --jitter %" PRIu64, o->synth.jitter);
	} else {
		ADD(" --counter %s", o->insn == VDSO_TSC_RDTSCP ? "tsc-rdtscp"
				     : o->insn == VDSO_TSC_BARE ? "tsc-bare"
								: "tsc");
	}
	ADD(" --threads %u", o->threads);
	if (o->duration_ns)
		ADD(" --seconds %gs", (double)o->duration_ns * 1e-9);
	else
		ADD(" --iterations %" PRIu64, o->iterations);
	ADD(" --hz %u", o->hz);
	if (o->max_pressure)
		ADD(" --max-pressure");
	if (o->churn) {
		format_list(list, sizeof(list), NAMES(churn_names), o->churn);
		ADD(" --churn %s", list);
	}
	if (o->window_spin)
		ADD(" --window %" PRIu32, o->window_spin);
	if (o->bugs) {
		sim_bugs_format(o->bugs, bugs, sizeof(bugs));
		ADD(" --inject %s", bugs);
	}
	if (o->checks != TORTURE_CHECK_ALL) {
		format_list(list, sizeof(list), NAMES(check_names), o->checks);
		ADD(" --checks %s", list);
	}
	if (o->paths != (TORTURE_PATH_VDSO | TORTURE_PATH_SYSCALL)) {
		format_list(list, sizeof(list), NAMES(path_names), o->paths);
		ADD(" --paths %s", list);
	}
	format_list(list, sizeof(list), NAMES(clock_names), o->clocks);
	if (strcmp(list, "realtime,monotonic,raw,realtime_coarse,monotonic_coarse,boottime,tai"))
		ADD(" --clocks %s", list);
	if (o->litmus_ns)
		ADD(" --litmus-ms %" PRIu64, o->litmus_ns / NSEC_PER_MSEC);
	if (!o->pin)
		ADD(" --no-pin");
	ADD(" --seed %" PRIu64, o->seed);
#undef ADD
}

static void progress_line(void *arg, double elapsed, double total, u64 reads)
{
	static const char spin[] = "|/-\\";
	unsigned int *tick = arg;

	if (total > 0)
		fprintf(stderr, "\r  %c %5.1f of %.0f s, %.1f M reads ", spin[(*tick)++ & 3],
			elapsed, total, (double)reads * 1e-6);
	else
		fprintf(stderr, "\r  %c %5.1f s, %.1f M reads ", spin[(*tick)++ & 3], elapsed,
			(double)reads * 1e-6);
}

static double pct(u64 a, u64 b)
{
	return b ? 100.0 * (double)a / (double)b : 0.0;
}

static void print_results(const struct torture_cli *cli, const struct torture_result *r)
{
	const struct torture_opts *o = &cli->o;
	u64 reads = 0, excused = 0, excused_max = 0;

	printf("# readers ran %.3f s\n", r->seconds);
	for (unsigned int i = 0; i < r->nreaders; i++) {
		const struct torture_reader_stats *s = &r->readers[i];

		reads += s->reads;
		excused += s->excused;
		if (s->excused_max_ns > excused_max)
			excused_max = s->excused_max_ns;
		printf("#   reader %u (simulated CPU %u): %.2f M reads, %.2f M/s; retried or "
		       "waited: "
		       "vDSO %.4f %% of %" PRIu64 ", kernel-side %.4f %% of %" PRIu64
		       "; seqcount-checked %" PRIu64 " (%" PRIu64 " unverifiable)\n",
		       i, (i + 1) % VDSO_MAX_CPUS, (double)s->reads * 1e-6,
		       s->seconds > 0 ? (double)s->reads / s->seconds * 1e-6 : 0.0,
		       pct(s->vdso_overlaps, s->vdso_probed), s->vdso_probed,
		       pct(s->sys_overlaps, s->sys_probed), s->sys_probed, s->seq_checked,
		       s->seq_unverifiable);
	}
	printf("# total %.2f M reads; timekeeper: %" PRIu64 " publications, %" PRIu64
	       " churn operations\n",
	       (double)reads * 1e-6, r->publications, r->churn_ops);
	if (excused)
		printf("# %" PRIu64 " steps back of at most %" PRIu64 " ns were the kernel's own "
		       "mult-change window (read between the timekeeper's counter read and its "
		       "publication), not violations\n",
		       excused, excused_max);
	if (!r->nlitmus)
		return;
	printf("# litmus (CLOCK_%s, %s counter):\n", oracle_clock_name(o->litmus_clock),
	       o->counter == TORTURE_COUNTER_TSC ? "TSC" : "synthetic");
	for (unsigned int i = 0; i < r->nlitmus; i++) {
		const struct torture_litmus_row *row = &r->litmus[i];
		const char *name = row->insn == VDSO_TSC_LFENCE	  ? "lfence;rdtsc"
				   : row->insn == VDSO_TSC_RDTSCP ? "rdtscp"
								  : "rdtsc";

		if (!row->supported) {
			printf("#   %-13s skipped: this CPU has no rdtscp\n", name);
			continue;
		}
		for (int t = 0; t < LITMUS_NR; t++) {
			const struct litmus_result *lr = &row->r[t];
			const char *note = row->counts ? "" : "  (not under test)";

			if (!lr->failures && lr->samples)
				printf("#   %-13s %-5s test passed: margin %" PRIu64
				       " ns with %" PRIu64 " samples%s\n",
				       name, litmus_name(t), lr->margin_ns, lr->samples, note);
			else if (!lr->samples)
				printf("#   %-13s %-5s test: no samples%s\n", name, litmus_name(t),
				       note);
			else
				printf("#   %-13s %-5s test failed%s: worst error %" PRIu64
				       " ns with %" PRIu64 " samples (%" PRIu64 " failed)%s\n",
				       name, litmus_name(t),
				       litmus_expected_to_fail(t) ? " as expected" : "",
				       lr->worst_ns, lr->samples, lr->failures, note);
		}
	}
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
	struct torture_cli cli = { 0 };
	struct torture_result r;
	char checks[128], churn[64], bugs[512];
	unsigned int tick = 0;
	int ret;

	setvbuf(stdout, NULL, _IOLBF, 0);
	ret = parse_torture(argc, argv, &cli);
	if (ret)
		return ret;
	build_replay(&cli);
	if (!cli.quiet && isatty(STDERR_FILENO)) {
		cli.o.progress = progress_line;
		cli.o.progress_arg = &tick;
	}
	cli.o.replay = cli.replay;
	if (!sim_tsc_insn_supported(cli.o.insn)) {
		printf("# SKIP: this CPU cannot run %s (no %s)\n", sim_tsc_insn_name(cli.o.insn),
		       cli.o.insn == VDSO_TSC_RDTSCP ? "RDTSCP in CPUID 0x80000001" : "x86-64 TSC");
		return TORTURE_EXIT_SKIP;
	}
	format_list(checks, sizeof(checks), NAMES(check_names), cli.o.checks);
	format_list(churn, sizeof(churn), NAMES(churn_names), cli.o.churn);
	sim_bugs_format(cli.o.bugs, bugs, sizeof(bugs));
	printf("# tksim torture: %s counter, %u readers, HZ=%u%s, churn %s, window %" PRIu32
	       ", inject %s, seed %" PRIu64 "\n",
	       cli.o.counter == TORTURE_COUNTER_TSC ? "TSC" : "synthetic", cli.o.threads, cli.o.hz,
	       cli.o.max_pressure ? " (maximum writer pressure)" : "", churn, cli.o.window_spin,
	       bugs, cli.o.seed);
	printf("# checks %s; %s\n", checks, cli.replay);

	ret = torture_run(&cli.o, &r);
	if (cli.o.progress)
		fprintf(stderr, "\r%60s\r", "");
	if (ret == -EOPNOTSUPP || ret == -ENODEV) {
		printf("# SKIP: no usable TSC here: %s\n", strerror(-ret));
		torture_result_free(&r);
		return TORTURE_EXIT_SKIP;
	}
	if (ret) {
		torture_result_free(&r);
		return tksim_usage_error("torture", "cannot run: %s", strerror(-ret));
	}
	printf("# TSC %.3f MHz (%s), vDSO clock mode %s\n", (double)r.tsc_hz * 1e-6,
	       cli.o.tsc_hz ? "given" : "calibrated against CLOCK_MONOTONIC_RAW",
	       r.clock_mode == VDSO_CLOCKMODE_TSC ? "TSC" : "SIM");
	if (cli.o.counter == TORTURE_COUNTER_SYNTHETIC)
		printf("# synthetic counter %" PRIu64 " Hz, %u bits, read with %s, skew %" PRIu64
		       ", jitter %" PRIu64 " cycles\n",
		       cli.o.synth.freq_hz, cli.o.synth.bits, sim_tsc_insn_name(cli.o.insn),
		       cli.skew, cli.o.synth.jitter);
	print_results(&cli, &r);
	if (r.violated) {
		fputs(r.report, stdout);
		printf("FAIL: a property was violated\n");
		ret = TKSIM_EXIT_VIOLATION;
	} else {
		printf("PASS: all properties held\n");
		ret = TKSIM_EXIT_OK;
	}
	torture_result_free(&r);
	return ret;
}
