// SPDX-License-Identifier: GPL-2.0
// tksim's own: the `tksim` command (no kernel counterpart).
/*
 * tksim - simulate the Linux timekeeping core and its vDSO read path.
 *
 * Input: a subcommand and its options.  Output: the subcommand's report on
 * stdout, errors on stderr.  Exit status: 0 success, 1 a checked property
 * was violated, 2 bad usage or bad input, 3 a sanitizer stopped the program
 * (a tksim bug, not a verdict), 4 skipped (could not observe what was asked),
 * 130 interrupted.
 */
#include "tools/tksim.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "tools/process.h"

static const struct tksim_cmd cmds[] = {
	{ "run", "simulate a system and check the kernel's clock properties", cmd_run,
	  cmd_run_options },
	{ "bench", "time the simulated and the host clock read paths side by side", cmd_bench,
	  cmd_bench_options },
	{ "torture", "real threads on the real TSC: seqcount, order and causality checks",
	  cmd_torture, cmd_torture_options },
	{ "bugs", "list the injectable historical bugs and the commits that fixed them", cmd_bugs,
	  cmd_bugs_options },
	{ "mirror", "read the running kernel's vvar page with tksim's vDSO code", cmd_mirror,
	  cmd_mirror_options },
	{ "explain", "the kernel's arithmetic step by step: a read, a tick, mult, a retry",
	  cmd_explain, cmd_explain_options },
	{ "fuzz", "fuzz NTP adjustments: op lists, the oracle after every op", cmd_fuzz,
	  cmd_fuzz_options },
	{ "daemon", "run a real daemon (chronyd) on the simulated kernel", cmd_daemon,
	  cmd_daemon_options },
	{ "explore", "print the path of the explorer page (the core in the browser)", cmd_explore,
	  cmd_explore_options },
	{ "diff",
	  "run one op list on the model and a kernel tree in lockstep, name the first difference",
	  cmd_diff, cmd_diff_options },
};

#define NR_CMDS (sizeof(cmds) / sizeof(cmds[0]))

static void usage(FILE *f)
{
	fprintf(f, "usage: tksim COMMAND [OPTIONS]\n\n"
		   "Simulate the Linux kernel's timekeeping core (clocksource, tick, NTP) and\n"
		   "its vDSO clock read path, and check the properties the kernel promises.\n\n"
		   "Commands:\n");
	for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
		fprintf(f, "  %-8s %s\n", cmds[i].name, cmds[i].summary);
	fprintf(f,
		"\n`tksim COMMAND --help` or `tksim help COMMAND` describes a command's options.\n"
		"Exit status: 0 success: every property held\n"
		"             1 a property was violated (the report says which, with its seed)\n"
		"             2 bad usage or bad input (the reason, and FILE:LINE for a file)\n"
		"             3 a sanitizer stopped tksim (a bug of tksim, not a verdict)\n"
		"             4 skipped: the command could not observe what was asked\n"
		"           130 interrupted (INT, TERM, HUP, USR1, USR2), after the summary so "
		"far\n");
}

/*
 * Sanitizer builds (--enable-sanitizer): a report ends the program with
 * TKSIM_EXIT_SANITIZER, not with 1, which would read as a violated property.
 * The runtimes call these hooks for their defaults; *SAN_OPTIONS still win.
 */
const char *__asan_default_options(void);
const char *__ubsan_default_options(void);
const char *__tsan_default_options(void);

__attribute__((used)) const char *__asan_default_options(void)
{
	return "exitcode=3";
}

__attribute__((used)) const char *__ubsan_default_options(void)
{
	return "exitcode=3";
}

__attribute__((used)) const char *__tsan_default_options(void)
{
	return "exitcode=3";
}

/*
 * Where the input being parsed comes from, when it is a file: the one piece
 * of process-wide state in the command-line layer (never in a simulation).
 */

/* The command named @name, or NULL. */
static const struct tksim_cmd *find_cmd(const char *name)
{
	for (size_t i = 0; i < NR_CMDS; i++)
		if (!strcmp(name, cmds[i].name))
			return &cmds[i];
	return NULL;
}

/*
 * An unknown command: "did you mean" the nearest one when it is within two
 * edits ("rnu"), else the plain error and the list of commands.
 */
static int unknown_cmd(const char *name)
{
	const struct tksim_cmd *best = NULL;
	unsigned int bd = 3;
	size_t len = strlen(name);

	for (size_t i = 0; i < NR_CMDS; i++) {
		unsigned int d = tksim_edit_distance(name, len, cmds[i].name);

		if (d < bd && d < len) {
			bd = d;
			best = &cmds[i];
		}
	}
	if (best) {
		fprintf(stderr,
			"tksim: unknown command '%s' (did you mean %s?)\nTry 'tksim --help'.\n",
			name, best->name);
		return TKSIM_EXIT_USAGE;
	}
	fprintf(stderr, "tksim: unknown command '%s'\n\n", name);
	usage(stderr);
	return TKSIM_EXIT_USAGE;
}

/*
 * `tksim help CMD` is `tksim CMD --help`; `tksim help --man` and `tksim help
 * --completion` write the man page's option lists and the bash completion
 * from the option tables (docs/tksim.1 and completion/tksim are their
 * checked-in output).
 */
static int help_command(int argc, char **argv)
{
	const struct tksim_cmd *c;

	if (argc < 3) {
		usage(stdout);
		return TKSIM_EXIT_OK;
	}
	if (!strcmp(argv[2], "--man")) {
		for (size_t i = 0; i < NR_CMDS; i++)
			tksim_opt_man(stdout, cmds[i].name, cmds[i].options);
		return tksim_finish_stdout(TKSIM_EXIT_OK);
	}
	if (!strcmp(argv[2], "--completion")) {
		tksim_help_completion(stdout, cmds, NR_CMDS);
		return tksim_finish_stdout(TKSIM_EXIT_OK);
	}
	c = find_cmd(argv[2]);
	if (!c)
		return unknown_cmd(argv[2]);

	char *help_argv[] = { argv[2], "--help", NULL };

	return tksim_finish_stdout(c->main(2, help_argv));
}

int main(int argc, char **argv)
{
	const struct tksim_cmd *c;

	tksim_process_init();
	if (argc < 2) {
		usage(stderr);
		return TKSIM_EXIT_USAGE;
	}
	if (!strcmp(argv[1], "help"))
		return help_command(argc, argv);
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		usage(stdout);
		return TKSIM_EXIT_OK;
	}
	if (!strcmp(argv[1], "--version")) {
		printf("tksim %s\n", PACKAGE_VERSION);
		return TKSIM_EXIT_OK;
	}
	c = find_cmd(argv[1]);
	if (!c)
		return unknown_cmd(argv[1]);
	return tksim_finish_stdout(c->main(argc - 1, argv + 1));
}
