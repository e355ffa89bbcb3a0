/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: `tksim fuzz --differential` and the verdict of a finding (--kernel TREE). */
#ifndef TKSIM_TOOLS_FUZZ_FUZZ_DIFF_H
#define TKSIM_TOOLS_FUZZ_FUZZ_DIFF_H

#include <stdio.h>
#include <time.h>

#include "sim/ops/ops.h"

/**
 * struct fuzz_diff - what the differential fuzzer compares and where its findings go
 * @bugs:    side A's (the model's) injected bugs
 * @tree:    side B's kernel tree, or NULL for the model without bugs
 * @dir:     where findings are written
 * @started: when the run started (a file of this run is another process's duplicate)
 */
struct fuzz_diff {
	u64 bugs;
	const char *tree;
	const char *dir;
	time_t started;
};

int fuzz_diff_input(const struct fuzz_diff *d, struct sim_op_list *l, u64 seed, u64 *ops,
		    bool *written);
void fuzz_verdict(FILE *f, const struct sim_op_list *l, u64 bugs, const char *tree);

#endif /* TKSIM_TOOLS_FUZZ_FUZZ_DIFF_H */
