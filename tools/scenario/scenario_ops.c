// SPDX-License-Identifier: GPL-2.0
// tksim's own: the op language as scenario text (see docs/fuzzing.md, "The op language").
/*
 * A scenario line "at TIME OP ARGS..." is one op of sim/ops/ops.h:
 *
 *   at 12.000000345s adjtimex modes=freq+status freq=-819200 status=pll
 *   at 2s settimeofday sec=1767311998 usec=0 minuteswest=-60 dsttime=0
 *   at 3s clock_adjtime MONOTONIC user modes=freq freq=65536
 *   at 4s idle 30s
 *
 * TIME is virtual time since boot (tools/parse.c: a bare number is seconds,
 * units ns us ms s m h d, exact to the ns).  Every number of a call is in
 * the kernel's own unit, exactly as struct timex carries it (freq in
 * ppm << 16, offset in us or ns with nano); mode and status bits are names
 * joined by '+', or numbers.  Ops must come in time order.  Errors are
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

/* One KEY=VALUE of settimeofday or clock_settime. */
static int parse_set_kv(struct sim_op *op, const char *kv, s64 v)
{
	bool cs = op->kind == SIM_OP_CLOCK_SETTIME;

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

/* One KEY=VALUE of a call. */
static int parse_kv(struct sim_op *op, char *kv)
{
	char *val = strchr(kv, '=');
	struct tk_timex *tx = &op->tx;
	bool timex = op->kind == SIM_OP_ADJTIMEX || op->kind == SIM_OP_CLOCK_ADJTIME;
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
		return parse_set_kv(op, kv, v);
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

static int parse_number_arg(struct sim_op *op, char **p, bool duration)
{
	char *w = next_word(p);
	u64 d;

	if (!w)
		return bad("%s needs a %s", sim_op_names[op->kind],
			   duration ? "duration" : "number");
	if (duration) {
		if (tksim_parse_duration_ns(w, &d) || d > (u64)S64_MAX)
			return bad("%s: '%s' is not a duration", sim_op_names[op->kind], w);
		op->a = (s64)d;
		return 0;
	}
	if (tksim_parse_s64(w, &op->a))
		return bad("%s: '%s' is not a whole number", sim_op_names[op->kind], w);
	return 0;
}

/**
 * scenario_ops_parse_op() - "KIND ARGS..." (the text after "at TIME") into @op
 * @text: the text, split in place
 * @op:   filled in (its time is left alone)
 *
 * Return: 0, or 2 after "tksim: FILE:LINE: what is wrong".
 */
int scenario_ops_parse_op(char *text, struct sim_op *op)
{
	char *p = text, *kind = next_word(&p), *w;
	int k = kind ? sim_op_kind_from_name(kind) : -1;
	int ret = 0;

	if (k < 0)
		return bad("'%s' is not an op (read, ticks, idle, stall, adjtimex, clock_adjtime, "
			   "settimeofday, clock_settime, counter-ppb, suspend, skew, inject, "
			   "read-mid-write, clocksource)",
			   kind ? kind : "");
	op->kind = (enum sim_op_kind)k;
	switch (op->kind) {
	case SIM_OP_TICKS:
		ret = parse_number_arg(op, &p, false);
		if (!ret && (op->a < 0 || op->a > SIM_OPS_MAX_TICKS))
			return bad("ticks: at most %d ticks per op", SIM_OPS_MAX_TICKS);
		break;
	case SIM_OP_IDLE:
	case SIM_OP_STALL:
	case SIM_OP_SUSPEND:
		ret = parse_number_arg(op, &p, true);
		break;
	case SIM_OP_COUNTER_PPB:
		ret = parse_number_arg(op, &p, false);
		if (!ret && (op->a <= -100000000 || op->a >= 100000000))
			return bad("counter-ppb: within +/-99999999 ppb");
		break;
	case SIM_OP_SKEW:
		w = next_word(&p);
		if (!w || tksim_parse_s64(w, &op->a) || op->a < 1 || op->a >= SIM_OPS_MAX_CPUS)
			return bad("skew: CPU must be 1..%d, then CYCLES", SIM_OPS_MAX_CPUS - 1);
		op->clock = (s32)op->a;
		ret = parse_number_arg(op, &p, false);
		break;
	case SIM_OP_CLOCKSOURCE:
		w = next_word(&p);
		op->a = w ? sim_op_cs_from_name(w) : -1;
		if (op->a < 0)
			return bad("clocksource: '%s' is not a clocksource (tsc, hpet, acpi_pm, "
				   "jiffies)",
				   w ? w : "");
		break;
	case SIM_OP_INJECT: {
		u64 mask = 0; /* sim_bugs_parse() adds to it */

		w = next_word(&p);
		if (!w || sim_bugs_parse(w, &mask))
			return bad("inject: '%s' is not a list of bugs (see tksim bugs)",
				   w ? w : "");
		op->a = (s64)mask;
		break;
	}
	case SIM_OP_CLOCK_ADJTIME:
	case SIM_OP_CLOCK_SETTIME:
		w = next_word(&p);
		if (!w || parse_clock(w, &op->clock))
			return bad("%s: '%s' is not a clock (REALTIME ... or a number)",
				   sim_op_names[op->kind], w ? w : "");
		/* fall through */
	case SIM_OP_ADJTIMEX:
	case SIM_OP_SETTIMEOFDAY:
		while (!ret && (w = next_word(&p)))
			ret = parse_kv(op, w);
		return ret;
	default:
		break;
	}
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

/** scenario_ops_format_op() - one op as "at TIME OP ARGS" (a line that parses back to it). */
void scenario_ops_format_op(FILE *f, const struct sim_op *op)
{
	char t[48], d[48];

	tksim_format_time_ns(t, sizeof(t), (s64)op->t_ns);
	fprintf(f, "at %s %s", t, sim_op_names[op->kind]);
	switch (op->kind) {
	case SIM_OP_TICKS:
	case SIM_OP_COUNTER_PPB:
		fprintf(f, " %" PRId64, op->a);
		break;
	case SIM_OP_IDLE:
	case SIM_OP_STALL:
	case SIM_OP_SUSPEND:
		tksim_format_time_ns(d, sizeof(d), op->a);
		fprintf(f, " %s", d);
		break;
	case SIM_OP_SKEW:
		fprintf(f, " %" PRId32 " %" PRId64, op->clock, op->a);
		break;
	case SIM_OP_CLOCKSOURCE:
		fprintf(f, " %s", sim_op_cs_names[(u64)op->a % SIM_OP_NR_CS]);
		break;
	case SIM_OP_INJECT:
		sim_bugs_format((u64)op->a, d, sizeof(d));
		fprintf(f, " %s", d);
		break;
	case SIM_OP_CLOCK_ADJTIME:
		format_clock(f, op->clock);
		/* fall through */
	case SIM_OP_ADJTIMEX:
		format_timex(f, op);
		break;
	case SIM_OP_CLOCK_SETTIME:
		format_clock(f, op->clock);
		fprintf(f, "%s sec=%" PRId64 " nsec=%" PRId64, op->user ? " user" : "", op->a,
			op->b);
		break;
	case SIM_OP_SETTIMEOFDAY:
		if (op->user)
			fprintf(f, " user");
		if (op->has_tv)
			fprintf(f, " sec=%" PRId64 " usec=%" PRId64, op->a, op->b);
		if (op->has_tz)
			fprintf(f, " minuteswest=%d dsttime=%d", op->tz.tz_minuteswest,
				op->tz.tz_dsttime);
		break;
	default:
		break;
	}
	fprintf(f, "\n");
}

/**
 * scenario_ops_write() - @l as a scenario file `tksim run FILE` replays
 * @f:    where
 * @l:    the op list
 * @bugs: injected bugs, written as an `inject` op at time 0
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
	if (bugs) {
		struct sim_op inj = { .kind = SIM_OP_INJECT, .a = (s64)bugs };

		scenario_ops_format_op(f, &inj);
	}
	for (unsigned int i = 0; i < l->n; i++)
		scenario_ops_format_op(f, &l->ops[i]);
}
