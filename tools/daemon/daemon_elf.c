// SPDX-License-Identifier: GPL-2.0
/* tksim's own: what `tksim daemon` runs: the command's path, and whether the preload can see
 * into it (docs/daemons.md, "Safety"). */

#define _GNU_SOURCE
#include "tools/daemon/daemon_elf.h"

#include <elf.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Why @path cannot be run, in words, or NULL when it can. */
static const char *not_runnable(const char *path)
{
	static char why[64];
	struct stat st;

	if (stat(path, &st))
		return strerror(errno);
	if (S_ISDIR(st.st_mode))
		return "is a directory";
	if (!S_ISREG(st.st_mode))
		return "is not a file";
	if (access(path, X_OK)) {
		snprintf(why, sizeof(why), "is not executable (mode %04o)",
			 (unsigned int)(st.st_mode & 07777));
		return why;
	}
	return NULL;
}

/* The command's path as execvp() would find it, in @buf; else the reason in @why. */
int daemon_resolve(const char *cmd, char *buf, size_t size, const char **why)
{
	const char *path = getenv("PATH");

	*why = "command not found";
	if (!*cmd) {
		*why = "an empty command name";
		return -1;
	}
	if (strchr(cmd, '/')) {
		snprintf(buf, size, "%s", cmd);
		*why = not_runnable(buf);
		return *why ? -1 : 0;
	}
	/* As execvp(): the first PATH entry that holds an executable file of that name. */
	while (path && *path) {
		size_t len = strcspn(path, ":");

		snprintf(buf, size, "%.*s/%s", (int)len, path, cmd);
		if (!not_runnable(buf))
			return 0;
		path += len + (path[len] == ':');
	}
	return -1;
}

/*
 * A static binary would make its time calls without libc's symbols: the
 * preload would never see them.  Refuse anything without PT_INTERP.
 * Return: 0 for a dynamically linked 64-bit ELF, else a message in @why: -2 for an ELF
 * file the preload cannot run in (32-bit, static), -1 for anything else.
 */
int daemon_check_elf(const char *path, const char **why)
{
	Elf64_Ehdr eh;
	Elf64_Phdr ph;
	int fd = open(path, O_RDONLY | O_CLOEXEC), ret = -1;

	*why = "cannot be read";
	if (fd < 0)
		return -1;
	if (pread(fd, &eh, sizeof(eh), 0) != (ssize_t)sizeof(eh) ||
	    memcmp(eh.e_ident, ELFMAG, SELFMAG)) {
		*why = "is not an ELF executable (a script's interpreter is not checked)";
		goto out;
	}
	ret = -2;
	*why = "is not a 64-bit ELF file";
	if (eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_phentsize != sizeof(ph))
		goto out;
	*why = "is statically linked: its time calls would not go through the preload";
	ret = -2;
	for (unsigned int i = 0; i < eh.e_phnum; i++) {
		if (pread(fd, &ph, sizeof(ph), (off_t)(eh.e_phoff + i * sizeof(ph))) !=
		    (ssize_t)sizeof(ph))
			break;
		if (ph.p_type == PT_INTERP) {
			ret = 0;
			break;
		}
	}
out:
	close(fd);
	return ret;
}
