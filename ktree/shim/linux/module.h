/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: include/linux/module.h for a tree's time files: nothing is exported, a module
 * reference is always had. */
#ifndef TKSIM_KTREE_SHIM_MODULE_H
#define TKSIM_KTREE_SHIM_MODULE_H

#include <linux/init.h>

struct module;

#define EXPORT_SYMBOL(sym)
#define EXPORT_SYMBOL_GPL(sym)
#define EXPORT_SYMBOL_NS_GPL(sym, ns)
#define THIS_MODULE ((struct module *)0)

/* The counter's clocksource is built in: its owner can never go away. */
static inline bool try_module_get(struct module *m)
{
	(void)m;
	return true;
}

static inline void module_put(struct module *m)
{
	(void)m;
}

#endif /* TKSIM_KTREE_SHIM_MODULE_H */
