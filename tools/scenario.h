/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: scenario files, the command's options written one per line. */
#ifndef TKSIM_TOOLS_SCENARIO_H
#define TKSIM_TOOLS_SCENARIO_H

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
 * struct scenario - a loaded file; the option values point into @text
 * @text:   the file's contents, split in place; freed by scenario_free()
 * @at:     handler of "at TIME ..." lines (the op timeline, tools/scenario_ops.c),
 *          given the text after "at"; NULL: such a line is an unknown setting
 * @at_ctx: passed to @at
 */
struct scenario {
	char *text;
	int (*at)(void *ctx, char *line);
	void *at_ctx;
};

int scenario_apply(struct scenario *sc, const char *path, const char *cmd, scenario_apply_fn *fn,
		   void *ctx);
void scenario_free(struct scenario *sc);

#endif /* TKSIM_TOOLS_SCENARIO_H */
