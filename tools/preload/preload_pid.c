// SPDX-License-Identifier: GPL-2.0
/* tksim's own: libtksim-preload.so, the program's process id as the simulated machine shows it
 * (docs/daemons.md, "What is interposed"). */

/*
 * A daemon writes its process id into every log line ("ntpd[PID]: ..."): with
 * the real id, two runs of the same scenario would differ in those bytes.  The
 * program sees TKP_VIRTUAL_PID as its own id; a signal sent to that id (or to
 * its negative, the group it leads) reaches the real process (group), and
 * every other id is passed on as it is.  glibc's own internal uses (raise(),
 * abort()) take the real id from the kernel and are not affected.
 */
#define _GNU_SOURCE
#include "tools/preload/preload.h"

#include <signal.h>
#include <sys/types.h>
#include <unistd.h>

/**
 * tkp_real_pid() - the real process id, from libc's getpid()
 *
 * Return: the id the kernel knows the process by.
 */
pid_t tkp_real_pid(void)
{
	static pid_t (*real)(void);

	if (!real)
		real = tkp_real("getpid");
	return real();
}

/**
 * tkp_pid_to_real() - an id as the program gave it, as the kernel knows it
 * @pid: a process id, 0, -1, or a negative process group id
 *
 * Return: @pid with TKP_VIRTUAL_PID (or its negative) replaced by the real id.
 */
pid_t tkp_pid_to_real(pid_t pid)
{
	if (pid == TKP_VIRTUAL_PID)
		return tkp_real_pid();
	if (pid == -TKP_VIRTUAL_PID)
		return -tkp_real_pid();
	return pid;
}

TKP_EXPORT pid_t getpid(void);
pid_t getpid(void)
{
	return TKP_VIRTUAL_PID;
}

TKP_EXPORT int kill(pid_t pid, int sig);
int kill(pid_t pid, int sig)
{
	static int (*real)(pid_t, int);

	if (!real)
		real = tkp_real("kill");
	return real(tkp_pid_to_real(pid), sig);
}
