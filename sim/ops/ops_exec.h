/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the op list executor, with the oracle after every op. */
#ifndef TKSIM_SIM_OPS_OPS_EXEC_H
#define TKSIM_SIM_OPS_OPS_EXEC_H

#include <stdio.h>

#include "sim/ops/oracle_ops.h"

/* sim_ops_run() flags. */
#define SIM_OPS_KNOWN_FAIL (1U << 0) /* known kernel behaviours are failures too */

/**
 * struct sim_ops_result - what one run saw
 * @first:    the first finding that is not known (valid when @findings > 0)
 * @known:    the first known finding (valid when @nr_known > 0)
 * @known_bug: the first known kernel bug (valid when @nr_known_bug > 0)
 * @findings: findings that are not known (the run stops at the first)
 * @nr_known: known findings seen, kernel bugs and behaviours by design (the
 *            run goes on after them)
 * @nr_known_bug: of those, the known kernel bugs
 * @evals:    times each property was evaluated
 * @ops_run:  ops applied
 * @ticks:    ticks run
 */
struct sim_ops_result {
	struct sim_finding first;
	struct sim_finding known;
	struct sim_finding known_bug;
	unsigned int findings;
	unsigned int nr_known;
	unsigned int nr_known_bug;
	u64 evals[OP_PROP_NR];
	u64 ops_run;
	u64 ticks;
};

int sim_ops_run(const struct sim_op_list *l, u64 bugs, unsigned int flags, struct sim_ops_result *r,
		FILE *log);
int sim_ops_run_without(const struct sim_op_list *l, u64 off, struct sim_ops_result *r);

/* The same executor, one op at a time, on a system the caller runs (`tksim run`). */
struct sim_ops_exec;
struct sim_ops_exec *sim_ops_exec_new(struct sim_system *s, unsigned int flags,
				      struct sim_ops_result *r, FILE *log);
void sim_ops_exec_resync(struct sim_ops_exec *e);
int sim_ops_exec_op(struct sim_ops_exec *e, const struct sim_op *op, unsigned int index, int *ret);
int sim_ops_exec_advance(struct sim_ops_exec *e, u64 t_ns, unsigned int index);
void sim_ops_exec_free(struct sim_ops_exec *e);

#endif /* TKSIM_SIM_OPS_OPS_EXEC_H */
