// SPDX-License-Identifier: GPL-2.0
// tksim's own: `tksim bugs`, the table of injectable historical bugs (sim/bugs.c).
/*
 * Input: none, --names, --fixes, --profiles.  Output: one block per bug: its --inject
 * name, where the hook is, what it does, the kernel commit that fixed it and
 * the property that catches it, and the one command that exits 1 on it.
 * With --fixes, one block per proposed fix of sim/fixes.c instead: its --fix
 * name, what it changes, the kernel functions, why, and its report.  With
 * --profiles, the version profiles and their named differences
 * (tools/bugs/bugs_profiles.c).  Exit
 * status: 0, or 2 for bad usage.
 */
#include <stdlib.h>
#include <string.h>

#include "sim/bugs.h"
#include "sim/fixes.h"
#include "tools/bugs/bugs_profiles.h"
#include "tools/options.h"
#include "tools/tksim.h"

/* The options of `tksim bugs`: its parser, --help, man page and completion. */
const struct tksim_option cmd_bugs_options[] = {
	TKSIM_OPT_HEAD("Options:"),
	TKSIM_OPT_FLAG("names", 'n', "only the names, one a line"),
	TKSIM_OPT_FLAG("fixes", 'f',
		       "the proposed kernel fixes (--fix) instead: the fix variants\n"
		       "for bugs tksim found in the kernel that machines run"),
	TKSIM_OPT_FLAG("profiles", 'p',
		       "the version profiles (--profile) instead: each release the\n"
		       "model can be, and every named difference with its commit"),
	TKSIM_OPT_HELP('h'),
	TKSIM_OPT_END,
};

static void bugs_help(void)
{
	printf("usage: tksim bugs [--names] [--fixes | --profiles]\n\n"
	       "List the historical bugs `tksim torture --inject` and the tests can switch\n"
	       "on, with the kernel commit that fixed each, the property that catches it\n"
	       "and the one command that exits 1 on it (and 0 without its --inject).\n\n");
	tksim_opt_help(stdout, cmd_bugs_options);
	printf("\nExit status: 0, or 2 for bad usage.\n");
}

static const char *side_name(enum sim_bug_side side)
{
	switch (side) {
	case SIM_BUG_READER:
		return "vDSO reader";
	case SIM_BUG_WRITER:
		return "timekeeper";
	case SIM_BUG_CONFIG:
		return "vDSO TSC read";
	default:
		return "torture checker";
	}
}

/* --fixes: the fix variants, the inverse of the bugs. */
static int list_fixes(bool names)
{
	for (unsigned int i = 0; i < sim_nr_fixes; i++) {
		const struct sim_fix *f = &sim_fixes[i];

		if (names) {
			printf("%s\n", f->name);
			continue;
		}
		printf("%s%s  (proposed fix, timekeeper)\n", i ? "\n" : "", f->name);
		printf("    changes    %s\n", f->what);
		printf("    in         %s\n", f->changes);
		printf("    why        %s\n", f->why);
		printf("    removes    the finding %s\n", f->finding);
		printf("    report     %s\n", f->report);
		printf("    shown by   %s (exit 0; 1 without --fix)\n", f->shows);
	}
	return TKSIM_EXIT_OK;
}

/**
 * cmd_bugs() - `tksim bugs`
 * @argc: argument count (argv[0] is "bugs")
 * @argv: arguments
 *
 * Return: exit status.
 */
int cmd_bugs(int argc, char **argv)
{
	struct tksim_optset set = { .cmd = "bugs", .table = cmd_bugs_options };
	struct tksim_optiter it;
	bool names = false, fixes = false, profiles = false;
	int c;

	tksim_opt_begin(&it, &set, argc, argv);
	while ((c = tksim_opt_next(&it)) > 0) {
		switch (c) {
		case 'n':
			names = true;
			break;
		case 'f':
			fixes = true;
			break;
		case 'p':
			profiles = true;
			break;
		case 'h':
			bugs_help();
			return TKSIM_EXIT_OK;
		default:
			return tksim_usage_error("bugs", "unknown option");
		}
	}
	if (c < 0)
		return TKSIM_EXIT_USAGE;
	if (fixes && profiles)
		return tksim_usage_error("bugs", "--fixes and --profiles list different tables: "
						 "choose one");
	if (fixes)
		return list_fixes(names);
	if (profiles)
		return bugs_list_profiles(names);

	for (unsigned int i = 0; i < sim_nr_bugs; i++) {
		const struct sim_bug *b = &sim_bugs[i];

		if (names) {
			printf("%s\n", b->name);
			continue;
		}
		printf("%s%s  (%s hook, %s)\n", i ? "\n" : "", b->name, side_name(b->side),
		       b->concurrent ? "needs threads: tksim torture" : "deterministic");
		printf("    injects    %s\n", b->what);
		printf("    fixed by   %s\n", b->fix);
		printf("    commit     %s%s%s\n", b->hash[0] ? b->hash : "(no single commit)",
		       strcmp(b->version, "-") ? ", " : "",
		       strcmp(b->version, "-") ? b->version : "");
		printf("    caught by  %s\n", b->caught_by);
		printf("    shown by   %s\n", b->shows);
	}
	return TKSIM_EXIT_OK;
}
