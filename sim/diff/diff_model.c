// SPDX-License-Identifier: GPL-2.0
// tksim's own: the model as a side of `tksim diff` (see sim/diff/diff.h).
/*
 * The model's engine (sim/engine.c) behind the comparator's side interface,
 * with the calls applied as the op executor applies them
 * (sim/ops/ops_exec_kinds.c), but without its oracle: here the other side is
 * the oracle.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/bugs.h"
#include "sim/diff/diff.h"
#include "sim/ops/ops_cs.h"
#include "timekeeper/time64.h"
#include "timekeeper/timekeeping_aux.h"

/* The model's own state: the system, the bugs it runs with, the clocksources an op added. */
struct model {
	struct diff_side side;
	struct sim_system *s;
	u64 bugs;
	struct oracle_ops o; /* only for the clocksource op's bookkeeping */
	struct sim_css *css;
};

static struct model *model_of(struct diff_side *d)
{
	return d->priv;
}

static void model_tick_at(struct diff_side *d, u64 t_ns)
{
	struct sim_system *s = model_of(d)->s;

	/* The periodic tick or a stall's late one; any other instant ends an idle gap. */
	if (t_ns == s->next_tick_ns || s->next_tick_ns <= s->now_ns)
		sim_advance_to(s, t_ns);
	else if (t_ns > s->now_ns)
		sim_idle_ns(s, t_ns - s->now_ns);
}

static void model_move_to(struct diff_side *d, u64 t_ns)
{
	struct sim_system *s = model_of(d)->s;

	/* The comparator ticks: it moves time only short of the next tick. */
	if (t_ns < s->next_tick_ns)
		sim_advance_to(s, t_ns);
}

static void model_stall(struct diff_side *d, u64 ns)
{
	sim_stall_ns(model_of(d)->s, ns);
}

static int model_call(struct diff_side *d, const struct sim_op *op, struct tk_timex *tx)
{
	struct tk_kernel *k = &model_of(d)->s->k;
	struct tk_timeval tv = { .tv_sec = op->a, .tv_usec = op->b };
	struct timespec64 ts = { .tv_sec = op->a, .tv_nsec = (long)op->b };

	*tx = op->tx;
	switch (op->kind) {
	case SIM_OP_ADJTIMEX:
		return do_adjtimex(k, tx, !op->user);
	case SIM_OP_CLOCK_ADJTIME:
		return tk_sys_clock_adjtime(k, op->clock, tx, !op->user);
	case SIM_OP_CLOCK_SETTIME:
		return tk_sys_clock_settime(k, op->clock, &ts, !op->user);
	case SIM_OP_SETTIMEOFDAY:
		return tk_sys_settimeofday(k, op->has_tv ? &tv : NULL, op->has_tz ? &op->tz : NULL,
					   !op->user);
	default:
		return -EINVAL;
	}
}

static int model_suspend(struct diff_side *d, u64 ns)
{
	struct sim_system *s = model_of(d)->s;
	struct timespec64 sleep = ns_to_timespec64((s64)ns);

	timekeeping_suspend(&s->k);
	sim_stall_ns(s, ns);
	timekeeping_resume(&s->k, &sleep);
	return 0;
}

static void model_counter_ppb(struct diff_side *d, s64 ppb)
{
	sim_counter_set_error_ppb(&model_of(d)->s->counter, ppb);
}

static void model_cpu_skew(struct diff_side *d, unsigned int cpu, s64 cycles)
{
	sim_counter_set_cpu_offset(&model_of(d)->s->counter, cpu, cycles);
}

/* Set the side's name: "model", with " --profile RELEASE" and " --inject NAMES" as it runs. */
static void model_name(struct model *m, u64 bugs)
{
	enum tk_profile p = m->s->cfg.profile;
	char names[64];
	int len = snprintf(m->side.name, sizeof(m->side.name), "model");

	if (p != TK_PROFILE_DEFAULT)
		len += snprintf(m->side.name + len, sizeof(m->side.name) - (size_t)len,
				" --profile %s", tk_profile_name(p));
	if (bugs && sim_bugs_format(bugs, names, sizeof(names)) >= 0)
		snprintf(m->side.name + len, sizeof(m->side.name) - (size_t)len, " --inject %s",
			 names);
}

static int model_inject(struct diff_side *d, u64 mask)
{
	struct model *m = model_of(d);

	sim_bugs_apply(&m->s->k, m->bugs | mask);
	model_name(m, m->bugs | mask); /* the report names what this side ran with */
	return 0;
}

static int model_clocksource(struct diff_side *d, s64 index)
{
	struct model *m = model_of(d);
	char why[160];

	/* 1 is the op executor's check of the switch failing: the comparator compares instead. */
	return sim_ops_cs_switch(m->s, &m->o, &m->css, index, why, sizeof(why)) < 0 ? -EINVAL : 0;
}

static int model_aux_enable(struct diff_side *d, s64 idx, bool on)
{
	struct model *m = model_of(d);

	if (idx < 0 || idx >= TK_MAX_AUX_CLOCKS)
		return -EINVAL;
	return tk_aux_clock_enable(&m->s->k, (unsigned int)idx, on);
}

static void model_snapshot(struct diff_side *d, struct tk_snapshot *st)
{
	diff_model_snapshot(model_of(d)->s, st);
}

static int model_read(struct diff_side *d, enum sim_path path, s32 clock, struct timespec64 *ts)
{
	return sim_clock_gettime(model_of(d)->s, path, clock, ts);
}

static s64 model_time(struct diff_side *d, enum sim_path path)
{
	return sim_time(model_of(d)->s, path);
}

static void model_free(struct diff_side *d)
{
	struct model *m = model_of(d);

	sim_ops_cs_free(m->s, m->css);
	sim_system_free(m->s);
	free(m);
}

static const struct diff_side_ops model_ops = {
	.tick_at = model_tick_at,
	.move_to = model_move_to,
	.stall = model_stall,
	.call = model_call,
	.suspend = model_suspend,
	.counter_ppb = model_counter_ppb,
	.cpu_skew = model_cpu_skew,
	.inject = model_inject,
	.clocksource = model_clocksource,
	.aux_enable = model_aux_enable,
	.snapshot = model_snapshot,
	.read = model_read,
	.time = model_time,
	.free = model_free,
};

/**
 * diff_model_new() - the model booted from @cfg, as a side of the comparator
 * @cfg:  the system
 * @bugs: injectable bugs switched on at boot (sim/bugs.h), 0 for none
 * @err:  out: 0, or the negative errno of a system that cannot be built
 *
 * Its name is "model", or "model --inject NAMES" with bugs.
 *
 * Return: the side (diff_side_free()), or NULL.
 */
struct diff_side *diff_model_new(const struct sim_config *cfg, u64 bugs, int *err)
{
	struct model *m = calloc(1, sizeof(*m));

	*err = m ? 0 : -ENOMEM;
	if (!m)
		return NULL;
	m->s = sim_system_new(cfg, err);
	if (!m->s) {
		free(m);
		return NULL;
	}
	m->bugs = bugs;
	sim_bugs_apply(&m->s->k, bugs);
	oracle_ops_init(&m->o, m->s);
	m->side.ops = &model_ops;
	m->side.sys = m->s;
	m->side.priv = m;
	model_name(m, bugs);
	return &m->side;
}

/**
 * diff_model_profile_new() - the model of release @profile, without bugs, as side B
 * @cfg:     the system (its profile is side A's)
 * @profile: the release this side models instead
 * @err:     out: 0, or the negative errno of a system that cannot be built
 *
 * Two profiles side by side show where two releases part (`tksim diff
 * --reference-profile`).
 *
 * Return: the side (diff_side_free()), or NULL.
 */
struct diff_side *diff_model_profile_new(const struct sim_config *cfg, enum tk_profile profile,
					 int *err)
{
	struct sim_config c = *cfg;
	struct diff_side *d;

	c.profile = profile;
	d = diff_model_new(&c, 0, err); /* named by its profile there */
	return d;
}

/** diff_side_free() - done with a side of either kind (NULL: nothing). */
void diff_side_free(struct diff_side *d)
{
	if (d)
		d->ops->free(d);
}
