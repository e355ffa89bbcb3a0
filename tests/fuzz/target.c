// SPDX-License-Identifier: GPL-2.0
// tksim's own: the fuzz target: bytes -> op list -> run with the oracle after every op.
#include "tests/fuzz/target.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sim/bugs.h"
#include "sim/engine.h"
#include "sim/fixes.h"
#include "sim/ops/ops_ktree.h"
#include "timekeeper/version.h"

/*
 * $TKSIM_KERNEL=TREE (6.12, 6.1 or a tree's path): every input runs on that kernel tree's own
 * code instead of the model (sim/ops/ops_ktree.c, as tksim fuzz --kernel TREE), less the ops the
 * backend cannot run there, the model beside it as the tree's release.  Opened once; a tree
 * that cannot be had stops the fuzzer (exit 2) rather than fuzz the model under its name.
 * Built with -DTKSIM_FUZZ_KERNEL='"TREE"' (tests/fuzz/tksim-ktree-fuzzer), TREE is the default.
 */
#ifdef TKSIM_FUZZ_KERNEL
/*
 * Shipped (.clusterfuzzlite/build.sh): the tree in tksim-kernels/ and the shims in tksim-ktree/
 * beside the binary, with the tree's object already built there, stand for the kernel cache and
 * the shims of a tksim build, unless the environment names others.
 */
static void target_dirs(void)
{
	char exe[4096], dir[4200];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	char *slash;

	if (n <= 0)
		return;
	exe[n] = '\0';
	slash = strrchr(exe, '/');
	if (!slash)
		return;
	*slash = '\0';
	snprintf(dir, sizeof(dir), "%s/tksim-kernels", exe);
	if (!access(dir, R_OK))
		setenv("TKSIM_KERNEL_CACHE", dir, 0);
	snprintf(dir, sizeof(dir), "%s/tksim-ktree", exe);
	if (!access(dir, R_OK))
		setenv("TKSIM_KTREE_DIR", dir, 0);
}
#endif

/* $TKSIM_KERNEL's tree, opened once; @profile and @backports: the model beside it. */
static struct ktree *target_tree(enum tk_profile *profile, u64 *backports)
{
	static struct ktree *kt;
	static enum tk_profile p;
	static u64 bp;
	static bool init;

	if (!init) {
		const char *e = getenv("TKSIM_KERNEL");
		char err[2048];

#ifdef TKSIM_FUZZ_KERNEL
		if (!e)
			e = TKSIM_FUZZ_KERNEL;
		target_dirs();
#endif
		init = true;
		if (e && *e) {
			if (sim_ktree_open(e, &kt, err, sizeof(err))) {
				fprintf(stderr, "TKSIM_KERNEL: %s\n", err);
				exit(2);
			}
			tk_profile_parse(e, &p);
			bp = sim_ktree_backports(kt, p);
		}
	}
	*profile = p;
	*backports = bp;
	return kt;
}

/**
 * tksim_fuzz_target() - run one fuzz input
 * @data: the input (any bytes: sim_ops_decode() accepts them all)
 * @size: its length
 * @bugs: injectable bugs to switch on (sim/bugs.h), 0 for the faithful model
 * @r:    what the run saw
 *
 * The proposed fixes named by $TKSIM_FIX (sim/fixes.h) are switched on in
 * every input's system, as tksim fuzz --fix does; $TKSIM_KERNEL runs the
 * inputs on a kernel tree (target_tree()), where @bugs and fixes are refused.
 *
 * Return: 0 clean (known kernel behaviours aside), 1 a finding (@r->first).
 */
int tksim_fuzz_target(const u8 *data, size_t size, u64 bugs, struct sim_ops_result *r)
{
	/* One list reused across inputs: a fuzzer calls this millions of times. */
	static struct sim_op_list l;
	static bool init;
	static u64 fixes;
	enum tk_profile profile;
	u64 backports;
	struct ktree *kt = target_tree(&profile, &backports);
	int ret;

	if (!init) {
		const char *e = getenv("TKSIM_FIX");

		if (e && *e && sim_fixes_parse(e, &fixes)) {
			fprintf(stderr, "TKSIM_FIX: unknown fix in '%s' (see tksim bugs --fixes)\n",
				e);
			exit(2);
		}
		if (kt && (fixes || bugs)) {
			fprintf(stderr, "TKSIM_KERNEL: the tree runs as it is: no TKSIM_INJECT, "
					"no TKSIM_FIX\n");
			exit(2);
		}
		sim_ops_init(&l);
		init = true;
	}
	sim_ops_decode(&l, data, size);
	l.cfg.fixes = fixes;
	if (kt) {
		sim_ops_ktree_fit(&l);
		l.cfg.profile = profile;
		l.cfg.backports = backports;
		ret = sim_ops_run_ktree(kt, &l, 0, r);
		/* a known kernel bug of the tree's release: counted, not a crash */
		if (ret == 1 && sim_ops_ktree_known(&l, r)) {
			r->nr_known++;
			r->nr_known_bug++;
			ret = 0;
		}
	} else {
		ret = sim_ops_run(&l, bugs, 0, r, NULL);
	}
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
