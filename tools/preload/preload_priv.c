// SPDX-License-Identifier: GPL-2.0
/* tksim's own: libtksim-preload.so, privilege believed, raw syscalls, SHM and uname
 * (docs/daemons.md, "What is interposed"). */

#define _GNU_SOURCE
#include "tools/preload/preload.h"

#include <grp.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <sys/shm.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>

/* The kernel version tksim models (docs/design.md: the v6.15 vDSO over v6.14 ntp.c). */
#define TKP_UNAME_RELEASE "6.15.0-tksim"

/* ------------------------------------------------------------- privilege: believed, not held */

TKP_EXPORT uid_t getuid(void);
uid_t getuid(void)
{
	return 0;
}

TKP_EXPORT uid_t geteuid(void);
uid_t geteuid(void)
{
	return 0;
}

/* Dropping privileges the process never had: succeed, change nothing. */
TKP_EXPORT int setuid(uid_t u);
int setuid(uid_t u)
{
	(void)u;
	return 0;
}

TKP_EXPORT int setgid(gid_t g);
int setgid(gid_t g)
{
	(void)g;
	return 0;
}

TKP_EXPORT int setresuid(uid_t r, uid_t e, uid_t s);
int setresuid(uid_t r, uid_t e, uid_t s)
{
	(void)r, (void)e, (void)s;
	return 0;
}

TKP_EXPORT int setresgid(gid_t r, gid_t e, gid_t s);
int setresgid(gid_t r, gid_t e, gid_t s)
{
	(void)r, (void)e, (void)s;
	return 0;
}

TKP_EXPORT int setgroups(size_t n, const gid_t *list);
int setgroups(size_t n, const gid_t *list)
{
	(void)n, (void)list;
	return 0;
}

TKP_EXPORT int initgroups(const char *user, gid_t g);
int initgroups(const char *user, gid_t g)
{
	(void)user, (void)g;
	return 0;
}

TKP_EXPORT int capset(void *hdr, const void *data);
int capset(void *hdr, const void *data)
{
	(void)hdr, (void)data;
	return 0;
}

/* ------------------------------------------------------------- prctl and syscall */

TKP_EXPORT int prctl(int option, ...);
int prctl(int option, ...)
{
	static int (*real)(int, unsigned long, unsigned long, unsigned long, unsigned long);
	unsigned long a[4];
	va_list ap;

	va_start(ap, option);
	for (int i = 0; i < 4; i++)
		a[i] = va_arg(ap, unsigned long);
	va_end(ap);
	if (!real)
		real = tkp_real("prctl");
	/* A seccomp filter of the program's own stacks on tksim's (PR_SET_SECCOMP passes on).  The
	 * bounding set is root's, full, as the program believes it runs (chronyd checks for
	 * CAP_SYS_TIME there); past the kernel's last capability, the kernel's EINVAL. */
	if (option == PR_CAPBSET_READ) {
		int r = real(option, a[0], a[1], a[2], a[3]);

		return r < 0 ? r : 1;
	}
	return real(option, a[0], a[1], a[2], a[3]);
}

TKP_EXPORT long syscall(long nr, ...);
long syscall(long nr, ...)
{
	static long (*real)(long, ...);
	long a[6];
	va_list ap;

	/* The clock syscalls pass on: tksim's filter traps them into the simulated kernel
	 * (tools/preload/preload_sigsys.c), and a seccomp filter of the program's stacks on it. */
	switch (nr) {
	case SYS_capset:
		return 0;
	case SYS_getpid:
		return TKP_VIRTUAL_PID; /* as getpid() (tools/preload/preload_pid.c) */
	default:
		break;
	}
	va_start(ap, nr);
	for (int i = 0; i < 6; i++)
		a[i] = va_arg(ap, long);
	va_end(ap);
	if (nr == SYS_kill || nr == SYS_tgkill) /* the program's own id is the real one */
		a[0] = tkp_pid_to_real((pid_t)a[0]);
	if (nr == SYS_getrandom) /* the run's seed, not entropy (tools/preload/preload_rand.c) */
		return getrandom((void *)a[0], (size_t)a[1], (unsigned int)a[2]);
	if (!real)
		real = tkp_real("syscall");
	return real(nr, a[0], a[1], a[2], a[3], a[4], a[5]);
}

/* ------------------------------------------------------------- the SHM refclock and uname */

/* chrony's and ntpd's SHM keys map to tksim's private segment: a real daemon's is never touched. */
TKP_EXPORT int shmget(key_t key, size_t size, int flags);
int shmget(key_t key, size_t size, int flags)
{
	static int (*real)(key_t, size_t, int);

	if (key >= TKP_SHM_KEY_BASE && key < TKP_SHM_KEY_BASE + TKP_SHM_UNITS) {
		if (key != TKP_SHM_KEY_BASE || tkp_shmid < 0)
			tkp_refuse("only SHM unit 0 is simulated");
		return tkp_shmid;
	}
	if (!real)
		real = tkp_real("shmget");
	return real(key, size, flags);
}

TKP_EXPORT int uname(struct utsname *u);
int uname(struct utsname *u)
{
	static int (*real)(struct utsname *);

	if (!real)
		real = tkp_real("uname");
	if (real(u))
		return -1;
	snprintf(u->release, sizeof(u->release), "%s", TKP_UNAME_RELEASE);
	return 0;
}
