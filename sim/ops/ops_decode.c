// SPDX-License-Identifier: GPL-2.0
// tksim's own: the fuzz input format, bytes <-> op list (see sim/ops/ops.h).
/*
 * Every byte string decodes to an op list, deterministically: a missing byte
 * reads as zero, every selector is taken modulo its range, and every number
 * is clamped to what the op allows.  No input is rejected, so a fuzzer never
 * spends an execution on one that does nothing.
 *
 *   header   5 bytes: HZ, counter frequency, counter width, frequency error,
 *            start value (each an index into a table below; start: 0, or
 *            that many << 16 cycles before the wrap)
 *   op       kind byte (low 7 bits mod the fuzzed kinds, in enum order;
 *            bit 7: not privileged), time since the previous op (ns,
 *            varint), then the op's arguments as its entry in sim_op_kinds[]
 *            lists them (sim/ops/ops_kinds.c), each coded as its type says
 *            (enum sim_op_arg_type), numbers as LEB128 varints (signed ones
 *            zig-zag coded), e.g. skew CPU CYCLES, clock_adjtime CLOCK MODES
 *            and the timex fields its mode bits use, in struct order
 *
 * sim_ops_encode() (sim/ops/ops_encode.c) writes the same format, so the seed
 * corpus is generated from op lists (tests/fuzz/gen_corpus.c).  Kinds that are not fuzzed
 * (`inject`: a bug is the target's parameter, not part of the input) are never decoded.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "sim/clocksources.h"
#include "sim/counter.h"
#include "sim/ops/ops_format.h"
#include "sim/ops/ops_kinds.h"

/*
 * What one input may cost.  An execution's time is its ticks (each runs
 * timekeeping_advance(), the vvar update and the per-tick checks, ~0.4 us)
 * and its seconds accumulated without a tick (second_overflow() once per
 * second inside the logarithmic accumulation, and the reads' second loops
 * before it), so the decoder bounds both per input:
 *   - INPUT_TICKS: ticked time between ops, `ticks N`, and one tick per
 *     NOHZ gap of an idle op, at most this many tick periods in all;
 *   - INPUT_SPAN_NS: idle and stall time in all (1600 s: a stall beyond
 *     2^64 / mult cycles, 1100 s for the 64-bit counters of the tables at
 *     max_cycles 990 s, is where the pre-6.10 delta overflow shows).
 * Suspend costs neither (resume adds the sleep at once) and may be 3 hours.
 * Long quiet stretches are NOHZ idle, as in the kernel: one accumulation
 * per gap of up to max_idle_ns, not one tick per 1/HZ.
 */
#define INPUT_TICKS SIM_OPS_INPUT_TICKS
#define INPUT_SPAN_NS SIM_OPS_INPUT_SPAN_NS
#define DT_MAX_NS (NSEC_PER_SEC / 4)
/* A span beyond its limit wraps to its low 32 bits (< 4.3 s), then modulo the limit. */
#define SPAN_WRAP_MASK 0xffffffffULL

struct reader {
	const u8 *p, *end;
};

static u8 get_byte(struct reader *r)
{
	return r->p < r->end ? *r->p++ : 0;
}

static u64 get_u64(struct reader *r)
{
	u64 v = 0;

	for (unsigned int i = 0; i < 10 && r->p < r->end; i++) {
		u8 b = *r->p++;

		v |= (u64)(b & 0x7f) << (7 * i);
		if (!(b & 0x80))
			break;
	}
	return v;
}

static s64 get_s64(struct reader *r)
{
	u64 v = get_u64(r);

	return (s64)(v >> 1) ^ -(s64)(v & 1);
}

static s64 clamp_s64(s64 v, s64 lo, s64 hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

static void decode_timex(struct reader *r, struct tk_timex *tx)
{
	tx->modes = (unsigned int)get_u64(r);
#define GET(cond, field) \
	if (cond)        \
		field = (__typeof__(field))get_s64(r);
	TIMEX_FIELDS(GET, tx)
#undef GET
}

static void decode_config(struct reader *r, struct sim_config *cfg)
{
	u8 start;

	sim_config_default(cfg);
	cfg->hz = hz_table[get_byte(r) % ARRAY_LEN(hz_table)];
	cfg->counter.freq_hz = freq_table[get_byte(r) % ARRAY_LEN(freq_table)];
	cfg->counter.bits = bits_table[get_byte(r) % ARRAY_LEN(bits_table)];
	cfg->counter.error_ppb = ppb_table[get_byte(r) % ARRAY_LEN(ppb_table)];
	/*
	 * A counter that wraps within four ticks cannot keep time (the kernel would not
	 * select it: max_idle_ns below the tick); make it 64 bits wide.
	 */
	if (cfg->counter.bits < 64 &&
	    (unsigned __int128)(1ULL << cfg->counter.bits) * cfg->hz / cfg->counter.freq_hz < 4)
		cfg->counter.bits = 64;
	start = get_byte(r);
	if (start) {
		u64 mask = cfg->counter.bits == 64 ? ~0ULL : (1ULL << cfg->counter.bits) - 1;

		cfg->counter.start = (mask - ((u64)start << 16)) & mask;
	}
}

/*
 * The decoder's account of one input (see INPUT_TICKS): the system's tick
 * period and NOHZ gap, the longest stall it survives (85 % of the
 * negative-motion cut-off, less two ticks, at a counter up to 6 % fast),
 * and what is left of the ticked time and of the span.
 */
struct budget {
	u64 period, max_idle, stall_max, cs_max_idle, cs_stall_max;
	u64 ticked_left, span_left;
	u64 t, paid;
};

/*
 * The NOHZ gap (max_idle_ns) and the longest stall (85 % of the
 * negative-motion cut-off, less two ticks, at a counter up to 6 % fast) of
 * a counter; false if no clocksource can be registered for it.
 */
static bool quiet_limits(const struct sim_counter_params *p, u64 period, u64 *max_idle,
			 u64 *stall_max)
{
	struct sim_counter c;
	unsigned __int128 ns;

	if (sim_counter_init(&c, p, "sim"))
		return false;
	*max_idle = c.cs.max_idle_ns;
	ns = (unsigned __int128)(c.cs.max_raw_delta / 100 * 85) * NSEC_PER_SEC * 100 /
	     (p->freq_hz * 106ULL);
	ns = ns > 2 * period ? ns - 2 * period : 0;
	*stall_max = ns > SIM_OPS_MAX_SPAN_NS ? SIM_OPS_MAX_SPAN_NS : (u64)ns;
	return true;
}

static void budget_init(const struct sim_config *cfg, struct budget *b)
{
	/*
	 * After a `clocksource` op the counter may be the ACPI PM timer, the
	 * narrowest of the machine's clocksources (24 bits at 3.58 MHz): idle and
	 * stall ops are fitted to its limits from then on.
	 */
	const struct sim_counter_params acpi_pm = {
		.freq_hz = SIM_ACPI_PM_HZ,
		.bits = SIM_ACPI_PM_BITS,
		.seed = cfg->counter.seed,
	};

	b->period = sim_tick_period_ns(cfg->hz);
	b->ticked_left = INPUT_TICKS * b->period;
	b->span_left = INPUT_SPAN_NS;
	b->t = b->paid = 0;
	b->max_idle = b->stall_max = b->cs_max_idle = b->cs_stall_max = 0;
	if (quiet_limits(&cfg->counter, b->period, &b->max_idle, &b->stall_max))
		quiet_limits(&acpi_pm, b->period, &b->cs_max_idle, &b->cs_stall_max);
}

/* @v within [0, limit]: as it is, else its low 32 bits, else modulo limit + 1. */
static u64 fit_span(u64 v, u64 limit)
{
	if (v > limit)
		v &= SPAN_WRAP_MASK;
	return v > limit ? v % (limit + 1) : v;
}

/*
 * An idle, stall or suspend op's length within what is left; returns the
 * virtual time it spends without ticks.  An idle of D costs one tick per
 * NOHZ gap (ceil(D / max_idle_ns)) and D of the span; a stall D of the span.
 */
static u64 fit_quiet(struct sim_op *op, struct budget *b)
{
	enum sim_op_time time = sim_op_kinds[op->kind].time;
	u64 v = (u64)op->a, limit;

	if (time == SIM_OP_TIME_SUSPEND) {
		limit = SIM_OPS_MAX_SPAN_NS;
	} else if (time == SIM_OP_TIME_STALL) {
		limit = b->stall_max < b->span_left ? b->stall_max : b->span_left;
	} else {
		unsigned __int128 gaps =
			(unsigned __int128)(b->ticked_left / b->period) * b->max_idle;

		limit = gaps < b->span_left ? (u64)gaps : b->span_left;
	}
	v = fit_span(v, limit);
	if (time != SIM_OP_TIME_SUSPEND)
		b->span_left -= v;
	if (time == SIM_OP_TIME_IDLE && v)
		b->ticked_left -= (v + b->max_idle - 1) / b->max_idle * b->period;
	op->a = (s64)v;
	return v;
}

/* The op's numbers, each as its type is coded (enum sim_op_arg_type). */
static void decode_args(struct reader *r, struct sim_op *op)
{
	const struct sim_op_desc *k = &sim_op_kinds[op->kind];
	u8 flags;

	for (unsigned int i = 0; i < k->nr_args; i++) {
		const struct sim_op_arg *arg = &k->args[i];

		switch (arg->type) {
		case SIM_ARG_COUNT:
		case SIM_ARG_CPU:
		case SIM_ARG_CHOICE:
			sim_op_arg_set(op, arg,
				       arg->lo + (s64)(get_u64(r) % (u64)(arg->hi - arg->lo + 1)));
			break;
		case SIM_ARG_SPAN:
			sim_op_arg_set(op, arg, (s64)get_u64(r));
			break;
		case SIM_ARG_NUMBER:
			sim_op_arg_set(op, arg, clamp_s64(get_s64(r), arg->lo, arg->hi));
			break;
		case SIM_ARG_CLOCK:
			op->clock = (s32)get_s64(r);
			break;
		case SIM_ARG_TIMEX:
			decode_timex(r, &op->tx);
			break;
		case SIM_ARG_TOD:
			flags = get_byte(r);
			op->has_tv = flags & 1;
			op->has_tz = flags & 2;
			op->a = get_s64(r);
			op->b = get_s64(r);
			op->tz.tz_minuteswest = (int)get_s64(r);
			op->tz.tz_dsttime = (int)get_s64(r);
			break;
		case SIM_ARG_TIMESPEC:
			op->a = get_s64(r);
			op->b = get_s64(r);
			break;
		case SIM_ARG_BUGS: /* never fuzzed */
			break;
		}
	}
}

/* The fuzzed kind number @i: the @i-th kind of sim_op_kinds[] that is fuzzed. */
static enum sim_op_kind fuzzed_kind(unsigned int i)
{
	int k = 0;

	for (;; k++)
		if (sim_op_kinds[k].fuzzed && !i--)
			break;
	return (enum sim_op_kind)k;
}

/*
 * Fit one op into what is left of the input's budget and give it its time:
 * @dt (ns since the previous op's end) and the op's own length.  Ticked time
 * is paid once: up to @b->paid (the end of a `ticks` op's ticks, of a quiet
 * span) it is free.  Values within the limits are kept, so decoding what
 * sim_ops_encode() wrote gives the same list back.
 */
static void fit_op(struct sim_op *op, u64 dt, struct budget *b)
{
	u64 end;

	if (dt > DT_MAX_NS)
		dt %= DT_MAX_NS + 1;
	end = b->t + dt;
	if (end > b->paid) {
		if (end - b->paid > b->ticked_left)
			end = b->paid + b->ticked_left;
		b->ticked_left -= end - b->paid;
		b->paid = end;
	}
	op->t_ns = b->t = end;
	switch (sim_op_kinds[op->kind].time) {
	case SIM_OP_TIME_TICKS:
		if ((u64)op->a > b->ticked_left / b->period)
			op->a = (s64)(b->ticked_left / b->period);
		/* Ticks count against the budget; the next op's time is not moved. */
		b->ticked_left -= (u64)op->a * b->period;
		b->paid += (u64)op->a * b->period;
		break;
	case SIM_OP_TIME_IDLE:
	case SIM_OP_TIME_STALL:
	case SIM_OP_TIME_SUSPEND:
		b->t += fit_quiet(op, b);
		if (b->paid < b->t)
			b->paid = b->t;
		break;
	case SIM_OP_TIME_NONE:
		break;
	}
	if (sim_op_kinds[op->kind].switches_cs) {
		if (b->cs_max_idle && b->cs_max_idle < b->max_idle)
			b->max_idle = b->cs_max_idle;
		if (b->cs_stall_max < b->stall_max)
			b->stall_max = b->cs_stall_max;
	}
}

/**
 * sim_ops_decode() - the op list of a fuzz input
 * @l:    an initialised list; its ops and configuration are replaced
 * @data: the input
 * @size: its length
 *
 * At most SIM_OPS_MAX_DECODED ops; the rest of a longer input is ignored.
 * An allocation failure ends the list early (still deterministic enough for
 * a fuzzer: it does not happen with the small lists this makes).
 */
void sim_ops_decode(struct sim_op_list *l, const u8 *data, size_t size)
{
	struct reader r = { data, data + size };
	unsigned int nr_fuzzed = 0;
	struct budget b;

	for (int k = 0; k < SIM_OP_NR_KINDS; k++)
		nr_fuzzed += sim_op_kinds[k].fuzzed;

	sim_ops_clear(l);
	decode_config(&r, &l->cfg);
	budget_init(&l->cfg, &b);
	while (r.p < r.end && l->n < SIM_OPS_MAX_DECODED) {
		struct sim_op op = { 0 };
		u8 k = get_byte(&r);
		u64 dt = get_u64(&r);

		op.kind = fuzzed_kind((k & 0x7f) % nr_fuzzed);
		op.user = k >> 7;
		decode_args(&r, &op);
		fit_op(&op, dt, &b);
		if (!sim_ops_push(l, &op))
			break;
	}
}

/**
 * sim_ops_fit() - bound @l as the decoder bounds a fuzz input
 * @l: the list (its configuration one of the decoder's tables), changed in place
 *
 * The same list that sim_ops_decode(sim_ops_encode(@l)) gives: `tksim fuzz`
 * runs its generated and mutated lists through this, so that they cost what
 * a fuzz input costs and a finding replays from its encoding.
 *
 * Return: 0, or -ENOMEM.
 */
int sim_ops_fit(struct sim_op_list *l)
{
	size_t n = sim_ops_encode(l, NULL, 0);
	u8 *buf = malloc(n ? n : 1);

	if (!buf)
		return -ENOMEM;
	sim_ops_encode(l, buf, n);
	sim_ops_decode(l, buf, n);
	free(buf);
	return 0;
}
