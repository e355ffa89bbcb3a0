/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: include/linux/notifier.h for a tree's time files: see pvclock_gtod.h. */
#include <linux/pvclock_gtod.h>
