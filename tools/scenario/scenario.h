/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: scenario files, the command's options written one per line. */
#ifndef TKSIM_TOOLS_SCENARIO_SCENARIO_H
#define TKSIM_TOOLS_SCENARIO_SCENARIO_H

/*
 * A scenario file is the options of a command, one per line, without the
 * leading dashes:
 *
 *     # a leap second inserted with the NTP daemon on
 *     duration 20m
 *     hz 250
 *     leap insert
 *     fll
 *
 * Each line becomes {cmd, "--key", "value"} (or {cmd, "--key"}) and goes
 * through the command's own option parser, so a file accepts exactly what
 * the command line accepts.  While a line is parsed, tksim_usage_error()
 * reports "tksim: FILE:LINE: what is wrong".
 */

/** scenario_apply_fn - a command's option parser: 0, or the exit status of an error. */
typedef int scenario_apply_fn(int argc, char **argv, void *ctx);

/**
 * scenario_line_fn - the handler of lines that are not settings
 * @rest: the line after its first word (blanks and comment cut)
 * @ctx:  as given to scenario_apply()
 *
 * Return: 0, or the exit status of an error it reported.
 */
typedef int scenario_line_fn(char *rest, void *ctx);

/**
 * struct scenario - a loaded file; the option values point into @text
 * @text: the file's contents, split in place; freed by scenario_free()
 * @path: the file's name, kept as long as @text (the FILE of later errors)
 * @at:   handler of the lines whose first word is "at" (a timeline of
 *        operations), registered by the command before scenario_apply();
 *        NULL: such a line is an unknown setting
 */
struct scenario {
	char *text;
	char *path;
	scenario_line_fn *at;
};

int scenario_apply(struct scenario *sc, const char *path, const char *cmd, scenario_apply_fn *fn,
		   void *ctx);
void scenario_free(struct scenario *sc);

#endif /* TKSIM_TOOLS_SCENARIO_SCENARIO_H */
