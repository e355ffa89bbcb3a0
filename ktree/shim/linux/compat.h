/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: include/linux/compat.h for a tree's time files: the shims' base is all they need of
 * it. */
#include "kt_kernel.h"
