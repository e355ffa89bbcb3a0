// SPDX-License-Identifier: GPL-2.0
// tksim's own: `tksim run`, the deterministic simulation with the oracle on every tick: its
// options.
/*
 * Input: options describing the counter, HZ, how long to run, and the NTP
 * side (the daemon model, scripted adjtimex calls, a leap second: parsed in
 * tools/run/run_ntp.c).
 * Output: a summary (every clock at the end through both paths, the
 * largest vDSO vs kernel-side difference, ticks, wall time, the NTP state)
 * and, with --csv, a time series.  Exit 1 when a property is violated.
 *
 * This file turns the command line and a scenario file into struct
 * run_opts; tools/run/run_loop.c runs it, tools/run/run_output.c writes what it saw.
 */
#include <stdlib.h>
#include <string.h>

#include "tools/options.h"
#include "tools/run/run_opts.h"
#include "tools/scenario/scenario.h"
#include "tools/scenario/scenario_find.h"
#include "tools/scenario/scenario_ops.h"
#include "tools/sys_opts.h"
#include "tools/tksim.h"

static void run_help(void)
{
	printf("usage: tksim run [SCENARIO] [OPTIONS]\n\n"
	       "Simulate one system deterministically and check, at a random instant in\n"
	       "every tick, that each clock read through the vDSO equals the kernel-side\n"
	       "read, that monotonic clocks never go back, that coarse <= fine, that\n"
	       "time() <= CLOCK_REALTIME, and that MONOTONIC_RAW is the exact conversion\n"
	       "of the counter.  Without options: the default scenario, a 2.1 GHz counter\n"
	       "running 35 ppm fast, two simulated hours at HZ=1000, with the NTP daemon\n"
	       "model steering the clock (it finds the -35 ppm in about an hour).\n\n"
	       "SCENARIO is a file of settings, one per line, named as the options below\n"
	       "without the dashes (\"hz 250\", \"adjtimex 10m:freq=12\", \"fll\"); # starts a\n"
	       "comment; \"at TIME OP ...\" lines are a timeline of ops, applied by the op\n"
	       "executor of tksim fuzz (docs/fuzzing.md).  Options given after it override\n"
	       "the file.  SCENARIO is a path, or the name of an example (leap-insert,\n"
	       "leap-delete, freq-step, acpi-pm-24bit, wander, coarse-second-step,\n"
	       "aux-clock, default), found as NAME.scn in\n"
	       "the current folder, then among the installed examples in\n"
	       "  " TKSIM_SCENARIO_DIR "\n\n");
	tksim_opt_help(stdout, cmd_run_options);
	printf("\nExit status: 0 all properties held, 1 a property was violated, 2 bad usage.\n");
}

/*
 * Every option of `tksim run`, on the command line and in scenario files:
 * its parser, --help, man page and completion.
 */
const struct tksim_option cmd_run_options[] = {
	TKSIM_OPT_HEAD("Options:"),
	TKSIM_OPT_ARG("duration", 'd', "D", "simulated time: 90, 90s, 1500ms, 2m, 1h, 7d", "2h"),
	SYS_OPTIONS,
	TKSIM_OPT_SEED('s', "the sampling instants and the NTP noise"),
	TKSIM_OPT_MORE(TKSIM_OPT_FILE, "csv", 'c', "FILE", "write a time series (- for stdout)",
		       NULL),
	TKSIM_OPT_ARG("csv-interval", 'i', "D", "time between CSV rows", "1s"),
	TKSIM_OPT_ARG("nohz", 'n', "D",
		      "a tickless idle system: after each tick the tick stops\n"
		      "for a random 0..D (at most the clocksource's max_idle_ns),\n"
		      "and the next tick accumulates the gap logarithmically",
		      NULL),
	TKSIM_OPT_MORE(TKSIM_OPT_FILE, "trace", 'T', "FILE",
		       "every number the timekeeper keeps, one line per tick\n"
		       "(- for stdout; try it with --duration 20ms)",
		       NULL),
	TKSIM_OPT_ARG("from", 'F', "T",
		      "trace only the ticks at simulated times t >= T\n"
		      "(a duration since boot, as --duration)",
		      "0"),
	TKSIM_OPT_ARG("to", 'U', "T", "trace only the ticks at simulated times t <= T", "the end"),
	TKSIM_OPT_ARG("aux-clocks", RUN_OPT_AUX_CLOCKS, "N",
		      "enable aux clocks AUX0..AUX(N-1) at boot, N 0..8 (v6.17+,\n"
		      "/sys/kernel/time/aux_clocks/*/aux_clock_enable); each starts\n"
		      "at 0, is checked every tick and shown in the trace",
		      "0"),
	TKSIM_OPT_ARG("kernel", RUN_OPT_KERNEL, "TREE",
		      "run a kernel tree's own timekeeping.c, ntp.c and lib/vdso\n"
		      "in the model's place: a release fetched by\n"
		      "scripts/fetch-kernels.sh (6.12, 6.1) or a tree's directory",
		      NULL),
	TKSIM_OPT_QUIET('q'),
	TKSIM_OPT_JSON('j'),
	TKSIM_OPT_HELP('h'),
	RUN_NTP_OPTIONS,
	RUN_CS_OPTIONS,
	RUN_M32_OPTIONS,
	RUN_BUGS_OPTIONS,
	TKSIM_OPT_END,
};

/* The built-in default scenario; a scenario file and the options change it. */
static void run_opts_defaults(struct run_opts *o)
{
	sim_config_default(&o->cfg);
	run_ntp_defaults(&o->ntp);
	run_m32_defaults(&o->m32);
	o->duration_ns = 2 * 3600ULL * NSEC_PER_SEC;
	o->csv_interval_ns = NSEC_PER_SEC;
	o->trace_to_ns = U64_MAX;
	o->seed = 1;
	o->opts = (struct tksim_optset){ .cmd = "run", .table = cmd_run_options };
}

/*
 * Apply options to @o.  A scenario file comes here one line at a time
 * (tools/scenario/scenario.c turns "hz 250" into {"run", "--hz", "250"}), so a file
 * and the command line accept exactly the same settings.
 */
static int run_parse_argv(int argc, char **argv, struct run_opts *o)
{
	struct tksim_optiter it;
	const char *optarg; /* the option's value, named as getopt's was */
	int c;

	tksim_opt_begin(&it, &o->opts, argc, argv);
	while ((c = tksim_opt_next(&it)) > 0) {
		optarg = it.value;
		switch (c) {
		case 'd':
			if (tksim_parse_duration_ns(optarg, &o->duration_ns))
				return tksim_usage_error("run", "bad --duration '%s'", optarg);
			break;
		case 's':
			if (tksim_opt_seed("run", optarg, &o->seed))
				return TKSIM_EXIT_USAGE;
			break;
		case 'c':
			o->csv_path = optarg;
			break;
		case RUN_OPT_KERNEL:
			o->kernel = optarg;
			break;
		case 'n':
			if (tksim_parse_duration_ns(optarg, &o->nohz_max_ns))
				return tksim_usage_error("run", "bad --nohz '%s'", optarg);
			break;
		case 'i':
			if (tksim_parse_duration_ns(optarg, &o->csv_interval_ns) ||
			    !o->csv_interval_ns)
				return tksim_usage_error("run", "bad --csv-interval '%s'", optarg);
			break;
		case 'T':
			o->trace_path = optarg;
			break;
		case 'F':
			if (tksim_parse_duration_ns(optarg, &o->trace_from_ns))
				return tksim_usage_error("run", "bad --from '%s'", optarg);
			break;
		case 'U':
			if (tksim_parse_duration_ns(optarg, &o->trace_to_ns))
				return tksim_usage_error("run", "bad --to '%s'", optarg);
			break;
		case RUN_OPT_AUX_CLOCKS: {
			u64 n;

			if (tksim_parse_u64(optarg, &n) || n > TK_MAX_AUX_CLOCKS)
				return tksim_opt_error(&o->opts, c,
						       "--aux-clocks must be 0..%d, not '%s'",
						       TK_MAX_AUX_CLOCKS, optarg);
			o->cfg.aux_clocks = (unsigned int)n;
			break;
		}
		case 'q':
			o->quiet = true;
			break;
		case 'j':
			o->json = true;
			break;
		case 'h':
			run_help();
			exit(TKSIM_EXIT_OK);
		default:
			if (c >= SYS_OPT_HZ) {
				int ret = sys_opt_parse(&o->cfg, "run", c, optarg);

				if (ret)
					return ret;
				break;
			}
			if (c >= RUN_OPT_INJECT) {
				int ret = run_bugs_parse(&o->bugs, c, optarg);

				if (ret)
					return ret;
				break;
			}
			if (c >= RUN_OPT_M32_READERS) {
				int ret = run_m32_parse(&o->m32, c, optarg);

				if (ret)
					return ret;
				break;
			}
			if (c >= RUN_OPT_CLOCKSOURCES) {
				int ret = run_cs_parse(&o->cs, c, optarg);

				if (ret)
					return ret;
				break;
			}
			if (c >= RUN_OPT_NTPD) {
				int ret = run_ntp_parse(&o->ntp, c, optarg);

				if (ret)
					return ret;
				break;
			}
			return tksim_usage_error("run", "unknown option");
		}
	}
	return c < 0 ? TKSIM_EXIT_USAGE : 0;
}

/* A scenario line, through the same parser as the command line. */
static int run_apply_line(int argc, char **argv, void *ctx)
{
	return run_parse_argv(argc, argv, ctx);
}

/* An "at TIME OP ..." line of a scenario: the op timeline (tools/scenario/scenario_ops.c). */
static int run_at_line(char *rest, void *ctx)
{
	struct run_opts *o = ctx;
	unsigned int n = o->ops.n, *lines;
	const char *file;
	unsigned int line;
	int ret = scenario_ops_line(&o->ops, rest);

	if (ret || o->ops.n == n)
		return ret;
	/* The op's line, for an error found when it runs (a refused idle or suspend). */
	lines = realloc(o->op_lines, o->ops.n * sizeof(*lines));
	if (!lines)
		return tksim_usage_error("run", "out of memory");
	tksim_get_input(&file, &line);
	lines[o->ops.n - 1] = line;
	o->op_lines = lines;
	return 0;
}

/*
 * A scenario's `at` lines: the same run, its ops among the timed calls, each
 * applied by the op executor, and the run's instants read through it too
 * (sim/run/run_calls.c).  A timeline lasts to its last op and has no daemon,
 * unless the file or the command line says otherwise.
 */
static int timeline(struct run_opts *o)
{
	struct sim_run_calls *c = &o->ntp.calls;

	if (!o->ops.n)
		return 0;
	if (o->nohz_max_ns || o->cs.enabled)
		return tksim_opt_error(&o->opts, o->nohz_max_ns ? 'n' : RUN_OPT_CLOCKSOURCES,
				       "at lines take their gaps and counters as ops: "
				       "not with --nohz or --clocksources");
	for (unsigned int i = 0; i < o->ops.n; i++)
		if (sim_run_calls_add_at(c, &o->ops.ops[i], sim_op_names[o->ops.ops[i].kind],
					 o->scn.path, o->op_lines ? o->op_lines[i] : 0))
			return tksim_usage_error("run", "out of memory");
	c->timeline = true;
	if (!tksim_opt_given(&o->opts, 'd'))
		o->duration_ns = o->ops.ops[o->ops.n - 1].t_ns ? o->ops.ops[o->ops.n - 1].t_ns : 1;
	if (!tksim_opt_given(&o->opts, RUN_OPT_NTPD))
		o->ntp.daemon.enabled = false;
	return 0;
}

/*
 * parse_run_opts(): defaults, then the scenario file if the first argument
 * names one, then the options, which override the file.
 */
static int parse_run_opts(int argc, char **argv, struct run_opts *o)
{
	int ret;

	run_opts_defaults(o);
	o->scn.at = run_at_line;
	if (argc > 1 && argv[1][0] != '-') {
		char path[4096];

		ret = scenario_apply(&o->scn, scenario_find(argv[1], path, sizeof(path)), "run",
				     run_apply_line, o);
		if (ret)
			return ret;
		argv[1] = argv[0];
		argc--;
		argv++;
	}
	ret = run_parse_argv(argc, argv, o);
	if (ret)
		return ret;
	if (o->json && ((o->csv_path && !strcmp(o->csv_path, "-")) ||
			(o->trace_path && !strcmp(o->trace_path, "-"))))
		return tksim_opt_error(&o->opts, 'j',
				       "--json and a --csv or --trace on stdout would mix");
	if (o->trace_from_ns > o->trace_to_ns)
		return tksim_opt_error(&o->opts, 'U', "--from must not be after --to");
	ret = timeline(o);
	if (ret)
		return ret;
	/* Like for like, as diff and fuzz: beside a release's tree the model is that release. */
	if (o->kernel && !tksim_opt_given(&o->opts, SYS_OPT_PROFILE))
		tk_profile_parse(o->kernel, &o->cfg.profile);
	o->ntp.daemon.seed = o->seed; /* --seed also seeds the measurement noise */
	run_m32_configure(&o->m32, &o->cfg);
	return run_ntp_configure(&o->ntp, &o->cfg, &o->opts);
}

/**
 * cmd_run() - `tksim run`
 * @argc: argument count (argv[0] is "run")
 * @argv: arguments
 *
 * Return: exit status.
 */
int cmd_run(int argc, char **argv)
{
	struct run_opts o = { 0 };
	int ret = parse_run_opts(argc, argv, &o);

	if (!ret)
		ret = run_simulate(&o);
	sim_run_calls_free(&o.ntp.calls);

	scenario_free(&o.scn);
	sim_ops_free(&o.ops);
	free(o.op_lines);
	return ret;
}
