/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: include/asm/timex.h for a tree's time files: nothing of it is used (no workqueues,
 * device tree, RTC, sysfs, static keys, namespaces, I/O). */
