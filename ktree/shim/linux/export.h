/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: include/linux/export.h for a tree's time files: see module.h. */
#include <linux/module.h>
