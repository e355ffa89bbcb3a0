// SPDX-License-Identifier: GPL-2.0
// tksim's own: the kernel-tree backend's fuzz row of `tksim bench`: fuzz executions on the
// 6.12 tree with a fresh kernel per input.
/*
 * Issue 22's target: fuzzing the backend at 10 000 executions/s per core with a
 * fresh kernel state per input (its engine's target, 5 M ticks/s, is the
 * engine_kernel row's: tools/bench/bench_engine.c).  The row uses Debian's 6.12
 * tree (scripts/fetch-kernels.sh 6.12) and is skipped without it.  It runs the
 * fuzz row's 64 generated 32-op inputs (seed 1) as `tksim fuzz --kernel 6.12`
 * runs them: the ops the backend cannot run taken out, a system per input and
 * the tree booted for it (a reset of its data), the oracle after every op.  The
 * rate is per second of this process's CPU time (per core), as the fuzz row's.
 */
#include <time.h>

#include "sim/engine.h"
#include "sim/ops/ops_gen.h"
#include "sim/ops/ops_ktree.h"
#include "timekeeper/version.h"
#include "tools/bench/bench_common.h"
#include "tools/bench/bench_rows.h"
#include "tools/process.h"

#define KFUZZ_TREE "6.12"
#define KFUZZ_INPUTS 64
#define KFUZZ_OPS 32

/* The tree, opened once per process; NULL and @why when it cannot be had. */
static struct ktree *kfuzz_tree(char *why, size_t n)
{
	static struct ktree *kt;
	static int tried;

	if (!tried) {
		tried = 1;
		if (sim_ktree_open(KFUZZ_TREE, &kt, why, n))
			kt = NULL;
	}
	return kt;
}

static double cpu_now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The CPU and wall seconds since @c0 and @t0, never 0 (a rate divides by them). */
static void kfuzz_elapsed(double c0, u64 t0, double *cpu_s, double *wall_s)
{
	*cpu_s = cpu_now_s() - c0;
	*wall_s = (double)(bench_now_ns() - t0) * 1e-9;
	if (*cpu_s <= 0)
		*cpu_s = 1e-9;
	if (*wall_s <= 0)
		*wall_s = 1e-9;
}

/**
 * bench_row_ktree_fuzz() - fuzz executions per CPU second on the 6.12 tree, a fresh kernel each
 * @o:   the options (--quick runs fewer executions; engine_ns 0 skips the row)
 * @out: the rate, its text and JSON
 *
 * Return: 0, 1 when skipped (by the options, or no tree), or -ENOMEM.
 */
int bench_row_ktree_fuzz(const struct bench_opts *o, struct bench_rate *out)
{
	static struct sim_op_list in[KFUZZ_INPUTS];
	static u8 buf[4096];
	struct sim_op_list gen;
	unsigned int execs = o->quick ? 1000 : 10000, findings = 0;
	char why[512] = "";
	struct ktree *kt = o->engine_ns ? kfuzz_tree(why, sizeof(why)) : NULL;
	struct sim_rng rng;
	double c0, cpu_s, wall_s;
	u64 t0, ops = 0;

	if (!kt)
		return 1;
	sim_rng_seed(&rng, 1);
	sim_ops_init(&gen);
	for (unsigned int i = 0; i < KFUZZ_INPUTS; i++) {
		size_t len;

		/* the fuzz row's bytes, decoded as the fuzz target decodes them */
		sim_ops_generate(&gen, &rng, KFUZZ_OPS);
		len = sim_ops_encode(&gen, buf, sizeof(buf));
		sim_ops_init(&in[i]);
		sim_ops_decode(&in[i], buf, len > sizeof(buf) ? sizeof(buf) : len);
		sim_ops_ktree_fit(&in[i]);
		tk_profile_parse(KFUZZ_TREE, &in[i].cfg.profile);
	}
	sim_ops_free(&gen);
	t0 = bench_now_ns();
	c0 = cpu_now_s();
	for (unsigned int i = 0; i < execs && !tksim_signal_caught(); i++) {
		struct sim_ops_result r;

		findings += sim_ops_run_ktree(kt, &in[i % KFUZZ_INPUTS], 0, &r) == 1;
		ops += r.ops_run;
	}
	kfuzz_elapsed(c0, t0, &cpu_s, &wall_s);
	for (unsigned int i = 0; i < KFUZZ_INPUTS; i++)
		sim_ops_free(&in[i]);
	out->per_s = (double)execs / cpu_s;
	snprintf(out->text, sizeof(out->text),
		 "ktree fuzz: %u executions (the fuzz row's inputs on the tree, a fresh kernel "
		 "each), "
		 "%llu ops in %.3f s: %.0f executions/s, %.0f per CPU second (%u with findings)\n",
		 execs, (unsigned long long)ops, wall_s, (double)execs / wall_s, out->per_s,
		 findings);
	snprintf(out->json, sizeof(out->json),
		 "\"tree\": \"" KFUZZ_TREE "\", \"ops_per_input\": %d, \"execs\": %u, "
		 "\"ops\": %llu, \"wall_s\": %.3f, \"cpu_s\": %.3f, \"execs_per_cpu_s\": %.1f, "
		 "\"findings\": %u",
		 KFUZZ_OPS, execs, (unsigned long long)ops, wall_s, cpu_s, out->per_s, findings);
	snprintf(out->detail, sizeof(out->detail), "%u executions in %.2f s of CPU", execs, cpu_s);
	return 0;
}
