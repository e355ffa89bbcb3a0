/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: include/linux/list.h for a tree's time files: the doubly linked list clocksource.c
 * keeps its clocksources in. */
#ifndef TKSIM_KTREE_SHIM_LIST_H
#define TKSIM_KTREE_SHIM_LIST_H

#include "kt_kernel.h"
#include <linux/container_of.h>

/* struct list_head is linux/types.h's: a circular list through a head that is its own empty list.
 */
#define LIST_HEAD_INIT(name)     \
	{                        \
		&(name), &(name) \
	}
#define LIST_HEAD(name) struct list_head name = LIST_HEAD_INIT(name)

static inline void INIT_LIST_HEAD(struct list_head *h)
{
	h->next = h;
	h->prev = h;
}

static inline int list_empty(const struct list_head *h)
{
	return h->next == h;
}

/* link @n between @prev and @next, which are neighbours */
static inline void kt_list_link(struct list_head *n, struct list_head *prev, struct list_head *next)
{
	next->prev = n;
	n->next = next;
	n->prev = prev;
	prev->next = n;
}

static inline void list_add(struct list_head *n, struct list_head *h)
{
	kt_list_link(n, h, h->next);
}

static inline void list_add_tail(struct list_head *n, struct list_head *h)
{
	kt_list_link(n, h->prev, h);
}

static inline void list_del_init(struct list_head *e)
{
	e->prev->next = e->next;
	e->next->prev = e->prev;
	INIT_LIST_HEAD(e);
}

#define list_del list_del_init
#define list_entry(ptr, type, member) container_of(ptr, type, member)
#define list_first_entry(h, type, member) list_entry((h)->next, type, member)
#define list_for_each(pos, h) for (pos = (h)->next; pos != (h); pos = pos->next)
#define list_for_each_entry(pos, h, member)                                              \
	for (pos = list_entry((h)->next, __typeof__(*pos), member); &pos->member != (h); \
	     pos = list_entry(pos->member.next, __typeof__(*pos), member))
#define list_for_each_entry_reverse(pos, h, member)                                      \
	for (pos = list_entry((h)->prev, __typeof__(*pos), member); &pos->member != (h); \
	     pos = list_entry(pos->member.prev, __typeof__(*pos), member))
#define list_for_each_entry_safe(pos, n, h, member)                     \
	for (pos = list_entry((h)->next, __typeof__(*pos), member),     \
	    n = list_entry(pos->member.next, __typeof__(*pos), member); \
	     &pos->member != (h); pos = n, n = list_entry(n->member.next, __typeof__(*n), member))

#endif /* TKSIM_KTREE_SHIM_LIST_H */
