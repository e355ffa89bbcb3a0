/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: include/linux/pvclock_gtod.h and notifier.h for a tree's time files: a chain no one
 * joins. */
#ifndef TKSIM_KTREE_SHIM_PVCLOCK_GTOD_H
#define TKSIM_KTREE_SHIM_PVCLOCK_GTOD_H

#include "kt_kernel.h"

/* No paravirt clock listens to the timekeeper in user space: the chain stays empty. */
struct notifier_block {
	int (*notifier_call)(struct notifier_block *nb, unsigned long action, void *data);
	struct notifier_block *next;
	int priority;
};

struct raw_notifier_head {
	struct notifier_block *head;
};

#define RAW_NOTIFIER_HEAD(name) struct raw_notifier_head name = { NULL }
#define raw_notifier_chain_register(nh, nb) ((void)(nh), (void)(nb), 0)
#define raw_notifier_chain_unregister(nh, nb) ((void)(nh), (void)(nb), 0)
#define raw_notifier_call_chain(nh, val, v) ((void)(nh), (void)(val), (void)(v), 0)
#define NOTIFY_DONE 0
#define NOTIFY_OK 1

int pvclock_gtod_register_notifier(struct notifier_block *nb);
int pvclock_gtod_unregister_notifier(struct notifier_block *nb);

#endif /* TKSIM_KTREE_SHIM_PVCLOCK_GTOD_H */
