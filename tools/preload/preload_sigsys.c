// SPDX-License-Identifier: GPL-2.0
/* tksim's own: libtksim-preload.so, the clock syscalls tksim's seccomp filter traps, served from
 * the simulated kernel (docs/daemons.md, "The filter"). */

/*
 * `tksim daemon` loads a seccomp filter before the exec (tools/daemon/daemon_filter.c): a clock
 * syscall that bypasses libc (an inline `syscall` instruction, libc's syscall(), a libc
 * function the preload does not interpose) raises SIGSYS instead of reaching the host kernel.
 * The handler here answers it as the preload's own function would and puts the kernel-style
 * result in the syscall's return register; the kernel has already skipped the instruction.
 * Above every layer: it calls the preload's exported functions (preload_clock.c,
 * preload_wait.c).
 *
 * The handler must stay installed: the kernel kills a process whose SIGSYS is blocked,
 * ignored or defaulted when the filter traps.  So the program's own SIGSYS action is kept
 * aside (sigaction, signal) and called for a SIGSYS the handler does not serve, and SIGSYS is
 * never blocked (sigprocmask, pthread_sigmask).  A program that goes around these with a raw
 * rt_sigaction dies at its next trapped syscall, and tksim reports it (exit 2).
 */

#define _GNU_SOURCE
#include "tools/preload/preload.h"
#include "tools/preload/preload_sigsys.h"

#include <errno.h>
#include <linux/audit.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/timex.h>
#include <time.h>
#include <ucontext.h>

/* <signal.h> does not name the si_code of a seccomp SIGSYS. */
#ifndef SYS_SECCOMP
#define SYS_SECCOMP 1
#endif
/* x32 syscall numbers have this bit (<asm/unistd.h>'s __X32_SYSCALL_BIT). */
#define TKP_X32_BIT 0x40000000

/* The program's SIGSYS action, called for what the handler does not serve: SIG_DFL at first. */
static struct sigaction tkp_prog_sigsys;
/* Whether the handler is in: until then the wrappers pass SIGSYS on untouched. */
static int tkp_sigsys_on;

static int (*tkp_real_sigaction)(int, const struct sigaction *, struct sigaction *);

/* The kernel-style result of a libc-style call: the value, or the negative errno. */
static long tkp_kret(long r)
{
	return r < 0 ? -errno : r;
}

/* One trapped x86_64 syscall, its arguments in @a.  Return: the kernel-style result. */
static long tkp_sys_serve(long nr, const long *a, int *served)
{
	*served = 1;
	switch (nr) {
	case SYS_clock_gettime:
		return tkp_kret(clock_gettime((clockid_t)a[0], (struct timespec *)a[1]));
	case SYS_clock_getres:
		return tkp_kret(clock_getres((clockid_t)a[0], (struct timespec *)a[1]));
	case SYS_gettimeofday:
		return tkp_kret(gettimeofday((struct timeval *)a[0], (void *)a[1]));
	case SYS_time:
		return time((time_t *)a[0]);
	case SYS_settimeofday:
		return tkp_kret(settimeofday((struct timeval *)a[0], (struct timezone *)a[1]));
	case SYS_clock_settime:
		return tkp_kret(clock_settime((clockid_t)a[0], (struct timespec *)a[1]));
	case SYS_adjtimex:
		return tkp_kret(adjtimex((struct timex *)a[0]));
	case SYS_clock_adjtime:
		return tkp_kret(clock_adjtime((clockid_t)a[0], (struct timex *)a[1]));
	case SYS_nanosleep:
		return tkp_kret(nanosleep((struct timespec *)a[0], (struct timespec *)a[1]));
	case SYS_clock_nanosleep: /* returns the error number itself */
		return -clock_nanosleep((clockid_t)a[0], (int)a[1], (struct timespec *)a[2],
					(struct timespec *)a[3]);
	}
	*served = 0;
	return -ENOSYS;
}

/* A SIGSYS the handler does not serve: the program's action, or death as Linux would give. */
static void tkp_sigsys_chain(int sig, siginfo_t *si, void *ctx)
{
	struct sigaction dfl = { .sa_handler = SIG_DFL };

	if (tkp_prog_sigsys.sa_flags & SA_SIGINFO) {
		tkp_prog_sigsys.sa_sigaction(sig, si, ctx);
		return;
	}
	if (tkp_prog_sigsys.sa_handler != SIG_DFL && tkp_prog_sigsys.sa_handler != SIG_IGN) {
		tkp_prog_sigsys.sa_handler(sig);
		return;
	}
	/* Pending until the handler returns, then fatal, as a trap without a handler is. */
	tkp_real_sigaction(SIGSYS, &dfl, NULL);
	raise(SIGSYS);
}

static void tkp_sigsys(int sig, siginfo_t *si, void *ctx)
{
	greg_t *g = ((ucontext_t *)ctx)->uc_mcontext.gregs;
	/* The x86_64 syscall arguments: rdi, rsi, rdx, r10 (not rcx), r8, r9. */
	const long a[6] = { g[REG_RDI], g[REG_RSI], g[REG_RDX], g[REG_R10], g[REG_R8], g[REG_R9] };
	int saved = errno, served = 0;
	long ret = 0;

	if (si->si_code == SYS_SECCOMP &&
	    (si->si_arch != AUDIT_ARCH_X86_64 || (si->si_syscall & TKP_X32_BIT)))
		tkp_refuse("an i386 or x32 syscall: tksim simulates the x86_64 ABI only");
	/* By number, not si_errno: with the program's own TRAP filter too, the kernel reports
	 * the newest filter's data. */
	if (si->si_code == SYS_SECCOMP)
		ret = tkp_sys_serve(si->si_syscall, a, &served);
	errno = saved;
	if (!served) {
		tkp_sigsys_chain(sig, si, ctx);
		return;
	}
	g[REG_RAX] = ret;
}

void tkp_sigsys_init(void)
{
	struct sigaction sa = { .sa_sigaction = tkp_sigsys, .sa_flags = SA_SIGINFO };
	sigset_t sys;

	tkp_real_sigaction = tkp_real("sigaction");
	tkp_real_sigaction(SIGSYS, &sa, NULL);
	sigemptyset(&sys);
	sigaddset(&sys, SIGSYS);
	((int (*)(int, const sigset_t *, sigset_t *))tkp_real("sigprocmask"))(SIG_UNBLOCK, &sys,
									      NULL);
	tkp_sigsys_on = 1;
}

/* ------------------------------------------------------------- keeping the handler */

TKP_EXPORT int sigaction(int sig, const struct sigaction *act, struct sigaction *old);
int sigaction(int sig, const struct sigaction *act, struct sigaction *old)
{
	if (!tkp_real_sigaction)
		tkp_real_sigaction = tkp_real("sigaction");
	if (sig != SIGSYS || !tkp_sigsys_on)
		return tkp_real_sigaction(sig, act, old);
	if (old)
		*old = tkp_prog_sigsys;
	if (act)
		tkp_prog_sigsys = *act;
	return 0;
}

/* glibc's signal() calls its internal sigaction, not the one above. */
TKP_EXPORT sighandler_t signal(int sig, sighandler_t h);
sighandler_t signal(int sig, sighandler_t h)
{
	static sighandler_t (*real)(int, sighandler_t);
	sighandler_t old;

	if (sig != SIGSYS || !tkp_sigsys_on) {
		if (!real)
			real = tkp_real("signal");
		return real(sig, h);
	}
	old = (tkp_prog_sigsys.sa_flags & SA_SIGINFO)
		      ? (sighandler_t)(void (*)(void))tkp_prog_sigsys.sa_sigaction
		      : tkp_prog_sigsys.sa_handler;
	tkp_prog_sigsys = (struct sigaction){ .sa_handler = h, .sa_flags = SA_RESTART };
	return old;
}

/* @set without SIGSYS, in @copy, for a how that blocks. */
static const sigset_t *tkp_unblockable(int how, const sigset_t *set, sigset_t *copy)
{
	if (!set || how == SIG_UNBLOCK || !tkp_sigsys_on)
		return set;
	*copy = *set;
	sigdelset(copy, SIGSYS);
	return copy;
}

TKP_EXPORT int sigprocmask(int how, const sigset_t *set, sigset_t *old);
int sigprocmask(int how, const sigset_t *set, sigset_t *old)
{
	static int (*real)(int, const sigset_t *, sigset_t *);
	sigset_t copy;

	if (!real)
		real = tkp_real("sigprocmask");
	return real(how, tkp_unblockable(how, set, &copy), old);
}

TKP_EXPORT int pthread_sigmask(int how, const sigset_t *set, sigset_t *old);
int pthread_sigmask(int how, const sigset_t *set, sigset_t *old)
{
	static int (*real)(int, const sigset_t *, sigset_t *);
	sigset_t copy;

	if (!real)
		real = tkp_real("pthread_sigmask");
	return real(how, tkp_unblockable(how, set, &copy), old);
}
