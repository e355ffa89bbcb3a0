/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tksim's own: the process around a command: standard descriptors, the report's last flush,
 * signals that end a run, the children it starts, input files.
 */
#ifndef TKSIM_TOOLS_PROCESS_H
#define TKSIM_TOOLS_PROCESS_H

/*
 * Command-line-layer state only (never in a simulation): which signal ended the run and
 * whether the report's flush was checked.  A forked child calls sim_child_init()
 * (sim/child.h) first, so that it ends when tksim ends, and leaves with _exit().
 */

#include <stdio.h>
#include <sys/types.h>

void tksim_process_init(void);
int tksim_finish_stdout(int ret);
void tksim_signals_catch(void);
void tksim_signals_restore(void);
int tksim_signal_caught(void);
const char *tksim_signal_name(int sig);
FILE *tksim_open_input(const char *path, const char **why);
int tksim_wait_child(pid_t pid, double seconds, int *status);
unsigned int tksim_reap_leftovers(pid_t pgid);

#endif /* TKSIM_TOOLS_PROCESS_H */
