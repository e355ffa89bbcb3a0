/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: include/linux/sched/clock.h for a tree's time files: the scheduler clock. */
#ifndef TKSIM_KTREE_SHIM_SCHED_CLOCK_H
#define TKSIM_KTREE_SHIM_SCHED_CLOCK_H

#include "kt_kernel.h"

/*
 * timekeeping.c reads local_clock() only for the fast accessors of a
 * suspended timekeeper (dummy_clock_read()), which no tksim op calls.
 */
static inline u64 local_clock(void)
{
	return 0;
}

#endif /* TKSIM_KTREE_SHIM_SCHED_CLOCK_H */
