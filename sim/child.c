// SPDX-License-Identifier: GPL-2.0
// tksim's own: a process tksim forks ends when tksim ends (see sim/child.h).
#include "sim/child.h"

#include <signal.h>
#include <stddef.h>
#include <sys/prctl.h>
#include <unistd.h>

/**
 * sim_child_init() - the first call in a child tksim forked: it ends when tksim ends
 * @parent: tksim's pid, taken before the fork
 *
 * PR_SET_PDEATHSIG sends SIGKILL when tksim exits, however it exits (SIGKILL included).
 * The kernel clears it when the child changes its credentials, so a child that drops
 * privileges calls this after doing so.  A parent that died before the prctl is seen by
 * getppid().  The signals tksim catches (tools/process.c) or ignores get their defaults
 * back (an ignored SIGPIPE would survive exec), with an empty mask.
 *
 * Return: 0, or -1 when tksim is already gone (the child should _exit()).
 */
int sim_child_init(pid_t parent)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGUSR1, SIGUSR2, SIGPIPE };
	sigset_t none;

	if (prctl(PR_SET_PDEATHSIG, SIGKILL) || getppid() != parent)
		return -1;
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		signal(sigs[i], SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	return 0;
}
