/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the base every shadowed kernel header of the shims stands on (types, errno, locks,
 * messages). */
#ifndef TKSIM_KTREE_SHIM_KT_KERNEL_H
#define TKSIM_KTREE_SHIM_KT_KERNEL_H

/*
 * The tree's own leaf headers (types, compiler attributes, arithmetic, time
 * conversions) are used as they are; the headers that would pull in the
 * scheduler, memory management, interrupts and the arch's per-CPU segment
 * are shadowed by ktree/shim/linux/ and all come down to this one.
 */
#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/stddef.h>
#include <linux/limits.h>
#include <linux/minmax.h>
#include <linux/math64.h>
#include <linux/bitops.h>
#include <linux/log2.h>
#include <linux/string.h>
#include <linux/kstrtox.h>
#include <linux/cache.h>
#include <linux/percpu.h>
#include <linux/printk.h>
#include <linux/bug.h>
#include <linux/spinlock.h>
#include <linux/seqlock.h>
#include <linux/capability.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/cpumask.h>

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]) + __must_be_array(a))
#endif
#define might_sleep() ((void)0)
#define cond_resched() 0
#define in_nmi() 0
#define irqs_disabled() 0
#define local_irq_save(flags) ((flags) = 0)
#define local_irq_restore(flags) ((void)(flags))
#define local_irq_disable() ((void)0)
#define local_irq_enable() ((void)0)
#define preempt_disable() ((void)0)
#define preempt_enable() ((void)0)
#define preempt_disable_notrace() ((void)0)
#define preempt_enable_notrace() ((void)0)
#define lockdep_assert_irqs_disabled() ((void)0)

#endif /* TKSIM_KTREE_SHIM_KT_KERNEL_H */
