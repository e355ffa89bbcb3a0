// SPDX-License-Identifier: GPL-2.0
// tksim's own: the fuzz input format, bytes <-> op list (see sim/ops.h).
/*
 * Every byte string decodes to an op list, deterministically: a missing byte
 * reads as zero, every selector is taken modulo its range, and every number
 * is clamped to what the op allows.  No input is rejected, so a fuzzer never
 * spends an execution on one that does nothing.
 *
 *   header   5 bytes: HZ, counter frequency, counter width, frequency error,
 *            start value (each an index into a table below; start: 0, or
 *            that many << 16 cycles before the wrap)
 *   op       kind byte (low 7 bits mod the kinds; bit 7: not privileged),
 *            time since the previous op (ns, varint), then the op's numbers
 *            as LEB128 varints (signed ones zig-zag coded):
 *            ticks N | idle/stall/suspend NS | counter-ppb PPB | skew CPU CYCLES
 *            adjtimex MODES + the fields its mode bits use, in struct order
 *            clock_adjtime CLOCK, then as adjtimex
 *            settimeofday FLAGS (1 time, 2 zone) SEC USEC MINUTESWEST DSTTIME
 *            clock_settime CLOCK SEC NSEC
 *
 * sim_ops_encode() writes the same format, so the seed corpus is generated
 * from op lists (tests/fuzz/gen_corpus.c).  `inject` ops are never decoded:
 * a bug is the target's parameter, not part of the input.
 */
#include <string.h>

#include "sim/counter.h"
#include "sim/ops.h"

static const unsigned int hz_table[] = { 1000, 250, 100, 300, 1024, 24, 10000, 1200 };
static const u64 freq_table[] = { 2100000000ULL, 3579545,  19200000, 1000000000ULL,
				  24000000,	 14318180, 32768,    3000000000ULL };
static const unsigned int bits_table[] = { 64, 56, 32, 24 };
static const s64 ppb_table[] = { 35000, 0, -250000, 500000, -35000, 1000, 12000000, -12000000 };

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))
/*
 * Ticked virtual time one op may add, and one input in all: at most 1000 ticks at
 * HZ=1000 (under a millisecond of work).  Longer spans are idle, stall and suspend
 * ops, which cost one tick whatever their length.
 */
#define DT_MAX_NS (NSEC_PER_SEC / 4)
#define TICKED_MAX_NS NSEC_PER_SEC
/* A counter frequency error beyond 5 % is no longer a crystal. */
#define PPB_MAX 50000000LL
#define SKEW_MAX (1LL << 40)

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

/* The fields of @tx its mode bits use, in struct order (shared by decode and encode). */
#define TIMEX_FIELDS(X, tx)                                            \
	X((tx)->modes &(ADJ_OFFSET | ADJ_OFFSET_SS_BIT), (tx)->offset) \
	X((tx)->modes &ADJ_FREQUENCY, (tx)->freq)                      \
	X((tx)->modes &ADJ_MAXERROR, (tx)->maxerror)                   \
	X((tx)->modes &ADJ_ESTERROR, (tx)->esterror)                   \
	X((tx)->modes &ADJ_STATUS, (tx)->status)                       \
	X((tx)->modes &(ADJ_TIMECONST | ADJ_TAI), (tx)->constant)      \
	X((tx)->modes &ADJ_SETOFFSET, (tx)->time.tv_sec)               \
	X((tx)->modes &ADJ_SETOFFSET, (tx)->time.tv_usec)              \
	X((tx)->modes &ADJ_TICK, (tx)->tick)

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
 * What the executor does in full for this system: the longest idle op
 * (SIM_OPS_MAX_TICKS / 4 maximal NOHZ gaps) and the longest stall (85 % of the
 * negative-motion cut-off, less two ticks, at a counter up to 6 % fast).
 */
struct spans {
	u64 idle_max, stall_max;
};

static void decode_spans(const struct sim_config *cfg, struct spans *sp)
{
	struct sim_counter c;
	unsigned __int128 ns;

	sp->idle_max = sp->stall_max = 0;
	if (sim_counter_init(&c, &cfg->counter, "sim"))
		return;
	ns = (unsigned __int128)c.cs.max_idle_ns * (SIM_OPS_MAX_TICKS / 4);
	sp->idle_max = ns > SIM_OPS_MAX_SPAN_NS ? SIM_OPS_MAX_SPAN_NS : (u64)ns;
	ns = (unsigned __int128)(c.cs.max_raw_delta / 100 * 85) * NSEC_PER_SEC * 100 /
	     (cfg->counter.freq_hz * 106ULL);
	ns = ns > 2 * NSEC_PER_SEC / cfg->hz ? ns - 2 * NSEC_PER_SEC / cfg->hz : 0;
	sp->stall_max = ns > SIM_OPS_MAX_SPAN_NS ? SIM_OPS_MAX_SPAN_NS : (u64)ns;
}

/* The op's numbers; returns the virtual time it spends without ticks. */
static u64 decode_args(struct reader *r, struct sim_op *op, const struct spans *sp)
{
	u8 flags;

	switch (op->kind) {
	case SIM_OP_TICKS:
		op->a = (s64)(get_u64(r) % (SIM_OPS_MAX_TICKS + 1));
		break;
	case SIM_OP_IDLE:
	case SIM_OP_STALL:
	case SIM_OP_SUSPEND:
		op->a = (s64)get_u64(r);
		if (op->a < 0 || (u64)op->a > (op->kind == SIM_OP_IDLE	  ? sp->idle_max
					       : op->kind == SIM_OP_STALL ? sp->stall_max
									  : SIM_OPS_MAX_SPAN_NS))
			op->a = (s64)((u64)op->a %
				      ((op->kind == SIM_OP_IDLE	   ? sp->idle_max
					: op->kind == SIM_OP_STALL ? sp->stall_max
								   : SIM_OPS_MAX_SPAN_NS) +
				       1));
		return (u64)op->a;
	case SIM_OP_ADJTIMEX:
		decode_timex(r, &op->tx);
		break;
	case SIM_OP_CLOCK_ADJTIME:
		op->clock = (s32)get_s64(r);
		decode_timex(r, &op->tx);
		break;
	case SIM_OP_SETTIMEOFDAY:
		flags = get_byte(r);
		op->has_tv = flags & 1;
		op->has_tz = flags & 2;
		op->a = get_s64(r);
		op->b = get_s64(r);
		op->tz.tz_minuteswest = (int)get_s64(r);
		op->tz.tz_dsttime = (int)get_s64(r);
		break;
	case SIM_OP_CLOCK_SETTIME:
		op->clock = (s32)get_s64(r);
		op->a = get_s64(r);
		op->b = get_s64(r);
		break;
	case SIM_OP_COUNTER_PPB:
		op->a = clamp_s64(get_s64(r), -PPB_MAX, PPB_MAX);
		break;
	case SIM_OP_SKEW:
		op->clock = (s32)(1 + get_u64(r) % (SIM_OPS_MAX_CPUS - 1));
		op->a = clamp_s64(get_s64(r), -SKEW_MAX, SKEW_MAX);
		break;
	default:
		break;
	}
	return 0;
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
	u64 t = 0, ticked = 0;

	struct spans sp;

	sim_ops_clear(l);
	decode_config(&r, &l->cfg);
	decode_spans(&l->cfg, &sp);
	while (r.p < r.end && l->n < SIM_OPS_MAX_DECODED) {
		struct sim_op op = { 0 };
		u8 k = get_byte(&r);
		u64 dt = get_u64(&r) % (DT_MAX_NS + 1);

		unsigned int kind = (k & 0x7f) % (SIM_OP_NR_KINDS - 1);

		/* Every kind but SIM_OP_INJECT: a bug is not fuzz input. */
		op.kind = (enum sim_op_kind)(kind >= SIM_OP_INJECT ? kind + 1 : kind);
		op.user = k >> 7;
		if (ticked + dt > TICKED_MAX_NS)
			dt = TICKED_MAX_NS - ticked;
		ticked += dt;
		t += dt;
		op.t_ns = t;
		t += decode_args(&r, &op, &sp);
		if (op.kind == SIM_OP_TICKS) {
			u64 period = NSEC_PER_SEC / l->cfg.hz;
			u64 left = (TICKED_MAX_NS - ticked) / period;

			if ((u64)op.a > left)
				op.a = (s64)left;
			/* Ticks count against the budget; the next op's time is not moved. */
			ticked += (u64)op.a * period;
		}
		if (!sim_ops_push(l, &op))
			break;
	}
}

struct writer {
	u8 *p;
	size_t n, size;
};

static void put_byte(struct writer *w, u8 b)
{
	if (w->n < w->size)
		w->p[w->n] = b;
	w->n++;
}

static void put_u64(struct writer *w, u64 v)
{
	do {
		put_byte(w, (u8)((v & 0x7f) | (v >= 0x80 ? 0x80 : 0)));
		v >>= 7;
	} while (v);
}

static void put_s64(struct writer *w, s64 v)
{
	put_u64(w, ((u64)v << 1) ^ (u64)(v >> 63));
}

static u8 index_of(const void *table, size_t n, size_t width, u64 v)
{
	for (size_t i = 0; i < n; i++) {
		const u8 *e = (const u8 *)table + i * width;
		u64 x = width == 8 ? *(const u64 *)e : *(const unsigned int *)e;

		if (x == v)
			return (u8)i;
	}
	return 0;
}

static void encode_timex(struct writer *w, const struct tk_timex *tx)
{
	put_u64(w, tx->modes);
#define PUT(cond, field) \
	if (cond)        \
		put_s64(w, (s64)(field));
	TIMEX_FIELDS(PUT, tx)
#undef PUT
}

/**
 * sim_ops_encode() - the fuzz input that decodes to @l
 * @l:    the list
 * @buf:  where to write (may be NULL with @size 0, to measure)
 * @size: its size
 *
 * A configuration outside the decoder's tables becomes the tables' first
 * entry, a value beyond a clamp its clamp, and `inject` ops are left out;
 * otherwise sim_ops_decode() gives @l back.
 *
 * Return: the length of the encoding (may exceed @size: then it is cut).
 */
size_t sim_ops_encode(const struct sim_op_list *l, u8 *buf, size_t size)
{
	struct writer w = { buf, 0, size };
	const struct sim_config *c = &l->cfg;
	u64 mask = c->counter.bits >= 64 ? ~0ULL : (1ULL << c->counter.bits) - 1;
	u64 back = (mask - c->counter.start) & mask, t = 0;

	put_byte(&w, index_of(hz_table, ARRAY_LEN(hz_table), sizeof(hz_table[0]), c->hz));
	put_byte(&w, index_of(freq_table, ARRAY_LEN(freq_table), 8, c->counter.freq_hz));
	put_byte(&w, index_of(bits_table, ARRAY_LEN(bits_table), sizeof(bits_table[0]),
			      c->counter.bits));
	put_byte(&w, index_of(ppb_table, ARRAY_LEN(ppb_table), 8, (u64)c->counter.error_ppb));
	put_byte(&w, c->counter.start ? (u8)(back >> 16 > 255 ? 255 : back >> 16 ?: 1) : 0);
	for (unsigned int i = 0; i < l->n; i++) {
		const struct sim_op *op = &l->ops[i];
		unsigned int kind = op->kind;

		if (op->kind == SIM_OP_INJECT)
			continue;
		put_byte(&w,
			 (u8)((kind > SIM_OP_INJECT ? kind - 1 : kind) | (op->user ? 0x80 : 0)));
		put_u64(&w, op->t_ns > t ? op->t_ns - t : 0);
		if (op->t_ns > t)
			t = op->t_ns;
		switch (op->kind) {
		case SIM_OP_TICKS:
			put_u64(&w, (u64)op->a);
			break;
		case SIM_OP_IDLE:
		case SIM_OP_STALL:
		case SIM_OP_SUSPEND:
			put_u64(&w, (u64)op->a);
			t += (u64)op->a;
			break;
		case SIM_OP_CLOCK_ADJTIME:
			put_s64(&w, op->clock);
			/* fall through */
		case SIM_OP_ADJTIMEX:
			encode_timex(&w, &op->tx);
			break;
		case SIM_OP_SETTIMEOFDAY:
			put_byte(&w, (u8)((op->has_tv ? 1 : 0) | (op->has_tz ? 2 : 0)));
			put_s64(&w, op->a);
			put_s64(&w, op->b);
			put_s64(&w, op->tz.tz_minuteswest);
			put_s64(&w, op->tz.tz_dsttime);
			break;
		case SIM_OP_CLOCK_SETTIME:
			put_s64(&w, op->clock);
			put_s64(&w, op->a);
			put_s64(&w, op->b);
			break;
		case SIM_OP_COUNTER_PPB:
			put_s64(&w, op->a);
			break;
		case SIM_OP_SKEW:
			put_u64(&w, (u64)(op->clock > 0 ? op->clock - 1 : 0));
			put_s64(&w, op->a);
			break;
		default:
			break;
		}
	}
	return w.n;
}
