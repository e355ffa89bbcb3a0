// SPDX-License-Identifier: GPL-2.0
// tksim's own: the AFL++ entry, persistent mode (see docs/fuzzing.md for the one build command).
/*
 * Built by `tests/fuzz/afl.sh build` (afl-clang-fast, persistent mode; the library's sources
 * compiled in, so that AFL++ instruments them).  Reads one input from stdin per __AFL_LOOP
 * iteration; a finding aborts.  Built with a plain compiler it runs one input from stdin.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "tests/fuzz/target.h"

#ifndef __AFL_LOOP
#define __AFL_LOOP(n) (!done++)
static int done;
#endif
#ifndef __AFL_INIT
#define __AFL_INIT() \
	do {         \
	} while (0)
#endif

#define AFL_MAX_INPUT (1 << 16)

int main(void)
{
	static u8 buf[AFL_MAX_INPUT];
	u64 bugs = tksim_fuzz_env_bugs();
	struct sim_ops_result r0;

	/*
	 * One empty input before the fork server starts: $TKSIM_KERNEL's tree object is built or
	 * found and loaded once, not in every forked child.  (It is the compiler's of ./configure,
	 * not afl-clang-fast: AFL++ sees tksim's edges, the executor's and the model's beside the
	 * tree, not the tree's own.)
	 */
	tksim_fuzz_target(buf, 0, bugs, &r0);
	__AFL_INIT();
	while (__AFL_LOOP(100000)) {
		struct sim_ops_result r;
		ssize_t n = read(0, buf, sizeof(buf));

		if (n < 0)
			n = 0;
		if (tksim_fuzz_target(buf, (size_t)n, bugs, &r)) {
			fprintf(stderr, "tksim finding: %s: %s\n", r.first.sig, r.first.why);
			abort();
		}
	}
	return 0;
}
