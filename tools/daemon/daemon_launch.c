// SPDX-License-Identifier: GPL-2.0
/* tksim's own: starting the program of `tksim daemon` safely (docs/daemons.md, "Safety"). */

#define _GNU_SOURCE
#include "tools/daemon/daemon_launch.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sim/child.h"
#include "sim/daemon/daemon_proto.h"

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
 * Return: 0 for a dynamically linked 64-bit ELF, else a message in @why.
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
	*why = "is not a 64-bit ELF file";
	if (eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_phentsize != sizeof(ph))
		goto out;
	*why = "is statically linked: its time calls would not go through the preload";
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

/*
 * The preload: $TKSIM_PRELOAD; else next to the tksim binary, where the build puts both
 * (tools/); else where `make install` put it (TKSIM_PKGLIBEXECDIR, $(pkglibexecdir)).
 */
static void daemon_preload_path(char *buf, size_t size)
{
	const char *env = getenv("TKSIM_PRELOAD");
	ssize_t n;
	char *slash;

	if (env) {
		snprintf(buf, size, "%s", env);
		return;
	}
	n = readlink("/proc/self/exe", buf, size - 1);
	buf[n > 0 ? n : 0] = 0;
	slash = strrchr(buf, '/');
	if (slash)
		slash[1] = 0;
	snprintf(buf + strlen(buf), size - strlen(buf), "libtksim-preload.so");
	if (access(buf, R_OK) != 0)
		snprintf(buf, size, "%s/libtksim-preload.so", TKSIM_PKGLIBEXECDIR);
}

/* In the child: become unprivileged for real, then run the daemon with the preload. */
__attribute__((noreturn)) void daemon_child(int sock, int shmid, char **cmd, const char *path,
					    pid_t parent)
{
	char buf[32], preload[4096];

	/* The program and what it starts: one group, which tksim stops as one (issue 20). */
	setpgid(0, 0);

	if (dup2(sock, DMN_FD) < 0)
		_exit(127);
	snprintf(buf, sizeof(buf), "%d", DMN_FD);
	setenv(TKSIM_PRELOAD_FD_ENV, buf, 1);
	if (shmid >= 0) {
		snprintf(buf, sizeof(buf), "%d", shmid);
		setenv(TKSIM_PRELOAD_SHMID_ENV, buf, 1);
	}
	daemon_preload_path(preload, sizeof(preload));
	if (access(preload, R_OK)) {
		fprintf(stderr, "tksim: daemon: no preload library at %s\n", preload);
		_exit(126);
	}
	setenv("LD_PRELOAD", preload, 1);
	if (getuid() == 0 || geteuid() == 0) {
		if (setgroups(0, NULL) || setgid(DMN_NOBODY) || setuid(DMN_NOBODY)) {
			perror("tksim: daemon: cannot drop to user nobody");
			_exit(126);
		}
	}
	if (getuid() == 0 || geteuid() == 0 || prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)) {
		fprintf(stderr, "tksim: daemon: refusing to run the daemon with real privileges\n");
		_exit(126);
	}
	/*
	 * Last before exec, after every credential change: changing credentials clears
	 * PR_SET_PDEATHSIG, which makes the program end when tksim ends, however it ends.
	 */
	if (sim_child_init(parent))
		_exit(127);
	execv(path, cmd);
	fprintf(stderr, "tksim: daemon: cannot run %s: %s\n", path, strerror(errno));
	_exit(127);
}
