/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tksim's own: the keeper of `tksim daemon`'s program: it outlives tksim just long enough to
 * stop whatever the program started (tools/daemon/daemon_keeper.c).
 */
#ifndef TKSIM_TOOLS_DAEMON_DAEMON_KEEPER_H
#define TKSIM_TOOLS_DAEMON_DAEMON_KEEPER_H

#include <seccomp.h>
#include <sys/types.h>

/**
 * struct dmn_keeper - the keeper process of one run, seen from tksim
 * @pid:  the keeper (tksim's only child)
 * @prog: the program (the keeper's child), also its process group
 * @ctl:  tksim's end of the control pipe: its close, at tksim's end however it ends (SIGKILL
 *        included), tells the keeper to stop the program's whole tree
 * @rep:  the keeper's reports: the program's pid, its wait status, the leftovers stopped
 */
struct dmn_keeper {
	pid_t pid;
	pid_t prog;
	int ctl;
	int rep;
};

int dmn_keeper_start(struct dmn_keeper *k, int sock, int shmid, char **cmd, const char *path,
		     scmp_filter_ctx filter);
int dmn_keeper_wait(struct dmn_keeper *k, double seconds, int *status);
unsigned int dmn_keeper_finish(struct dmn_keeper *k);

#endif /* TKSIM_TOOLS_DAEMON_DAEMON_KEEPER_H */
