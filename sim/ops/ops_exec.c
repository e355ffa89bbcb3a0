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
#include "timekeeper/timekeeping_aux.h"

/* ops_one_tick() - one tick, with the tick properties; true on a finding that stops the run. */
bool ops_one_tick(struct exec *x)
{
	struct timekeeper tk0 = x->s->k.tk_core.timekeeper;

	oracle_ops_tick_begin(&x->o, x->s);
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
		if (ops_one_tick(x))
			return true;
	sim_advance_to(x->s, t);
	return false;
}

/*
 * The failure modes the kernel's entry points have; anything else is a finding.  A
 * call on a disabled aux clock fails with -ENODEV (v6.17), and only such a call; so
 * does the aux_clock_enable knob of a kernel that has no aux clocks.
 */
static bool errno_expected(const struct exec *x, const struct sim_op *op, int ret)
{
	int aux = oracle_ops_aux_call(op);

	if (ret == -ENODEV)
		return aux >= 0 && (op->kind == SIM_OP_AUX_ENABLE ||
				    !tk_aux_clock_enabled(&x->s->k, (unsigned int)aux));
	return ret == -EINVAL || ret == -EPERM || ret == -EOPNOTSUPP;
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
	if (!errno_expected(x, op, ret)) {
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
	struct oracle_indep indep;
	bool stop = false;

	x->op_index = i;
	*ret = 0;
	if (advance(x, op->t_ns))
		return 1;
	if (is_call(op->kind))
		oracle_state_take(&before, x->s);
	ops_state_before(x);
	oracle_ops_indep_before(&x->o, x->s, op, &indep);
	*ret = apply(x, op, bugs, &stop);
	x->r->ops_run++;
	if (stop || (is_call(op->kind) && check_call(x, op, *ret, &before)))
		return 1;
	oracle_ops_aux_after(&x->o, x->s, op, *ret);
	if (oracle_ops_indep_after(&x->o, x->s, op, &indep, *ret, x->prop, x->clock, x->why,
				   sizeof(x->why)) &&
	    ops_finding(x, sim_op_names[op->kind]))
		return 1;
	if (same_instant(x, op, *ret))
		return 0;
	x->checked_ns = x->s->now_ns;
	if (oracle_ops_instant(&x->o, x->s, x->prop, x->clock, x->why, sizeof(x->why)) &&
	    ops_finding(x, sim_op_names[op->kind]))
		return 1;
	/* What the oracle has just read is what the next op's checks compare with. */
	x->coarse_off0 = ops_coarse_off(x);
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

/* sim_ops_run() with the bits of @off switched off after boot, a profile's implied ones too. */
static int run_list(const struct sim_op_list *l, u64 bugs, u64 off, unsigned int flags,
		    struct sim_ops_result *r, FILE *log)
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
	sim_bugs_clear(&s->k, off);
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
	return run_list(l, bugs, 0, flags, r, log);
}

/**
 * sim_ops_run_without() - sim_ops_run() of @l's release with some of its older behaviours fixed
 * @l:   the op list, its system of a version profile
 * @off: BUG_* bits switched off after boot, those the profile implies among them (its
 *       named differences' older behaviours: the newer one instead)
 * @r:   what was seen
 *
 * Tells which of a release's known bugs a finding comes from: the finding that goes away
 * with one bit off is that bug's (sim_ops_ktree_known()).
 *
 * Return: as sim_ops_run().
 */
int sim_ops_run_without(const struct sim_op_list *l, u64 off, struct sim_ops_result *r)
{
	return run_list(l, 0, off, 0, r, NULL);
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

/**
 * sim_ops_exec_advance() - run the caller's system to @t_ns as the next op's own advance would
 * @e:     the executor
 * @t_ns:  where to (nothing if it has passed: a tick a stall left late
 *         belongs to the next op, which runs it after time has reached it)
 * @index: the number of the next op, for findings
 *
 * Every tick on the way is checked; nothing is read at @t_ns, so that the
 * executor's state at the next op is what sim_ops_run() would have there.
 *
 * Return: 0, or 1 for a finding at a tick (@e's result has it).
 */
int sim_ops_exec_advance(struct sim_ops_exec *e, u64 t_ns, unsigned int index)
{
	int found;

	e->x.op_index = index;
	found = advance(&e->x, t_ns);
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
