// SPDX-License-Identifier: GPL-2.0
// tksim's own: the op language as scenario text (see docs/fuzzing.md, "The op language").
/*
 * A scenario line "at TIME OP ARGS..." is one op of sim/ops/ops.h:
 *
 *   at 12.000000345s adjtimex modes=freq+status freq=-819200 status=pll
 *   at 2s settimeofday sec=1767311998 usec=0 minuteswest=-60 dsttime=0
 *   at 3s clock_adjtime MONOTONIC user modes=freq freq=65536
 *   at 4s idle 30s
 *   at 5s aux_clock_enable 0 1
 *   at 6s clock_adjtime AUX0 modes=freq freq=-786432
 *
 * TIME is virtual time since boot (tools/parse.c: a bare number is seconds,
 * units ns us ms s m h d, exact to the ns).  Every number of a call is in
 * the kernel's own unit, exactly as struct timex carries it (freq in
 * ppm << 16, offset in us or ns with nano); mode and status bits are names
 * joined by '+', or numbers.  Each kind's arguments and their bounds are
 * its entry in sim_op_kinds[] (sim/ops/ops_kinds.c); each argument type is
 * read and written here.  Ops must come in time order.  Errors are
 * "tksim: FILE:LINE: what is wrong", exit 2, as for every scenario line.
 */
#include "tools/scenario/scenario_ops.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <string.h>
#include <strings.h>

#include "sim/bugs.h"
#include "sim/clocks.h"
#include "sim/fixes.h"
#include "sim/ops/ops_kinds.h"
#include "tools/parse.h"
#include "tools/timex_names.h"
#include "tools/tksim.h"

/* A clock: its CLOCK_ name without the prefix (any case), or a number. */
static int parse_clock(const char *s, s32 *clock)
{
	const struct sim_clock_desc *c = sim_clock_by_name(s);
	s64 v;

	if (c) {
		*clock = c->id;
		return 0;
	}
	if (tksim_parse_s64(s, &v) || v < INT32_MIN || v > INT32_MAX)
		return -EINVAL;
	*clock = (s32)v;
	return 0;
}

static void format_clock(FILE *f, s32 clock)
{
	const struct sim_clock_desc *c = sim_clock_by_id(clock);

	if (c)
		fprintf(f, " %s", c->name);
	else
		fprintf(f, " %" PRId32, clock);
}

/* The next blank-separated word of *@p, or NULL. */
static char *next_word(char **p)
{
	char *w = *p;

	while (isspace((unsigned char)*w))
		w++;
	if (!*w)
		return NULL;
	*p = w;
	while (**p && !isspace((unsigned char)**p))
		(*p)++;
	if (**p)
		*(*p)++ = '\0';
	return w;
}

/* A usage error about the current scenario line. */
#define bad(...) tksim_usage_error("run", __VA_ARGS__)

/* One KEY=VALUE of settimeofday (SIM_ARG_TOD) or clock_settime (SIM_ARG_TIMESPEC). */
static int parse_set_kv(struct sim_op *op, const struct sim_op_arg *arg, const char *kv, s64 v)
{
	bool cs = arg->type == SIM_ARG_TIMESPEC;

	if (!strcmp(kv, "sec"))
		op->a = v, op->has_tv = !cs;
	else if (!strcmp(kv, cs ? "nsec" : "usec"))
		op->b = v, op->has_tv = !cs;
	else if (!cs && !strcmp(kv, "minuteswest") && v >= INT32_MIN && v <= INT32_MAX)
		op->tz.tz_minuteswest = (int)v, op->has_tz = true;
	else if (!cs && !strcmp(kv, "dsttime") && v >= INT32_MIN && v <= INT32_MAX)
		op->tz.tz_dsttime = (int)v, op->has_tz = true;
	else
		return bad("%s: unknown or out-of-range key '%s'", sim_op_names[op->kind], kv);
	return 0;
}

/* One KEY=VALUE (or `user`) of a call's KEY=VALUE argument @arg. */
static int parse_kv(struct sim_op *op, const struct sim_op_arg *arg, char *kv)
{
	char *val = strchr(kv, '=');
	struct tk_timex *tx = &op->tx;
	bool timex = arg->type == SIM_ARG_TIMEX;
	u64 bits;
	s64 v;

	if (!strcmp(kv, "user")) {
		op->user = true;
		return 0;
	}
	if (!val)
		return bad("%s: '%s' is not KEY=VALUE", sim_op_names[op->kind], kv);
	*val++ = '\0';
	if (timex && (!strcmp(kv, "modes") || !strcmp(kv, "status"))) {
		bool modes = !strcmp(kv, "modes");

		if (modes ? timex_parse_modes(val, &bits) : timex_parse_status(val, &bits))
			return bad("%s: '%s' is not a list of bit names and numbers joined by +",
				   kv, val);
		if (modes)
			tx->modes = (unsigned int)bits;
		else
			tx->status = (int)bits;
		return 0;
	}
	if (tksim_parse_s64(val, &v))
		return bad("%s: '%s' is not a whole number", kv, val);
	if (!timex)
		return parse_set_kv(op, arg, kv, v);
	if (!strcmp(kv, "offset"))
		tx->offset = v;
	else if (!strcmp(kv, "freq"))
		tx->freq = v;
	else if (!strcmp(kv, "maxerror"))
		tx->maxerror = v;
	else if (!strcmp(kv, "esterror"))
		tx->esterror = v;
	else if (!strcmp(kv, "constant"))
		tx->constant = v;
	else if (!strcmp(kv, "tick"))
		tx->tick = v;
	else if (!strcmp(kv, "sec"))
		tx->time.tv_sec = v;
	else if (!strcmp(kv, "usec"))
		tx->time.tv_usec = v;
	else
		return bad("%s: unknown key '%s'", sim_op_names[op->kind], kv);
	return 0;
}

/* A number or a duration, into the field of @arg. */
static int parse_number_arg(struct sim_op *op, const struct sim_op_arg *arg, char **p,
			    bool duration)
{
	char *w = next_word(p);
	u64 d;
	s64 v;

	if (!w)
		return bad("%s needs a %s", sim_op_names[op->kind],
			   duration ? "duration" : "number");
	if (duration) {
		if (tksim_parse_duration_ns(w, &d) || d > (u64)S64_MAX)
			return bad("%s: '%s' is not a duration", sim_op_names[op->kind], w);
		sim_op_arg_set(op, arg, (s64)d);
		return 0;
	}
	if (tksim_parse_s64(w, &v))
		return bad("%s: '%s' is not a whole number", sim_op_names[op->kind], w);
	sim_op_arg_set(op, arg, v);
	return 0;
}

/* "A, B, C": @n names joined, for an error that lists what would do. */
static void join_names(char *buf, size_t size, const char *const *names, unsigned int n)
{
	size_t len = 0;

	buf[0] = '\0';
	for (unsigned int i = 0; i < n && len < size; i++)
		len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? ", " : "", names[i]);
}

/* A number beyond the text's bounds of @arg. */
static int bad_range(const struct sim_op *op, const struct sim_op_arg *arg)
{
	return bad("%s: %s%lld%s", sim_op_names[op->kind], arg->range_pre, (long long)arg->text_hi,
		   arg->range_post);
}

/* One argument of @op from the words at *@p, as its type is written (enum sim_op_arg_type). */
static int parse_arg(struct sim_op *op, const struct sim_op_arg *arg, char **p)
{
	const char *name = sim_op_names[op->kind];
	char list[128], *w;
	int ret = 0;
	s64 v;

	switch (arg->type) {
	case SIM_ARG_COUNT:
	case SIM_ARG_NUMBER:
		ret = parse_number_arg(op, arg, p, false);
		v = sim_op_arg_get(op, arg);
		if (!ret && arg->range_pre && (v < arg->text_lo || v > arg->text_hi))
			return bad_range(op, arg);
		return ret;
	case SIM_ARG_SPAN:
		return parse_number_arg(op, arg, p, true);
	case SIM_ARG_CPU:
		w = next_word(p);
		if (!w || tksim_parse_s64(w, &v) || v < arg->text_lo || v > arg->text_hi)
			return bad_range(op, arg);
		sim_op_arg_set(op, arg, v);
		return 0;
	case SIM_ARG_CHOICE:
		w = next_word(p);
		for (v = 0; w && v <= arg->hi; v++)
			if (!strcmp(arg->names[v], w))
				break;
		if (!w || v > arg->hi) {
			join_names(list, sizeof(list), arg->names, (unsigned int)arg->hi + 1);
			return bad("%s: '%s' is not a %s (%s)", name, w ? w : "", arg->name, list);
		}
		sim_op_arg_set(op, arg, v);
		return 0;
	case SIM_ARG_BUGS: {
		u64 mask = 0; /* sim_bugs_parse() adds to it */

		w = next_word(p);
		if (!w || sim_bugs_parse(w, &mask))
			return bad("%s: '%s' is not a list of bugs (see tksim bugs)", name,
				   w ? w : "");
		/* A timeline is deterministic: it would say "all held" for a bug it cannot see. */
		if (tksim_refuse_unseen_bugs("run", mask))
			return TKSIM_EXIT_USAGE;
		sim_op_arg_set(op, arg, (s64)mask);
		return 0;
	}
	case SIM_ARG_CLOCK:
		w = next_word(p);
		if (!w || parse_clock(w, &op->clock))
			return bad("%s: '%s' is not a clock (REALTIME ... or a number)", name,
				   w ? w : "");
		return 0;
	case SIM_ARG_TIMEX:
	case SIM_ARG_TOD:
	case SIM_ARG_TIMESPEC:
		while (!ret && (w = next_word(p)))
			ret = parse_kv(op, arg, w);
		return ret;
	}
	return 0;
}

/**
 * scenario_ops_parse_op() - "KIND ARGS..." (the text after "at TIME") into @op
 * @text: the text, split in place
 * @op:   filled in (its time is left alone)
 *
 * The arguments are those of the kind's entry in sim_op_kinds[], in order.
 *
 * Return: 0, or 2 after "tksim: FILE:LINE: what is wrong".
 */
int scenario_ops_parse_op(char *text, struct sim_op *op)
{
	char *p = text, *kind = next_word(&p), *w;
	int k = kind ? sim_op_kind_from_name(kind) : -1;
	const struct sim_op_desc *kd;
	char list[256];
	int ret = 0;

	if (k < 0) {
		join_names(list, sizeof(list), sim_op_names, SIM_OP_NR_KINDS);
		return bad("'%s' is not an op (%s)", kind ? kind : "", list);
	}
	op->kind = (enum sim_op_kind)k;
	kd = &sim_op_kinds[k];
	for (unsigned int i = 0; i < kd->nr_args && !ret; i++)
		ret = parse_arg(op, &kd->args[i], &p);
	if (!ret && (w = next_word(&p)))
		return bad("%s: unexpected '%s'", sim_op_names[op->kind], w);
	return ret;
}

/**
 * scenario_ops_line() - a scenario's "at TIME OP ARGS..." line into the op list @ctx
 * @ctx:  the struct sim_op_list
 * @line: the text after "at", split in place
 *
 * Return: 0, or 2 after "tksim: FILE:LINE: what is wrong".
 */
int scenario_ops_line(void *ctx, char *line)
{
	struct sim_op_list *l = ctx;
	struct sim_op op = { 0 };
	char *p = line, *t = next_word(&p);
	s64 ns;
	int ret;

	if (!t || tksim_parse_time_ns(t, NSEC_PER_SEC, &ns) || ns < 0)
		return bad("at: '%s' is not a time since boot (e.g. 12.000000345s)", t ? t : "");
	op.t_ns = (u64)ns;
	if (l->n && l->ops[l->n - 1].t_ns > op.t_ns) {
		char prev[48];

		tksim_format_time_ns(prev, sizeof(prev), (s64)l->ops[l->n - 1].t_ns);
		return tksim_usage_error("run", "at %s comes before the op above it, at %s", t,
					 prev);
	}
	ret = scenario_ops_parse_op(p, &op);
	if (ret)
		return ret;
	if (!sim_ops_push(l, &op))
		return bad("out of memory");
	return 0;
}

static void format_timex(FILE *f, const struct sim_op *op)
{
	const struct tk_timex *tx = &op->tx;

	if (op->user)
		fprintf(f, " user");
	fprintf(f, " modes=");
	timex_format_modes(f, tx->modes);
	if (tx->offset)
		fprintf(f, " offset=%lld", tx->offset);
	if (tx->freq)
		fprintf(f, " freq=%lld", tx->freq);
	if (tx->maxerror)
		fprintf(f, " maxerror=%lld", tx->maxerror);
	if (tx->esterror)
		fprintf(f, " esterror=%lld", tx->esterror);
	if (tx->status) {
		fprintf(f, " status=");
		timex_format_status(f, (u64)(unsigned int)tx->status);
	}
	if (tx->constant)
		fprintf(f, " constant=%lld", tx->constant);
	if (tx->time.tv_sec)
		fprintf(f, " sec=%lld", tx->time.tv_sec);
	if (tx->time.tv_usec)
		fprintf(f, " usec=%lld", tx->time.tv_usec);
	if (tx->tick)
		fprintf(f, " tick=%lld", tx->tick);
}

/* One argument of @op, as parse_arg() reads it back. */
static void format_arg(FILE *f, const struct sim_op *op, const struct sim_op_arg *arg)
{
	s64 v = sim_op_arg_get(op, arg);
	char d[48];

	switch (arg->type) {
	case SIM_ARG_COUNT:
	case SIM_ARG_NUMBER:
	case SIM_ARG_CPU:
		fprintf(f, " %" PRId64, v);
		break;
	case SIM_ARG_SPAN:
		tksim_format_time_ns(d, sizeof(d), v);
		fprintf(f, " %s", d);
		break;
	case SIM_ARG_CHOICE:
		fprintf(f, " %s", arg->names[(u64)v % (u64)(arg->hi + 1)]);
		break;
	case SIM_ARG_BUGS:
		sim_bugs_format((u64)v, d, sizeof(d));
		fprintf(f, " %s", d);
		break;
	case SIM_ARG_CLOCK:
		format_clock(f, op->clock);
		break;
	case SIM_ARG_TIMEX:
		format_timex(f, op);
		break;
	case SIM_ARG_TIMESPEC:
		fprintf(f, "%s sec=%" PRId64 " nsec=%" PRId64, op->user ? " user" : "", op->a,
			op->b);
		break;
	case SIM_ARG_TOD:
		if (op->user)
			fprintf(f, " user");
		if (op->has_tv)
			fprintf(f, " sec=%" PRId64 " usec=%" PRId64, op->a, op->b);
		if (op->has_tz)
			fprintf(f, " minuteswest=%d dsttime=%d", op->tz.tz_minuteswest,
				op->tz.tz_dsttime);
		break;
	}
}

/** scenario_ops_format_op() - one op as "at TIME OP ARGS" (a line that parses back to it). */
void scenario_ops_format_op(FILE *f, const struct sim_op *op)
{
	const struct sim_op_desc *k = &sim_op_kinds[op->kind];
	char t[48];

	tksim_format_time_ns(t, sizeof(t), (s64)op->t_ns);
	fprintf(f, "at %s %s", t, sim_op_names[op->kind]);
	for (unsigned int i = 0; i < k->nr_args; i++)
		format_arg(f, op, &k->args[i]);
	fprintf(f, "\n");
}

/**
 * scenario_ops_write() - @l as a scenario file `tksim run FILE` replays
 * @f:    where
 * @l:    the op list
 * @bugs: injected bugs, written as an `inject` op at time 0
 *
 * The proposed fixes of @l->cfg are a `fix` setting (tksim run --fix), its aux clocks
 * enabled at boot an `aux-clocks` setting.
 */
void scenario_ops_write(FILE *f, const struct sim_op_list *l, u64 bugs)
{
	const struct sim_config *c = &l->cfg;
	s64 ppb = c->counter.error_ppb;
	u64 a = (u64)(ppb < 0 ? -ppb : ppb);

	fprintf(f,
		"hz %u\nfreq %" PRIu64 "\nbits %u\nstart %" PRIu64 "\nppm %s%" PRIu64 ".%03" PRIu64
		"\n",
		c->hz, c->counter.freq_hz, c->counter.bits, c->counter.start, ppb < 0 ? "-" : "",
		a / 1000, a % 1000);
	if (c->aux_clocks)
		fprintf(f, "aux-clocks %u\n", c->aux_clocks);
	if (c->fixes) {
		char fixes[256];

		sim_fixes_format(c->fixes, fixes, sizeof(fixes));
		fprintf(f, "fix %s\n", fixes);
	}
	if (bugs) {
		struct sim_op inj = { .kind = SIM_OP_INJECT, .a = (s64)bugs };

		scenario_ops_format_op(f, &inj);
	}
	for (unsigned int i = 0; i < l->n; i++)
		scenario_ops_format_op(f, &l->ops[i]);
}
