/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: include/linux/sched/loadavg.h for a tree's time files: the load average is not
 * simulated. */
#ifndef TKSIM_KTREE_SHIM_LOADAVG_H
#define TKSIM_KTREE_SHIM_LOADAVG_H

#include "kt_kernel.h"

static inline void calc_global_load(void)
{
}

#endif /* TKSIM_KTREE_SHIM_LOADAVG_H */
