/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: arch/x86/include/asm/bug.h for a tree's time files: the shims' WARN(). */
#include <linux/bug.h>
