/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: starting the program of `tksim daemon` safely (tools/daemon/daemon_launch.c). */
#ifndef TKSIM_TOOLS_DAEMON_DAEMON_LAUNCH_H
#define TKSIM_TOOLS_DAEMON_DAEMON_LAUNCH_H

#include <stddef.h>
#include <sys/types.h>

/* The fd the daemon finds the protocol socket on: high, out of the way of its own. */
#define DMN_FD 1000
/* The user the daemon runs as when tksim is root: it must not be able to set the clock. */
#define DMN_NOBODY 65534

/**
 * daemon_resolve() - the command's path as execvp() would find it
 * @cmd: the command as given
 * @buf: receives the path
 * @size: size of @buf
 * @why: receives the reason when there is none ("command not found", "is a directory",
 *       "is not executable (mode 0644)", "an empty command name")
 * Return: 0, or -1 if no executable file was found.
 */
int daemon_resolve(const char *cmd, char *buf, size_t size, const char **why);

/**
 * daemon_check_elf() - refuse what the preload cannot see into
 * @path: the program
 * @why: receives the reason on refusal
 * Return: 0 for a dynamically linked 64-bit ELF (it has PT_INTERP), else -1.
 */
int daemon_check_elf(const char *path, const char **why);

/**
 * daemon_child() - in the forked child: drop privileges for real, exec with the preload
 * @sock: the protocol socket (moved to DMN_FD)
 * @shmid: tksim's private SHM segment, or -1
 * @cmd: argv of the program
 * @path: its resolved path
 * @parent: tksim's pid, taken before the fork
 *
 * Never returns: exec()s, or _exit()s 126/127 on failure.
 */
__attribute__((noreturn)) void daemon_child(int sock, int shmid, char **cmd, const char *path,
					    pid_t parent);

#endif /* TKSIM_TOOLS_DAEMON_DAEMON_LAUNCH_H */
