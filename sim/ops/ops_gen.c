// SPDX-License-Identifier: GPL-2.0
// tksim's own: seeded generation, mutation and shrinking of op lists (see sim/ops/ops_gen.h).
/*
 * Without libFuzzer at hand, `tksim fuzz` generates op lists from a seeded
 * generator biased towards the values that matter to the kernel's NTP code
 * (range limits and one beyond, second and tick boundaries, overflowing
 * fields), mutates the seed lists, and shrinks a failing list to a minimal
 * one that still fails with the same signature.
 */
#include "sim/ops/ops_gen.h"
#include "sim/ops/ops_kinds.h"

#include "timekeeper/time64.h"

#include <string.h>
#include <time.h>

#define MS (NSEC_PER_SEC / 1000)
#define PPM(x) ((long long)(x)*65536)

static s64 pick(struct sim_rng *r, const s64 *v, size_t n)
{
	return v[sim_rng_below(r, n)];
}

#define PICK(r, ...)                                     \
	({                                               \
		static const s64 v_[] = { __VA_ARGS__ }; \
		pick(r, v_, sizeof(v_) / sizeof(v_[0])); \
	})

/* A number near an interesting one, or anything. */
static s64 any_s64(struct sim_rng *r)
{
	switch (sim_rng_below(r, 4)) {
	case 0:
		return (s64)sim_rng_next(r);
	case 1:
		return sim_rng_range(r, -2000, 2000);
	case 2:
		/* In u64, where 2^63 - 1 wraps as intended (no signed overflow). */
		return (s64)(((u64)1 << sim_rng_below(r, 64)) + (u64)sim_rng_range(r, -1, 1));
	default:
		return PICK(r, S64_MAX, S64_MIN, 0, -1, 1, 0x7fffffff, 0x80000000LL, 0xffffffffLL,
			    0x100000001LL, KTIME_SEC_MAX, -KTIME_SEC_MAX);
	}
}

static void gen_timex(struct tk_timex *tx, struct sim_rng *r)
{
	static const unsigned int bits[] = { ADJ_OFFSET, ADJ_FREQUENCY, ADJ_MAXERROR, ADJ_ESTERROR,
					     ADJ_STATUS, ADJ_TIMECONST, ADJ_TAI,      ADJ_SETOFFSET,
					     ADJ_MICRO,	 ADJ_NANO,	ADJ_TICK,     ADJ_ADJTIME };
	unsigned int n = 1 + (unsigned int)sim_rng_below(r, 3);

	memset(tx, 0, sizeof(*tx));
	while (n--)
		tx->modes |= bits[sim_rng_below(r, sizeof(bits) / sizeof(bits[0]))];
	if (sim_rng_below(r, 16) == 0)
		tx->modes = (unsigned int)sim_rng_next(r);
	if ((tx->modes & ADJ_ADJTIME) && sim_rng_below(r, 4))
		tx->modes = sim_rng_below(r, 2) ? ADJ_OFFSET_SINGLESHOT : ADJ_OFFSET_SS_READ;
	tx->offset = sim_rng_below(r, 2) ? PICK(r, 500000, -500000, 499999999, -500000000, 1000, -1,
						2000000, 0x100000001LL)
					 : any_s64(r);
	tx->freq = sim_rng_below(r, 2) ? sim_rng_range(r, PPM(-501), PPM(501)) : any_s64(r);
	tx->maxerror = sim_rng_below(r, 2) ? sim_rng_range(r, -1, 20000000) : any_s64(r);
	tx->esterror = sim_rng_below(r, 2) ? sim_rng_range(r, -1, 20000000) : any_s64(r);
	tx->status = (int)(sim_rng_below(r, 4) ? PICK(r, STA_PLL, STA_PLL | STA_FLL, STA_INS,
						      STA_DEL, STA_UNSYNC, STA_PLL | STA_NANO,
						      STA_FREQHOLD, STA_INS | STA_DEL, 0)
					       : (s64)(sim_rng_next(r) & 0xffff));
	tx->constant = sim_rng_below(r, 2) ? sim_rng_range(r, -2, 12) : any_s64(r);
	tx->tick = sim_rng_below(r, 4) ? sim_rng_range(r, 8999, 11001) : any_s64(r);
	tx->time.tv_sec = sim_rng_below(r, 2) ? sim_rng_range(r, -3, 3) : any_s64(r);
	tx->time.tv_usec = sim_rng_below(r, 2) ? sim_rng_range(r, -1, 1000000) : any_s64(r);
}

/*
 * Time to the next op: mostly within a tick, sometimes at a tick or second
 * edge, rarely far.  The decoder allows INPUT_TICKS ticks of ticked time per
 * input (sim/ops/ops_decode.c), so a gap of more than two ticks is spent in NOHZ
 * idle, as an idle kernel would (see sim_ops_generate()).
 */
static u64 gen_dt(struct sim_rng *r, const struct sim_op_list *l, u64 t)
{
	u64 period = sim_tick_period_ns(l->cfg.hz);

	switch (sim_rng_below(r, 8)) {
	case 0:
		return 0;
	case 1: { /* a tick edge, give or take 2 ns */
		s64 d = (s64)(period - t % period) + sim_rng_range(r, -2, 2);

		return d > 0 ? (u64)d : 0;
	}
	case 2: {
		u64 to_sec = NSEC_PER_SEC - t % NSEC_PER_SEC;

		return to_sec > 100 ? to_sec - 100 + sim_rng_below(r, 201) : to_sec;
	}
	case 3:
		return sim_rng_below(r, 300 * MS);
	default:
		return sim_rng_below(r, period);
	}
}

/* The per-kind generators sim_op_kinds[] names (sim/ops/ops_kinds.c). */

/** sim_op_gen_ticks() - a few ticks, sometimes a few dozen. */
void sim_op_gen_ticks(struct sim_op *op, struct sim_rng *r)
{
	op->a = sim_rng_below(r, 8) ? sim_rng_range(r, 1, 4) : sim_rng_range(r, 8, 32);
}

/** sim_op_gen_quiet() - an idle or stall: mostly seconds, one in eight up to 1600 s. */
void sim_op_gen_quiet(struct sim_op *op, struct sim_rng *r)
{
	/* 1600 s: the decoder's span, beyond max_cycles. */
	op->a = (s64)(sim_rng_below(r, 8) ? sim_rng_below(r, 3 * NSEC_PER_SEC)
					  : sim_rng_below(r, 1600 * NSEC_PER_SEC));
}

/** sim_op_gen_suspend() - a suspend of seconds, or up to SIM_OPS_MAX_SPAN_NS. */
void sim_op_gen_suspend(struct sim_op *op, struct sim_rng *r)
{
	op->a = (s64)(sim_rng_below(r, 2) ? sim_rng_below(r, 5 * NSEC_PER_SEC)
					  : sim_rng_below(r, SIM_OPS_MAX_SPAN_NS));
}

/*
 * An aux clock, mostly the first two: the aux_clock_enable ops draw those mostly too, so
 * that the calls find an enabled clock as often as a disabled one.
 */
static s32 gen_aux_clock(struct sim_rng *r)
{
	return TK_CLOCK_AUX + (s32)(sim_rng_below(r, 4) ? sim_rng_below(r, 2)
							: sim_rng_below(r, TK_MAX_AUX_CLOCKS + 1));
}

/**
 * sim_op_gen_adjtimex() - adjtimex() or clock_adjtime(): a timex, and a clock (mostly 0,
 * else an aux clock one time in three).
 */
void sim_op_gen_adjtimex(struct sim_op *op, struct sim_rng *r)
{
	gen_timex(&op->tx, r);
	op->clock = sim_rng_below(r, 2)	  ? 0
		    : sim_rng_below(r, 3) ? (s32)sim_rng_range(r, -1, 13)
					  : gen_aux_clock(r);
}

/** sim_op_gen_set() - settimeofday() or clock_settime(): around 2026, or a limit. */
void sim_op_gen_set(struct sim_op *op, struct sim_rng *r)
{
	op->has_tv = op->kind == SIM_OP_SETTIMEOFDAY && sim_rng_below(r, 4) != 0;
	op->has_tz = op->kind == SIM_OP_SETTIMEOFDAY && sim_rng_below(r, 3) == 0;
	op->clock = sim_rng_below(r, 4)	  ? 0
		    : sim_rng_below(r, 2) ? (s32)sim_rng_range(r, -1, 12)
					  : gen_aux_clock(r);
	op->a = sim_rng_below(r, 2) ? 1767225600 + sim_rng_range(r, -86400, 86400)
				    : PICK(r, 0x7fffffff - 1, 0x7fffffff, 0x80000000LL,
					   TIME_SETTOD_SEC_MAX, KTIME_SEC_MAX, -1, 0, 1, S64_MAX);
	op->b = sim_rng_below(r, 4) ? sim_rng_range(r, 0, 999999) : any_s64(r);
	op->tz.tz_minuteswest = (int)sim_rng_range(r, -15 * 60 - 1, 15 * 60 + 1);
	op->tz.tz_dsttime = (int)sim_rng_range(r, -1, 2);
}

/** sim_op_gen_counter_ppb() - a counter frequency error, mostly small. */
void sim_op_gen_counter_ppb(struct sim_op *op, struct sim_rng *r)
{
	op->a = sim_rng_range(r, -50000000, 50000000) / (s64)(1 + sim_rng_below(r, 1000));
}

/** sim_op_gen_skew() - a CPU other than 0, within a million cycles of the others. */
void sim_op_gen_skew(struct sim_op *op, struct sim_rng *r)
{
	op->clock = (s32)sim_rng_range(r, 1, SIM_OPS_MAX_CPUS - 1);
	op->a = sim_rng_range(r, -1000000, 1000000);
}

/** sim_op_gen_aux_enable() - enable (three times in four) or disable aux clock 0 or 1, or any. */
void sim_op_gen_aux_enable(struct sim_op *op, struct sim_rng *r)
{
	op->a = gen_aux_clock(r) - TK_CLOCK_AUX;
	if (op->a >= TK_MAX_AUX_CLOCKS)
		op->a = TK_MAX_AUX_CLOCKS - 1;
	op->b = sim_rng_below(r, 4) != 0;
}

/* A kind without a generator of its own: each one-number argument uniform within its bounds. */
static void gen_args(struct sim_op *op, struct sim_rng *r)
{
	const struct sim_op_desc *k = &sim_op_kinds[op->kind];

	for (unsigned int i = 0; i < k->nr_args; i++) {
		const struct sim_op_arg *arg = &k->args[i];

		switch (arg->type) {
		case SIM_ARG_COUNT:
		case SIM_ARG_CPU:
		case SIM_ARG_CHOICE:
		case SIM_ARG_NUMBER:
			sim_op_arg_set(op, arg, sim_rng_range(r, arg->lo, arg->hi));
			break;
		default:
			break;
		}
	}
}

/* An op at @t of a kind drawn by the weights of sim_op_kinds[]. */
static void gen_op(struct sim_op *op, struct sim_rng *r, u64 t)
{
	const struct sim_op_desc *kd;
	unsigned int total = 0, x;
	int k;

	for (k = 0; k < SIM_OP_NR_KINDS; k++)
		total += sim_op_kinds[k].weight;
	x = (unsigned int)sim_rng_below(r, total);
	for (k = 0; x >= sim_op_kinds[k].weight; k++)
		x -= sim_op_kinds[k].weight;
	kd = &sim_op_kinds[k];
	memset(op, 0, sizeof(*op));
	op->kind = (enum sim_op_kind)k;
	op->t_ns = t;
	op->user = sim_rng_below(r, 10) == 0;
	if (kd->gen)
		kd->gen(op, r);
	else
		gen_args(op, r);
}

/**
 * sim_ops_generate() - a fresh random op list
 * @l:      an initialised list, replaced
 * @r:      the generator
 * @nr_ops: how many ops
 *
 * The list is bounded as a fuzz input is (sim_ops_fit()): what `tksim fuzz`
 * runs is what its encoding runs in the fuzz target.
 */
void sim_ops_generate(struct sim_op_list *l, struct sim_rng *r, unsigned int nr_ops)
{
	u8 hdr[5];
	u64 t = 0;

	/* The system: the default three times in four, else one of the decoder's tables. */
	for (unsigned int i = 0; i < sizeof(hdr); i++)
		hdr[i] = sim_rng_below(r, 4) ? 0 : (u8)sim_rng_next(r);
	sim_ops_decode(l, hdr, sim_rng_below(r, 4) ? 0 : sizeof(hdr));
	for (unsigned int i = 0; i < nr_ops; i++) {
		u64 period = sim_tick_period_ns(l->cfg.hz), dt = gen_dt(r, l, t);
		struct sim_op op;

		/* A long gap: NOHZ idle to the tick phase of the op's time, then the op. */
		if (dt > 2 * period && i + 1 < nr_ops) {
			memset(&op, 0, sizeof(op));
			op.kind = SIM_OP_IDLE;
			op.t_ns = t;
			op.a = (s64)(dt - dt % period);
			if (!sim_ops_push(l, &op))
				return;
			i++;
		}
		t += dt;
		gen_op(&op, r, t);
		if (!sim_ops_push(l, &op))
			return;
		if (sim_op_kinds[op.kind].time != SIM_OP_TIME_NONE &&
		    sim_op_kinds[op.kind].time != SIM_OP_TIME_TICKS)
			t += (u64)op.a;
	}
	sim_ops_fit(l);
}

/**
 * sim_ops_mutate() - change @l a little: insert, delete, regenerate or move one op (1-4 times)
 * @l: the list
 * @r: the generator
 *
 * The result is bounded as a fuzz input is (sim_ops_fit()).
 */
void sim_ops_mutate(struct sim_op_list *l, struct sim_rng *r)
{
	unsigned int n = 1 + (unsigned int)sim_rng_below(r, 4);

	while (n--) {
		unsigned int i = l->n ? (unsigned int)sim_rng_below(r, l->n) : 0;
		u64 lo = i ? l->ops[i - 1].t_ns : 0;
		struct sim_op op;

		switch (l->n ? sim_rng_below(r, 4) : 0) {
		case 0: /* insert before op i, at a time between its neighbours */
			gen_op(&op, r, lo + (l->n ? sim_rng_below(r, l->ops[i].t_ns - lo + 1) : 0));
			if (!sim_ops_push(l, &op))
				return;
			memmove(&l->ops[i + 1], &l->ops[i], (l->n - 1 - i) * sizeof(op));
			l->ops[i] = op;
			break;
		case 1:
			sim_ops_remove(l, i);
			break;
		case 2: /* the same time, a new op */
			gen_op(&l->ops[i], r, l->ops[i].t_ns);
			break;
		default: /* the same op, moved towards its predecessor */
			l->ops[i].t_ns = lo + sim_rng_below(r, l->ops[i].t_ns - lo + 1);
			break;
		}
	}
	sim_ops_fit(l);
}

/* What sim_ops_shrink() keeps: the same signature. */
struct same_sig {
	u64 bugs;
	unsigned int flags;
	const char *sig;
};

/* Does @l still fail with the signature of @ctx (a struct same_sig)? */
static bool still_fails(const struct sim_op_list *l, void *ctx)
{
	const struct same_sig *w = ctx;
	struct sim_ops_result res;

	return sim_ops_run(l, w->bugs, w->flags, &res, NULL) == 1 && !strcmp(res.first.sig, w->sig);
}

/* The process's wall-clock bound (sim_ops_deadline_set()), CLOCK_MONOTONIC seconds; 0: none. */
static double ops_deadline;

/**
 * sim_ops_deadline_set() - bound this process's shrinking and lockstep runs by the wall clock
 * @deadline: CLOCK_MONOTONIC seconds (tksim_wall_seconds()'s clock), 0 for no bound
 *
 * `tksim fuzz --seconds S` ends within S however long its last finding takes to shrink: a
 * candidate that drops a 2 h suspend runs 7.2 million compared ticks in lockstep, seconds of
 * CPU (20 s under ASan).  Past the bound a shrink stops where it is (the list is still a
 * reproducer, only less small), and a lockstep run stops as if it found nothing.
 */
void sim_ops_deadline_set(double deadline)
{
	ops_deadline = deadline;
}

/** sim_ops_deadline_passed() - whether sim_ops_deadline_set()'s bound has passed */
bool sim_ops_deadline_passed(void)
{
	struct timespec ts;

	if (!ops_deadline)
		return false;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9 >= ops_deadline;
}

/* Whether shrinking must stop: the runs spent, or the time. */
static bool shrink_done(unsigned int runs, unsigned int max_runs)
{
	return runs >= max_runs || sim_ops_deadline_passed();
}

/**
 * sim_ops_shrink_by() - make @l minimal for a property of the caller's
 * @l:        the list, shrunk in place
 * @keeps:    true when a smaller list still shows what @l shows (one run of it)
 * @ctx:      @keeps' context
 * @max_runs: how many calls of @keeps shrinking may spend (and no time past
 *            sim_ops_deadline_set()'s bound)
 *
 * Removes chunks of ops (halves, then quarters ... then single ops), keeps
 * each removal after which @keeps still holds, then tries zeroing each number
 * of the remaining calls.  sim_ops_shrink() keeps a signature of the oracle;
 * `tksim fuzz --differential` keeps a difference (sim/diff/).
 *
 * Return: the runs spent.
 */
unsigned int sim_ops_shrink_by(struct sim_op_list *l, sim_ops_keeps_fn *keeps, void *ctx,
			       unsigned int max_runs)
{
	struct sim_op_list t;
	unsigned int runs = 0;

	sim_ops_init(&t);
	for (unsigned int chunk = l->n / 2 ? l->n / 2 : 1;
	     chunk >= 1 && !shrink_done(runs, max_runs); chunk /= 2) {
		for (unsigned int i = 0; i < l->n && !shrink_done(runs, max_runs);) {
			if (sim_ops_copy(&t, l))
				break;
			for (unsigned int k = 0; k < chunk && i < t.n; k++)
				sim_ops_remove(&t, i);
			if (t.n < l->n && (runs++, keeps(&t, ctx)))
				sim_ops_copy(l, &t);
			else
				i += chunk;
		}
		if (chunk == 1)
			break;
	}
	/* Zero the numbers of each call one at a time. */
	for (unsigned int i = 0; i < l->n && !shrink_done(runs, max_runs); i++) {
		long long *f[] = { &l->ops[i].tx.offset,      &l->ops[i].tx.freq,
				   &l->ops[i].tx.maxerror,    &l->ops[i].tx.esterror,
				   &l->ops[i].tx.constant,    &l->ops[i].tx.tick,
				   &l->ops[i].tx.time.tv_sec, &l->ops[i].tx.time.tv_usec };

		for (unsigned int k = 0;
		     k < sizeof(f) / sizeof(f[0]) && !shrink_done(runs, max_runs); k++) {
			long long old = *f[k];

			if (!old)
				continue;
			*f[k] = 0;
			runs++;
			if (!keeps(l, ctx))
				*f[k] = old;
		}
	}
	sim_ops_free(&t);
	return runs;
}

/**
 * sim_ops_shrink() - make a failing @l minimal for its signature
 * @l:        the failing list, shrunk in place
 * @bugs:     injected bugs of the failing run
 * @flags:    its SIM_OPS_* flags
 * @sig:      the signature to keep
 * @max_runs: how many runs shrinking may spend
 *
 * sim_ops_shrink_by(), keeping each removal after which the same signature still appears.
 *
 * Return: the runs spent.
 */
unsigned int sim_ops_shrink(struct sim_op_list *l, u64 bugs, unsigned int flags, const char *sig,
			    unsigned int max_runs)
{
	struct same_sig w = { .bugs = bugs, .flags = flags, .sig = sig };

	return sim_ops_shrink_by(l, still_fails, &w, max_runs);
}
