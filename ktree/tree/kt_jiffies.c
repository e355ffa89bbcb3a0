// SPDX-License-Identifier: GPL-2.0
// tksim's own: the tree's kernel/time/jiffies.c (the jiffies clocksource the kernel boots on),
// compiled as it is.
#include <kernel/time/jiffies.c>
