// SPDX-License-Identifier: GPL-2.0
// tksim's own: the rate rows of `tksim bench`, one entry each (see tools/bench/bench_rows.h).
#include "tools/bench/bench_rows.h"

const struct bench_row bench_rows[] = {
	{
		.key = "engine",
		.measure = bench_row_engine,
		.target = "deterministic engine, HZ=1000, NTP daemon on",
		.limit = 20.0,
		.unit = "M ticks/s",
	},
	{
		/* No target: next to the engine row, what 8 enabled aux clocks cost a tick. */
		.key = "engine_aux8",
		.measure = bench_row_engine_aux8,
	},
	{
		/* No target: do_aux() against do_hres(), printed as a ratio in the row. */
		.key = "aux_vdso",
		.measure = bench_row_aux_vdso,
	},
	{
		/* Issue 22: the kernel backend's engine, the tree attached as tksim run --kernel.
		 */
		.key = "engine_kernel",
		.measure = bench_row_engine_kernel,
		.target = "engine with a kernel tree attached, HZ=1000, NTP daemon on",
		.limit = 5.0,
		.unit = "M ticks/s",
	},
	{
		/* No target: the tree's vDSO against the model's and the host's, as ratios. */
		.key = "kernel_vdso",
		.measure = bench_row_kernel_vdso,
	},
	{
		.key = "run",
		.measure = bench_row_run,
		.target = "tksim run, every check on, HZ=1000, NTP daemon on",
		.limit = 6.0,
		.unit = "M ticks/s",
	},
	{
		/* No target: the thread's 4-13x is a ratio, printed in the row itself. */
		.key = "vdso32_process",
		.measure = bench_row_m32,
	},
	{
		.key = "fuzz",
		.measure = bench_row_fuzz,
		.target = "fuzz target, 32-op inputs, oracle after every op, per core",
		.limit = 0.02, /* 20 000 executions per second */
		.unit = "M execs/s",
	},
	{
		/* Issue 12: a simulated day of chronyd in under 10 s (86400 / 10). */
		.key = "daemon",
		.measure = bench_row_daemon,
		.target = "chronyd, SHM refclock, a simulated day in < 10 s",
		.limit = 8640,
		.unit = "simulated s/s",
		.scale = 1,
	},
	{
		/* Issue 22 (tools/bench/bench_row_ktree_fuzz.c): skipped without the 6.12 tree. */
		.key = "ktree_fuzz",
		.measure = bench_row_ktree_fuzz,
		.target = "fuzz on the 6.12 tree, a fresh kernel per input, per core",
		.limit = 0.01, /* 10 000 executions per second */
		.unit = "M execs/s",
	},
};

const unsigned int bench_nr_rows = sizeof(bench_rows) / sizeof(bench_rows[0]);

_Static_assert(sizeof(bench_rows) / sizeof(bench_rows[0]) <= BENCH_MAX_ROWS,
	       "raise BENCH_MAX_ROWS in tools/bench/bench_rows.h");
