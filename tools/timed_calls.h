/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: timed calls as the command line writes them (--adjtimex T:..., --settimeofday T:...). */
#ifndef TKSIM_TOOLS_TIMED_CALLS_H
#define TKSIM_TOOLS_TIMED_CALLS_H

#include "sim/ops/ops.h"

int run_ntp_parse_adjtimex(struct sim_op *op, const char *arg);
int run_ntp_parse_settimeofday(struct sim_op *op, const char *arg);

#endif /* TKSIM_TOOLS_TIMED_CALLS_H */
