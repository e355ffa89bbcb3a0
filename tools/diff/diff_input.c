// SPDX-License-Identifier: GPL-2.0
// tksim's own: the op list `tksim diff` compares (see tools/diff/diff_input.h).
/*
 * A scenario of `tksim run` is settings, timed calls (--adjtimex T:...,
 * --settimeofday T:...) and `at` lines.  `tksim diff` takes the ones that
 * are ops on one system; the settings of run's other actors (the NTP daemon
 * model, the 32-bit readers, clocksource lists, counter events) are not
 * options here, so such a file is refused at its line by the option parser.
 * The calls and the `at` ops are merged by time, each keeping its line.
 */
#include "tools/diff/diff_input.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/scenario/scenario_find.h"
#include "tools/scenario/scenario_ops.h"
#include "tools/timed_calls.h"
#include "tools/tksim.h"

/* The last op of @l came from the line being read: remember it in *@lines. */
static int keep_line(const struct sim_op_list *l, unsigned int **lines)
{
	unsigned int *p = realloc(*lines, l->n * sizeof(*p));
	const char *file;
	unsigned int line;

	if (!p)
		return tksim_usage_error("diff", "out of memory");
	tksim_get_input(&file, &line);
	p[l->n - 1] = file ? line : 0;
	*lines = p;
	return 0;
}

static int at_line(char *rest, void *ctx)
{
	struct diff_input *in = ctx;
	unsigned int n = in->at.n;
	int ret = scenario_ops_line(&in->at, rest);

	if (ret || in->at.n == n)
		return ret;
	return keep_line(&in->at, &in->at_lines);
}

/**
 * diff_input_init() - an empty input with the default system
 * @in:    the input
 * @table: the command's option table (it holds DIFF_INPUT_OPTIONS)
 */
void diff_input_init(struct diff_input *in, const struct tksim_option *table)
{
	memset(in, 0, sizeof(*in));
	in->opts = (struct tksim_optset){ .cmd = "diff", .table = table };
	sim_ops_init(&in->list);
	sim_ops_init(&in->at);
	sim_ops_init(&in->calls);
	sim_config_default(&in->list.cfg);
	in->scn.at = at_line;
}

/**
 * diff_input_scenario() - read the scenario file @name (a path or an example's name)
 * @in:   the input; its `at` lines are read into it
 * @name: the file
 * @fn:   the command's parser of settings, which hands each of DIFF_INPUT_OPTIONS'
 *        codes to diff_input_parse(); its context must be @ctx
 * @ctx:  @fn's context
 *
 * The `at` lines reach at_line() with @ctx as their context, so @ctx must be
 * a struct whose first member is the struct diff_input: cmd_diff.c's is.
 *
 * Return: 0, or the exit status of an error already reported.
 */
int diff_input_scenario(struct diff_input *in, const char *name, scenario_apply_fn *fn, void *ctx)
{
	char path[4096];

	return scenario_apply(&in->scn, scenario_find(name, path, sizeof(path)), "diff", fn, ctx);
}

/**
 * diff_input_parse() - one of DIFF_INPUT_OPTIONS
 * @in:    the input
 * @code:  its code
 * @value: its value
 *
 * Return: 0, or the exit status of an error already reported.
 */
int diff_input_parse(struct diff_input *in, int code, const char *value)
{
	struct sim_op op;
	int ret;

	switch (code) {
	case DIFF_OPT_DURATION:
		if (tksim_parse_duration_ns(value, &in->duration_ns))
			return tksim_usage_error("diff", "bad --duration '%s'", value);
		return 0;
	case DIFF_OPT_NTPD:
		if (strcmp(value, "off"))
			return tksim_usage_error("diff",
						 "--ntpd %s: the NTP daemon model is tksim run's; "
						 "diff compares the calls of a scenario (ntpd off)",
						 value);
		return 0;
	case DIFF_OPT_ADJTIMEX:
	case DIFF_OPT_SETTIMEOFDAY:
		ret = code == DIFF_OPT_ADJTIMEX ? tksim_parse_adjtimex_call(&op, "diff", value)
						: tksim_parse_settimeofday_call(&op, "diff", value);
		if (ret)
			return ret;
		if (!sim_ops_push(&in->calls, &op))
			return tksim_usage_error("diff", "out of memory");
		return keep_line(&in->calls, &in->call_lines);
	default:
		if (code >= SYS_OPT_HZ && code <= SYS_OPT_PROFILE)
			return sys_opt_parse(&in->list.cfg, "diff", code, value);
		return tksim_usage_error("diff", "unknown option");
	}
}

static int push(struct diff_input *in, const struct sim_op *op, unsigned int line)
{
	unsigned int *p;

	if (!sim_ops_push(&in->list, op))
		return tksim_usage_error("diff", "out of memory");
	p = realloc(in->lines, in->list.n * sizeof(*p));
	if (!p)
		return tksim_usage_error("diff", "out of memory");
	p[in->list.n - 1] = line;
	in->lines = p;
	return 0;
}

/**
 * diff_input_finish() - the scenario's ops in time order, and a read at its duration
 *
 * @in: the input, its settings parsed
 *
 * The calls and the `at` ops are merged by time (a call first at the same
 * instant, as each kind's list keeps its own order) and cut at the duration, where
 * `tksim run` ends; a duration past the last op adds a read there, so that the ticks
 * up to it are compared.
 *
 * Return: 0, or the exit status of an error already reported.
 */
int diff_input_finish(struct diff_input *in)
{
	unsigned int i = 0, j = 0;
	int ret = 0;

	/* The calls come in any order (they are options); sorted by time, stably. */
	for (unsigned int k = 1; k < in->calls.n; k++)
		for (unsigned int m = k; m > 0 && in->calls.ops[m - 1].t_ns > in->calls.ops[m].t_ns;
		     m--) {
			struct sim_op t = in->calls.ops[m];
			unsigned int l = in->call_lines[m];

			in->calls.ops[m] = in->calls.ops[m - 1];
			in->call_lines[m] = in->call_lines[m - 1];
			in->calls.ops[m - 1] = t;
			in->call_lines[m - 1] = l;
		}
	while (!ret && (i < in->calls.n || j < in->at.n)) {
		bool call = j == in->at.n ||
			    (i < in->calls.n && in->calls.ops[i].t_ns <= in->at.ops[j].t_ns);

		const struct sim_op *op = call ? &in->calls.ops[i] : &in->at.ops[j];

		/* Past the duration, as `tksim run` ends there (an op at 106751 d ran 292 years of
		 * ticks). */
		if (!in->duration_ns || op->t_ns <= in->duration_ns)
			ret = push(in, op, call ? in->call_lines[i] : in->at_lines[j]);
		call ? i++ : j++;
	}
	if (!ret && (!in->list.n || in->duration_ns > in->list.ops[in->list.n - 1].t_ns)) {
		struct sim_op end = { .kind = SIM_OP_READ, .t_ns = in->duration_ns };

		ret = push(in, &end, 0);
	}
	return ret;
}

/**
 * diff_input_read_bytes() - a fuzz input: every byte string is an op list (sim/ops/ops_decode.c)
 * @in:   the input
 * @path: the file
 *
 * Return: 0, or the exit status of an error already reported.
 */
int diff_input_read_bytes(struct diff_input *in, const char *path)
{
	static u8 buf[1 << 16];
	FILE *f = fopen(path, "rb");
	size_t n;

	if (!f)
		return tksim_usage_error("diff", "%s: %s", path, strerror(errno));
	n = fread(buf, 1, sizeof(buf), f);
	if (ferror(f)) {
		fclose(f);
		return tksim_usage_error("diff", "%s: cannot read", path);
	}
	fclose(f);
	sim_ops_decode(&in->list, buf, n);
	return 0;
}

/** diff_input_free() - done with the input. */
void diff_input_free(struct diff_input *in)
{
	sim_ops_free(&in->list);
	sim_ops_free(&in->at);
	sim_ops_free(&in->calls);
	free(in->lines);
	free(in->at_lines);
	free(in->call_lines);
	scenario_free(&in->scn);
}
