// SPDX-License-Identifier: GPL-2.0
/*
 * tksim's own: the keeper of `tksim daemon`'s program (issue 20; docs/robustness.md).
 *
 * tksim forks the keeper, the keeper forks the program.  The keeper is a subreaper
 * (PR_SET_CHILD_SUBREAPER): whatever the program leaves behind, in its process group or out
 * of it (setsid, a double fork), is re-parented to the keeper when its parent ends, never to
 * init.  The program has PR_SET_PDEATHSIG towards the keeper, and the keeper reads a pipe
 * that only tksim holds open: when tksim ends, by its own exit or by SIGKILL, the pipe
 * closes and the keeper kills the program's group and every descendant, reaps them, and
 * ends (tksim_reap_leftovers(): rounds of SIGKILL for up to a second).  No cgroup is needed.
 * The ending signals (INT, TERM, HUP, USR1, USR2, QUIT) are ignored by the keeper: ^C at a
 * terminal reaches tksim's group, keeper included, and tksim stops the program its own way.
 */
#define _GNU_SOURCE
#include "tools/daemon/daemon_keeper.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tools/daemon/daemon_launch.h"
#include "tools/daemon/daemon_priv.h"
#include "tools/process.h"
#include "tools/usage.h"

/* A whole report on the pipe (the writes are far below PIPE_BUF: atomic). */
static void report(int fd, const void *p, size_t n)
{
	while (write(fd, p, n) < 0 && errno == EINTR)
		;
}

/* In the keeper: every descriptor but @keep1 and @keep2 closed, stdio on /dev/null. */
static void keeper_fds(int keep1, int keep2)
{
	int null = open("/dev/null", O_RDWR);

	for (int fd = 0; fd <= 2; fd++)
		if (null >= 0 && fd != null)
			dup2(null, fd);
	for (int fd = 3; fd < 4096; fd++)
		if (fd != keep1 && fd != keep2)
			close(fd);
}

/* Until the program ends (@status) or tksim closes @ctl first (the program is killed). */
static void keeper_watch(int ctl, pid_t prog, int *status)
{
	for (;;) {
		struct pollfd p = { .fd = ctl, .events = POLLIN };

		if (waitpid(prog, status, WNOHANG) == prog)
			return;
		/* tksim never writes: readable means closed. */
		if (poll(&p, 1, 20) > 0) {
			kill(-prog, SIGKILL);
			kill(prog, SIGKILL);
			while (waitpid(prog, status, 0) < 0 && errno == EINTR)
				;
			return;
		}
	}
}

__attribute__((noreturn)) static void keeper_main(int ctl, int rep, int sock, int shmid, char **cmd,
						  const char *path, scmp_filter_ctx filter)
{
	static const int ignored[] = {
		SIGINT, SIGTERM, SIGHUP, SIGUSR1, SIGUSR2, SIGQUIT, SIGPIPE
	};
	pid_t self = getpid(), prog;
	unsigned int left;
	int status = 0;
	char c;

	prctl(PR_SET_CHILD_SUBREAPER, 1);
	prog = fork();
	if (prog == 0) {
		close(ctl);
		close(rep);
		daemon_child(sock, shmid, cmd, path, filter, self);
	}
	/* Its own process group, set on both sides of the fork so that neither races. */
	if (prog > 0)
		setpgid(prog, prog);
	/* As tksim: nothing left but (when root) CAP_KILL, to stop a program run as nobody. */
	daemon_drop_parent();
	for (size_t i = 0; i < sizeof(ignored) / sizeof(ignored[0]); i++)
		signal(ignored[i], SIG_IGN);
	keeper_fds(ctl, rep);
	report(rep, &prog, sizeof(prog));
	if (prog < 0)
		_exit(1);
	keeper_watch(ctl, prog, &status);
	report(rep, &status, sizeof(status));
	/* What is left runs until tksim is done with the run, or gone. */
	while (read(ctl, &c, 1) < 0 && errno == EINTR)
		;
	left = tksim_reap_leftovers(prog);
	report(rep, &left, sizeof(left));
	_exit(0);
}

/* Read one report of @n bytes within @seconds (below 0: no bound); 0, or -1. */
static int keeper_read(struct dmn_keeper *k, void *p, size_t n, double seconds)
{
	double end = tksim_wall_seconds() + seconds;

	for (;;) {
		struct pollfd pf = { .fd = k->rep, .events = POLLIN };
		double left = end - tksim_wall_seconds();
		int r = poll(&pf, 1, seconds < 0 ? 250 : left > 0 ? (int)(left * 1000) + 1 : 0);

		if (r > 0)
			break;
		if (r < 0 && errno != EINTR)
			return -1;
		if (seconds >= 0 && tksim_wall_seconds() >= end)
			return -1;
	}
	for (;;) {
		ssize_t got = read(k->rep, p, n);

		if (got == (ssize_t)n)
			return 0;
		if (got < 0 && errno == EINTR)
			continue;
		return -1;
	}
}

/**
 * dmn_keeper_start() - fork the keeper, which forks the program (daemon_child())
 * @k:      out: the keeper
 * @sock:   the program's end of the protocol socket (closed by the keeper after the fork)
 * @shmid:  the SHM segment, or -1
 * @cmd:    the program's argv
 * @path:   its resolved path
 * @filter: the seccomp filter the program loads before its exec
 *
 * Return: 0, or a negative errno (nothing is left running then).
 */
int dmn_keeper_start(struct dmn_keeper *k, int sock, int shmid, char **cmd, const char *path,
		     scmp_filter_ctx filter)
{
	int ctl[2], rep[2];

	*k = (struct dmn_keeper){ .pid = -1, .prog = -1, .ctl = -1, .rep = -1 };
	if (pipe2(ctl, O_CLOEXEC))
		return -errno;
	if (pipe2(rep, O_CLOEXEC)) {
		close(ctl[0]);
		close(ctl[1]);
		return -errno;
	}
	fflush(NULL);
	k->pid = fork();
	if (k->pid == 0) {
		close(ctl[1]);
		close(rep[0]);
		keeper_main(ctl[0], rep[1], sock, shmid, cmd, path, filter);
	}
	close(ctl[0]);
	close(rep[1]);
	k->ctl = ctl[1];
	k->rep = rep[0];
	if (k->pid < 0 || keeper_read(k, &k->prog, sizeof(k->prog), 10.0) || k->prog < 0) {
		int err = k->pid < 0 ? errno : ECHILD;

		dmn_keeper_finish(k);
		return -err;
	}
	return 0;
}

/**
 * dmn_keeper_wait() - wait for the program's end, at most @seconds of wall time
 * @k:       the keeper
 * @seconds: the bound; below 0, none
 * @status:  out: the program's wait status
 *
 * Return: 0 once it ended, -1 while it still runs after @seconds.  A keeper that died
 * (it cannot, short of SIGKILL) gives a status of "killed by SIGKILL".
 */
int dmn_keeper_wait(struct dmn_keeper *k, double seconds, int *status)
{
	struct pollfd pf = { .fd = k->rep, .events = POLLIN };

	if (keeper_read(k, status, sizeof(*status), seconds) == 0)
		return 0;
	if (poll(&pf, 1, 0) > 0 && (pf.revents & POLLHUP)) {
		*status = SIGKILL; /* W_TERMSIG form: killed by SIGKILL */
		return 0;
	}
	return -1;
}

/**
 * dmn_keeper_finish() - tell the keeper to stop what the program left, and reap it
 * @k: the keeper (after dmn_keeper_wait() said the program ended, or on a failed start)
 *
 * Return: how many processes the keeper stopped.
 */
unsigned int dmn_keeper_finish(struct dmn_keeper *k)
{
	unsigned int left = 0;
	int status;

	if (k->ctl >= 0)
		close(k->ctl);
	k->ctl = -1;
	if (k->rep >= 0 && keeper_read(k, &left, sizeof(left), 5.0))
		left = 0;
	if (k->rep >= 0)
		close(k->rep);
	k->rep = -1;
	if (k->pid > 0)
		tksim_wait_child(k->pid, -1, &status);
	k->pid = -1;
	return left;
}
