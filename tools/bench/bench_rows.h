/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tksim's own: the rate rows of `tksim bench` (the engine, `tksim run` with
 * every check on, ...): things measured as work per wall-clock second rather
 * than as time per call.
 *
 * Adding a row: write its measuring function in a file of its own
 * (tools/bench/bench_row_NAME.c, added to tools/bench/local.am), declare it below, and give
 * it one entry in bench_rows[] (tools/bench/bench_rows.c).  The function fills a
 * struct bench_rate: the rate, its text lines and the body of its JSON
 * object; the report prints them, and the row's target if it has one,
 * without any other change.
 */
#ifndef TKSIM_TOOLS_BENCH_BENCH_ROWS_H
#define TKSIM_TOOLS_BENCH_BENCH_ROWS_H

#include <stdbool.h>

#include "vdso/types.h"

/**
 * struct bench_opts - the options of one `tksim bench` run
 * @batches:   batches per measurement
 * @calls:     calls per batch
 * @warmup:    unmeasured batches before each measurement
 * @cpu:       CPU pinned to, or -1
 * @quick:     a short run (CI smoke tests): rate rows size themselves down
 * @json:      JSON report
 * @engine_ns: virtual time for the simulating rows (ns); 0 skips them
 * @kernel:    the kernel tree of the tree rows (a release or a directory), NULL for none
 */
struct bench_opts {
	u32 batches;
	u32 calls;
	u32 warmup;
	int cpu;
	bool quick;
	bool json;
	bool quiet;
	u64 engine_ns;
	const char *kernel;
};

/**
 * struct bench_rate - what a rate row measured
 * @ran:    it ran (set by the caller from the row's return value)
 * @per_s:  the rate, in the row's unit per wall-clock second
 * @text:   its lines in the text report, each ending in a newline; the first
 *          usually a blank line and a title
 * @json:   the body of its JSON object (without the braces)
 * @detail: the numbers behind its target, for the targets' list
 */
struct bench_rate {
	bool ran;
	double per_s;
	char text[1024];
	char json[512];
	char detail[112];
};

/**
 * struct bench_row - one rate row
 * @key:     its JSON member name, e.g. "engine"
 * @measure: runs the measurement: 0 on success, 1 when skipped by the
 *           options, a negative errno on failure (the row is then left out)
 * @target:  the target's name in the targets' list, or NULL for none
 * @limit:   the target: @per_s * @scale must be at least this
 * @unit:    the target's unit, e.g. "M ticks/s"
 * @scale:   @per_s to @unit; 0 for 1e-6 (millions per second)
 */
struct bench_row {
	const char *key;
	int (*measure)(const struct bench_opts *o, struct bench_rate *out);
	const char *target;
	double limit;
	const char *unit;
	double scale;
};

/* The most rows a report holds (checked against bench_rows[] at build time). */
#define BENCH_MAX_ROWS 12

extern const struct bench_row bench_rows[];
extern const unsigned int bench_nr_rows;

/* The rows' measuring functions, one file each. */
int bench_row_engine(const struct bench_opts *o, struct bench_rate *out);
int bench_row_run(const struct bench_opts *o, struct bench_rate *out);
int bench_row_m32(const struct bench_opts *o, struct bench_rate *out);
int bench_row_fuzz(const struct bench_opts *o, struct bench_rate *out);
int bench_row_daemon(const struct bench_opts *o, struct bench_rate *out);
int bench_row_engine_aux8(const struct bench_opts *o, struct bench_rate *out);
int bench_row_aux_vdso(const struct bench_opts *o, struct bench_rate *out);
int bench_row_engine_kernel(const struct bench_opts *o, struct bench_rate *out);
int bench_row_kernel_vdso(const struct bench_opts *o, struct bench_rate *out);
int bench_row_ktree_fuzz(const struct bench_opts *o, struct bench_rate *out);

#endif /* TKSIM_TOOLS_BENCH_BENCH_ROWS_H */
