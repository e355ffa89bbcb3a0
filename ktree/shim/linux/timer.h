/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: include/linux/timer.h for a tree's time files: no timer wheel; what it brings in is
 * ktime_t (linux/ktime.h). */
#include <linux/ktime.h>
