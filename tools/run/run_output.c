// SPDX-License-Identifier: GPL-2.0
// tksim's own: what `tksim run` writes: CSV rows, trace lines, the summary (see
// tools/run/run_opts.h).
#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "sim/clocks.h"
#include "sim/trace.h"
#include "timekeeper/timekeeping_aux.h"
#include "tools/run/run_opts.h"
#include "tools/tksim.h"

/** run_csv_header() - the CSV's first line, into @f. */
void run_csv_header(FILE *f)
{
	fprintf(f, "t_s,realtime_error_ns,mono_minus_raw_ns,mult,raw_mult,ntp_error_ns32,"
		   "counter_error_ppb");
	run_ntp_csv_header(f);
	fprintf(f, "\n");
}

/**
 * run_csv_row() - one CSV row, now
 * @f: the CSV
 * @s: the system
 * @d: the daemon, whose reference (the truth, leap seconds included) REALTIME is compared with
 */
void run_csv_row(FILE *f, struct sim_system *s, const struct sim_ntpd *d)
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

/**
 * run_print_summary() - the text summary of a run
 * @s:    the system at the end
 * @o:    the options
 * @st:   what the oracle checked
 * @d:    the daemon
 * @wall: wall-clock seconds the run took
 */
void run_print_summary(struct sim_system *s, const struct run_opts *o,
		       const struct oracle_stats *st, const struct sim_ntpd *d, double wall)
{
	const struct clocksource *cs = &s->counter.cs;
	double sim_s = (double)s->now_ns * 1e-9;
	char a[48], b[48];
	struct timespec64 rt;
	struct timekeeper tk;

	printf("tksim run: %.3f s simulated at HZ=%u, models Linux %s\n", sim_s, s->cfg.hz,
	       tk_profile_release(s->k.profile));
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
	/* The aux clocks of the run, each while enabled (a disabled one reads -ENODEV). */
	for (unsigned int i = 0; i < TK_MAX_AUX_CLOCKS; i++) {
		s32 c = TK_CLOCK_AUX + (s32)i;
		struct timespec64 v, k;

		if (!(o->aux_trace & (1U << i)))
			continue;
		if (sim_clock_gettime(s, SIM_PATH_VDSO, c, &v) ||
		    sim_clock_gettime(s, SIM_PATH_SYSCALL, c, &k)) {
			printf("  %-18s %-24s %s\n", oracle_clock_name(c), "disabled", "disabled");
			continue;
		}
		oracle_format_ns(a, sizeof(a), ts_to_ns(&v));
		oracle_format_ns(b, sizeof(b), ts_to_ns(&k));
		printf("  %-18s %-24s %s\n", oracle_clock_name(c), a, b);
	}
	sim_clock_gettime(s, SIM_PATH_VDSO, TK_CLOCK_REALTIME, &rt);
	oracle_format_ns(a, sizeof(a), ts_to_ns(&rt) - sim_ntpd_true_realtime_ns(d, s));
	printf("\n");
	run_ntp_summary(&o->ntp, d, s);
	run_cs_summary(&o->cs, s);
	printf("\n  largest |vDSO - kernel-side|  %" PRId64 " ns\n", (s64)st->max_vdso_diff_ns);
	printf("  REALTIME - true time         %s s\n", a);
	tk_snapshot(&s->k, &tk);
	printf("  mult past maxadj (11 %%)      %" PRIu32 " adjustments%s\n", tk.maxadj_warnings,
	       s->kt ? " (the model's count: the tree's printk_once() says only the first)" : "");
	/* Which numbers the state checks read: never a silent substitution of the model's. */
	if (s->kt)
		printf("  state checks                 ntp_error's bound, mult within maxadj and "
		       "the "
		       "adjtimex read-back\n"
		       "                               read the tree's numbers (ktree_snapshot()); "
		       "these read the model\n"
		       "                               beside it: second_overflow() once a second "
		       "(the tree counts\n"
		       "                               neither its calls nor the seconds a mult "
		       "correction borrows),\n"
		       "                               and the leap and second counts the "
		       "frequency-still and\n"
		       "                               read-back checks allow for\n");
}

/**
 * run_open_output() - an output file, "-" for stdout
 * @path: its name, or NULL
 *
 * Return: the stream; NULL if @path is NULL or cannot be written.
 */
FILE *run_open_output(const char *path)
{
	if (!path)
		return NULL;
	return strcmp(path, "-") ? fopen(path, "w") : stdout;
}

/**
 * run_close_output() - flush and close an output
 * @f:    the stream (NULL: nothing to do)
 * @path: its name, for the error
 * @opts: the run's options, and @code the one that named it: the error is at its
 *        FILE:LINE when a scenario gave it (`csv /proc/version`)
 *
 * A write that failed at any point (a full disk, /dev/full) is reported with
 * its errno and makes the run exit 2: a cut time series must not pass for a
 * whole one.
 *
 * Return: 0 or TKSIM_EXIT_USAGE.
 */
int run_close_output(FILE *f, const char *path, const struct tksim_optset *opts, int code)
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
	return tksim_opt_error(opts, code, "cannot write '%s': %s", path,
			       strerror(errno ? errno : EIO));
}

/*
 * About what one --trace line takes (bytes; 700 MB per simulated hour at
 * HZ=1000 was measured): the warning threshold is 1 GB.
 */
#define TRACE_BYTES_PER_TICK 200
#define TRACE_WARN_BYTES (1ULL << 30)

/**
 * run_trace_size_warning() - warn before a trace that would fill a disk
 * @o: the options (--from/--to bound the trace)
 */
void run_trace_size_warning(const struct run_opts *o)
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

/**
 * run_trace_row() - a trace line, if the tick lies in the --from/--to window
 * @f: the trace
 * @s: the system
 * @o: the options
 */
void run_trace_row(FILE *f, const struct sim_system *s, const struct run_opts *o)
{
	if (s->now_ns >= o->trace_from_ns && s->now_ns <= o->trace_to_ns)
		sim_trace_row(f, s, o->aux_trace);
}

/**
 * run_aux_mask() - the aux clocks a run shows: those enabled at boot and by its timeline
 * @o: the options, parsed
 *
 * Return: bit n for CLOCK_AUX + n.
 */
unsigned int run_aux_mask(const struct run_opts *o)
{
	unsigned int mask = (1U << o->cfg.aux_clocks) - 1;

	for (unsigned int i = 0; i < o->ops.n; i++) {
		const struct sim_op *op = &o->ops.ops[i];

		if (op->kind == SIM_OP_AUX_ENABLE && op->a >= 0 && op->a < TK_MAX_AUX_CLOCKS)
			mask |= 1U << op->a;
	}
	return mask;
}
