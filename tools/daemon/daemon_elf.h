/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: what `tksim daemon` runs: the command's path, and whether the preload can see
 * into it (tools/daemon/daemon_elf.c). */
#ifndef TKSIM_TOOLS_DAEMON_DAEMON_ELF_H
#define TKSIM_TOOLS_DAEMON_DAEMON_ELF_H

#include <stddef.h>

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
 * Return: 0 for a dynamically linked 64-bit ELF (it has PT_INTERP); -2 for an ELF file
 * the preload cannot run in (32-bit, or static); -1 for anything else (unreadable, not ELF).
 * Compiled into the preload too (tools/preload/preload_exec.c), which has only libc.
 */
int daemon_check_elf(const char *path, const char **why);

#endif /* TKSIM_TOOLS_DAEMON_DAEMON_ELF_H */
