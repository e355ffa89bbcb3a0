/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: what the op executor's files share (sim/ops/ops_exec.c, ops_exec_kinds.c,
 * ops_finding.c). */
#ifndef TKSIM_SIM_OPS_OPS_EXEC_INT_H
#define TKSIM_SIM_OPS_OPS_EXEC_INT_H

#include <stdio.h>

#include "sim/ops/ops_exec.h"

/*
 * struct exec - one run of the executor: the system, the oracle's state, the
 * result being filled, and what the last failed check saw (@prop, @clock, @why).
 */
struct exec {
	struct sim_system *s;
	struct oracle_ops o;
	struct sim_ops_result *r;
	unsigned int flags;
	unsigned int op_index;
	u64 checked_ns;
	bool owns;
	struct sim_css *css;
	FILE *log;
	/*
	 * The state before the op being checked (exec_op(), ops_finding.c): the
	 * coarse clocks a second off (or off at the last instant check), and
	 * tkr_mono's mult beyond maxadj with its shift (a clocksource switch
	 * resets both, after the wrap it made).
	 */
	bool coarse_off0;
	bool mult_beyond0;
	u32 shift0;
	/*
	 * The aux clocks that were enabled across a suspend and not disabled
	 * since (bit n: AUXn), and the core's offs_boot that told (it grows at
	 * every resume with sleep), for the aux-stale-after-resume finding.
	 */
	u32 aux_slept;
	ktime_t offs_boot0;
	char prop[32];
	char clock[24];
	char why[256];
};

bool ops_finding(struct exec *x, const char *kind);
bool ops_one_tick(struct exec *x);
void ops_state_before(struct exec *x);
bool ops_coarse_off(const struct exec *x);

#endif /* TKSIM_SIM_OPS_OPS_EXEC_INT_H */
