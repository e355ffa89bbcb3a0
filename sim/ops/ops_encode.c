// SPDX-License-Identifier: GPL-2.0
// tksim's own: op list -> fuzz input bytes, the inverse of sim_ops_decode() (format in
// sim/ops/ops_decode.c).
#include "sim/ops/ops_format.h"
#include "sim/ops/ops_kinds.h"

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

/* The number of fuzzed kind @kind in the format: how many fuzzed kinds come before it. */
static unsigned int fuzzed_index(enum sim_op_kind kind)
{
	unsigned int i = 0;

	for (int k = 0; k < (int)kind; k++)
		i += sim_op_kinds[k].fuzzed;
	return i;
}

/* The op's arguments, as decode_args() (sim/ops/ops_decode.c) reads them. */
static void encode_args(struct writer *w, const struct sim_op *op)
{
	const struct sim_op_desc *k = &sim_op_kinds[op->kind];

	for (unsigned int i = 0; i < k->nr_args; i++) {
		const struct sim_op_arg *arg = &k->args[i];
		s64 v = sim_op_arg_get(op, arg);

		switch (arg->type) {
		case SIM_ARG_COUNT:
		case SIM_ARG_CPU:
		case SIM_ARG_CHOICE:
			put_u64(w, v < arg->lo ? 0 : (u64)(v - arg->lo));
			break;
		case SIM_ARG_SPAN:
			put_u64(w, (u64)v);
			break;
		case SIM_ARG_NUMBER:
		case SIM_ARG_CLOCK:
			put_s64(w, v);
			break;
		case SIM_ARG_TIMEX:
			encode_timex(w, &op->tx);
			break;
		case SIM_ARG_TOD:
			put_byte(w, (u8)((op->has_tv ? 1 : 0) | (op->has_tz ? 2 : 0)));
			put_s64(w, op->a);
			put_s64(w, op->b);
			put_s64(w, op->tz.tz_minuteswest);
			put_s64(w, op->tz.tz_dsttime);
			break;
		case SIM_ARG_TIMESPEC:
			put_s64(w, op->a);
			put_s64(w, op->b);
			break;
		case SIM_ARG_BUGS: /* never fuzzed */
			break;
		}
	}
}

/**
 * sim_ops_encode() - the fuzz input that decodes to @l
 * @l:    the list
 * @buf:  where to write (may be NULL with @size 0, to measure)
 * @size: its size
 *
 * A configuration outside the decoder's tables becomes the tables' first
 * entry, a value beyond a clamp its clamp, and ops of kinds that are not fuzzed
 * (`inject`) are left out;
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
		const struct sim_op_desc *k = &sim_op_kinds[op->kind];

		if (!k->fuzzed)
			continue;
		put_byte(&w, (u8)(fuzzed_index(op->kind) | (op->user ? 0x80 : 0)));
		put_u64(&w, op->t_ns > t ? op->t_ns - t : 0);
		if (op->t_ns > t)
			t = op->t_ns;
		encode_args(&w, op);
		if (k->time != SIM_OP_TIME_NONE && k->time != SIM_OP_TIME_TICKS)
			t += (u64)op->a;
	}
	return w.n;
}
