/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the timed calls of a run, ops of sim/ops/ops.h run by the op executor. */
#ifndef TKSIM_SIM_RUN_RUN_CALLS_H
#define TKSIM_SIM_RUN_RUN_CALLS_H

/*
 * A run's timed calls (`tksim run`'s --adjtimex T:..., --settimeofday T:...,
 * the ADJ_STATUS that --leap makes without the daemon, a scenario's `at`
 * lines) are ops (sim/ops/ops.h), applied inside the normal run by the op
 * executor (sim/ops/ops_exec.c) at their exact instants, with its oracle (a
 * failed call changes nothing, adjtimex reads back what it set, a frequency
 * change moves no clock, every tick up to the call checked), plus the run's
 * own: no clock that the call does not set moves.
 *
 *   sim_run_calls_add(&c, &op, "adjtimex", text);  while the run is set up
 *   sim_run_calls_start(&c, s);                    once the system is built
 *   ... sim_run_calls_until(&c, s, t, why, n) before the run moves to t ...
 *   ... with a timeline, sim_run_calls_read(&c, s, t, why, n) moves it there ...
 *   sim_run_calls_free(&c);
 */

#include "sim/ops/ops_exec.h"
#include "sim/oracle.h"

/**
 * struct sim_run_call - one timed call
 * @op:   the op (its time, kind and arguments)
 * @name: its name in reports ("adjtimex", "settimeofday", an op's name)
 * @text: how it was written, for reports (not owned; may be NULL)
 * @file: the scenario file of its `at` line, for errors (not owned; NULL: the command line)
 * @line: that line
 * @done: it has run
 * @ret:  its result: clock state or negative errno
 */
struct sim_run_call {
	struct sim_op op;
	const char *name;
	const char *text;
	const char *file;
	unsigned int line;
	bool done;
	int ret;
};

/**
 * struct sim_run_calls - the timed calls of a run, in time order
 * @c:        the calls (the same time: in the order given)
 * @n:        how many
 * @cap:      allocated entries
 * @next:     the first not yet run
 * @timeline: a scenario's `at` lines: every op of the run goes through the
 *            executor, the run's sampled instants as `read` ops
 *            (sim_run_calls_read())
 * @reads:    those reads
 * @known_fail: known kernel bugs and behaviours are violations too
 *            (SIM_OPS_KNOWN_FAIL: a finding replays to its signature, exit 1)
 * @exec:     the op executor on the run's system (after sim_run_calls_start())
 * @res:      what the executor saw (findings, known kernel behaviours, properties)
 * @refused:  the op the executor refused to carry out (an idle longer than it can
 *            run, a suspend past KTIME_SEC_MAX), which ended the run; NULL if none
 */
struct sim_run_calls {
	struct sim_run_call *c;
	unsigned int n;
	unsigned int cap;
	unsigned int next;
	bool timeline;
	u64 reads;
	bool known_fail;
	struct sim_ops_exec *exec;
	struct sim_ops_result res;
	const struct sim_run_call *refused;
};

int sim_run_calls_add(struct sim_run_calls *rc, const struct sim_op *op, const char *name,
		      const char *text);
int sim_run_calls_add_at(struct sim_run_calls *rc, const struct sim_op *op, const char *name,
			 const char *file, unsigned int line);
int sim_run_calls_start(struct sim_run_calls *rc, struct sim_system *s);
u64 sim_run_calls_next_ns(const struct sim_run_calls *rc);
int sim_run_calls_until(struct sim_run_calls *rc, struct sim_system *s, u64 t_ns, char *why,
			size_t n);
int sim_run_calls_read(struct sim_run_calls *rc, struct sim_system *s, u64 t_ns, char *why,
		       size_t n);
void sim_run_calls_free(struct sim_run_calls *rc);

/* The run's check around a call or a daemon poll: no clock it may not set moves. */
int sim_run_unmoved_begin(struct sim_system *s, struct oracle_snapshot before[2], char *why,
			  size_t n);
int sim_run_unmoved_end(struct sim_system *s, struct oracle_snapshot before[2], char *why,
			size_t n);

#endif /* TKSIM_SIM_RUN_RUN_CALLS_H */
