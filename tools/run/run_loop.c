// SPDX-License-Identifier: GPL-2.0
// tksim's own: `tksim run`'s loop: the system built, run to the end with every check (see
// tools/run/run_opts.h).
#include <errno.h>
#include <inttypes.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sim/oracle_aux.h"
#include "sim/trace.h"
#include "tools/run/run_json.h"
#include "tools/run/run_opts.h"
#include "sim/run/run_step.h"
#include "tools/process.h"
#include "tools/scenario/scenario_ops.h"
#include "tools/tksim.h"

/* Two outputs that are one file: each would overwrite the other's lines. */
static bool same_file(FILE *a, FILE *b)
{
	struct stat sa, sb;

	return !fstat(fileno(a), &sa) && !fstat(fileno(b), &sb) && sa.st_dev == sb.st_dev &&
	       sa.st_ino == sb.st_ino;
}

/*
 * An op of the timeline the executor refused to carry out: a usage error at its line (the
 * kernel never sees such an input), not a verdict.
 */
static int refused_op(const struct sim_run_call *c, const struct sim_system *s)
{
	char d[48];
	int ret;

	tksim_format_time_ns(d, sizeof(d), c->op.a);
	tksim_set_input(c->file, c->line);
	if (c->op.kind == SIM_OP_IDLE)
		ret = tksim_usage_error(
			"run",
			"idle %s: a NOHZ idle is at most %u gaps of max_idle_ns (%.1f d on this "
			"clocksource); split it or use ticks",
			d, SIM_OPS_MAX_TICKS,
			(double)s->counter.cs.max_idle_ns * SIM_OPS_MAX_TICKS / 86400e9);
	else if (c->op.kind == SIM_OP_SUSPEND)
		ret = tksim_usage_error("run",
					"suspend %s would carry REALTIME past 2262-04-11 "
					"(KTIME_SEC_MAX), which the kernel cannot represent",
					d);
	else
		ret = tksim_usage_error("run", "%s failed: %s", c->name, strerror(-c->ret));
	tksim_set_input(NULL, 0);
	return ret;
}

/**
 * run_simulate() - build the system of @o, run it tick by tick with every check, report
 * @o: the parsed options; it outlives the run (its strings may point into a scenario)
 *
 * Return: the exit status.
 */
/*
 * --kernel: the tree's code stands in for the model (sim/engine_ktree.c).  A tree that is
 * not there is a skip (exit 4, the reason said); one that does not build or boot, exit 2.
 */
static int run_kernel_attach(struct sim_system *s, const struct run_opts *o)
{
	char err[2048];
	int st = sim_system_open_ktree(s, o->kernel, err, sizeof(err));

	if (st == SIM_KTREE_UNAVAILABLE) {
		fprintf(stderr, "tksim run: skipped: %s\n", err);
		return TKSIM_EXIT_SKIP;
	}
	/* At the setting's FILE:LINE when a scenario gave it (`kernel 4294967296`). */
	if (st)
		return tksim_opt_error(&o->opts, RUN_OPT_KERNEL, "%s", err);
	return 0;
}

int run_simulate(struct run_opts *o)
{
	struct oracle_stats st = { 0 };
	struct oracle_mono mono = { 0 };
	struct oracle_aux aux;
	struct sim_system *s;
	struct sim_ntpd ntpd;
	struct sim_rng rng;
	FILE *csv = NULL, *trace = NULL;
	char why[256], clock[24];
	double t0, next_progress;
	u64 next_csv = 0;
	int ret, err, sig;
	bool progress, to_stdout, violated;

	s = run_m32_system_new(&o->m32, &o->cfg, &err);
	if (!s) {
		run_m32_system_free(&o->m32, s);
		return tksim_usage_error("run", "cannot build this system: %s", strerror(-err));
	}
	ret = run_m32_start(&o->m32, s);
	if (!ret && o->kernel)
		ret = run_kernel_attach(s, o);
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
		ret = tksim_opt_error(&o->opts, RUN_OPT_CLOCKSOURCES,
				      "--nohz and --clocksources do not go together yet");
		goto out_free;
	}
	o->ntp.calls.known_fail = o->bugs.known_fail;
	ret = run_ntp_start(&o->ntp, &ntpd, s);
	if (!ret)
		ret = run_cs_start(&o->cs, s, &o->opts);
	if (!ret)
		ret = run_bugs_check_ops(&o->bugs, &o->ops, &o->opts);
	if (!ret)
		ret = run_bugs_start(&o->bugs, s, o->duration_ns, &o->opts);
	if (ret)
		goto out_free;
	csv = run_open_output(o->csv_path);
	if (o->csv_path && !csv) {
		ret = tksim_opt_error(&o->opts, 'c', "cannot write '%s': %s", o->csv_path,
				      strerror(errno));
		goto out_close;
	}
	trace = run_open_output(o->trace_path);
	if (o->trace_path && !trace) {
		ret = tksim_opt_error(&o->opts, 'T', "cannot write '%s': %s", o->trace_path,
				      strerror(errno));
		goto out_close;
	}
	if (csv && trace && same_file(csv, trace)) {
		ret = tksim_opt_error(&o->opts, 'T', "--csv and --trace name the same file '%s'",
				      o->trace_path);
		goto out_close;
	}
	run_trace_size_warning(o);
	o->aux_trace = run_aux_mask(o);
	/* Aux clocks of --aux-clocks; a timeline's are the executor's (its oracle checks them). */
	oracle_aux_init(&aux, s, NULL);
	if (csv)
		run_csv_header(csv);
	if (trace) {
		sim_trace_header(trace, o->aux_trace);
		run_trace_row(trace, s, o);
	}
	/* The summary would mix with a time series on stdout. */
	to_stdout = csv == stdout || trace == stdout;
	sim_rng_seed(&rng, o->seed);
	progress = !o->quiet && isatty(STDERR_FILENO);
	t0 = tksim_wall_seconds();
	next_progress = t0 + 0.25;
	ret = TKSIM_EXIT_OK;
	/*
	 * INT, TERM, HUP, USR1, USR2: the loop ends after the current row, the summary so far
	 * is printed, exit 130.
	 */
	tksim_signals_catch();

	/* A timeline's ops all run, also those an earlier gap or stall has passed. */
	while ((s->now_ns < o->duration_ns ||
		(o->ntp.calls.timeline &&
		 sim_run_calls_next_ns(&o->ntp.calls) <= o->duration_ns)) &&
	       !tksim_signal_caught()) {
		/* Run to a random instant of the next tick (sim/run/run_step.c). */
		violated = sim_run_step(s, &ntpd, &o->ntp.calls, &rng, o->duration_ns,
					o->nohz_max_ns, why, sizeof(why)) ||
			   run_bugs_gap(&o->bugs, s, why, sizeof(why));
		if (trace)
			run_trace_row(trace, s, o);
		/*
		 * After a clocksource switch RAW is no longer one counter's conversion.  With
		 * a timeline the executor's reads (after its last op) are the checks.
		 */
		if (o->ntp.calls.timeline)
			st.checks = o->ntp.calls.reads;
		/* A counter event or a clocksource switch ends the aux clocks' raw-exact bases too.
		 */
		if (unlikely(aux.exact) && !run_cs_raw_exact_checkable(&o->cs, s))
			aux.exact = 0;
		if (violated ||
		    (!o->ntp.calls.timeline && run_cs_raw_exact_checkable(&o->cs, s)
			     ? oracle_check_tick(s, &mono, &st, why, sizeof(why))
			     : !o->ntp.calls.timeline &&
				       oracle_check_instant(s, &mono, &st, why, sizeof(why))) ||
		    (aux.seen && !o->ntp.calls.timeline &&
		     oracle_aux_check(&aux, s, NULL, clock, why, sizeof(why))) ||
		    run_cs_check(&o->cs, s, why, sizeof(why)) ||
		    run_m32_check(&o->m32, s, why, sizeof(why))) {
			if (o->ntp.calls.refused) {
				ret = refused_op(o->ntp.calls.refused, s);
				break;
			}
			if (!o->json)
				printf("VIOLATION at %.9f s (seed %" PRIu64 "): %s\n",
				       (double)s->now_ns * 1e-9, o->seed, why);
			ret = TKSIM_EXIT_VIOLATION;
			break;
		}
		if (csv && s->now_ns >= next_csv) {
			run_csv_row(csv, s, &ntpd);
			next_csv += o->csv_interval_ns;
			if (ferror(csv))
				break; /* reported by run_close_output() */
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
	tksim_signals_restore();
	if (progress)
		fprintf(stderr, "\r%60s\r", "");
	if (ret == TKSIM_EXIT_USAGE)
		goto out_close;
	sig = tksim_signal_caught();
	if (sig) {
		fprintf(stderr,
			"tksim run: interrupted by %s at %.3f simulated s; the summary so far:\n",
			tksim_signal_name(sig), (double)s->now_ns * 1e-9);
		if (ret == TKSIM_EXIT_OK)
			ret = TKSIM_EXIT_INTERRUPTED;
	}
	if (o->json) {
		struct run_result r = { .seed = o->seed,
					.st = &st,
					.wall_s = tksim_wall_seconds() - t0,
					.violation = ret == TKSIM_EXIT_VIOLATION ? why : NULL,
					.violation_ns = s->now_ns,
					.signal = sig ? tksim_signal_name(sig) : NULL,
					.calls = &o->ntp.calls,
					.aux = o->aux_trace };

		run_print_json(stdout, s, &ntpd, &r);
	} else if (!to_stdout) {
		run_print_summary(s, o, &st, &ntpd, tksim_wall_seconds() - t0);
		run_m32_summary(&o->m32);
		if (ret == TKSIM_EXIT_OK)
			printf("  properties                   all held\n");
		else if (ret == TKSIM_EXIT_INTERRUPTED)
			printf("  properties                   held until interrupted\n");
	}
out_close:
	err = run_close_output(csv, o->csv_path, &o->opts, 'c');
	err |= run_close_output(trace, o->trace_path, &o->opts, 'T');
	if (err && ret != TKSIM_EXIT_VIOLATION)
		ret = TKSIM_EXIT_USAGE;
out_free:
	/* The executor lives on the system: freed first. */
	sim_run_calls_free(&o->ntp.calls);
	run_m32_system_free(&o->m32, s);
	return ret;
}
