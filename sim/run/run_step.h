/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: one step of `tksim run`'s main loop, shared with its `tksim bench` row. */
#ifndef TKSIM_TOOLS_RUN_RUN_TICK_H
#define TKSIM_TOOLS_RUN_RUN_TICK_H

#include "sim/engine.h"
#include "sim/ntpd.h"
#include "sim/rng.h"
#include "sim/run/run_calls.h"

int run_tick(struct sim_system *s, struct sim_ntpd *d, struct run_calls *calls, struct sim_rng *rng,
	     u64 end_ns, u64 nohz_max_ns, char *why, size_t n);

#endif /* TKSIM_TOOLS_RUN_RUN_TICK_H */
