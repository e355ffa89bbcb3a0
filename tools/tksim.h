/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the command's subcommand table and shared helpers. */
#ifndef TKSIM_TOOLS_TKSIM_H
#define TKSIM_TOOLS_TKSIM_H

#include <stdio.h>

#include "tools/options.h"
#include "tools/parse.h"
#include "tools/usage.h"
#include "vdso/types.h"

/*
 * The highest counter frequency a clocksource can be registered with:
 * __clocksource_register_scale() takes a u32 frequency, so above
 * 4294967295 Hz a counter registers in kHz (as the TSC does), and
 * 4294967295 kHz is the end of that.
 */
#define TKSIM_FREQ_MAX_HZ (4294967295ULL * 1000)

/**
 * struct tksim_cmd - one subcommand
 * @name:    what the user types
 * @summary: one line for `tksim --help`
 * @main:    its entry point; argv[0] is the subcommand name
 * @options: its option table (the man page and the completion are made from it)
 */
struct tksim_cmd {
	const char *name;
	const char *summary;
	int (*main)(int argc, char **argv);
	const struct tksim_option *options;
};

/* Every command's option table, in its own folder. */
extern const struct tksim_option cmd_run_options[];
extern const struct tksim_option cmd_bench_options[];
extern const struct tksim_option cmd_torture_options[];
extern const struct tksim_option cmd_bugs_options[];
extern const struct tksim_option cmd_mirror_options[];
extern const struct tksim_option cmd_explain_options[];
extern const struct tksim_option cmd_fuzz_options[];
extern const struct tksim_option cmd_daemon_options[];
extern const struct tksim_option cmd_explore_options[];
extern const struct tksim_option cmd_diff_options[];

int cmd_run(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_torture(int argc, char **argv);
int cmd_bugs(int argc, char **argv);
int cmd_mirror(int argc, char **argv);
int cmd_explain(int argc, char **argv);
int cmd_fuzz(int argc, char **argv);
int cmd_daemon(int argc, char **argv);
int cmd_explore(int argc, char **argv);
int cmd_diff(int argc, char **argv);

void tksim_help_completion(FILE *f, const struct tksim_cmd *cmds, size_t n);

#endif /* TKSIM_TOOLS_TKSIM_H */
