/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the exit statuses, bad-usage reports and the input being read, for every command. */
#ifndef TKSIM_TOOLS_USAGE_H
#define TKSIM_TOOLS_USAGE_H

/* Exit statuses of every subcommand. */
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

#endif /* TKSIM_TOOLS_USAGE_H */
