/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: include/linux/printk.h for a tree's time files: every message is counted by the
 * glue. */
#ifndef TKSIM_KTREE_SHIM_PRINTK_H
#define TKSIM_KTREE_SHIM_PRINTK_H

#include <linux/compiler.h>

/* ktree/shim/kt_printk.c: counts the message, and prints it when TKSIM_KTREE_PRINTK is set. */
int kt_printk(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#define KERN_EMERG ""
#define KERN_ALERT ""
#define KERN_CRIT ""
#define KERN_ERR ""
#define KERN_WARNING ""
#define KERN_NOTICE ""
#define KERN_INFO ""
#define KERN_DEBUG ""
#define KERN_CONT ""
#define printk(...) kt_printk(__VA_ARGS__)
#define printk_deferred(...) kt_printk(__VA_ARGS__)
#define printk_once(...) kt_printk(__VA_ARGS__)
#define printk_deferred_once(...) kt_printk(__VA_ARGS__)
#define printk_ratelimited(...) kt_printk(__VA_ARGS__)
#define pr_emerg(...) kt_printk(__VA_ARGS__)
#define pr_err(...) kt_printk(__VA_ARGS__)
#define pr_warn(...) kt_printk(__VA_ARGS__)
#define pr_warn_once(...) kt_printk(__VA_ARGS__)
#define pr_notice(...) kt_printk(__VA_ARGS__)
#define pr_info(...) kt_printk(__VA_ARGS__)
#define pr_cont(...) kt_printk(__VA_ARGS__)
#define pr_debug(...) ((void)0)
#ifndef pr_fmt
#define pr_fmt(fmt) fmt
#endif
#define printk_ratelimit() 0

#endif /* TKSIM_KTREE_SHIM_PRINTK_H */
