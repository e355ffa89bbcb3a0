/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: include/linux/cpumask.h for a tree's time files: one CPU online. */
#ifndef TKSIM_KTREE_SHIM_CPUMASK_H
#define TKSIM_KTREE_SHIM_CPUMASK_H

#include "kt_kernel.h"

struct cpumask;
#define num_online_cpus() 1U

#endif /* TKSIM_KTREE_SHIM_CPUMASK_H */
