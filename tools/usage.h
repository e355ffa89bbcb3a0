/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the exit statuses, bad-usage reports and the input being read, for every command. */
#ifndef TKSIM_TOOLS_USAGE_H
#define TKSIM_TOOLS_USAGE_H

#include "vdso/types.h"

/*
 * Exit statuses of every subcommand: one meaning everywhere (README.md, docs/tksim.1's EXIT
 * STATUS).
 *   0   success: every property held
 *   1   a property was violated, with its evidence (fuzz: a finding)
 *   2   bad usage or bad input (FILE:LINE for a file), an output that could not be written,
 *       or a daemon's program that failed on its own (tksim daemon reports its status in
 *       words: a program's status never passes through, docs/daemons.md)
 *   3   a sanitizer stopped tksim: a bug of tksim, never a verdict
 *   4   cannot run here (the machine lacks what the check needs), or a check asked for
 *       gathered no samples (torture's NOT CHECKED): could not observe, tksim's own SKIP
 *   77  never from tksim: automake's SKIP, which the test scripts make of a 4
 *   130 interrupted by INT, TERM, HUP, USR1 or USR2, after the summary so far (a violation
 *       seen first still gives 1)
 */
#define TKSIM_EXIT_OK 0
#define TKSIM_EXIT_VIOLATION 1
#define TKSIM_EXIT_USAGE 2
#define TKSIM_EXIT_SANITIZER 3 /* set in the sanitizer runtimes' defaults, tools/tksim.c */
#define TKSIM_EXIT_SKIP 4
#define TKSIM_EXIT_INTERRUPTED 130

void tksim_set_input(const char *file, unsigned int line);
void tksim_get_input(const char **file, unsigned int *line);
int tksim_usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
double tksim_wall_seconds(void);
int tksim_refuse_unseen_bugs(const char *cmd, u64 mask);

#endif /* TKSIM_TOOLS_USAGE_H */
