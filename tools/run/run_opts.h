/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: one `tksim run`, its options and the parts of the run that share them. */
#ifndef TKSIM_TOOLS_RUN_RUN_OPTS_H
#define TKSIM_TOOLS_RUN_RUN_OPTS_H

/*
 * `tksim run` in three files, data flowing one way:
 *   tools/run/cmd_run.c     the options (command line and scenario file) into struct run_opts
 *   tools/run/run_loop.c    the system built from them, run tick by tick, checked
 *   tools/run/run_output.c  what the run writes: CSV rows, trace lines, the summary
 */

#include <stdio.h>

#include "sim/ntpd.h"
#include "sim/ops/ops.h"
#include "sim/oracle.h"
#include "tools/options.h"
#include "tools/run/run_bugs.h"
#include "tools/run/run_cs.h"
#include "tools/run/run_m32.h"
#include "tools/run/run_ntp.h"
#include "tools/scenario/scenario.h"

/**
 * struct run_opts - the state of one run, in one place (B3)
 * @cfg:             the system to build
 * @duration_ns:     how long to run (--duration)
 * @csv_interval_ns: time between CSV rows
 * @nohz_max_ns:     longest tickless gap (--nohz), 0 for a periodic tick
 * @csv_path:        --csv, or NULL
 * @trace_path:      --trace, or NULL
 * @trace_from_ns:   --from
 * @trace_to_ns:     --to
 * @seed:            --seed
 * @quiet:           no progress line
 * @json:            the summary as JSON
 * @ntp:             the NTP options (tools/run/run_ntp.h)
 * @cs:              the clocksource options (tools/run/run_cs.h)
 * @m32:             the 32-bit reader (tools/run/run_m32.h)
 * @bugs:            the injected bugs (tools/run/run_bugs.h)
 * @kernel:          --kernel: a kernel tree (release or directory) in the model's place, or NULL
 * @scn:             the scenario file, whose text the option values point into
 * @ops:             the scenario's `at` lines (tools/scenario/scenario_ops.c)
 * @op_lines:        the line of each of @ops in the scenario (@scn's path), for errors
 * @opts:            where each option was given, for errors
 * @aux_trace:       the aux clocks the trace, summary and JSON show (bit n: CLOCK_AUX + n):
 *                   those of --aux-clocks and of the timeline's aux_clock_enable ops
 */
struct run_opts {
	struct sim_config cfg;
	u64 duration_ns;
	u64 csv_interval_ns;
	u64 nohz_max_ns;
	const char *csv_path;
	const char *trace_path;
	u64 trace_from_ns, trace_to_ns;
	u64 seed;
	bool quiet;
	bool json;
	struct run_ntp ntp;
	struct run_cs cs;
	struct run_m32 m32;
	struct run_bugs bugs;
	const char *kernel;
	struct scenario scn;
	struct sim_op_list ops;
	unsigned int *op_lines;
	struct tksim_optset opts;
	unsigned int aux_trace;
};

/* --aux-clocks: an option code outside the ranges of the option groups (tools/run/run_*.h). */
#define RUN_OPT_AUX_CLOCKS 1900

/* --kernel's option id: below the system options' (SYS_OPT_HZ and up), above the bugs'. */
#define RUN_OPT_KERNEL 1390

int run_simulate(struct run_opts *o);
unsigned int run_aux_mask(const struct run_opts *o);

void run_csv_header(FILE *f);
void run_csv_row(FILE *f, struct sim_system *s, const struct sim_ntpd *d);
void run_print_summary(struct sim_system *s, const struct run_opts *o,
		       const struct oracle_stats *st, const struct sim_ntpd *d, double wall);
FILE *run_open_output(const char *path);
int run_close_output(FILE *f, const char *path, const struct tksim_optset *opts, int code);
void run_trace_size_warning(const struct run_opts *o);
void run_trace_row(FILE *f, const struct sim_system *s, const struct run_opts *o);

#endif /* TKSIM_TOOLS_RUN_RUN_OPTS_H */
