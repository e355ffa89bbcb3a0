// SPDX-License-Identifier: GPL-2.0
// tksim's own: the op list executor (see sim/ops/ops_exec.h).
/*
 * One simulated system, the ops applied in order, each at its virtual time:
 * time runs up to the op with every tick checked on the way (ntp_error,
 * second_overflow(), maxadj), then the op is applied as the kernel's entry
 * point would be (privilege and clock id checks in the kernel's order), then
 * every instant property is checked through both read paths on every CPU
 * read so far.  A call that fails must leave every number of the kernel as
 * it was; a successful adjtimex must read back the state it set; a
 * frequency change must not move any clock at that instant.
 */
#include "sim/ops/ops_exec.h"
#include "sim/ops/ops_exec_int.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "sim/bugs.h"
#include "sim/ops/ops_cs.h"
#include "sim/ops/ops_kinds.h"
#include "timekeeper/time64.h"

/* One tick, with the tick properties. */
static bool one_tick(struct exec *x)
{
	struct timekeeper tk0 = x->s->k.tk_core.timekeeper;

	sim_advance_to(x->s, x->s->next_tick_ns);
	x->r->ticks++;
	strcpy(x->clock, "-");
	if (oracle_ops_tick(&x->o, x->s, &tk0, x->prop, x->why, sizeof(x->why)))
		return ops_finding(x, "tick");
	return false;
}

/* Run up to @t (no-op if it has passed), every tick checked. */
static bool advance(struct exec *x, u64 t)
{
	if (t <= x->s->now_ns)
		return false;
	while (x->s->next_tick_ns <= t)
		if (one_tick(x))
			return true;
	sim_advance_to(x->s, t);
	return false;
}

/*
 * The longest stall the counter can span, counted from the last accumulation,
 * without the late tick taking it for negative motion (max_raw_delta, 7/8 of
 * the mask): 90 % of that, at a counter up to 6 % fast.  A longer one is not a
 * stall the kernel survives on this counter; the op stops there.
 */
static u64 stall_cap_ns(const struct sim_system *s)
{
	const struct sim_counter *c = sim_ops_cs_counter(s);
	const struct clocksource *cs = s->k.tk_core.timekeeper.tkr_mono.clock;
	const struct tk_read_base *tkr = &s->k.tk_core.timekeeper.tkr_mono;
	u64 used, cap = cs->max_raw_delta / 10 * 9;
	unsigned __int128 ns;

	if (!c)
		return 0;
	used = (sim_counter_cycles_at(c, s->now_ns) - tkr->cycle_last) & tkr->mask;
	if (used >= cap)
		return 0;
	ns = (unsigned __int128)(cap - used) * NSEC_PER_SEC * 100 / (c->p.freq_hz * 106ULL);
	return ns > SIM_OPS_MAX_SPAN_NS ? SIM_OPS_MAX_SPAN_NS : (u64)ns;
}

static u64 min_u64(u64 a, u64 b)
{
	return a < b ? a : b;
}

/*
 * sim_op_exec_idle() - a NOHZ idle of @op->a ns: the tick is never deferred beyond the
 * clocksource's max_idle_ns after the last tick (sim_nohz_room_ns()), so a longer idle is several
 * maximal gaps, each ended by a tick (at most SIM_OPS_MAX_TICKS of them; the decoder keeps fuzz
 * inputs below that).
 */
int sim_op_exec_idle(struct exec *x, const struct sim_op *op, u64 bugs, bool *stop)
{
	struct sim_system *s = x->s;
	u64 ns = (u64)op->a;

	(void)bugs;
	/* After a stall, the late tick runs before the CPU goes idle. */
	while (s->next_tick_ns <= s->now_ns && !*stop)
		*stop = one_tick(x);
	for (unsigned int i = 0; ns && !*stop && i < SIM_OPS_MAX_TICKS; i++) {
		struct timekeeper tk0 = s->k.tk_core.timekeeper;
		u64 gap = min_u64(ns, sim_nohz_room_ns(s));

		sim_idle_ns(s, gap);
		ns -= gap;
		x->r->ticks++;
		strcpy(x->clock, "-");
		if (oracle_ops_tick(&x->o, s, &tk0, x->prop, x->why, sizeof(x->why)))
			*stop = ops_finding(x, "idle");
	}
	return 0;
}

/* The failure modes the kernel's entry points have; anything else is a finding. */
static bool errno_expected(int ret)
{
	return ret == -EINVAL || ret == -EPERM || ret == -EOPNOTSUPP;
}

/* sim_op_exec_adjtimex() - adjtimex() or clock_adjtime() with its properties. */
int sim_op_exec_adjtimex(struct exec *x, const struct sim_op *op, u64 bugs, bool *stop)
{
	struct oracle_snapshot v0, k0, v1, k1;
	struct tk_timex tx = op->tx;
	unsigned int m = tx.modes;
	bool still = (m & (ADJ_FREQUENCY | ADJ_TICK)) && !(m & (ADJ_SETOFFSET | ADJ_TAI));
	u64 overflows = x->s->k.ntp.nr_second_overflow;
	s64 leaps = x->s->k.ntp.leap_sum;
	int ret;

	(void)bugs;
	if (still) {
		x->pending0 = ops_pending_ns(x);
		oracle_snapshot(x->s, SIM_PATH_VDSO, &v0, x->why, sizeof(x->why));
		oracle_snapshot(x->s, SIM_PATH_SYSCALL, &k0, x->why, sizeof(x->why));
	}
	if (op->kind == SIM_OP_CLOCK_ADJTIME)
		ret = tk_sys_clock_adjtime(&x->s->k, op->clock, &tx, !op->user);
	else
		ret = do_adjtimex(&x->s->k, &tx, !op->user);
	if (ret < 0) {
		x->pending0 = 0;
		return ret;
	}
	x->o.evals[OP_PROP_FREQ_STILL] += still;
	if (still) {
		/*
		 * A leap second the call's accumulation crossed (after a stall) is applied
		 * now, by this call: REALTIME moves by it, TAI does not (tai_offset follows).
		 */
		__int128 leap = (__int128)(x->s->k.ntp.leap_sum - leaps) * NSEC_PER_SEC;

		v0.ns[TK_CLOCK_REALTIME] += leap;
		k0.ns[TK_CLOCK_REALTIME] += leap;
		v0.ns[TK_CLOCK_REALTIME_COARSE] += leap;
		k0.ns[TK_CLOCK_REALTIME_COARSE] += leap;
		oracle_snapshot(x->s, SIM_PATH_VDSO, &v1, x->why, sizeof(x->why));
		oracle_snapshot(x->s, SIM_PATH_SYSCALL, &k1, x->why, sizeof(x->why));
		if (oracle_check_unchanged(&v0, &v1, x->why, sizeof(x->why)) ||
		    oracle_check_unchanged(&k0, &k1, x->why, sizeof(x->why))) {
			strcpy(x->prop, oracle_prop_names[OP_PROP_FREQ_STILL]);
			oracle_ops_clock_of(x->why, x->clock);
			*stop = ops_finding(x, sim_op_names[op->kind]);
			if (*stop)
				return ret;
		}
		x->pending0 = 0;
	}
	/*
	 * The kernel fills in the result before TK_ADV_FREQ applies the new frequency;
	 * if that accumulated a second, NTP's state moved on since (maxerror grew).
	 */
	if (x->s->k.ntp.nr_second_overflow == overflows &&
	    oracle_ops_readback(&x->o, x->s, &tx, ret, m, x->why, sizeof(x->why))) {
		strcpy(x->prop, oracle_prop_names[OP_PROP_READBACK]);
		strcpy(x->clock, "-");
		*stop = ops_finding(x, sim_op_names[op->kind]);
	}
	if (m & ADJ_SETOFFSET)
		oracle_ops_resync(&x->o, x->s);
	return ret;
}

/*
 * sim_op_exec_set() - settimeofday() and clock_settime(); a success may have set the clock
 * (or warped it).
 */
int sim_op_exec_set(struct exec *x, const struct sim_op *op, u64 bugs, bool *stop)
{
	struct tk_timeval tv = { .tv_sec = op->a, .tv_usec = op->b };
	struct timespec64 ts = { .tv_sec = op->a, .tv_nsec = (long)op->b };
	int ret;

	(void)bugs;
	(void)stop;
	if (op->kind == SIM_OP_CLOCK_SETTIME)
		ret = tk_sys_clock_settime(&x->s->k, op->clock, &ts, !op->user);
	else
		ret = tk_sys_settimeofday(&x->s->k, op->has_tv ? &tv : NULL,
					  op->has_tz ? &op->tz : NULL, !op->user);
	if (!ret)
		oracle_ops_resync(&x->o, x->s);
	return ret;
}

/* sim_op_exec_ticks() - @op->a ticks, each checked. */
int sim_op_exec_ticks(struct exec *x, const struct sim_op *op, u64 bugs, bool *stop)
{
	(void)bugs;
	for (s64 i = 0; i < op->a && i < SIM_OPS_MAX_TICKS && !*stop; i++)
		*stop = one_tick(x);
	return 0;
}

/* sim_op_exec_stall() - @op->a ns without a tick, at most what the counter spans. */
int sim_op_exec_stall(struct exec *x, const struct sim_op *op, u64 bugs, bool *stop)
{
	struct sim_system *s = x->s;

	(void)bugs;
	/* After a stall, the late tick runs before the next one starts. */
	while (s->next_tick_ns <= s->now_ns && !*stop)
		*stop = one_tick(x);
	if (!*stop)
		sim_stall_ns(s, min_u64((u64)op->a, stall_cap_ns(s)));
	return 0;
}

/* sim_op_exec_counter_ppb() - the counter's true frequency error becomes @op->a ppb. */
int sim_op_exec_counter_ppb(struct exec *x, const struct sim_op *op, u64 bugs, bool *stop)
{
	(void)bugs;
	(void)stop;
	sim_counter_set_error_ppb(&x->s->counter, op->a);
	return 0;
}

/* sim_op_exec_suspend() - suspend, @op->a ns pass, resume with that sleep. */
int sim_op_exec_suspend(struct exec *x, const struct sim_op *op, u64 bugs, bool *stop)
{
	struct sim_system *s = x->s;
	struct timespec64 sleep;

	(void)bugs;
	(void)stop;
	timekeeping_suspend(&s->k);
	x->o.raw_skipped -= oracle_ops_raw_cycles(&x->o, s);
	sim_stall_ns(s, (u64)op->a);
	x->o.raw_skipped += oracle_ops_raw_cycles(&x->o, s);
	sleep = set_normalized_timespec64(0, op->a);
	timekeeping_resume(&s->k, &sleep);
	oracle_ops_resync(&x->o, s);
	return 0;
}

/* sim_op_exec_skew() - CPU @op->clock's view of the counter is @op->a cycles off. */
int sim_op_exec_skew(struct exec *x, const struct sim_op *op, u64 bugs, bool *stop)
{
	(void)bugs;
	(void)stop;
	if (op->clock > 0 && op->clock < SIM_OPS_MAX_CPUS) {
		sim_counter_set_cpu_offset(&x->s->counter, (unsigned int)op->clock, op->a);
		x->o.cpus |= 1U << op->clock;
		/* New hardware: that CPU's history no longer applies. */
		memset(&x->o.mono[op->clock], 0, sizeof(x->o.mono[0]));
	}
	return 0;
}

/* sim_op_exec_inject() - the bugs of mask @op->a switched on, besides the run's @bugs. */
int sim_op_exec_inject(struct exec *x, const struct sim_op *op, u64 bugs, bool *stop)
{
	(void)stop;
	sim_bugs_apply(&x->s->k, bugs | (u64)op->a);
	return 0;
}

/* sim_op_exec_midwrite() - check from inside the next vvar page update. */
int sim_op_exec_midwrite(struct exec *x, const struct sim_op *op, u64 bugs, bool *stop)
{
	(void)op;
	(void)bugs;
	(void)stop;
	oracle_ops_arm_midwrite(&x->o, x->s);
	return 0;
}

/* sim_op_exec_clocksource() - write clocksource @op->a to current_clocksource. */
int sim_op_exec_clocksource(struct exec *x, const struct sim_op *op, u64 bugs, bool *stop)
{
	(void)bugs;
	if (sim_ops_cs_switch(x->s, &x->o, &x->css, op->a, x->why, sizeof(x->why)) == 1) {
		strcpy(x->prop, oracle_prop_names[OP_PROP_CS_SWITCH]);
		oracle_ops_clock_of(x->why, x->clock);
		*stop = ops_finding(x, sim_op_names[op->kind]);
	}
	return 0;
}

/* Apply one op after time has reached it; returns the call's result (0 for non-calls). */
static int apply(struct exec *x, const struct sim_op *op, u64 bugs, bool *stop)
{
	const struct sim_op_desc *k = &sim_op_kinds[op->kind];

	return k->exec ? k->exec(x, op, bugs, stop) : 0;
}

static bool is_call(enum sim_op_kind k)
{
	return sim_op_kinds[k].call;
}

/* After a call: a failure must be an expected errno and change nothing. */
static bool check_call(struct exec *x, const struct sim_op *op, int ret,
		       const struct oracle_state *before)
{
	struct oracle_state after;

	if (ret >= 0)
		return false;
	strcpy(x->clock, "-");
	x->o.evals[OP_PROP_ERRNO]++;
	if (!errno_expected(ret)) {
		strcpy(x->prop, oracle_prop_names[OP_PROP_ERRNO]);
		snprintf(x->why, sizeof(x->why), "%s failed with %d", sim_op_names[op->kind], ret);
		if (ops_finding(x, sim_op_names[op->kind]))
			return true;
	}
	x->o.evals[OP_PROP_FAILED_CALL]++;
	oracle_state_take(&after, x->s);
	if (oracle_state_diff(before, &after, x->why, sizeof(x->why))) {
		struct timespec64 ts = { .tv_sec = op->a, .tv_nsec = (long)op->b * 1000 };

		strcpy(x->prop, oracle_prop_names[OP_PROP_FAILED_CALL]);
		/*
		 * do_sys_settimeofday64() stores a valid time zone before
		 * do_settimeofday64() refuses a valid time before boot: the kernel's own
		 * order, a known finding of its own name.
		 */
		if (op->kind == SIM_OP_SETTIMEOFDAY && op->has_tz && op->has_tv && !op->user &&
		    op->b >= 0 && op->b < (s64)USEC_PER_SEC && timespec64_valid_settod(&ts))
			strcpy(x->prop, "tz-kept-on-refused-time");
		return ops_finding(x, sim_op_names[op->kind]);
	}
	return false;
}

/*
 * Nothing to read again: the op is a read, or a call that failed and was
 * seen to change no byte of the kernel (check_call()), at the instant the
 * last op was checked at, with nothing between (time has not moved, so no
 * tick ran).  Every clock would read what the last check read, through the
 * same state and counter value, and those values passed.  Only on a system
 * the executor owns (sim_ops_run()): a caller's system (sim_ops_exec_new())
 * may be moved on between ops at the same instant by the caller's own actors.
 */
static bool same_instant(const struct exec *x, const struct sim_op *op, int ret)
{
	return x->owns && x->s->now_ns == x->checked_ns && !x->o.midwrite_why[0] &&
	       (sim_op_kinds[op->kind].reads_only || (is_call(op->kind) && ret < 0));
}

/* Op @i: run up to its time, apply it (its result in *@ret), check; 1 on a finding. */
static int exec_op(struct exec *x, const struct sim_op *op, unsigned int i, u64 bugs, int *ret)
{
	struct oracle_state before;
	bool stop = false;

	x->op_index = i;
	*ret = 0;
	if (advance(x, op->t_ns))
		return 1;
	if (is_call(op->kind))
		oracle_state_take(&before, x->s);
	*ret = apply(x, op, bugs, &stop);
	x->r->ops_run++;
	if (stop || (is_call(op->kind) && check_call(x, op, *ret, &before)))
		return 1;
	if (same_instant(x, op, *ret))
		return 0;
	x->checked_ns = x->s->now_ns;
	if (oracle_ops_instant(&x->o, x->s, x->prop, x->clock, x->why, sizeof(x->why)) &&
	    ops_finding(x, sim_op_names[op->kind]))
		return 1;
	return 0;
}

static int exec_ops(struct exec *x, const struct sim_op_list *l, u64 bugs)
{
	int ret;

	for (unsigned int i = 0; i < l->n; i++)
		if (exec_op(x, &l->ops[i], i, bugs, &ret))
			return 1;
	return 0;
}

/**
 * sim_ops_run() - build the system of @l, apply its ops, check after every op
 * @l:     the op list
 * @bugs:  injectable bugs switched on at boot (sim/bugs.h), 0 for none
 * @flags: SIM_OPS_*
 * @r:     what was seen
 * @log:   where to describe findings as they come (NULL: nowhere)
 *
 * Return: 0 when every property held (known kernel behaviours aside), 1 on
 * a finding (in @r->first), or a negative errno when the system cannot be
 * built from @l->cfg.
 */
int sim_ops_run(const struct sim_op_list *l, u64 bugs, unsigned int flags, struct sim_ops_result *r,
		FILE *log)
{
	struct exec *x = calloc(1, sizeof(*x));
	struct sim_system *s = aligned_alloc(64, (sizeof(*s) + 63) & ~(size_t)63);
	int ret;

	memset(r, 0, sizeof(*r));
	if (!x || !s) {
		free(x);
		free(s);
		return -ENOMEM;
	}
	/* Zeroed, so that struct padding compares equal in the failed-call check. */
	memset(s, 0, sizeof(*s));
	ret = sim_system_init(s, &l->cfg);
	if (ret) {
		free(x);
		free(s);
		return ret;
	}
	sim_bugs_apply(&s->k, bugs);
	x->s = s;
	x->r = r;
	x->flags = flags;
	x->log = log;
	x->checked_ns = U64_MAX;
	x->owns = true;
	oracle_ops_init(&x->o, s);
	ret = exec_ops(x, l, bugs);
	memcpy(r->evals, x->o.evals, sizeof(r->evals));
	s->k.vdso_write_hook = NULL;
	sim_ops_cs_free(s, x->css);
	sim_system_destroy(s);
	free(s);
	free(x);
	return ret;
}

/*
 * Incremental use: the ops of a caller that runs the system itself (`tksim
 * run`: its own ticks, daemon and checks between ops), one at a time, with
 * the same application and the same oracle as sim_ops_run().
 */

/** struct sim_ops_exec - the executor on a caller's system (opaque to callers) */
struct sim_ops_exec {
	struct exec x;
};

/**
 * sim_ops_exec_new() - an executor on the running system @s
 * @s:     the system; it stays the caller's
 * @flags: SIM_OPS_*
 * @r:     what the ops saw, updated after each
 * @log:   where to describe findings as they come (NULL: nowhere)
 *
 * Return: the executor (sim_ops_exec_free()), or NULL without memory.
 */
struct sim_ops_exec *sim_ops_exec_new(struct sim_system *s, unsigned int flags,
				      struct sim_ops_result *r, FILE *log)
{
	struct sim_ops_exec *e = calloc(1, sizeof(*e));

	if (!e)
		return NULL;
	memset(r, 0, sizeof(*r));
	e->x.s = s;
	e->x.r = r;
	e->x.flags = flags;
	e->x.log = log;
	oracle_ops_init(&e->x.o, s);
	return e;
}

/**
 * sim_ops_exec_resync() - the caller moved the system on by itself
 * @e: the executor
 *
 * Ticks the caller ran and checked, and whatever its own actors did (a
 * daemon's clock step), are no finding of the next op: the second_overflow()
 * bookkeeping starts again from now.
 */
void sim_ops_exec_resync(struct sim_ops_exec *e)
{
	oracle_ops_resync(&e->x.o, e->x.s);
}

/**
 * sim_ops_exec_op() - one op on the caller's system, as sim_ops_run() applies it
 * @e:     the executor
 * @op:    the op; time runs up to @op->t_ns first (every tick checked)
 * @index: its number, for findings
 * @ret:   out: the call's result (clock state or negative errno; 0 for non-calls)
 *
 * Return: 0 every property held (known kernel behaviours aside), 1 a finding
 * (the first in the result's @first).
 */
int sim_ops_exec_op(struct sim_ops_exec *e, const struct sim_op *op, unsigned int index, int *ret)
{
	int found = exec_op(&e->x, op, index, 0, ret);

	memcpy(e->x.r->evals, e->x.o.evals, sizeof(e->x.r->evals));
	return found;
}

/** sim_ops_exec_free() - done with the executor; the system stays. */
void sim_ops_exec_free(struct sim_ops_exec *e)
{
	if (!e)
		return;
	e->x.s->k.vdso_write_hook = NULL;
	sim_ops_cs_free(e->x.s, e->x.css);
	free(e);
}
