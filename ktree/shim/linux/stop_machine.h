/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: include/linux/stop_machine.h for a tree's time files: one CPU, so stopping the
 * others is calling the function. */
#ifndef TKSIM_KTREE_SHIM_STOP_MACHINE_H
#define TKSIM_KTREE_SHIM_STOP_MACHINE_H

#include "kt_kernel.h"

struct cpumask;
typedef int (*cpu_stop_fn_t)(void *arg);

/* change_clocksource() runs with nothing else running: the engine is one thread. */
static inline int stop_machine(cpu_stop_fn_t fn, void *data, const struct cpumask *cpus)
{
	(void)cpus;
	return fn(data);
}

#endif /* TKSIM_KTREE_SHIM_STOP_MACHINE_H */
