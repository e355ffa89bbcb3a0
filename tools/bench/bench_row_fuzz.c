// SPDX-License-Identifier: GPL-2.0
// tksim's own: the fuzz row of `tksim bench`: fuzz target executions per second, 32-op inputs.
/*
 * What one fuzzer execution costs: decode a byte string into an op list
 * (sim_ops_decode()) and run it with the oracle after every op
 * (sim_ops_run()), exactly as tests/fuzz/target.c does.  The inputs are 64
 * byte strings encoding 32-op lists of the seeded generator (seed 1), so the
 * row measures the same work every time.  docs/fuzzing.md's target is
 * 20 000 executions per second per core in the libFuzzer build without
 * sanitizers; this row measures the build it is part of.  Per core is per
 * second of this process's CPU time (CLOCK_PROCESS_CPUTIME_ID): on a shared
 * machine the wall-clock rate also counts the time other work held the core.
 */
#include <stdlib.h>
#include <time.h>

#include "sim/ops/ops_gen.h"
#include "tools/bench/bench_common.h"
#include "tools/bench/bench_rows.h"
#include "tools/process.h"

#define FUZZ_ROW_INPUTS 64
#define FUZZ_ROW_OPS 32

/**
 * bench_row_fuzz() - the fuzz row
 * @o:   the options (--quick runs fewer executions; engine_ns 0 skips the row)
 * @out: the rate (executions per wall-clock second), its text and JSON
 *
 * @out->per_s is per second of CPU time (per core); the text gives the wall rate too.
 *
 * Return: 0, 1 when skipped, or -ENOMEM.
 */
int bench_row_fuzz(const struct bench_opts *o, struct bench_rate *out)
{
	static u8 inputs[FUZZ_ROW_INPUTS][4096];
	size_t len[FUZZ_ROW_INPUTS];
	unsigned int execs = o->quick ? 2000 : 20000, findings = 0;
	struct sim_op_list l;
	struct sim_rng rng;
	struct timespec c0, c1;
	u64 t0, ops = 0;
	double wall_s, cpu_s, per_cpu_s;

	if (!o->engine_ns)
		return 1;
	sim_ops_init(&l);
	sim_rng_seed(&rng, 1);
	for (unsigned int i = 0; i < FUZZ_ROW_INPUTS; i++) {
		sim_ops_generate(&l, &rng, FUZZ_ROW_OPS);
		len[i] = sim_ops_encode(&l, inputs[i], sizeof(inputs[i]));
		if (len[i] > sizeof(inputs[i]))
			len[i] = sizeof(inputs[i]);
	}
	t0 = bench_now_ns();
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
	for (unsigned int i = 0; i < execs && !tksim_signal_caught(); i++) {
		struct sim_ops_result r;

		sim_ops_decode(&l, inputs[i % FUZZ_ROW_INPUTS], len[i % FUZZ_ROW_INPUTS]);
		findings += sim_ops_run(&l, 0, 0, &r, NULL) == 1;
		ops += r.ops_run;
	}
	wall_s = (double)(bench_now_ns() - t0) * 1e-9;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
	cpu_s = (double)(c1.tv_sec - c0.tv_sec) + (double)(c1.tv_nsec - c0.tv_nsec) * 1e-9;
	sim_ops_free(&l);
	if (wall_s <= 0)
		wall_s = 1e-9;
	if (cpu_s <= 0)
		cpu_s = 1e-9;
	/* The target is per core: the rate per second of this process's CPU time. */
	per_cpu_s = (double)execs / cpu_s;
	out->per_s = per_cpu_s;
	snprintf(out->text, sizeof(out->text),
		 "\nFuzz target (tests/fuzz/target.c's work: decode bytes, run %d ops, the oracle\n"
		 "after every op; %d generated inputs, seed 1)\n"
		 "fuzz: %u executions, %llu ops in %.3f s: %.0f executions/s, %.0f per CPU second "
		 "(%u with findings)\n",
		 FUZZ_ROW_OPS, FUZZ_ROW_INPUTS, execs, (unsigned long long)ops, wall_s,
		 (double)execs / wall_s, per_cpu_s, findings);
	snprintf(out->json, sizeof(out->json),
		 "\"ops_per_input\": %d, \"execs\": %u, \"ops\": %llu, \"wall_s\": %.3f, "
		 "\"execs_per_s\": %.1f, \"cpu_s\": %.3f, \"execs_per_cpu_s\": %.1f, "
		 "\"findings\": %u",
		 FUZZ_ROW_OPS, execs, (unsigned long long)ops, wall_s, (double)execs / wall_s,
		 cpu_s, per_cpu_s, findings);
	snprintf(out->detail, sizeof(out->detail), "%u executions of %d ops in %.2f s of CPU",
		 execs, FUZZ_ROW_OPS, cpu_s);
	return 0;
}
