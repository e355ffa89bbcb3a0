/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: what the parts of `tksim torture` (tools/torture/cmd_torture*.c) share. */
#ifndef TKSIM_TOOLS_TORTURE_CMD_TORTURE_CLI_H
#define TKSIM_TOOLS_TORTURE_CMD_TORTURE_CLI_H

#include "sim/torture/torture.h"
#include "tools/torture/cmd_torture_names.h"

#define TORTURE_EXIT_SKIP 4

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

void cmd_torture_help(void);
int cmd_torture_parse(int argc, char **argv, struct cmd_torture_cli *cli);
void cmd_torture_build_replay(struct cmd_torture_cli *cli);
void cmd_torture_progress_line(void *arg, double elapsed, double total, u64 reads);
void cmd_torture_print_results(const struct cmd_torture_cli *cli, const struct torture_result *r);
void cmd_torture_print_json(const struct cmd_torture_cli *cli, const struct torture_result *r,
			    const char *result, const char *why);
void cmd_torture_print_kernel(const struct cmd_torture_cli *cli, const struct torture_result *r);
u32 cmd_torture_not_checked(const struct torture_opts *o, const struct torture_result *r);

#endif /* TKSIM_TOOLS_TORTURE_CMD_TORTURE_CLI_H */
