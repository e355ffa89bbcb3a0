/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: one step of a checked run: the loop of `tksim run` and its `tksim bench` row. */
#ifndef TKSIM_SIM_RUN_RUN_STEP_H
#define TKSIM_SIM_RUN_RUN_STEP_H

#include <stddef.h>

#include "sim/engine.h"
#include "sim/ntpd.h"
#include "sim/rng.h"
#include "sim/run/run_calls.h"

int sim_run_step(struct sim_system *s, struct sim_ntpd *d, struct sim_run_calls *calls,
		 struct sim_rng *rng, u64 end_ns, u64 nohz_max_ns, char *why, size_t n);

#endif /* TKSIM_SIM_RUN_RUN_STEP_H */
