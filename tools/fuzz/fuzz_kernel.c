// SPDX-License-Identifier: GPL-2.0
// tksim's own: `tksim fuzz --kernel TREE`: every input runs on a kernel tree's own code under
// the oracle, so that every finding is the kernel's code's.
/*
 * The tree is opened once per process; each input runs on it through the
 * executor of sim/ops/ops_ktree.c, less the ops the backend cannot run there
 * (so that no finding comes from the model alone), with the model beside it
 * as the tree's release (so that it is the same kernel as far as tksim knows).
 */
#include "tools/fuzz/fuzz_kernel.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "sim/engine.h"
#include "sim/ops/ops_ktree.h"
#include "timekeeper/version.h"

/**
 * fuzz_kernel_open() - open tree @tree for the inputs of this process
 * @fk:     filled in
 * @tree:   a release ("6.12") or a tree's directory
 * @err:    why not
 * @errlen: its size
 *
 * Return: 0, SIM_KTREE_UNAVAILABLE (no such tree here) or SIM_KTREE_BROKEN, with @err.
 */
int fuzz_kernel_open(struct fuzz_kernel *fk, const char *tree, char *err, size_t errlen)
{
	enum tk_profile p = TK_PROFILE_DEFAULT;
	char rel[16];
	size_t n;
	int ret;

	memset(fk, 0, sizeof(*fk));
	fk->tree = tree;
	ret = sim_ktree_open(tree, &fk->kt, err, errlen);
	if (ret)
		return ret;
	/* "6.12.57 (Debian 6.12.57-1)" -> "6.12": the model's profile of that release */
	snprintf(rel, sizeof(rel), "%s", sim_ktree_release(fk->kt));
	n = strspn(rel, "0123456789");
	if (rel[n] == '.')
		n += 1 + strspn(rel + n + 1, "0123456789");
	rel[n] = '\0';
	if (tk_profile_parse(rel, &p))
		tk_profile_parse(tree, &p);
	fk->profile = (int)p;
	fk->backports = sim_ktree_backports(fk->kt, p);
	return 0;
}

/** fuzz_kernel_close() - close @fk's tree */
void fuzz_kernel_close(struct fuzz_kernel *fk)
{
	sim_ktree_close(fk->kt);
	fk->kt = NULL;
}

/**
 * fuzz_kernel_fit() - take the ops the backend cannot run on the tree out of @l
 * @fk: the tree (counts them in @fk->skipped)
 * @l:  the input, changed in place; its system becomes the tree's release's
 *
 * Return: the ops taken out.
 */
unsigned int fuzz_kernel_fit(struct fuzz_kernel *fk, struct sim_op_list *l)
{
	unsigned int out = sim_ops_ktree_fit(l);

	l->cfg.profile = (enum tk_profile)fk->profile;
	l->cfg.backports = fk->backports;
	fk->skipped += out;
	return out;
}

/** fuzz_kernel_run() - sim_ops_run_ktree() on @fk's tree */
int fuzz_kernel_run(struct fuzz_kernel *fk, const struct sim_op_list *l, unsigned int flags,
		    struct sim_ops_result *r)
{
	return sim_ops_run_ktree(fk->kt, l, flags, r);
}

/** fuzz_kernel_shrink() - sim_ops_ktree_shrink() on @fk's tree */
unsigned int fuzz_kernel_shrink(struct fuzz_kernel *fk, struct sim_op_list *l, unsigned int flags,
				const char *sig, unsigned int max_runs)
{
	return sim_ops_ktree_shrink(fk->kt, l, flags, sig, max_runs);
}

/**
 * fuzz_kernel_settings() - the settings that make `tksim run FILE` replay a finding on the tree
 * @f:  the finding's file, before its system and ops (scenario_ops_write())
 * @fk: the tree
 */
void fuzz_kernel_settings(FILE *f, const struct fuzz_kernel *fk)
{
	fprintf(f, "kernel %s\nprofile %s\n", fk->tree,
		tk_profile_name((enum tk_profile)fk->profile));
}

/** fuzz_kernel_known() - sim_ops_ktree_known() for a finding of @fk's tree */
const struct sim_bug *fuzz_kernel_known(const struct fuzz_kernel *fk, const struct sim_op_list *l,
					const struct sim_ops_result *r)
{
	(void)fk; /* @l's system is the tree's release (fuzz_kernel_fit()) */
	return sim_ops_ktree_known(l, r);
}

/**
 * fuzz_kernel_verdict() - what the model's profile of the tree's release says to a tree finding
 * @f:  the finding's file
 * @fk: the tree
 * @l:  the finding's (shrunk) op list
 *
 * The model of the same release runs the same ops: the same signature means
 * tksim's reading of the code agrees with the code; none or another means
 * the model and the tree part there (tksim diff --kernel shows where).
 * Also printed, so that the summary shows it.
 */
void fuzz_kernel_verdict(FILE *f, const struct fuzz_kernel *fk, const struct sim_op_list *l)
{
	struct sim_ops_result m, t;
	char buf[256];
	int rm = sim_ops_run(l, 0, 0, &m, NULL);

	fuzz_kernel_run((struct fuzz_kernel *)fk, l, 0, &t);
	if (rm == 1 && !strcmp(m.first.sig, t.first.sig))
		snprintf(buf, sizeof(buf), "the model's %s profile finds the same",
			 tk_profile_name((enum tk_profile)fk->profile));
	else
		snprintf(buf, sizeof(buf),
			 "the model's %s profile does not (%s): the model and the tree part here, "
			 "tksim diff --kernel %s THIS-FILE shows where",
			 tk_profile_name((enum tk_profile)fk->profile),
			 rm == 1 ? m.first.sig : "no finding", fk->tree);
	fprintf(f, "# verdict: %s\n", buf);
	printf("  verdict: %s\n", buf);
}
