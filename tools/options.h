/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the one option matcher of every command and of scenario files. */
#ifndef TKSIM_TOOLS_OPTIONS_H
#define TKSIM_TOOLS_OPTIONS_H

/*
 * getopt_long() matches prefixes (a scenario line "dur 5s" meant
 * "duration"), takes the next word as a value even when it is an option
 * ("--csv --quiet" wrote a file named "--quiet") and reports "-x" as
 * "option '--' needs a value".  This matcher takes exact names only:
 *
 *   struct tksim_optset set = { .cmd = "run", .table = run_options };
 *   struct tksim_optiter it;
 *
 *   tksim_opt_begin(&it, &set, argc, argv);
 *   while ((c = tksim_opt_next(&it)) > 0)
 *           switch (c) { case RUN_HZ: ... it.value ... }
 *   if (c < 0)
 *           return TKSIM_EXIT_USAGE;   (already reported)
 *
 * "--name value" and "--name=value" give a value; a value that starts with
 * "--" is refused on the command line (write "--name=--value" to mean it).
 * Options flagged TKSIM_OPT_CMDLINE (help) are refused in scenario files.
 * The set remembers where each option was last given (FILE:LINE, or the
 * command line), so that an error found after everything is read can point
 * at the setting that caused it: tksim_opt_error().
 */

#include <stddef.h>

/* tksim_option.flags */
#define TKSIM_OPT_VALUE 1U /* takes a value */
#define TKSIM_OPT_CMDLINE 2U /* command line only (help): not a setting of a file */

/* The most options one command has. */
#define TKSIM_OPT_MAX 64

/**
 * struct tksim_option - one option of a command
 * @name:  its name without the dashes, matched exactly
 * @code:  what tksim_opt_next() returns for it (> 0)
 * @flags: TKSIM_OPT_*
 */
struct tksim_option {
	const char *name;
	int code;
	unsigned int flags;
};

/**
 * struct tksim_where - where an option was last given
 * @file:  the scenario file, or NULL for the command line
 * @line:  its line
 * @given: the option was given at all
 */
struct tksim_where {
	const char *file;
	unsigned int line;
	int given;
};

/**
 * struct tksim_optset - a command's options and where each was last given
 * @cmd:   the command name, for messages
 * @table: its options, ending with an entry whose name is NULL
 * @where: per entry of @table (filled by tksim_opt_next)
 */
struct tksim_optset {
	const char *cmd;
	const struct tksim_option *table;
	struct tksim_where where[TKSIM_OPT_MAX];
};

/**
 * struct tksim_optiter - one pass over an argument vector
 * @set:   the command's options
 * @argc:  argument count; argv[0] is the command name
 * @argv:  the arguments
 * @i:     the next argument to look at
 * @value: the value of the option just returned, or NULL
 */
struct tksim_optiter {
	struct tksim_optset *set;
	int argc;
	char **argv;
	int i;
	const char *value;
};

void tksim_opt_begin(struct tksim_optiter *it, struct tksim_optset *set, int argc, char **argv);
int tksim_opt_next(struct tksim_optiter *it);
int tksim_opt_error(const struct tksim_optset *set, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int tksim_opt_given(const struct tksim_optset *set, int code);

#endif /* TKSIM_TOOLS_OPTIONS_H */
