/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: include/linux/capability.h for a tree's time files: CAP_SYS_TIME as the op executor
 * says. */
#ifndef TKSIM_KTREE_SHIM_CAPABILITY_H
#define TKSIM_KTREE_SHIM_CAPABILITY_H

#include "kt_kernel.h"

#define CAP_SYS_TIME 25

/* ktree/shim/kt_glue.c: whether the simulated caller holds @cap (the op's privileged flag). */
bool capable(int cap);

#endif /* TKSIM_KTREE_SHIM_CAPABILITY_H */
