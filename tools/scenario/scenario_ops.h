/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the op language as scenario text (`at` lines), both ways. */
#ifndef TKSIM_TOOLS_SCENARIO_SCENARIO_OPS_H
#define TKSIM_TOOLS_SCENARIO_SCENARIO_OPS_H

#include <stdio.h>

#include "sim/ops/ops.h"

int scenario_ops_line(void *ctx, char *line);
int scenario_ops_parse_op(char *text, struct sim_op *op);
void scenario_ops_format_op(FILE *f, const struct sim_op *op);
void scenario_ops_write(FILE *f, const struct sim_op_list *l, u64 bugs);

#endif /* TKSIM_TOOLS_SCENARIO_SCENARIO_OPS_H */
