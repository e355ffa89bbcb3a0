// SPDX-License-Identifier: GPL-2.0
// tksim's own: the fuzz target: bytes -> op list -> run with the oracle after every op.
#include "tests/fuzz/target.h"

#include <stdio.h>
#include <stdlib.h>

#include "sim/bugs.h"
#include "sim/fixes.h"

/**
 * tksim_fuzz_target() - run one fuzz input
 * @data: the input (any bytes: sim_ops_decode() accepts them all)
 * @size: its length
 * @bugs: injectable bugs to switch on (sim/bugs.h), 0 for the faithful model
 * @r:    what the run saw
 *
 * The proposed fixes named by $TKSIM_FIX (sim/fixes.h) are switched on in
 * every input's system, as tksim fuzz --fix does.
 *
 * Return: 0 clean (known kernel behaviours aside), 1 a finding (@r->first).
 */
int tksim_fuzz_target(const u8 *data, size_t size, u64 bugs, struct sim_ops_result *r)
{
	/* One list reused across inputs: a fuzzer calls this millions of times. */
	static struct sim_op_list l;
	static bool init;
	static u64 fixes;
	int ret;

	if (!init) {
		const char *e = getenv("TKSIM_FIX");

		if (e && *e && sim_fixes_parse(e, &fixes)) {
			fprintf(stderr, "TKSIM_FIX: unknown fix in '%s' (see tksim bugs --fixes)\n",
				e);
			exit(2);
		}
		sim_ops_init(&l);
		init = true;
	}
	sim_ops_decode(&l, data, size);
	l.cfg.fixes = fixes;
	ret = sim_ops_run(&l, bugs, 0, r, NULL);
	/* Every decoded configuration can be built; anything else is a tksim bug. */
	if (ret < 0) {
		fprintf(stderr, "tksim fuzz target: cannot build the decoded system (%d)\n", ret);
		abort();
	}
	return ret;
}

/** tksim_fuzz_env_bugs() - the bugs named by $TKSIM_INJECT (for the fuzzer entries), or 0. */
u64 tksim_fuzz_env_bugs(void)
{
	const char *e = getenv("TKSIM_INJECT");
	u64 mask = 0;

	if (e && *e && sim_bugs_parse(e, &mask)) {
		fprintf(stderr, "TKSIM_INJECT: unknown bug in '%s' (see tksim bugs)\n", e);
		exit(2);
	}
	return mask;
}
