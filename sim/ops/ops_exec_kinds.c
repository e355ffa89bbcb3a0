// SPDX-License-Identifier: GPL-2.0
// tksim's own: the executor function of each op kind (named by sim/ops/ops_kinds.c).
/*
 * Each is called once time has reached the op (ticks run and checked up to
 * it); the executor (sim/ops/ops_exec.c) checks a call's failure and every
 * instant property after it.
 */
#include <errno.h>
#include <string.h>

#include "sim/bugs.h"
#include "sim/ops/ops_cs.h"
#include "sim/ops/ops_exec_int.h"
#include "sim/ops/ops_kinds.h"
#include "timekeeper/time64.h"
#include "timekeeper/timekeeping_aux.h"

/**
 * sim_ops_stall_cap_ns() - the longest stall the counter can span, counted from the last
 * accumulation, without the late tick taking it for negative motion (max_raw_delta, 7/8 of
 * the mask): 90 % of that, at a counter up to 6 % fast
 * @s: the system
 *
 * A longer one is not a stall the kernel survives on this counter; the op stops there (and
 * so does `tksim diff`, sim/diff/diff_run.c, which times its stalls by this too).
 *
 * Return: ns.
 */
u64 sim_ops_stall_cap_ns(const struct sim_system *s)
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

/**
 * sim_op_exec_idle() - a NOHZ idle of @op->a ns: the tick is never deferred beyond the
 * clocksource's max_idle_ns after the last tick (sim_nohz_room_ns()), so a longer idle is several
 * maximal gaps, each ended by a tick (at most SIM_OPS_MAX_TICKS of them; the decoder keeps fuzz
 * inputs below that).
 *
 * Return: 0, or -ERANGE when the idle was cut at SIM_OPS_MAX_TICKS gaps.
 */
int sim_op_exec_idle(struct exec *x, const struct sim_op *op, u64 bugs, bool *stop)
{
	struct sim_system *s = x->s;
	u64 ns = (u64)op->a;

	(void)bugs;
	/* After a stall, the late tick runs before the CPU goes idle. */
	while (s->next_tick_ns <= s->now_ns && !*stop)
		*stop = ops_one_tick(x);
	for (unsigned int i = 0; ns && !*stop && i < SIM_OPS_MAX_TICKS; i++) {
		struct timekeeper tk0 = s->k.tk_core.timekeeper;
		u64 gap = min_u64(ns, sim_nohz_room_ns(s));

		oracle_ops_tick_begin(&x->o, s);
		sim_idle_ns(s, gap);
		ns -= gap;
		x->r->ticks++;
		strcpy(x->clock, "-");
		if (oracle_ops_tick(&x->o, s, &tk0, x->prop, x->why, sizeof(x->why)))
			*stop = ops_finding(x, "idle");
	}
	/* Longer than SIM_OPS_MAX_TICKS gaps: the rest is not idled, and the caller is told. */
	return ns && !*stop ? -ERANGE : 0;
}

/** sim_op_exec_adjtimex() - adjtimex() or clock_adjtime() with its properties. */
int sim_op_exec_adjtimex(struct exec *x, const struct sim_op *op, u64 bugs, bool *stop)
{
	struct oracle_snapshot v0, k0, v1, k1;
	struct tk_timex tx = op->tx;
	unsigned int m = tx.modes;
	bool still = (m & (ADJ_FREQUENCY | ADJ_TICK)) && !(m & (ADJ_SETOFFSET | ADJ_TAI));
	const struct ntp_data *ntp =
		oracle_ops_ntp_of(x->s, op->kind == SIM_OP_CLOCK_ADJTIME ? op->clock : 0);
	u64 overflows = ntp ? ntp->nr_second_overflow : 0;
	s64 leaps = x->s->k.ntp.leap_sum;
	/* v6.17+ hands back the clock's time read before an ADJ_SETOFFSET step. */
	bool pre_step = (m & ADJ_SETOFFSET) && tk_has(&x->s->k, TKV_ADJTIMEX_LOCKED_STEP);
	struct timespec64 before;
	int ret;

	(void)bugs;
	if (pre_step)
		oracle_ops_clock_now(x->s, op->kind == SIM_OP_CLOCK_ADJTIME ? op->clock : 0,
				     &before);
	if (still) {
		oracle_snapshot(x->s, SIM_PATH_VDSO, &v0, x->why, sizeof(x->why));
		oracle_snapshot(x->s, SIM_PATH_SYSCALL, &k0, x->why, sizeof(x->why));
	}
	ret = sim_sys_clock_adjtime(x->s, op->clock, op->kind != SIM_OP_CLOCK_ADJTIME, &tx,
				    !op->user);
	if (ret < 0)
		return ret;
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
	}
	/*
	 * The kernel fills in the result before TK_ADV_FREQ applies the new frequency;
	 * if that accumulated a second, NTP's state moved on since (maxerror grew).
	 */
	if (ntp && ntp->nr_second_overflow == overflows &&
	    oracle_ops_readback(&x->o, x->s, op->kind == SIM_OP_CLOCK_ADJTIME ? op->clock : 0, &tx,
				ret, m, pre_step ? &before : NULL, x->why, sizeof(x->why))) {
		strcpy(x->prop, oracle_prop_names[OP_PROP_READBACK]);
		strcpy(x->clock, "-");
		*stop = ops_finding(x, sim_op_names[op->kind]);
	}
	if (m & ADJ_SETOFFSET)
		oracle_ops_resync(&x->o, x->s);
	return ret;
}

/**
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
		ret = sim_sys_clock_settime(x->s, op->clock, &ts, !op->user);
	else
		ret = sim_sys_settimeofday(x->s, op->has_tv ? &tv : NULL,
					   op->has_tz ? &op->tz : NULL, !op->user);
	if (!ret)
		oracle_ops_resync(&x->o, x->s);
	return ret;
}

/** sim_op_exec_ticks() - @op->a ticks, each checked. */
int sim_op_exec_ticks(struct exec *x, const struct sim_op *op, u64 bugs, bool *stop)
{
	(void)bugs;
	for (s64 i = 0; i < op->a && i < SIM_OPS_MAX_TICKS && !*stop; i++)
		*stop = ops_one_tick(x);
	return 0;
}

/** sim_op_exec_stall() - @op->a ns without a tick, at most what the counter spans. */
int sim_op_exec_stall(struct exec *x, const struct sim_op *op, u64 bugs, bool *stop)
{
	struct sim_system *s = x->s;

	(void)bugs;
	/* After a stall, the late tick runs before the next one starts. */
	while (s->next_tick_ns <= s->now_ns && !*stop)
		*stop = ops_one_tick(x);
	if (!*stop)
		sim_stall_ns(s, min_u64((u64)op->a, sim_ops_stall_cap_ns(s)));
	return 0;
}

/** sim_op_exec_counter_ppb() - the counter's true frequency error becomes @op->a ppb. */
int sim_op_exec_counter_ppb(struct exec *x, const struct sim_op *op, u64 bugs, bool *stop)
{
	(void)bugs;
	(void)stop;
	sim_counter_set_error_ppb(&x->s->counter, op->a);
	return 0;
}

/**
 * sim_op_exec_suspend() - suspend, @op->a ns pass, resume with that sleep.
 *
 * Return: 0, or -ERANGE (and nothing done) for a sleep that would carry REALTIME to
 * KTIME_SEC_MAX (2262-04-11): what the kernel computes after it is wrapped arithmetic no
 * machine reaches.
 */
int sim_op_exec_suspend(struct exec *x, const struct sim_op *op, u64 bugs, bool *stop)
{
	struct sim_system *s = x->s;
	time64_t wall = ktime_get_real_seconds(&s->k);
	struct timespec64 sleep;
	int ret;

	(void)bugs;
	(void)stop;
	if (op->a < 0 || wall < 0 || op->a / NSEC_PER_SEC >= KTIME_SEC_MAX - wall)
		return -ERANGE;
	/* The model's, and with a tree attached the tree's own (sim/engine_ktree.c). */
	ret = sim_sys_suspend(s);
	x->o.raw_skipped -= oracle_ops_raw_cycles(&x->o, s);
	sim_stall_ns(s, (u64)op->a);
	x->o.raw_skipped += oracle_ops_raw_cycles(&x->o, s);
	sleep = ns_to_timespec64(op->a);
	if (!ret)
		ret = sim_sys_resume(s, &sleep);
	else
		timekeeping_resume(&s->k, &sleep);
	oracle_ops_resync(&x->o, s);
	return ret;
}

/** sim_op_exec_skew() - CPU @op->clock's view of the counter is @op->a cycles off. */
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

/** sim_op_exec_inject() - the bugs of mask @op->a switched on, besides the run's @bugs. */
int sim_op_exec_inject(struct exec *x, const struct sim_op *op, u64 bugs, bool *stop)
{
	(void)stop;
	sim_bugs_apply(&x->s->k, bugs | (u64)op->a);
	return 0;
}

/** sim_op_exec_midwrite() - check from inside the next vvar page update. */
int sim_op_exec_midwrite(struct exec *x, const struct sim_op *op, u64 bugs, bool *stop)
{
	(void)op;
	(void)bugs;
	(void)stop;
	oracle_ops_arm_midwrite(&x->o, x->s);
	return 0;
}

/** sim_op_exec_clocksource() - write clocksource @op->a to current_clocksource. */
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

/**
 * sim_op_exec_aux_enable() - write @op->b to aux_clock_enable of aux clock @op->a.
 *
 * Return: 0, or the knob's negative errno.
 */
int sim_op_exec_aux_enable(struct exec *x, const struct sim_op *op, u64 bugs, bool *stop)
{
	(void)bugs;
	(void)stop;
	if (op->a < 0 || op->a >= TK_MAX_AUX_CLOCKS)
		return -EINVAL;
	return tk_aux_clock_enable(&x->s->k, (unsigned int)op->a, op->b != 0);
}
