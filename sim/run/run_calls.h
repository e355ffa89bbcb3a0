/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the timed calls of `tksim run`, ops of sim/ops/ops.h run by the op executor. */
#ifndef TKSIM_TOOLS_RUN_RUN_CALLS_H
#define TKSIM_TOOLS_RUN_RUN_CALLS_H

/*
 * --adjtimex T:..., --settimeofday T:... and the ADJ_STATUS that --leap
 * makes without the daemon are ops (sim/ops/ops.h), applied inside the normal
 * run by the op executor (sim/ops/ops_exec.c) at their exact instants, with its
 * oracle (a failed call changes nothing, adjtimex reads back what it set, a
 * frequency change moves no clock, every tick up to the call checked), plus
 * the run's own: no clock that the call does not set moves.
 *
 *   run_calls_add(&c, &op, "adjtimex", text);    while parsing
 *   run_calls_start(&c, s);                      once the system is built
 *   ... run_calls_until(&c, s, t, why, n) before the run moves to t ...
 *   ... with a timeline, run_calls_read(&c, s, t, why, n) moves it there ...
 *   run_calls_summary(&c);  run_calls_free(&c);
 */

#include <stdio.h>

#include "sim/ops/ops_exec.h"
#include "sim/oracle.h"

/* Calls on the command line, at most (a timeline has no limit). */
#define RUN_MAX_CALLS 64

/**
 * struct run_call - one timed call
 * @op:   the op (its time, kind and arguments)
 * @name: what the user called it ("adjtimex", "settimeofday")
 * @text: what the user wrote, for reports (not owned)
 * @done: it has run
 * @ret:  its result: clock state or negative errno
 */
struct run_call {
	struct sim_op op;
	const char *name;
	const char *text;
	bool done;
	int ret;
};

/**
 * struct run_calls - the timed calls of a run, in time order
 * @c:        the calls (the same time: in the order given)
 * @n:        how many
 * @cap:      allocated entries
 * @next:     the first not yet run
 * @timeline: a scenario's `at` lines: every op of the run goes through the
 *            executor, the run's sampled instants as `read` ops
 *            (run_calls_read())
 * @reads:    those reads
 * @exec:     the op executor on the run's system (after run_calls_start())
 * @res:      what the executor saw (findings, known kernel behaviours, properties)
 */
struct run_calls {
	struct run_call *c;
	unsigned int n;
	unsigned int cap;
	unsigned int next;
	bool timeline;
	u64 reads;
	struct sim_ops_exec *exec;
	struct sim_ops_result res;
};

int run_calls_add(struct run_calls *rc, const struct sim_op *op, const char *name,
		  const char *text);
int run_calls_start(struct run_calls *rc, struct sim_system *s);
u64 run_calls_next_ns(const struct run_calls *rc);
int run_calls_until(struct run_calls *rc, struct sim_system *s, u64 t_ns, char *why, size_t n);
int run_calls_read(struct run_calls *rc, struct sim_system *s, u64 t_ns, char *why, size_t n);
void run_calls_summary(const struct run_calls *rc);
void run_calls_free(struct run_calls *rc);

/* The run's check around a call or a daemon poll: no clock it may not set moves. */
int run_unmoved_begin(struct sim_system *s, struct oracle_snapshot before[2], char *why, size_t n);
int run_unmoved_end(struct sim_system *s, struct oracle_snapshot before[2], char *why, size_t n);

#endif /* TKSIM_TOOLS_RUN_RUN_CALLS_H */
