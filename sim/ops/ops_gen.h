/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: seeded generation, mutation and shrinking of op lists (tksim fuzz). */
#ifndef TKSIM_SIM_OPS_OPS_GEN_H
#define TKSIM_SIM_OPS_OPS_GEN_H

#include "sim/ops/ops_exec.h"
#include "sim/rng.h"

void sim_ops_generate(struct sim_op_list *l, struct sim_rng *r, unsigned int nr_ops);
void sim_ops_mutate(struct sim_op_list *l, struct sim_rng *r);
unsigned int sim_ops_shrink(struct sim_op_list *l, u64 bugs, unsigned int flags, const char *sig,
			    unsigned int max_runs);
/** sim_ops_keeps_fn - does @l still show what the list being shrunk shows? */
typedef bool sim_ops_keeps_fn(const struct sim_op_list *l, void *ctx);
unsigned int sim_ops_shrink_by(struct sim_op_list *l, sim_ops_keeps_fn *keeps, void *ctx,
			       unsigned int max_runs);
void sim_ops_deadline_set(double deadline);
bool sim_ops_deadline_passed(void);

#endif /* TKSIM_SIM_OPS_OPS_GEN_H */
