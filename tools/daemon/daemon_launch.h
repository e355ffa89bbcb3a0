/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: starting the program of `tksim daemon` safely (tools/daemon/daemon_launch.c). */
#ifndef TKSIM_TOOLS_DAEMON_DAEMON_LAUNCH_H
#define TKSIM_TOOLS_DAEMON_DAEMON_LAUNCH_H

#include <seccomp.h>
#include <stddef.h>
#include <sys/types.h>

/* The fd the daemon finds the protocol socket on: high, out of the way of its own. */
#define DMN_FD 1000
/* The user the daemon runs as when tksim is root: it must not be able to set the clock. */
#define DMN_NOBODY 65534

/**
 * daemon_child() - in the forked child: drop privileges for real, load the filter, exec
 * @sock: the protocol socket (moved to DMN_FD)
 * @shmid: tksim's private SHM segment, or -1
 * @cmd: argv of the program
 * @path: its resolved path
 * @filter: the seccomp filter (daemon_filter_build()), loaded last before the exec
 * @parent: tksim's pid, taken before the fork
 *
 * Never returns: exec()s, or _exit()s 126/127 on failure, 126 with a line saying what was
 * left when a privilege could not be dropped.
 */
__attribute__((noreturn)) void daemon_child(int sock, int shmid, char **cmd, const char *path,
					    scmp_filter_ctx filter, pid_t parent);

#endif /* TKSIM_TOOLS_DAEMON_DAEMON_LAUNCH_H */
