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
 * "-h" is "--help" on the command line, everywhere.  An unknown name close to
 * one of the table (tksim_edit_distance() <= 2) is answered "did you mean".
 * "--name value" and "--name=value" give a value; a value that starts with
 * "--" is refused on the command line (write "--name=--value" to mean it).
 * Options flagged TKSIM_OPT_CMDLINE (help) are refused in scenario files.
 * The set remembers where each option was last given (FILE:LINE, or the
 * command line), so that an error found after everything is read can point
 * at the setting that caused it: tksim_opt_error().
 */

#include <stddef.h>
#include <stdio.h>

#include "vdso/types.h"

/* tksim_option.flags */
#define TKSIM_OPT_VALUE 1U /* takes a value */
#define TKSIM_OPT_CMDLINE 2U /* command line only (help): not a setting of a file */
#define TKSIM_OPT_HEADING 4U /* not an option: @help is a heading of the option list */
#define TKSIM_OPT_FILE 8U /* its value is a file name (the completion offers files) */
#define TKSIM_OPT_BUGS 16U /* its value is a list of sim_bugs[] names (completion) */
#define TKSIM_OPT_FIXES 32U /* its value is a list of sim_fixes[] names (completion) */

/* The most options one command has. */
#define TKSIM_OPT_MAX 64

/**
 * struct tksim_option - one option of a command, and everything said about it
 * @name:    its name without the dashes, matched exactly
 * @code:    what tksim_opt_next() returns for it (> 0)
 * @flags:   TKSIM_OPT_*
 * @metavar: the value's name in --help ("D", "on|off"), NULL for a flag
 * @help:    what it does, lines separated by '\n' (--help, the man page)
 * @def:     its default, shown as "(default DEF)", or NULL
 * @values:  the words its value completes to, space-separated, or NULL
 *
 * One table per command gives its parser, its --help, its man page
 * OPTIONS list (tksim help --man) and its bash completion (tksim help
 * --completion), so that the four cannot drift apart.
 */
struct tksim_option {
	const char *name;
	int code;
	unsigned int flags;
	const char *metavar;
	const char *help;
	const char *def;
	const char *values;
};

/* A flag, an option with a value, one whose value is a word of a list, a heading. */
#define TKSIM_OPT_FLAG(n, c, h)                       \
	{                                             \
		.name = (n), .code = (c), .help = (h) \
	}
#define TKSIM_OPT_ARG(n, c, m, h, d)                                                             \
	{                                                                                        \
		.name = (n), .code = (c), .flags = TKSIM_OPT_VALUE, .metavar = (m), .help = (h), \
		.def = (d)                                                                       \
	}
#define TKSIM_OPT_ENUM(n, c, m, h, d, v)                                                         \
	{                                                                                        \
		.name = (n), .code = (c), .flags = TKSIM_OPT_VALUE, .metavar = (m), .help = (h), \
		.def = (d), .values = (v)                                                        \
	}
/* An option with a value and more TKSIM_OPT_* flags (FILE, BUGS) for its completion. */
#define TKSIM_OPT_MORE(more, n, c, m, h, d)                                                  \
	{                                                                                    \
		.name = (n), .code = (c), .flags = TKSIM_OPT_VALUE | (more), .metavar = (m), \
		.help = (h), .def = (d)                                                      \
	}
#define TKSIM_OPT_HEAD(h)                                           \
	{                                                           \
		.name = "", .flags = TKSIM_OPT_HEADING, .help = (h) \
	}
#define TKSIM_OPT_END        \
	{                    \
		.name = NULL \
	}

/*
 * The options every command that has them means the same by: one
 * definition each, one parser (a flag, or tksim_opt_seed()).
 */
#define TKSIM_OPT_HELP(c)                                                \
	{                                                                \
		.name = "help", .code = (c), .flags = TKSIM_OPT_CMDLINE, \
		.help = "this text (also -h)"                            \
	}
#define TKSIM_OPT_JSON(c) \
	TKSIM_OPT_FLAG("json", (c), "the report as one JSON object on stdout (docs/output.md)")
#define TKSIM_OPT_QUIET(c) TKSIM_OPT_FLAG("quiet", (c), "no progress line on a terminal (stderr)")
#define TKSIM_OPT_SEED(c, what)                                                                \
	TKSIM_OPT_ARG("seed", (c), "N|random",                                                 \
		      "seed of " what ";\nrandom draws one from the host clock and prints it", \
		      "1")

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
int tksim_opt_seed(const char *cmd, const char *value, u64 *seed);
unsigned int tksim_edit_distance(const char *a, size_t alen, const char *b);
void tksim_opt_help(FILE *f, const struct tksim_option *t);
void tksim_opt_man(FILE *f, const char *cmd, const struct tksim_option *t);

#endif /* TKSIM_TOOLS_OPTIONS_H */
