// SPDX-License-Identifier: GPL-2.0
// tksim's own: op lists (see sim/ops/ops.h).
#include "sim/ops/ops.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/** sim_op_cs_from_name() - the index of clocksource @name in sim_op_cs_names[], or -1. */
int sim_op_cs_from_name(const char *name)
{
	for (int i = 0; i < SIM_OP_NR_CS; i++)
		if (!strcmp(sim_op_cs_names[i], name))
			return i;
	return -1;
}

/** sim_op_kind_from_name() - the kind named @name, or -1. */
int sim_op_kind_from_name(const char *name)
{
	for (int i = 0; i < SIM_OP_NR_KINDS; i++)
		if (!strcmp(sim_op_names[i], name))
			return i;
	return -1;
}

/** sim_ops_init() - an empty list on the default system. */
void sim_ops_init(struct sim_op_list *l)
{
	memset(l, 0, sizeof(*l));
	sim_config_default(&l->cfg);
}

/** sim_ops_free() - release the ops of @l (the list may be reused after sim_ops_init()). */
void sim_ops_free(struct sim_op_list *l)
{
	free(l->ops);
	l->ops = NULL;
	l->n = l->cap = 0;
}

/** sim_ops_clear() - drop every op, keep the memory and the configuration. */
void sim_ops_clear(struct sim_op_list *l)
{
	l->n = 0;
}

/**
 * sim_ops_push() - append a copy of @op
 * @l:  the list
 * @op: the op
 *
 * Return: the new entry, or NULL when out of memory.
 */
struct sim_op *sim_ops_push(struct sim_op_list *l, const struct sim_op *op)
{
	if (l->n == l->cap) {
		unsigned int cap = l->cap ? 2 * l->cap : 32;
		struct sim_op *p = realloc(l->ops, cap * sizeof(*p));

		if (!p)
			return NULL;
		l->ops = p;
		l->cap = cap;
	}
	l->ops[l->n] = *op;
	return &l->ops[l->n++];
}

/** sim_ops_remove() - delete op @i, keeping the order of the others. */
void sim_ops_remove(struct sim_op_list *l, unsigned int i)
{
	if (i >= l->n)
		return;
	memmove(&l->ops[i], &l->ops[i + 1], (l->n - i - 1) * sizeof(l->ops[0]));
	l->n--;
}

/**
 * sim_ops_copy() - make @dst (initialised or freed) a copy of @src
 *
 * Return: 0 or -ENOMEM.
 */
int sim_ops_copy(struct sim_op_list *dst, const struct sim_op_list *src)
{
	dst->cfg = src->cfg;
	dst->n = 0;
	for (unsigned int i = 0; i < src->n; i++)
		if (!sim_ops_push(dst, &src->ops[i]))
			return -ENOMEM;
	return 0;
}
