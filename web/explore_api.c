// SPDX-License-Identifier: GPL-2.0
// tksim's own: the explorer's C API, the deterministic core as `tksim run` drives it, for the page.
/*
 * The page (web/explorer.js) calls these functions of the WebAssembly build;
 * tests/explore/explore_drive.c calls them natively.  One session is one
 * `tksim run` of a timeline scenario, stepped by hand:
 *
 *   tke_reset();  tke_set("hz", "250"); ...   the scenario's settings
 *   tke_boot();                               the system built as run_simulate() builds it
 *   tke_at("5000001", "adjtimex modes=freq freq=65536");   an `at` line, queued
 *   tke_step(1);                              one step of the run's loop: the ops due,
 *                                             the next tick, the run's random instant after
 *   tke_row();                                the trace line of `tksim run --trace`
 *   tke_scenario();                           the session as a scenario file
 *
 * Every step is sim_run_step(), every op goes through the run's timed calls and the
 * op executor, and every row is sim_trace_row(): the functions `tksim run` uses.  So the
 * scenario that tke_scenario() writes, run by `tksim run --trace`, prints the rows the
 * page showed, number for number (tests/explore/page.sh checks it in a browser).
 *
 * No state is global but the one session the page drives (a page has one).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/bugs.h"
#include "sim/clocks.h"
#include "sim/fixes.h"
#include "sim/rng.h"
#include "sim/run/run_calls.h"
#include "sim/run/run_step.h"
#include "sim/trace.h"
#include "tools/run/run_opts.h"
#include "tools/scenario/scenario_ops.h"
#include "tools/sys_opts.h"
#include "tools/tksim.h"
#include "tools/usage.h"
#include "web/explore_api.h"

#define TKE_MAX_SETTINGS 32
#define TKE_OUT_SIZE 65536

/**
 * struct tke_setting - one scenario setting as the page gave it
 * @key:   the option's name ("hz")
 * @value: its value ("250"), "" for a flag
 */
struct tke_setting {
	char key[32];
	char value[96];
};

/**
 * struct tke_session - the one session of the page
 * @o:          the run's options, filled by tke_set() as a scenario fills them
 * @settings:   the settings in the order given, for the scenario file
 * @nr:         number of @settings
 * @s:          the booted system, NULL before tke_boot()
 * @ntpd:       the NTP daemon model
 * @rng:        the run's sampling instants
 * @ops:        every op applied, with its time, for the scenario file
 * @violated:   the verdict: a property was violated (the run stops there too)
 * @why:        the violation
 * @out:        the last string returned to the page
 */
struct tke_session {
	struct run_opts o;
	struct tke_setting settings[TKE_MAX_SETTINGS];
	unsigned int nr;
	struct sim_system *s;
	struct sim_ntpd ntpd;
	struct sim_rng rng;
	struct sim_op_list ops;
	bool violated;
	char why[256];
	char out[TKE_OUT_SIZE];
};

static struct tke_session tke;

/* The run's defaults (tools/run/cmd_run.c: run_opts_defaults()), less what a page never has. */
static void defaults(struct run_opts *o)
{
	sim_config_default(&o->cfg);
	run_ntp_defaults(&o->ntp);
	o->duration_ns = U64_MAX;
	o->trace_to_ns = U64_MAX;
	o->seed = 1;
	o->opts = (struct tksim_optset){ .cmd = "run", .table = cmd_run_options };
}

/**
 * tke_reset() - end the session; the next one starts from `tksim run`'s defaults
 */
void tke_reset(void)
{
	if (tke.s) {
		sim_run_calls_free(&tke.o.ntp.calls);
		sim_system_free(tke.s);
	}
	sim_ops_free(&tke.ops);
	memset(&tke, 0, sizeof(tke));
	defaults(&tke.o);
	sim_ops_init(&tke.ops);
}

/* The option of cmd_run_options[] that @key names, or NULL. */
static const struct tksim_option *find_option(const char *key)
{
	for (const struct tksim_option *t = cmd_run_options; t->name || t->help; t++)
		if (t->name && !strcmp(t->name, key))
			return t;
	return NULL;
}

/* Dispatch a parsed option by its code, as run_parse_argv() does for the options a page sets. */
static int apply_option(int c, const char *arg)
{
	if (c == 's')
		return tksim_opt_seed("run", arg, &tke.o.seed) ? TKSIM_EXIT_USAGE : 0;
	if (c >= SYS_OPT_HZ)
		return sys_opt_parse(&tke.o.cfg, "run", c, arg);
	/* A --stall or --suspend is run by the run's loop (run_bugs_gap()), not by a step. */
	if (c == RUN_OPT_STALL || c == RUN_OPT_SUSPEND)
		return tksim_usage_error("run", "not a setting of the explorer: use a stall op");
	if (c >= RUN_OPT_INJECT)
		return run_bugs_parse(&tke.o.bugs, c, arg);
	if (c >= RUN_OPT_M32_READERS || c >= RUN_OPT_CLOCKSOURCES || c < RUN_OPT_NTPD)
		return tksim_usage_error("run", "not a setting of the explorer");
	return run_ntp_parse(&tke.o.ntp, c, arg);
}

/**
 * tke_set() - a scenario setting of `tksim run` ("hz" "250"), before tke_boot()
 * @key:   the option's name, as a scenario line writes it
 * @value: its value; "" for a flag ("fll")
 *
 * Only the system's settings are taken: the counter, HZ, the seed, the NTP
 * options, --inject and --fix; not the outputs, --duration (the session's own
 * length), --stall and --suspend (ops here) or the options that need a process
 * of their own.
 *
 * Return: 0, or the exit status of `tksim run` for the bad setting (2).
 */
int tke_set(const char *key, const char *value)
{
	const struct tksim_option *t = find_option(key);
	char name[40], *argv[3];
	struct tksim_optiter it;
	int c, ret;

	if (tke.s || tke.nr == TKE_MAX_SETTINGS || !t ||
	    strlen(key) >= sizeof(tke.settings[0].key) ||
	    strlen(value) >= sizeof(tke.settings[0].value))
		return TKSIM_EXIT_USAGE;
	if (t->code == 'd' || t->code == 'c' || t->code == 'T' || t->code == 'j' ||
	    t->code == 'h' || t->code == 'i' || t->code == 'n' || t->code == 'F' || t->code == 'U')
		return TKSIM_EXIT_USAGE;
	snprintf(name, sizeof(name), "--%s", key);
	argv[0] = "run";
	argv[1] = name;
	argv[2] = (char *)value;
	/* The options' own iterator: the value is checked as on the command line. */
	tksim_opt_begin(&it, &tke.o.opts, *value ? 3 : 2, argv);
	while ((c = tksim_opt_next(&it)) > 0) {
		ret = apply_option(c, it.value);
		if (ret)
			return ret;
	}
	if (c < 0)
		return TKSIM_EXIT_USAGE;
	snprintf(tke.settings[tke.nr].key, sizeof(tke.settings[0].key), "%s", key);
	snprintf(tke.settings[tke.nr].value, sizeof(tke.settings[0].value), "%s", value);
	tke.nr++;
	return 0;
}

/* Queue @op (its time set) among the run's timed calls and keep it for the scenario. */
static int queue_op(const struct sim_op *op)
{
	if (!sim_ops_push(&tke.ops, op) ||
	    sim_run_calls_add(&tke.o.ntp.calls, op, sim_op_names[op->kind], NULL))
		return TKSIM_EXIT_USAGE;
	return 0;
}

/**
 * tke_boot() - build the system of the settings, as `tksim run` builds it
 *
 * run_simulate()'s set-up (tools/run/run_loop.c) for a timeline: the NTP
 * options shape the system, the daemon and the calls start, the bugs and
 * fixes are applied.  A `read` at time 0 is queued first, so that the
 * scenario is a timeline from its first line (a run without `at` lines reads
 * its instants without the executor, a verdict of another kind).
 *
 * Return: 0, or 2 for a system `tksim run` refuses.
 */
int tke_boot(void)
{
	struct sim_op read0 = { .kind = SIM_OP_READ };
	struct run_opts *o = &tke.o;
	int err = 0, ret;

	if (tke.s)
		return TKSIM_EXIT_USAGE;
	/* A timeline has no daemon unless a setting asks (tools/run/cmd_run.c: timeline()). */
	if (!tksim_opt_given(&o->opts, RUN_OPT_NTPD))
		o->ntp.daemon.enabled = false;
	o->ntp.daemon.seed = o->seed;
	o->ntp.calls.timeline = true;
	if (run_ntp_configure(&o->ntp, &o->cfg, &o->opts))
		return TKSIM_EXIT_USAGE;
	tke.s = sim_system_new(&o->cfg, &err);
	if (!tke.s)
		return TKSIM_EXIT_USAGE;
	ret = run_bugs_check_system(tke.s, &o->opts);
	if (!ret)
		ret = queue_op(&read0);
	if (!ret)
		ret = run_ntp_start(&o->ntp, &tke.ntpd, tke.s);
	if (!ret)
		ret = run_bugs_start(&o->bugs, tke.s, U64_MAX, &o->opts);
	if (ret) {
		sim_run_calls_free(&o->ntp.calls);
		sim_system_free(tke.s);
		tke.s = NULL;
		return ret;
	}
	sim_rng_seed(&tke.rng, o->seed);
	return 0;
}

/**
 * tke_at() - queue an op of the op language at @t_ns, after tke_boot(), before the steps
 *            that reach it
 * @t_ns: its time: ns since boot, in decimal (a JS number is exact only to 2^53)
 * @text: the op as an `at` line writes it after its time ("stall 2s")
 *
 * A run knows its whole timeline before its first step: which ops are still
 * to come decides whether a step only advances or also reads
 * (sim_run_calls_read()).  So the page queues every op of its session after
 * tke_boot() and replays the steps; an op the user adds is queued at 1 ns
 * after the current instant and the session replayed.
 *
 * Return: 0, or 2 for an op the language refuses, or one before the last queued.
 */
int tke_at(const char *t_ns, const char *text)
{
	struct sim_op op = { 0 };
	char buf[512], *end;
	unsigned long long t;

	if (!tke.s || strlen(text) >= sizeof(buf))
		return TKSIM_EXIT_USAGE;
	errno = 0;
	t = strtoull(t_ns, &end, 10);
	if (errno || end == t_ns || *end || (tke.ops.n && t < tke.ops.ops[tke.ops.n - 1].t_ns))
		return TKSIM_EXIT_USAGE;
	snprintf(buf, sizeof(buf), "%s", text);
	if (scenario_ops_parse_op(buf, &op))
		return TKSIM_EXIT_USAGE;
	op.t_ns = t;
	return queue_op(&op);
}

/**
 * tke_step() - @n steps of `tksim run`'s loop: the ops due on the way, the next tick,
 *              then the run's random instant before the one after (sim_run_step())
 * @n: steps
 *
 * Stops at the first violation, as the run does.
 *
 * Return: 0, 1 for a violation (tke_verdict() says which), 2 before tke_boot() or
 * after an op the executor refused (a run ends there with exit 2).
 */
int tke_step(unsigned int n)
{
	if (!tke.s || tke.o.ntp.calls.refused)
		return TKSIM_EXIT_USAGE;
	while (n-- && !tke.violated)
		if (sim_run_step(tke.s, &tke.ntpd, &tke.o.ntp.calls, &tke.rng, U64_MAX, 0, tke.why,
				 sizeof(tke.why)))
			tke.violated = true;
	if (tke.o.ntp.calls.refused)
		return TKSIM_EXIT_USAGE;
	return tke.violated;
}

/**
 * tke_now() - the current instant
 *
 * Return: ns since boot, in decimal, valid until the next call.
 */
const char *tke_now(void)
{
	snprintf(tke.out, sizeof(tke.out), "%" PRIu64, tke.s ? tke.s->now_ns : 0);
	return tke.out;
}

/* Open tke.out as a stream; the caller writes and calls done(). */
static FILE *out_open(void)
{
	tke.out[0] = '\0';
	return fmemopen(tke.out, sizeof(tke.out), "w");
}

static const char *out_done(FILE *f)
{
	if (f)
		fclose(f);
	return tke.out;
}

/**
 * tke_header() - the trace's column names (sim_trace_header())
 *
 * Return: one line, tab-separated, valid until the next call of this API.
 */
const char *tke_header(void)
{
	FILE *f = out_open();

	if (f)
		sim_trace_header(f, run_aux_mask(&tke.o));
	return out_done(f);
}

/**
 * tke_row() - the state now, as one line of `tksim run --trace` (sim_trace_row())
 *
 * Return: the line, or "" before tke_boot(); valid until the next call.
 */
const char *tke_row(void)
{
	FILE *f = out_open();

	if (f && tke.s)
		sim_trace_row(f, tke.s, run_aux_mask(&tke.o));
	return out_done(f);
}

/**
 * tke_clocks() - every clock now, through the vDSO and the kernel-side path
 *
 * Reads change nothing in the system (the vvar page and the timekeeper are
 * only read), so the page may call this between steps.
 *
 * Return: lines "NAME\tVDSO_NS\tSYSCALL_NS" (ns, or the negative errno), valid until
 * the next call.
 */
const char *tke_clocks(void)
{
	FILE *f = out_open();

	for (unsigned int i = 0; f && tke.s && i < oracle_nr_clocks; i++) {
		s32 id = oracle_clocks[i];
		struct timespec64 v, k;
		int rv = sim_clock_gettime(tke.s, SIM_PATH_VDSO, id, &v);
		int rk = sim_clock_gettime(tke.s, SIM_PATH_SYSCALL, id, &k);

		fprintf(f, "%s\t%lld\t%lld\n", sim_clock_by_id(id)->name,
			rv ? (long long)rv : (long long)ts_to_ns(&v),
			rk ? (long long)rk : (long long)ts_to_ns(&k));
	}
	return out_done(f);
}

/**
 * tke_verdict() - what the oracle saw so far
 *
 * Return: "" while every property held, else the violation as `tksim run` prints it, or
 * why the session cannot be run (tke_step() returned 2).
 */
const char *tke_verdict(void)
{
	return tke.violated ? tke.why : "";
}

/**
 * tke_unseen() - an injected bug this session cannot show
 *
 * A bug only threads show, which a read-across-tick op shows too: without such an op
 * `tksim run` refuses the session (run_bugs_check_ops()), and the page must not call its
 * steps "all held".  The steps still run, so that the op can be added where the learner is.
 *
 * Return: "" when every injected bug can be seen, else why not; valid until the next call.
 */
const char *tke_unseen(void)
{
	u64 unseen = tke.o.bugs.inject & SIM_OPS_TIMELINE_BUGS;

	unseen &= ~sim_ops_shown_bugs(&tke.ops, unseen);
	tke.out[0] = '\0';
	if (unseen)
		snprintf(tke.out, sizeof(tke.out),
			 "%s: only real threads show it, or a read across a tick (the op "
			 "read-across-tick); tksim run refuses this session (exit 2)",
			 sim_bug_by_bit(unseen & -unseen)->name);
	return tke.out;
}

/* A table's text field without the tabs and newlines that separate the page's fields. */
static void field(FILE *f, const char *s)
{
	fputc('\t', f);
	for (; s && *s; s++)
		fputc(*s == '\t' || *s == '\n' ? ' ' : *s, f);
}

/**
 * tke_bugs() - the injectable bugs and the fix variants, from sim/bugs.c and sim/fixes.c
 *
 * Return: one line per entry, "bug|fix\tNAME\tSEEN\tWHAT\tKERNEL_FIX\tSHOWS", SEEN 1
 * where `tksim run` can inject it (else 0 and why not in WHAT's place), valid until
 * the next call.
 */
const char *tke_bugs(void)
{
	FILE *f = out_open();

	for (unsigned int i = 0; f && i < sim_nr_bugs; i++) {
		const char *why = NULL;
		/* A bug only threads show, which a read-across-tick op shows too, is seen. */
		bool seen = !sim_bugs_unseen(sim_bugs[i].bit & ~(u64)SIM_OPS_TIMELINE_BUGS, &why);

		fprintf(f, "bug\t%s\t%d", sim_bugs[i].name, seen);
		field(f, seen ? sim_bugs[i].what : why);
		field(f, sim_bugs[i].fix);
		field(f, sim_bugs[i].shows);
		fputc('\n', f);
	}
	for (unsigned int i = 0; f && i < sim_nr_fixes; i++) {
		fprintf(f, "fix\t%s\t1", sim_fixes[i].name);
		field(f, sim_fixes[i].what);
		field(f, sim_fixes[i].changes);
		field(f, sim_fixes[i].shows);
		fputc('\n', f);
	}
	return out_done(f);
}

/**
 * tke_explain() - `tksim explain ARGS`, its text on stdout (the page's print hook)
 * @args: the command line after "explain", words separated by blanks ("tick --hz 250")
 *
 * The explain topics build a system of their own from the options: the page passes the
 * session's HZ and counter error, and the current instant with --at.
 *
 * Return: its exit status (1 for a MISMATCH of a step with the real function).
 */
int tke_explain(const char *args)
{
	char buf[512], *argv[32], *save = NULL;
	int argc = 0, ret;

	if (strlen(args) >= sizeof(buf))
		return TKSIM_EXIT_USAGE;
	snprintf(buf, sizeof(buf), "%s", args);
	argv[argc++] = "explain";
	for (char *w = strtok_r(buf, " ", &save); w && argc < 31; w = strtok_r(NULL, " ", &save))
		argv[argc++] = w;
	argv[argc] = NULL;
	ret = cmd_explain(argc, argv);
	fflush(stdout);
	return ret;
}

/**
 * tke_scenario() - the session as a scenario file for `tksim run`
 *
 * The settings in the order given, the duration (the current instant, to the
 * ns: the run ends where the page is) and every op at its time.
 *
 * Return: the file's text, valid until the next call.
 */
const char *tke_scenario(void)
{
	FILE *f = out_open();

	if (!f || !tke.s)
		return out_done(f);
	fprintf(f, "# A session of the explorer (tksim explore), replayed by `tksim run FILE`:\n"
		   "# `tksim run FILE --trace -` prints the rows the page showed.\n");
	for (unsigned int i = 0; i < tke.nr; i++)
		fprintf(f, "%s%s%s\n", tke.settings[i].key, *tke.settings[i].value ? " " : "",
			tke.settings[i].value);
	fprintf(f, "duration %" PRIu64 "ns\n", tke.s->now_ns);
	for (unsigned int i = 0; i < tke.ops.n; i++)
		scenario_ops_format_op(f, &tke.ops.ops[i]);
	return out_done(f);
}
