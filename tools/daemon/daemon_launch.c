// SPDX-License-Identifier: GPL-2.0
/* tksim's own: starting the program of `tksim daemon` safely (docs/daemons.md, "Safety"). */

#define _GNU_SOURCE
#include "tools/daemon/daemon_launch.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "sim/child.h"
#include "sim/daemon/daemon_proto.h"
#include "tools/daemon/daemon_priv.h"

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

/* The child's environment: the protocol socket, the SHM segment and the preload. */
static void daemon_child_env(int sock, int shmid)
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
}

/*
 * In the child, one step after the other: the environment; no privilege left (checked);
 * the seccomp filter, last, because once it is loaded every clock syscall traps and nothing
 * here handles SIGSYS; exec.  A refusal exits 126 before the preload can say hello, and
 * daemon_run() then exits 2.
 */
__attribute__((noreturn)) void daemon_child(int sock, int shmid, char **cmd, const char *path,
					    scmp_filter_ctx filter, pid_t parent)
{
	const char *why;

	daemon_child_env(sock, shmid);
	why = daemon_drop_child();
	/*
	 * After every credential change (changing credentials clears PR_SET_PDEATHSIG, which
	 * makes the program end when tksim ends, however it ends), before the filter.
	 */
	if (!why && sim_child_init(parent))
		_exit(127);
	if (!why && seccomp_load(filter))
		why = "the kernel refused tksim's seccomp filter";
	if (why) {
		fprintf(stderr, "tksim: daemon: refusing to run %s: %s\n", path, why);
		_exit(126);
	}
	execv(path, cmd);
	fprintf(stderr, "tksim: daemon: cannot run %s: %s\n", path, strerror(errno));
	_exit(127);
}
