// SPDX-License-Identifier: GPL-2.0
// tksim's own: the oracle after every op, the aux clocks' part (see sim/ops/oracle_ops.h).
/*
 * What an op does to the aux clocks' memory (sim/oracle_aux.h), the instant
 * properties of the aux clocks in the oracle's names, and independence: a
 * call on an aux clock moves no system clock and no other aux clock, a call
 * on the system clocks (NTP, a step of REALTIME) moves no aux clock, at the
 * instant of the call, through both paths.
 */
#include <string.h>

#include "sim/clocks.h"
#include "sim/ops/ops_kinds.h"
#include "sim/ops/oracle_ops.h"
#include "timekeeper/timekeeping_aux.h"

/**
 * oracle_ops_ntp_of() - the NTP state clock_adjtime(@clock) steers
 * @s:     the system
 * @clock: a clock id
 *
 * Return: an aux clock's own NTP state, the system's for every other id.
 */
const struct ntp_data *oracle_ops_ntp_of(const struct sim_system *s, s32 clock)
{
	const struct ntp_data *ntp = NULL;
	struct timekeeper tk;

	if (!sim_clock_is_aux(clock))
		return &s->k.ntp;
	tk_aux_snapshot(&s->k, (unsigned int)(clock - TK_CLOCK_AUX), &tk, &ntp);
	return ntp;
}

/**
 * oracle_ops_clock_now() - the time clock_adjtime(@clock) reports, and its timekeeper's TAI offset
 * @s:     the system
 * @clock: a clock id
 * @now:   out: the aux clock for an aux id, REALTIME for every other
 *
 * Return: tai_offset of that timekeeper (s).
 */
s32 oracle_ops_clock_now(const struct sim_system *s, s32 clock, struct timespec64 *now)
{
	const struct ntp_data *ntp;
	struct timekeeper tk;

	if (!sim_clock_is_aux(clock)) {
		ktime_get_real_ts64(&s->k, now);
		return s->k.tk_core.timekeeper.tai_offset;
	}
	tk_aux_snapshot(&s->k, (unsigned int)(clock - TK_CLOCK_AUX), &tk, &ntp);
	if (!ktime_get_aux_ts64(&s->k, clock, now))
		memset(now, 0, sizeof(*now));
	return tk.tai_offset;
}

/**
 * oracle_ops_aux_call() - the aux clock @op is a call on
 * @op: the op
 *
 * Return: n for aux_clock_enable of aux clock n and for clock_settime and
 * clock_adjtime of CLOCK_AUX + n; -1 for every other op.
 */
int oracle_ops_aux_call(const struct sim_op *op)
{
	switch (op->kind) {
	case SIM_OP_AUX_ENABLE:
		return op->a >= 0 && op->a < TK_MAX_AUX_CLOCKS ? (int)op->a : -1;
	case SIM_OP_CLOCK_SETTIME:
	case SIM_OP_CLOCK_ADJTIME:
		return sim_clock_is_aux(op->clock) ? op->clock - TK_CLOCK_AUX : -1;
	default:
		return -1;
	}
}

/**
 * oracle_ops_aux_rebase() - every aux clock's raw-exact base is now (suspend, clocksource switch)
 * @o: the oracle
 * @s: the system
 *
 * Its history stays: the clock must not go back across either.
 */
void oracle_ops_aux_rebase(struct oracle_ops *o, struct sim_system *s)
{
	for (unsigned int i = 0; i < TK_MAX_AUX_CLOCKS; i++)
		if (o->aux.seen & (1U << i))
			oracle_aux_rebase(&o->aux, s, i, o->raw_counter);
}

/**
 * oracle_ops_aux_after() - what @op did to the aux clocks, into the oracle's memory
 * @o:   the oracle
 * @s:   the system, just after the op
 * @op:  the op
 * @ret: its result (a failed call changed nothing: check_call() sees to it)
 *
 * An enable, a disable, a clock_settime() and an ADJ_SETOFFSET step the clock
 * (its history starts again), an enable or disable only where it changed the
 * knob; any other successful clock_adjtime() that writes
 * (modes other than 0 and ADJ_OFFSET_SS_READ) steers it (no raw-exact until
 * the next step).
 */
void oracle_ops_aux_after(struct oracle_ops *o, struct sim_system *s, const struct sim_op *op,
			  int ret)
{
	int idx = oracle_ops_aux_call(op);
	unsigned int m = op->tx.modes;

	if (op->kind == SIM_OP_SUSPEND || op->kind == SIM_OP_CLOCKSOURCE) {
		const struct clocksource *cs = s->k.tk_core.timekeeper.tkr_mono.clock;

		/*
		 * Resume re-bases the system timekeeper only (v6.17+: timekeeping_resume()
		 * of kernel/time/timekeeping.c touches tk_core alone): an aux timekeeper
		 * takes the sleep at its next tick, from its cycle_last of before.
		 * Beyond the clocksource's max_idle_ns the counter may have wrapped, so
		 * the sleep counts modulo the wrap: such aux clocks are not held to
		 * raw-exact until their next step.  They are still held to monotonic,
		 * which the kernel breaks when the stale delta crosses the wrap
		 * (aux-stale-after-resume: sim/ops/ops_finding.c, oracle_known.c).
		 */
		if (op->kind == SIM_OP_SUSPEND && cs && (u64)op->a >= cs->max_idle_ns)
			o->aux.wrapped |= o->aux.seen;
		oracle_ops_aux_rebase(o, s);
		o->aux.exact &= ~o->aux.wrapped;
		return;
	}
	if (op->kind == SIM_OP_AUX_ENABLE) {
		unsigned int on = oracle_aux_enabled_mask(s), changed = on ^ o->aux.on;

		o->aux.on = on;
		/* aux_clock_enable_store(): a write of the state the knob has does nothing. */
		if (idx < 0 || ret < 0 || !(changed & (1U << idx)))
			return;
	}
	if (idx < 0 || ret < 0)
		return;
	if (op->kind != SIM_OP_CLOCK_ADJTIME || (m & ADJ_SETOFFSET))
		oracle_aux_stepped(&o->aux, s, (unsigned int)idx, o->raw_counter);
	if (op->kind == SIM_OP_CLOCK_ADJTIME && (m & ~ADJ_SETOFFSET) && m != ADJ_OFFSET_SS_READ)
		oracle_aux_steered(&o->aux, (unsigned int)idx);
}

/**
 * oracle_ops_aux_instant() - the aux clocks' instant properties (oracle_ops_instant())
 * @o, @s, @prop, @clock, @why, @n: as oracle_ops_instant()
 * Return: 0, or -1 with the property's name in @prop.
 */
int oracle_ops_aux_instant(struct oracle_ops *o, struct sim_system *s, char *prop, char *clock,
			   char *why, size_t n)
{
	static const enum oracle_prop props[ORACLE_AUX_NR] = {
		[ORACLE_AUX_VDSO_EQ] = OP_PROP_AUX_VDSO_EQ,
		[ORACLE_AUX_MONOTONIC] = OP_PROP_AUX_MONOTONIC,
		[ORACLE_AUX_RAW_EXACT] = OP_PROP_AUX_RAW_EXACT,
	};
	enum oracle_aux_prop p = oracle_aux_check(&o->aux, s, o->raw_counter, clock, why, n);

	for (unsigned int i = ORACLE_AUX_VDSO_EQ; i < ORACLE_AUX_NR; i++)
		o->evals[props[i]] = o->aux.evals[i];
	if (p == ORACLE_AUX_OK)
		return 0;
	strcpy(prop, oracle_prop_names[props[p]]);
	return -1;
}

/**
 * oracle_ops_indep_before() - the clocks @op must not move, read before it is applied
 * @o:  the oracle
 * @s:  the system, at the op's instant
 * @op: the op
 * @b:  out
 *
 * A call on aux clock n: the system clocks and every other aux clock in use;
 * aux clock n itself too for a clock_adjtime() without ADJ_SETOFFSET (a change
 * of frequency or phase at one instant moves no clock).  Any other call, while
 * aux clocks are in use: those aux clocks.
 */
void oracle_ops_indep_before(struct oracle_ops *o, struct sim_system *s, const struct sim_op *op,
			     struct oracle_indep *b)
{
	int idx = oracle_ops_aux_call(op);
	unsigned int mask = o->aux.seen;
	char why[8];

	b->active = false;
	if (!sim_op_kinds[op->kind].call || (idx < 0 && !mask))
		return;
	/* It fails with -ENODEV, and the failed-call check sees every byte stay. */
	if (idx >= 0 && op->kind != SIM_OP_AUX_ENABLE &&
	    !tk_aux_clock_enabled(&s->k, (unsigned int)idx))
		return;
	b->active = true;
	b->sys = idx >= 0;
	if (idx >= 0 && (op->kind != SIM_OP_CLOCK_ADJTIME || (op->tx.modes & ADJ_SETOFFSET)))
		mask &= ~(1U << idx);
	if (b->sys) {
		oracle_snapshot(s, SIM_PATH_VDSO, &b->v, why, sizeof(why));
		oracle_snapshot(s, SIM_PATH_SYSCALL, &b->k, why, sizeof(why));
	}
	oracle_aux_snapshot(s, SIM_PATH_VDSO, mask, &b->av);
	oracle_aux_snapshot(s, SIM_PATH_SYSCALL, mask, &b->ak);
}

/**
 * oracle_ops_indep_after() - nothing @op must not move has moved
 * @o:     the oracle
 * @s:     the system, just after the op (the same instant)
 * @op:    the op
 * @b:     what oracle_ops_indep_before() read
 * @ret:   the call's result: a failed call is the failed-call check's, which is stronger
 * @prop:  the violated property's name (at least 32 bytes)
 * @clock: the clock it concerns (at least 24 bytes)
 * @why:   what was seen
 * @n:     size of @why
 *
 * Return: 0, or -1: aux-independent, or still-at-freq-change for the aux
 * clock a clock_adjtime() steered.
 */
int oracle_ops_indep_after(struct oracle_ops *o, struct sim_system *s, const struct sim_op *op,
			   const struct oracle_indep *b, int ret, char *prop, char *clock,
			   char *why, size_t n)
{
	struct oracle_snapshot v, k;
	struct oracle_aux_snap av, ak;
	int idx = oracle_ops_aux_call(op);
	enum oracle_prop p = OP_PROP_AUX_INDEPENDENT;
	char tmp[8];

	if (!b->active || ret < 0)
		return 0;
	o->evals[OP_PROP_AUX_INDEPENDENT]++;
	if (b->sys) {
		oracle_snapshot(s, SIM_PATH_VDSO, &v, tmp, sizeof(tmp));
		oracle_snapshot(s, SIM_PATH_SYSCALL, &k, tmp, sizeof(tmp));
		if (oracle_check_unchanged(&b->v, &v, why, n) ||
		    oracle_check_unchanged(&b->k, &k, why, n))
			goto found;
	}
	oracle_aux_snapshot(s, SIM_PATH_VDSO, b->av.mask, &av);
	oracle_aux_snapshot(s, SIM_PATH_SYSCALL, b->ak.mask, &ak);
	if (idx >= 0 && (b->av.mask & (1U << idx))) {
		struct oracle_aux_snap one_b = b->av, one_a = av, kb = b->ak, ka = ak;

		one_b.mask = one_a.mask = kb.mask = ka.mask = 1U << idx;
		o->evals[OP_PROP_FREQ_STILL]++;
		if (oracle_aux_unchanged(&one_b, &one_a, 1, why, n) ||
		    oracle_aux_unchanged(&kb, &ka, 0, why, n)) {
			p = OP_PROP_FREQ_STILL;
			goto found;
		}
	}
	if (!oracle_aux_unchanged(&b->av, &av, 1, why, n) &&
	    !oracle_aux_unchanged(&b->ak, &ak, 0, why, n))
		return 0;
found:
	strcpy(prop, oracle_prop_names[p]);
	oracle_ops_clock_of(why, clock);
	return -1;
}
