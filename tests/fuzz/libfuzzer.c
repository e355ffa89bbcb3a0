// SPDX-License-Identifier: GPL-2.0
// tksim's own: the libFuzzer entry (built by ./configure --enable-fuzzing CC=clang).
/*
 * A finding aborts, so libFuzzer saves the input as crash-*; replay it with
 * tests/fuzz/replay or turn it into a scenario with `tksim fuzz --replay`.
 * $TKSIM_INJECT=BUG[,BUG] fuzzes a model with injected bugs (tksim bugs).
 */
#include <stdio.h>
#include <stdlib.h>

#include "tests/fuzz/target.h"

int LLVMFuzzerTestOneInput(const u8 *data, size_t size);

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	static u64 bugs = ~0ULL;
	struct sim_ops_result r;

	if (bugs == ~0ULL)
		bugs = tksim_fuzz_env_bugs();
	if (tksim_fuzz_target(data, size, bugs, &r)) {
		fprintf(stderr, "tksim finding: %s after op %u: %s\n", r.first.sig,
			r.first.op_index, r.first.why);
		abort();
	}
	return 0;
}
