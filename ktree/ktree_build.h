/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: building a kernel tree's shared object against the shims (ktree/ktree_build.c). */
#ifndef TKSIM_KTREE_KTREE_BUILD_H
#define TKSIM_KTREE_KTREE_BUILD_H

#include <stddef.h>

#include "ktree/ktree.h"

enum ktree_status ktree_resolve(const char *name, char *dir, size_t dirlen, char *err,
				size_t errlen);
enum ktree_status ktree_build(const char *dir, unsigned int hz, char *so, size_t solen, char *err,
			      size_t errlen);
void ktree_tree_release(const char *dir, char *rel, size_t rellen);
int kt_tree_has(const char *dir, const char *file, const char *word);

#endif /* TKSIM_KTREE_KTREE_BUILD_H */
