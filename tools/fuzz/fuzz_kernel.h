/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: `tksim fuzz --kernel TREE`: every input on a kernel tree's own code, under the
 * oracle. */
#ifndef TKSIM_TOOLS_FUZZ_FUZZ_KERNEL_H
#define TKSIM_TOOLS_FUZZ_FUZZ_KERNEL_H

#include <stdio.h>

#include "sim/ops/ops_exec.h"

struct ktree;

/**
 * struct fuzz_kernel - the tree every input runs on, opened once per process
 * @tree:    the tree's name as given (6.12, 6.1 or a path)
 * @kt:      the open tree
 * @profile: the model profile of the tree's release (the model beside it, like for like)
 * @backports: the bugs of that profile whose fix the tree carries (sim_ktree_backports())
 * @skipped: ops taken out of inputs because the backend cannot run them (fuzz_kernel_fit())
 */
struct fuzz_kernel {
	const char *tree;
	struct ktree *kt;
	int profile;
	u64 backports;
	unsigned long long skipped;
};

int fuzz_kernel_open(struct fuzz_kernel *fk, const char *tree, char *err, size_t errlen);
void fuzz_kernel_close(struct fuzz_kernel *fk);
unsigned int fuzz_kernel_fit(struct fuzz_kernel *fk, struct sim_op_list *l);
int fuzz_kernel_run(struct fuzz_kernel *fk, const struct sim_op_list *l, unsigned int flags,
		    struct sim_ops_result *r);
unsigned int fuzz_kernel_shrink(struct fuzz_kernel *fk, struct sim_op_list *l, unsigned int flags,
				const char *sig, unsigned int max_runs);
const struct sim_bug *fuzz_kernel_known(const struct fuzz_kernel *fk, const struct sim_op_list *l,
					const struct sim_ops_result *r);
void fuzz_kernel_verdict(FILE *f, const struct fuzz_kernel *fk, const struct sim_op_list *l);
void fuzz_kernel_settings(FILE *f, const struct fuzz_kernel *fk);

#endif /* TKSIM_TOOLS_FUZZ_FUZZ_KERNEL_H */
