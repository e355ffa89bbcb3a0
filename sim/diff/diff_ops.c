// SPDX-License-Identifier: GPL-2.0
// tksim's own: one op list compared whole, shrunk to a difference, and a finding's verdict
// (`tksim fuzz --differential`, and every oracle finding of `tksim fuzz --kernel TREE`).
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "sim/diff/diff.h"
#include "sim/ops/ops_gen.h"

/**
 * diff_ops_run() - build both sides for @l->cfg and compare @l on them
 * @l:    the op list
 * @bugs: side A's injected bugs (the model's)
 * @tree: side B's kernel tree, or NULL for the model without bugs
 * @r:    what was seen; @r->why says why when it could not compare
 *
 * Return: 0 no difference, 1 a difference, -ENODEV no such tree here,
 * -ENOEXEC a tree that cannot be used, another negative errno when it cannot
 * compare (a system that cannot be built, an op side B cannot do).
 */
int diff_ops_run(const struct sim_op_list *l, u64 bugs, const char *tree, struct diff_result *r)
{
	struct diff_side *a, *b = NULL;
	int err, ret;

	memset(r, 0, sizeof(*r));
	a = diff_model_new(&l->cfg, bugs, &err);
	if (!a) {
		snprintf(r->why, sizeof(r->why), "the model cannot be built: %s", strerror(-err));
		return err;
	}
	if (tree) {
		enum ktree_status st = diff_kernel_new(tree, &l->cfg, &b, r->why, sizeof(r->why));

		if (st != KTREE_OK) {
			diff_side_free(a);
			return st == KTREE_UNAVAILABLE ? -ENODEV : -ENOEXEC;
		}
	} else {
		b = diff_model_new(&l->cfg, 0, &err);
		if (!b) {
			diff_side_free(a);
			snprintf(r->why, sizeof(r->why), "the model cannot be built: %s",
				 strerror(-err));
			return err;
		}
	}
	ret = diff_run(l, a, b, r);
	diff_side_free(a);
	diff_side_free(b);
	return ret;
}

/* What diff_ops_shrink() keeps: a difference in the same number. */
struct same_what {
	u64 bugs;
	const char *tree;
	const char *what;
};

static bool still_differs(const struct sim_op_list *l, void *ctx)
{
	const struct same_what *w = ctx;
	struct diff_result r;

	return diff_ops_run(l, w->bugs, w->tree, &r) == 1 && !strcmp(r.first.what, w->what);
}

/**
 * diff_ops_shrink() - make @l minimal for its first difference
 * @l:        the list, shrunk in place
 * @bugs:     side A's injected bugs
 * @tree:     side B's tree, or NULL
 * @what:     the difference to keep (struct diff_difference's @what)
 * @max_runs: how many runs shrinking may spend
 *
 * Return: the runs spent.
 */
unsigned int diff_ops_shrink(struct sim_op_list *l, u64 bugs, const char *tree, const char *what,
			     unsigned int max_runs)
{
	struct same_what w = { .bugs = bugs, .tree = tree, .what = what };

	return sim_ops_shrink_by(l, still_differs, &w, max_runs);
}

/**
 * diff_verdict() - what the kernel's own code says about an oracle finding of the model
 * @l:    the finding's op list (shrunk)
 * @bugs: the bugs the model ran with
 * @tree: the tree of the model's version, or NULL
 * @buf:  the verdict, one line
 * @n:    its size
 *
 * The tree's own code runs the same ops in lockstep with the model: if no
 * number and no read differs, the kernel's code computes the same and breaks
 * the same property ("the kernel's code does this too"); if one differs, the
 * model does what the kernel does not ("tksim only"), from that instant on.
 *
 * Return: 1 the kernel's code does it too, 0 tksim only, -1 no verdict (@buf says why).
 */
int diff_verdict(const struct sim_op_list *l, u64 bugs, const char *tree, char *buf, size_t n)
{
	struct diff_result r;
	int ret;

	if (!tree) {
		snprintf(buf, n,
			 "no verdict: no kernel tree of the model's version given (--kernel)");
		return -1;
	}
	ret = diff_ops_run(l, bugs, tree, &r);
	if (ret == 0) {
		snprintf(buf, n,
			 "the kernel's code does this too (kernel %s computes every number "
			 "alike: %llu ticks, %llu ops, %llu reads)",
			 tree, (unsigned long long)r.ticks, (unsigned long long)r.ops,
			 (unsigned long long)r.reads);
		return 1;
	}
	if (ret == 1) {
		snprintf(buf, n,
			 "tksim only (kernel %s differs first in %s at tick %llu: %s vs %s)", tree,
			 r.first.what, (unsigned long long)r.first.tick, r.first.a, r.first.b);
		return 0;
	}
	snprintf(buf, n, "no verdict: %s", r.why);
	return -1;
}
