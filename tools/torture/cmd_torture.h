/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: what the parts of `tksim torture` (tools/torture/cmd_torture*.c) share. */
#ifndef TKSIM_TOOLS_TORTURE_CMD_TORTURE_H
#define TKSIM_TOOLS_TORTURE_CMD_TORTURE_H

#include "sim/torture/torture.h"

#define TORTURE_EXIT_SKIP 4

/* One name of a --checks, --churn, --clocks or --paths list and its bit. */
struct torture_name {
	const char *name;
	u32 bit;
};

extern const struct torture_name torture_check_names[], torture_churn_names[],
	torture_clock_names[], torture_path_names[];
extern const size_t torture_ncheck_names, torture_nchurn_names, torture_nclock_names,
	torture_npath_names;

/* A table and its length, for cmd_torture_format_list(). */
#define TORTURE_NAMES(t) torture_##t##_names, torture_n##t##_names

/**
 * struct cmd_torture_cli - one `tksim torture` command line
 * @o:          the run it asks for
 * @skew:       --skew (cycles)
 * @quiet:      --quiet
 * @json:       --json
 * @seed_given: --seed N was given
 * @seed_random: --seed random was given (tksim_opt_seed() drew one)
 * @replay:     the command line that replays the run
 */
struct cmd_torture_cli {
	struct torture_opts o;
	u64 skew;
	bool quiet;
	bool json;
	bool seed_given;
	bool seed_random;
	char replay[1024];
};

void cmd_torture_format_list(char *buf, size_t len, const struct torture_name *t, size_t n, u32 m);
void cmd_torture_help(void);
int cmd_torture_parse(int argc, char **argv, struct cmd_torture_cli *cli);
void cmd_torture_build_replay(struct cmd_torture_cli *cli);
void cmd_torture_progress_line(void *arg, double elapsed, double total, u64 reads);
void cmd_torture_print_results(const struct cmd_torture_cli *cli, const struct torture_result *r);
void cmd_torture_print_json(const struct cmd_torture_cli *cli, const struct torture_result *r,
			    const char *result, const char *why);

#endif /* TKSIM_TOOLS_TORTURE_CMD_TORTURE_H */
