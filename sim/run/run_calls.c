// SPDX-License-Identifier: GPL-2.0
// tksim's own: the timed calls of a run through the op executor (see sim/run/run_calls.h).
#include "sim/run/run_calls.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "sim/oracle.h"
#include "sim/ops/ops_kinds.h"

/* Queue @op in time order (the same time: after those given before); its entry, or NULL. */
static struct sim_run_call *add(struct sim_run_calls *rc, const struct sim_op *op, const char *name,
				const char *text)
{
	unsigned int i = rc->n;

	if (rc->n == rc->cap) {
		unsigned int cap = rc->cap ? 2 * rc->cap : 16;
		struct sim_run_call *c = realloc(rc->c, cap * sizeof(*c));

		if (!c)
			return NULL;
		rc->c = c;
		rc->cap = cap;
	}
	for (; i > 0 && rc->c[i - 1].op.t_ns > op->t_ns; i--)
		rc->c[i] = rc->c[i - 1];
	rc->c[i] = (struct sim_run_call){ .op = *op, .name = name, .text = text };
	rc->n++;
	return &rc->c[i];
}

/**
 * sim_run_calls_add() - queue a call, keeping time order (calls at one time stay in given order)
 * @rc:   the calls
 * @op:   the op
 * @name: its name in reports
 * @text: how it was written (kept, not copied; may be NULL)
 *
 * Return: 0, or -ENOMEM.
 */
int sim_run_calls_add(struct sim_run_calls *rc, const struct sim_op *op, const char *name,
		      const char *text)
{
	return add(rc, op, name, text) ? 0 : -ENOMEM;
}

/**
 * sim_run_calls_add_at() - queue a scenario's op, with the line it came from
 * @rc:   the calls
 * @op:   the op
 * @name: its name in reports
 * @file: the scenario file (kept, not copied; NULL: the command line)
 * @line: its line
 *
 * Return: 0, or -ENOMEM.
 */
int sim_run_calls_add_at(struct sim_run_calls *rc, const struct sim_op *op, const char *name,
			 const char *file, unsigned int line)
{
	struct sim_run_call *c = add(rc, op, name, NULL);

	if (!c)
		return -ENOMEM;
	c->file = file;
	c->line = line;
	return 0;
}

/**
 * sim_run_calls_start() - the executor on the built system
 * @rc: the calls
 * @s:  the system
 *
 * Return: 0, or -ENOMEM.
 */
int sim_run_calls_start(struct sim_run_calls *rc, struct sim_system *s)
{
	if (!rc->n)
		return 0;
	rc->exec = sim_ops_exec_new(s, rc->known_fail ? SIM_OPS_KNOWN_FAIL : 0, &rc->res, NULL);
	return rc->exec ? 0 : -ENOMEM;
}

/** sim_run_calls_next_ns() - the time of the next call not yet run, or U64_MAX. */
u64 sim_run_calls_next_ns(const struct sim_run_calls *rc)
{
	return rc->next < rc->n ? rc->c[rc->next].op.t_ns : U64_MAX;
}

/* Clocks a call may set at an instant (settimeofday, ADJ_SETOFFSET, ADJ_TAI). */
static bool settable(s32 clock)
{
	return clock == TK_CLOCK_REALTIME || clock == TK_CLOCK_REALTIME_COARSE ||
	       clock == TK_CLOCK_TAI;
}

/**
 * sim_run_unmoved_begin() - every clock through both paths, before an action
 * @s:      the system
 * @before: out: the snapshots (vDSO, kernel-side)
 * @why:    the evidence if a read fails
 * @n:      its size
 *
 * Return: 0, or -1 with @why.
 */
int sim_run_unmoved_begin(struct sim_system *s, struct oracle_snapshot before[2], char *why,
			  size_t n)
{
	for (int p = 0; p < 2; p++)
		if (oracle_snapshot(s, p ? SIM_PATH_SYSCALL : SIM_PATH_VDSO, &before[p], why, n))
			return -1;
	return 0;
}

/**
 * sim_run_unmoved_end() - no clock an action may not set moved, at one counter value
 * @s:      the system, the counter where it was at sim_run_unmoved_begin()
 * @before: the snapshots sim_run_unmoved_begin() took
 * @why:    the evidence
 * @n:      its size
 *
 * A frequency change (ADJ_FREQUENCY, ADJ_TICK, the PLL) leaves MONOTONIC,
 * BOOTTIME and MONOTONIC_RAW where they were and MONOTONIC_COARSE not
 * behind, through both paths (the xtime_nsec correction and, since v6.15,
 * the coarse base).  The clocks a call may set are left out.
 *
 * Return: 0, or -1 with @why.
 */
int sim_run_unmoved_end(struct sim_system *s, struct oracle_snapshot before[2], char *why, size_t n)
{
	struct oracle_snapshot after;

	for (int p = 0; p < 2; p++) {
		if (oracle_snapshot(s, p ? SIM_PATH_SYSCALL : SIM_PATH_VDSO, &after, why, n))
			return -1;
		for (unsigned int i = 0; i < oracle_nr_clocks; i++)
			if (settable(oracle_clocks[i]))
				before[p].ns[oracle_clocks[i]] = after.ns[oracle_clocks[i]];
		if (oracle_check_unchanged(&before[p], &after, why, n))
			return -1;
	}
	return 0;
}

/* One call at its instant; 0, or -1 with @why. */
static int sim_run_one(struct sim_run_calls *rc, struct sim_run_call *c, struct sim_system *s,
		       char *why, size_t n)
{
	struct sim_op reach = { .t_ns = c->op.t_ns, .kind = SIM_OP_READ };
	enum sim_op_kind k = c->op.kind;
	bool call = k == SIM_OP_ADJTIMEX || k == SIM_OP_CLOCK_ADJTIME || k == SIM_OP_SETTIMEOFDAY ||
		    k == SIM_OP_CLOCK_SETTIME;
	struct oracle_snapshot before[2];
	int found, ret;

	/*
	 * A timeline is an op list, and the executor applies it exactly as
	 * sim_ops_run() does (the fuzzer's verdict is the run's): time runs to
	 * the op through the executor's own advance, a tick a stall left late
	 * after the op, with no read of the run's in between.
	 */
	if (rc->timeline) {
		found = sim_ops_exec_op(rc->exec, &c->op, rc->next, &c->ret);
		c->done = true;
		if (!found && !sim_op_kinds[k].call && c->ret < 0)
			goto refused;
		goto out;
	}
	/* The ticks since the executor's last op were the run's to check. */
	sim_ops_exec_resync(rc->exec);
	/* Time runs to the call's instant through the executor: every tick checked. */
	found = sim_ops_exec_op(rc->exec, &reach, rc->next, &ret);
	if (!found) {
		/* Only a call acts at one instant: ticks, gaps, suspend move time on. */
		if (call && sim_run_unmoved_begin(s, before, why, n))
			return -1;
		found = sim_ops_exec_op(rc->exec, &c->op, rc->next, &c->ret);
		c->done = true;
		/* Only a call fails as the kernel does; any other op refused ends the run. */
		if (!found && !sim_op_kinds[k].call && c->ret < 0)
			goto refused;
		if (call && sim_run_unmoved_end(s, before, why, n))
			return -1;
	}
out:
	if (!found)
		return 0;
	snprintf(why, n, "%s: %s", rc->res.first.sig, rc->res.first.why);
	return -1;
refused:
	/* Only a call fails as the kernel does; any other op refused ends the run. */
	rc->refused = c;
	snprintf(why, n, "%s refused", c->name);
	return -1;
}

/**
 * sim_run_calls_until() - the calls due at or before @t_ns, each at its exact instant
 * @rc:   the calls
 * @s:    the system (time runs to each call's instant)
 * @t_ns: the instant the run moves to next
 * @why:  the evidence of a violation
 * @n:    its size
 *
 * Return: 0, or -1 with @why: a property of the op executor's oracle failed,
 * or a call moved a clock it does not set.
 */
int sim_run_calls_until(struct sim_run_calls *rc, struct sim_system *s, u64 t_ns, char *why,
			size_t n)
{
	while (rc->next < rc->n && rc->c[rc->next].op.t_ns <= t_ns) {
		if (sim_run_one(rc, &rc->c[rc->next], s, why, n))
			return -1;
		rc->next++;
	}
	return 0;
}

/**
 * sim_run_calls_read() - with a timeline: run to @t_ns through the executor, read every clock
 * @rc:   the calls, a timeline
 * @s:    the system
 * @t_ns: the run's next sampled instant (the ops due by then have run)
 * @why:  the evidence of a violation
 * @n:    its size
 *
 * Every tick on the way is checked by the executor's oracle: the run's checks
 * are the executor's.  While ops remain, nothing is read: a read would be an
 * instant check the fuzzer's run of the same ops does not make (it re-bases
 * the monotonic history, and runs a tick a stall left late before the op
 * due at the stall's end), so each op would not see what it saw there.
 * After the last op the read is at @t_ns by its instant properties (now,
 * or a ns later to run a late tick, when an op has passed @t_ns).
 *
 * Return: 0, or -1 with @why.
 */
int sim_run_calls_read(struct sim_run_calls *rc, struct sim_system *s, u64 t_ns, char *why,
		       size_t n)
{
	struct sim_op read = { .t_ns = t_ns, .kind = SIM_OP_READ };
	int ret;

	if (rc->next < rc->n) {
		if (!sim_ops_exec_advance(rc->exec, t_ns, rc->next))
			return 0;
		snprintf(why, n, "%s: %s", rc->res.first.sig, rc->res.first.why);
		return -1;
	}
	if (t_ns <= s->now_ns)
		read.t_ns = s->next_tick_ns <= s->now_ns ? s->now_ns + 1 : s->now_ns;
	rc->reads++;
	if (!sim_ops_exec_op(rc->exec, &read, rc->next, &ret))
		return 0;
	snprintf(why, n, "%s: %s", rc->res.first.sig, rc->res.first.why);
	return -1;
}

/** sim_run_calls_free() - the executor and the calls freed (again: nothing). */
void sim_run_calls_free(struct sim_run_calls *rc)
{
	sim_ops_exec_free(rc->exec);
	free(rc->c);
	rc->exec = NULL;
	rc->c = NULL;
	rc->n = rc->cap = 0;
}
