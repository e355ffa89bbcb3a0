/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the ranges of a tree's object that ktree_reset() leaves alone (ktree_keep.c). */
#ifndef TKSIM_KTREE_KEEP_H
#define TKSIM_KTREE_KEEP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One range, by its offset in the writable segment. */
struct kt_range {
	size_t off;
	size_t len;
};

/*
 * The ranges kept.
 * @r:   sorted, disjoint
 * @nr:  how many
 * @cap: room for
 */
struct kt_keep {
	struct kt_range *r;
	size_t nr;
	size_t cap;
};

int kt_keep_find(struct kt_keep *k, const char *so, uintptr_t seg_va, size_t seg_len);
void kt_keep_restore(const struct kt_keep *k, void *seg, const void *data, size_t len);
void kt_keep_free(struct kt_keep *k);

#endif
