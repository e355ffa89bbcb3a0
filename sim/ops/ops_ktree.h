/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the op executor on a kernel tree's own code (tksim fuzz --kernel, tksim bench). */
#ifndef TKSIM_SIM_OPS_OPS_KTREE_H
#define TKSIM_SIM_OPS_OPS_KTREE_H

#include "sim/ops/ops_exec.h"

struct ktree;
struct sim_bug;

unsigned int sim_ops_ktree_fit(struct sim_op_list *l);
int sim_ops_run_ktree(struct ktree *kt, const struct sim_op_list *l, unsigned int flags,
		      struct sim_ops_result *r);
const struct sim_bug *sim_ops_ktree_known(const struct sim_op_list *l,
					  const struct sim_ops_result *r);
unsigned int sim_ops_ktree_shrink(struct ktree *kt, struct sim_op_list *l, unsigned int flags,
				  const char *sig, unsigned int max_runs);

#endif /* TKSIM_SIM_OPS_OPS_KTREE_H */
