/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: include/linux/tick.h for a tree's time files: no tick devices, no NOHZ state (the
 * engine ticks). */
#ifndef TKSIM_KTREE_SHIM_TICK_H
#define TKSIM_KTREE_SHIM_TICK_H

#include "kt_kernel.h"

enum tick_broadcast_state {
	TICK_BROADCAST_EXIT,
	TICK_BROADCAST_ENTER,
};

enum tick_dep_bits {
	TICK_DEP_BIT_POSIX_TIMER = 0,
	TICK_DEP_BIT_PERF_EVENTS = 1,
	TICK_DEP_BIT_SCHED = 2,
	TICK_DEP_BIT_CLOCK_UNSTABLE = 3,
	TICK_DEP_BIT_RCU = 4,
	TICK_DEP_BIT_RCU_EXP = 5
};

/* No clock event devices: suspend and resume have none to stop and start. */
static inline void clockevents_suspend(void)
{
}

static inline void clockevents_resume(void)
{
}

#define tick_nohz_full_cpu(cpu) 0
#define tick_nohz_full_enabled() 0

#endif /* TKSIM_KTREE_SHIM_TICK_H */
