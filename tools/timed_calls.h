/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: timed calls as the command line writes them (--adjtimex T:..., --settimeofday
 * T:...). */
#ifndef TKSIM_TOOLS_TIMED_CALLS_H
#define TKSIM_TOOLS_TIMED_CALLS_H

#include "sim/ops/ops.h"

int tksim_parse_adjtimex_call(struct sim_op *op, const char *cmd, const char *arg);
int tksim_parse_settimeofday_call(struct sim_op *op, const char *cmd, const char *arg);

#endif /* TKSIM_TOOLS_TIMED_CALLS_H */
