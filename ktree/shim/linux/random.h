/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: include/linux/random.h for a tree's time files: the entropy pool is not simulated.
 */
#ifndef TKSIM_KTREE_SHIM_RANDOM_H
#define TKSIM_KTREE_SHIM_RANDOM_H

#include "kt_kernel.h"

#define add_device_randomness(buf, len) ((void)(buf), (void)(len))

#endif /* TKSIM_KTREE_SHIM_RANDOM_H */
