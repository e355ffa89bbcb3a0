/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: include/linux/bug.h for a tree's time files: WARN() counts, BUG() aborts. */
#ifndef TKSIM_KTREE_SHIM_BUG_H
#define TKSIM_KTREE_SHIM_BUG_H

#include <linux/build_bug.h>
#include <linux/compiler.h>

/* ktree/shim/kt_printk.c: a warning the tree's code raised, counted (the oracle's "kernel
 * warnings"). */
void kt_warn(const char *file, int line);

#define WARN_ON(cond)                                \
	({                                           \
		int __kt_c = !!(cond);               \
		if (__kt_c)                          \
			kt_warn(__FILE__, __LINE__); \
		__kt_c;                              \
	})
#define WARN_ON_ONCE(cond) WARN_ON(cond)
#define WARN(cond, ...) WARN_ON(cond)
#define WARN_ONCE(cond, ...) WARN_ON(cond)
#define BUG() __builtin_trap()
#define BUG_ON(cond)                      \
	do {                              \
		if (cond)                 \
			__builtin_trap(); \
	} while (0)

#endif /* TKSIM_KTREE_SHIM_BUG_H */
