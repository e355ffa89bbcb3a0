// SPDX-License-Identifier: GPL-2.0
// tksim's own: `tksim run`, the deterministic simulation with the oracle on every tick.
/*
 * Input: options describing the counter, HZ, how long to run, and the NTP
 * side (the daemon model, scripted adjtimex calls, a leap second: parsed in
 * tools/run_ntp.c).
 * Output: a summary (every clock at the end through both paths, the
 * largest vDSO vs kernel-side difference, ticks, wall time, the NTP state)
 * and, with --csv, a time series.  Exit 1 when a property is violated.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sim/oracle.h"
#include "sim/trace.h"
#include "tools/options.h"
#include "tools/run_bugs.h"
#include "tools/run_cs.h"
#include "tools/run_json.h"
#include "tools/run_m32.h"
#include "tools/run_ntp.h"
#include "tools/run_tick.h"
#include "tools/scenario.h"
#include "tools/scenario_find.h"
#include "tools/scenario_ops.h"
#include "tools/sys_opts.h"
#include "tools/tksim.h"

/* State of one run, in one place (B3). */
struct run_opts {
	struct sim_config cfg;
	u64 duration_ns;
	u64 csv_interval_ns;
	u64 nohz_max_ns;
	const char *csv_path;
	const char *trace_path;
	u64 trace_from_ns, trace_to_ns;
	u64 seed;
	bool quiet;
	bool json;
	struct run_ntp ntp;
	struct run_cs cs;
	struct run_m32 m32;
	struct run_bugs bugs;
	struct scenario scn;
	struct sim_op_list ops;
	struct tksim_optset opts;
};

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
	       "comment.  Options given after it override the file.  SCENARIO is a path,\n"
	       "or the name of an example (leap-insert, leap-delete, freq-step,\n"
	       "acpi-pm-24bit, wander, coarse-second-step, default), found as NAME.scn in\n"
	       "the current folder, then among the installed examples in\n"
	       "  " TKSIM_SCENARIO_DIR "\n\n"
	       "Options:\n"
	       "  --duration D      simulated time: 90, 90s, 1500ms, 2m, 1h, 7d (default 2h)\n"
	       "  --hz N            CONFIG_HZ, ticks per second (default 1000)\n"
	       "  --freq HZ         nominal counter frequency in Hz (default 2100000000)\n"
	       "  --ppm X           true frequency error of the counter in ppm (default 35)\n"
	       "  --bits N          counter width in bits, 1..64 (default 64)\n"
	       "  --start N         counter value at boot (default 0)\n"
	       "  --seed N          seed of the sampling instants and the NTP noise (default 1)\n"
	       "  --csv FILE        write a time series (- for stdout)\n"
	       "  --csv-interval D  time between CSV rows (default 1s)\n"
	       "  --nohz D          a tickless idle system: after each tick the tick stops\n"
	       "                    for a random 0..D (at most the clocksource's max_idle_ns),\n"
	       "                    and the next tick accumulates the gap logarithmically\n"
	       "  --trace FILE      every number the timekeeper keeps, one line per tick\n"
	       "                    (- for stdout; try it with --duration 20ms)\n"
	       "  --from T, --to T  trace only the ticks at simulated times T1 <= t <= T2\n"
	       "                    (durations since boot, as --duration; default: all)\n"
	       "  --quiet           no progress line on a terminal\n"
	       "  --json            the summary as one JSON object (docs/output.md)\n"
	       "  --help            this text\n\n");
	run_ntp_help();
	run_cs_help();
	run_m32_help();
	printf("\n");
	run_bugs_help();
	printf("\nExit status: 0 all properties held, 1 a property was violated, 2 bad usage.\n");
}

/* Every option of `tksim run`, on the command line and in scenario files. */
static const struct tksim_option run_options[] = {
	{ "duration", 'd', TKSIM_OPT_VALUE },
	{ "seed", 's', TKSIM_OPT_VALUE },
	{ "csv", 'c', TKSIM_OPT_VALUE },
	{ "csv-interval", 'i', TKSIM_OPT_VALUE },
	{ "nohz", 'n', TKSIM_OPT_VALUE },
	{ "trace", 'T', TKSIM_OPT_VALUE },
	{ "from", 'F', TKSIM_OPT_VALUE },
	{ "to", 'U', TKSIM_OPT_VALUE },
	{ "quiet", 'q', 0 },
	{ "json", 'j', 0 },
	{ "help", 'h', TKSIM_OPT_CMDLINE },
	SYS_OPTIONS,
	RUN_NTP_OPTIONS,
	RUN_CS_OPTIONS,
	RUN_M32_OPTIONS,
	RUN_BUGS_OPTIONS,
	{ NULL, 0, 0 },
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
	o->opts = (struct tksim_optset){ .cmd = "run", .table = run_options };
}

/*
 * Apply options to @o.  A scenario file comes here one line at a time
 * (tools/scenario.c turns "hz 250" into {"run", "--hz", "250"}), so a file
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
			if (tksim_parse_u64(optarg, &o->seed))
				return tksim_usage_error("run", "bad --seed '%s'", optarg);
			break;
		case 'c':
			o->csv_path = optarg;
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

/* An "at TIME OP ..." line of a scenario: the op timeline (tools/scenario_ops.c). */
static int run_at_line(char *rest, void *ctx)
{
	struct run_opts *o = ctx;

	return scenario_ops_line(&o->ops, rest);
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
		return tksim_usage_error("run",
					 "--json and a --csv or --trace on stdout would mix");
	if (o->trace_from_ns > o->trace_to_ns)
		return tksim_usage_error("run", "--from must not be after --to");
	o->ntp.daemon.seed = o->seed; /* --seed also seeds the measurement noise */
	run_m32_configure(&o->m32, &o->cfg);
	return run_ntp_configure(&o->ntp, &o->cfg, &o->opts);
}

static void csv_header(FILE *f)
{
	fprintf(f, "t_s,realtime_error_ns,mono_minus_raw_ns,mult,raw_mult,ntp_error_ns32,"
		   "counter_error_ppb");
	run_ntp_csv_header(f);
	fprintf(f, "\n");
}

/* One row; REALTIME is compared with the daemon's reference (the truth, leap seconds included). */
static void csv_row(FILE *f, struct sim_system *s, const struct sim_ntpd *d)
{
	struct timespec64 rt, mono, raw;
	struct timekeeper tk;

	sim_clock_gettime(s, SIM_PATH_VDSO, TK_CLOCK_REALTIME, &rt);
	sim_clock_gettime(s, SIM_PATH_VDSO, TK_CLOCK_MONOTONIC, &mono);
	sim_clock_gettime(s, SIM_PATH_VDSO, TK_CLOCK_MONOTONIC_RAW, &raw);
	tk_snapshot(&s->k, &tk);
	fprintf(f, "%.3f,%" PRId64 ",%" PRId64 ",%" PRIu32 ",%" PRIu32 ",%" PRId64 ",%" PRId64,
		(double)s->now_ns * 1e-9, (s64)(ts_to_ns(&rt) - sim_ntpd_true_realtime_ns(d, s)),
		(s64)(ts_to_ns(&mono) - ts_to_ns(&raw)), tk.tkr_mono.mult, tk.tkr_raw.mult,
		tk.ntp_error, s->counter.cur_error_ppb);
	run_ntp_csv_row(f, d, s);
	fprintf(f, "\n");
}

static void print_summary(struct sim_system *s, const struct run_opts *o,
			  const struct oracle_stats *st, const struct sim_ntpd *d, double wall)
{
	const struct clocksource *cs = &s->counter.cs;
	double sim_s = (double)s->now_ns * 1e-9;
	char a[48], b[48];
	struct timespec64 rt;
	struct timekeeper tk;

	printf("tksim run: %.3f s simulated at HZ=%u\n", sim_s, s->cfg.hz);
	printf("  counter      %" PRIu64 " Hz nominal, %+.3f ppm true error, %u-bit mask\n",
	       s->cfg.counter.freq_hz, (double)s->counter.cur_error_ppb * 1e-3,
	       s->cfg.counter.bits);
	printf("  clocksource  mult %" PRIu32 ", shift %" PRIu32 ", max_cycles %" PRIu64
	       ", max_idle_ns %" PRIu64 "\n",
	       cs->mult, cs->shift, cs->max_cycles, cs->max_idle_ns);
	printf("  ticks        %" PRIu64 ", instants checked %" PRIu64 " (seed %" PRIu64 ")\n",
	       s->ticks, st->checks, o->seed);
	printf("  wall time    %.3f s (%.0f simulated s per wall s)\n\n", wall,
	       wall > 0 ? sim_s / wall : 0.0);

	printf("  %-18s %-24s %s\n", "clock", "vDSO", "kernel-side");
	for (unsigned int i = 0; i < oracle_nr_clocks; i++) {
		s32 c = oracle_clocks[i];
		struct timespec64 v, k;

		sim_clock_gettime(s, SIM_PATH_VDSO, c, &v);
		sim_clock_gettime(s, SIM_PATH_SYSCALL, c, &k);
		oracle_format_ns(a, sizeof(a), ts_to_ns(&v));
		oracle_format_ns(b, sizeof(b), ts_to_ns(&k));
		printf("  %-18s %-24s %s\n", oracle_clock_name(c), a, b);
	}
	sim_clock_gettime(s, SIM_PATH_VDSO, TK_CLOCK_REALTIME, &rt);
	oracle_format_ns(a, sizeof(a), ts_to_ns(&rt) - sim_ntpd_true_realtime_ns(d, s));
	printf("\n");
	run_ntp_summary(d, s);
	run_cs_summary(&o->cs, s);
	printf("\n  largest |vDSO - kernel-side|  %" PRId64 " ns\n", (s64)st->max_vdso_diff_ns);
	printf("  REALTIME - true time         %s s\n", a);
	tk_snapshot(&s->k, &tk);
	printf("  mult past maxadj (11 %%)      %" PRIu32 " adjustments\n", tk.maxadj_warnings);
}

/* Parse, simulate, report; @o outlives the run (its strings may point into a scenario). */
/* An output file, "-" for stdout; NULL if @path is NULL or cannot be written. */
static FILE *open_output(const char *path)
{
	if (!path)
		return NULL;
	return strcmp(path, "-") ? fopen(path, "w") : stdout;
}

/*
 * Flush and close an output; a write that failed at any point (a full disk,
 * /dev/full) is reported with its errno and makes the run exit 2: a cut
 * time series must not pass for a whole one.  Return: 0 or TKSIM_EXIT_USAGE.
 */
static int close_output(FILE *f, const char *path)
{
	bool bad;

	if (!f)
		return 0;
	errno = 0;
	bad = fflush(f) != 0 || ferror(f);
	if (f != stdout)
		bad |= fclose(f) != 0;
	if (!bad)
		return 0;
	fprintf(stderr, "tksim run: cannot write '%s': %s\n", path, strerror(errno ? errno : EIO));
	return TKSIM_EXIT_USAGE;
}

/* SIGINT: the loop ends after the current row, the summary so far is printed, exit 130. */
static volatile sig_atomic_t interrupted;

static void on_sigint(int sig)
{
	(void)sig;
	interrupted = 1;
}

/*
 * About what one --trace line takes (bytes; 700 MB per simulated hour at
 * HZ=1000 was measured): the warning threshold is 1 GB.
 */
#define TRACE_BYTES_PER_TICK 200
#define TRACE_WARN_BYTES (1ULL << 30)

/* Warn before a trace that would fill a disk; --from/--to bound it. */
static void trace_size_warning(const struct run_opts *o)
{
	u64 from = o->trace_from_ns,
	    to = o->trace_to_ns < o->duration_ns ? o->trace_to_ns : o->duration_ns;
	double bytes;

	if (!o->trace_path || to <= from)
		return;
	bytes = (double)(to - from) * 1e-9 * o->cfg.hz * TRACE_BYTES_PER_TICK;
	if (bytes > (double)TRACE_WARN_BYTES)
		fprintf(stderr,
			"tksim run: warning: --trace will write about %.1f GB (%d bytes a tick); "
			"--from and --to trace a window\n",
			bytes * 1e-9, TRACE_BYTES_PER_TICK);
}

/* A trace line, if the tick lies in the --from/--to window. */
static void trace_row(FILE *f, const struct sim_system *s, const struct run_opts *o)
{
	if (s->now_ns >= o->trace_from_ns && s->now_ns <= o->trace_to_ns)
		sim_trace_row(f, s);
}

static int run(int argc, char **argv, struct run_opts *o)
{
	struct oracle_stats st = { 0 };
	struct oracle_mono mono = { 0 };
	struct sim_system *s;
	struct sim_ntpd ntpd;
	struct sim_rng rng;
	FILE *csv = NULL, *trace = NULL;
	char why[256];
	double t0, next_progress;
	u64 next_csv = 0;
	int ret, err;
	bool progress, to_stdout, violated;

	ret = parse_run_opts(argc, argv, o);
	if (ret)
		return ret;
	if (o->ops.n)
		return scenario_ops_run(&o->ops, &o->cfg, false);
	s = run_m32_system_new(&o->m32, &o->cfg, &err);
	if (!s) {
		run_m32_system_free(&o->m32, s);
		return tksim_usage_error("run", "cannot build this system: %s", strerror(-err));
	}
	ret = run_m32_start(&o->m32, s);
	if (!ret)
		ret = run_bugs_check_system(s, &o->opts);
	if (ret)
		goto out_free;
	if (o->nohz_max_ns > s->counter.cs.max_idle_ns) {
		ret = tksim_opt_error(
			&o->opts, 'n',
			"--nohz may be at most this clocksource's max_idle_ns, %" PRIu64 " ns",
			s->counter.cs.max_idle_ns);
		goto out_free;
	}
	if (o->nohz_max_ns && o->cs.enabled) {
		ret = tksim_usage_error("run", "--nohz and --clocksources do not go together yet");
		goto out_free;
	}
	ret = run_ntp_start(&o->ntp, &ntpd, s);
	if (!ret)
		ret = run_cs_start(&o->cs, s);
	if (!ret)
		ret = run_bugs_start(&o->bugs, s, o->duration_ns, &o->opts);
	if (ret)
		goto out_free;
	csv = open_output(o->csv_path);
	trace = open_output(o->trace_path);
	if ((o->csv_path && !csv) || (o->trace_path && !trace)) {
		ret = tksim_usage_error("run", "cannot write '%s'",
					o->csv_path && !csv ? o->csv_path : o->trace_path);
		goto out_close;
	}
	trace_size_warning(o);
	if (csv)
		csv_header(csv);
	if (trace) {
		sim_trace_header(trace);
		trace_row(trace, s, o);
	}
	/* The summary would mix with a time series on stdout. */
	to_stdout = csv == stdout || trace == stdout;
	sim_rng_seed(&rng, o->seed);
	progress = !o->quiet && isatty(STDERR_FILENO);
	t0 = tksim_wall_seconds();
	next_progress = t0 + 0.25;
	ret = TKSIM_EXIT_OK;
	interrupted = 0;
	signal(SIGINT, on_sigint);

	while (s->now_ns < o->duration_ns && !interrupted) {
		/* Run to a random instant of the next tick (tools/run_tick.c). */
		violated = run_tick(s, &ntpd, &rng, o->duration_ns, o->nohz_max_ns, why,
				    sizeof(why)) ||
			   run_bugs_gap(&o->bugs, s, why, sizeof(why));
		if (trace)
			trace_row(trace, s, o);
		/* After a clocksource switch RAW is no longer one counter's conversion. */
		if (violated ||
		    (run_cs_raw_exact_checkable(&o->cs, s)
			     ? oracle_check_tick(s, &mono, &st, why, sizeof(why))
			     : oracle_check_instant(s, &mono, &st, why, sizeof(why))) ||
		    run_cs_check(&o->cs, s, why, sizeof(why)) ||
		    run_m32_check(&o->m32, s, why, sizeof(why))) {
			if (!o->json)
				printf("VIOLATION at %.9f s (seed %" PRIu64 "): %s\n",
				       (double)s->now_ns * 1e-9, o->seed, why);
			ret = TKSIM_EXIT_VIOLATION;
			break;
		}
		if (csv && s->now_ns >= next_csv) {
			csv_row(csv, s, &ntpd);
			next_csv += o->csv_interval_ns;
			if (ferror(csv))
				break; /* reported by close_output() */
		}
		if (trace && ferror(trace))
			break;
		if (progress && (st.checks & 1023) == 0 && tksim_wall_seconds() >= next_progress) {
			fprintf(stderr, "\r  %5.1f%%  %.0f of %.0f simulated s",
				100.0 * (double)s->now_ns / (double)o->duration_ns,
				(double)s->now_ns * 1e-9, (double)o->duration_ns * 1e-9);
			next_progress += 0.25;
		}
	}
	signal(SIGINT, SIG_DFL);
	if (progress)
		fprintf(stderr, "\r%60s\r", "");
	if (interrupted) {
		fprintf(stderr, "tksim run: interrupted at %.3f simulated s; the summary so far:\n",
			(double)s->now_ns * 1e-9);
		if (ret == TKSIM_EXIT_OK)
			ret = TKSIM_EXIT_INTERRUPTED;
	}
	if (o->json) {
		struct run_result r = { .seed = o->seed,
					.st = &st,
					.wall_s = tksim_wall_seconds() - t0,
					.violation = ret ? why : NULL,
					.violation_ns = s->now_ns };

		run_print_json(stdout, s, &ntpd, &r);
	} else if (!to_stdout) {
		print_summary(s, o, &st, &ntpd, tksim_wall_seconds() - t0);
		run_m32_summary(&o->m32);
		if (ret == TKSIM_EXIT_OK)
			printf("  properties                   all held\n");
		else if (ret == TKSIM_EXIT_INTERRUPTED)
			printf("  properties                   held until interrupted\n");
	}
out_close:
	err = close_output(csv, o->csv_path);
	err |= close_output(trace, o->trace_path);
	if (err && ret != TKSIM_EXIT_VIOLATION)
		ret = TKSIM_EXIT_USAGE;
out_free:
	run_m32_system_free(&o->m32, s);
	return ret;
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
	int ret = run(argc, argv, &o);

	scenario_free(&o.scn);
	sim_ops_free(&o.ops);
	return ret;
}
