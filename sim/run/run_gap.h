/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: a gap in a run: a stall (a paused VM) or a suspend, and the check after it. */
#ifndef TKSIM_SIM_RUN_RUN_GAP_H
#define TKSIM_SIM_RUN_RUN_GAP_H

#include <stddef.h>

#include "sim/engine.h"

int sim_run_stall(struct sim_system *s, u64 d_ns, char *why, size_t n);
int sim_run_suspend(struct sim_system *s, u64 d_ns, char *why, size_t n);

#endif /* TKSIM_SIM_RUN_RUN_GAP_H */
