/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the seed op lists (sim/ops/ops_seeds.c). */
#ifndef TKSIM_SIM_OPS_OPS_SEEDS_H
#define TKSIM_SIM_OPS_OPS_SEEDS_H

#include "sim/ops/ops.h"

unsigned int sim_ops_nr_seeds(void);
const char *sim_ops_seed(unsigned int i, struct sim_op_list *l);

#endif /* TKSIM_SIM_OPS_OPS_SEEDS_H */
