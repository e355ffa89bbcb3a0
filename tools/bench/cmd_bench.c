// SPDX-License-Identifier: GPL-2.0
// tksim's own: `tksim bench`, the read-path numbers of the kernel threads beside the host's.
/*
 * Input: options (batches, calls, CPU, --quick, --json).  Output: for every
 * clock and for gettimeofday, time and clock_getres, the per-call time of
 * each read path (the simulated vDSO on the real TSC with each read
 * instruction and on the synthetic counter, the historical variants, the
 * simulated fallback, the host's libc, vDSO and syscall), which path each
 * call took, ratios against the host vDSO and the bare counter read, the
 * threads' ratios, the rate rows (tools/bench/bench_rows.h: the engine's speed ...)
 * and the targets.  Exit 0 whatever the numbers (targets are reported, not
 * asserted); 2 for bad usage; 130 interrupted (nothing printed).  This file parses the options and
 * runs the steps in order; each step lives in its own file (tools/bench/bench_report.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tools/bench/bench_report.h"
#include "tools/options.h"
#include "tools/process.h"
#include "tools/tksim.h"

/* The options of `tksim bench`: its parser, --help, man page and completion. */
const struct tksim_option cmd_bench_options[] = {
	TKSIM_OPT_HEAD("Options:"),
	TKSIM_OPT_ARG("batches", 'b', "N", "batches per measurement, 1..1024", "100; --quick 20"),
	TKSIM_OPT_ARG("calls", 'c', "N", "calls per batch, 1..10000000", "1000; --quick 100"),
	TKSIM_OPT_ARG("warmup", 'w', "N", "unmeasured batches first, 0..1000", "3; --quick 1"),
	TKSIM_OPT_ARG("cpu", 'C', "N", "pin to CPU N first", "not pinned"),
	TKSIM_OPT_ARG("engine", 'e', "D",
		      "virtual time for the engine benchmark: 1d, 6h, 600s; 0 skips\n"
		      "it and the checked run; the checked run simulates D or 2h,\n"
		      "whichever is shorter",
		      "1d; --quick 10m"),
	TKSIM_OPT_MORE(TKSIM_OPT_FILE, "kernel", 'k', "TREE",
		       "the kernel tree of the tree rows (its vDSO, its engine):\n"
		       "a release fetched by scripts/fetch-kernels.sh, a tree's\n"
		       "directory, or none; a tree not at hand skips them",
		       "6.12"),
	TKSIM_OPT_FLAG("quick", 'q', "a short run for CI smoke tests (a few seconds)"),
	TKSIM_OPT_JSON('j'),
	TKSIM_OPT_QUIET('Q'),
	TKSIM_OPT_HELP('h'),
	TKSIM_OPT_END,
};

static void bench_help(void)
{
	printf("usage: tksim bench [OPTIONS]\n\n"
	       "Measure the clock read paths the kernel threads argued about, on this\n"
	       "machine, in one run: for the seven clocks and for gettimeofday, time and\n"
	       "clock_getres, the simulated vDSO (real TSC read with lfence;rdtsc, rdtscp\n"
	       "or rdtsc, and the synthetic counter), the historical paths (v4.16 switch,\n"
	       "with retpolines, with the seed patches; a dedicated MONOTONIC entry; the\n"
	       "32-bit functions), the simulated fallback (with and without a real\n"
	       "syscall's entry), and the host's libc, vDSO and syscall.  Each number is\n"
	       "the per-call time of a batch (batch time / calls, host CLOCK_MONOTONIC),\n"
	       "p50 and p99 over the batches, after a warm-up.  Then ratios against the\n"
	       "host vDSO and a bare lfence;rdtsc, the threads' ratios, the speed of the\n"
	       "deterministic engine (HZ=1000, NTP daemon model on), the speed of tksim\n"
	       "run with every check on (its default scenario) and the targets.\n\n");
	tksim_opt_help(stdout, cmd_bench_options);
	printf("\nExit status: 0 (the numbers are reported, never judged), 2 bad usage, 130\n"
	       "interrupted (INT, TERM, HUP, USR1, USR2: nothing printed).\n");
}

/* A whole number in [lo, hi] for option @opt; 0, or the usage error's exit status. */
static int parse_range(const char *opt, const char *arg, u64 lo, u64 hi, u64 *out)
{
	if (tksim_parse_u64(arg, out) || *out < lo || *out > hi)
		return tksim_usage_error("bench", "%s must be %" PRIu64 "..%" PRIu64 ", not '%s'",
					 opt, lo, hi, arg);
	return 0;
}

static int parse_bench_opts(int argc, char **argv, struct bench_opts *o)
{
	struct tksim_optset opts = { .cmd = "bench", .table = cmd_bench_options };
	struct tksim_optiter it;
	const char *optarg; /* the option's value, named as getopt's was */
	u64 batches = 0, calls = 0, warmup = 0, engine = 0, v;
	bool have_b = false, have_c = false, have_w = false, have_e = false;
	int c;

	*o = (struct bench_opts){ .cpu = -1, .kernel = "6.12" };
	tksim_opt_begin(&it, &opts, argc, argv);
	while ((c = tksim_opt_next(&it)) > 0) {
		optarg = it.value;
		switch (c) {
		case 'b':
			if (parse_range("--batches", optarg, 1, 1024, &batches))
				return TKSIM_EXIT_USAGE;
			have_b = true;
			break;
		case 'c':
			if (parse_range("--calls", optarg, 1, 10000000, &calls))
				return TKSIM_EXIT_USAGE;
			have_c = true;
			break;
		case 'w':
			if (parse_range("--warmup", optarg, 0, 1000, &warmup))
				return TKSIM_EXIT_USAGE;
			have_w = true;
			break;
		case 'C':
			if (tksim_parse_u64(optarg, &v) || v >= CPU_SETSIZE)
				return tksim_usage_error("bench", "bad --cpu '%s'", optarg);
			o->cpu = (int)v;
			break;
		case 'e':
			if (tksim_parse_duration_ns(optarg, &engine) ||
			    engine > 3650ULL * 86400 * NSEC_PER_SEC)
				return tksim_usage_error("bench", "bad --engine '%s'", optarg);
			have_e = true;
			break;
		case 'k':
			o->kernel = strcmp(optarg, "none") ? optarg : NULL;
			break;
		case 'q':
			o->quick = true;
			break;
		case 'j':
			o->json = true;
			break;
		case 'Q':
			o->quiet = true;
			break;
		case 'h':
			bench_help();
			exit(TKSIM_EXIT_OK);
		default:
			return tksim_usage_error("bench", "unknown option");
		}
	}
	if (c < 0)
		return TKSIM_EXIT_USAGE;
	o->batches = (u32)(have_b ? batches : o->quick ? 20 : 100);
	o->calls = (u32)(have_c ? calls : o->quick ? 100 : 1000);
	o->warmup = (u32)(have_w ? warmup : o->quick ? 1 : 3);
	o->engine_ns = have_e ? engine : (o->quick ? 600ULL : 86400ULL) * NSEC_PER_SEC;
	if (o->cpu >= 0) {
		cpu_set_t set;

		CPU_ZERO(&set);
		CPU_SET(o->cpu, &set);
		if (sched_setaffinity(0, sizeof(set), &set))
			return tksim_usage_error("bench", "cannot run on CPU %d: %s", o->cpu,
						 strerror(errno));
	}
	return 0;
}

/**
 * cmd_bench() - `tksim bench`
 * @argc: argument count (argv[0] is "bench")
 * @argv: arguments
 *
 * Return: exit status.
 */
int cmd_bench(int argc, char **argv)
{
	struct bench_target t = { 0 };
	struct bench_report *r;
	struct bench_opts o;
	u64 t0 = bench_now_ns();
	int ret;

	ret = parse_bench_opts(argc, argv, &o);
	if (ret)
		return ret;
	/* INT, TERM, HUP, USR1, USR2 stop the measurements: no number is printed of a cut run. */
	tksim_signals_catch();
	r = calloc(1, sizeof(*r));
	if (!r)
		return tksim_usage_error("bench", "out of memory");
	r->batches = o.batches;
	r->calls = o.calls;
	r->warmup = o.warmup;
	r->m.cpu_pinned = o.cpu;
	r->progress = !o.quiet && isatty(STDERR_FILENO);
	bench_probe_machine(&r->m);
	bench_setup_host(&t.host, &r->m);
	ret = bench_setup_systems(&t, &r->m);
	if (ret) {
		bench_free_systems(&t);
		free(r);
		return tksim_usage_error("bench", "cannot boot the simulated systems: %s",
					 strerror(-ret));
	}

	bench_warm_up_cpu(&t, (o.quick ? 10 : 100) * NSEC_PER_MSEC);
	bench_progress(r, "counter reads", 1, BENCH_NR_APIS + 1 + bench_nr_rows);
	bench_run_counters(&t, r);
	bench_run_matrix(&t, r);
	for (unsigned int i = 0; i < bench_nr_rows && !tksim_signal_caught(); i++) {
		bench_progress(r, bench_rows[i].key, BENCH_NR_APIS + 2 + i,
			       BENCH_NR_APIS + 1 + bench_nr_rows);
		r->rate[i].ran = bench_rows[i].measure(&o, &r->rate[i]) == 0;
	}
	bench_progress_done(r);
	r->wall_s = (double)(bench_now_ns() - t0) * 1e-9;
	if (tksim_signal_caught()) {
		fprintf(stderr,
			"tksim: bench: interrupted by %s: nothing printed (a cut run's numbers "
			"are not measurements)\n",
			tksim_signal_name(tksim_signal_caught()));
		bench_free_systems(&t);
		free(r);
		return TKSIM_EXIT_INTERRUPTED;
	}

	if (o.json)
		bench_print_json(stdout, r);
	else
		bench_print_text(stdout, r);
	bench_free_systems(&t);
	free(r);
	return TKSIM_EXIT_OK;
}
