// SPDX-License-Identifier: GPL-2.0
/* tksim's own: libtksim-preload.so, the daemon's side of `tksim daemon` (docs/daemons.md). */

/*
 * LD_PRELOADed into an unmodified, dynamically linked daemon.  Every time
 * call the daemon makes through libc becomes a request to the tksim
 * process that owns the simulated system (sim/daemon/daemon_proto.h); waits
 * become "advance virtual time to the deadline".  The daemon really runs as
 * an unprivileged user: this library only makes it believe it is root, so
 * without it nothing could reach the machine's clock; tksim's seccomp filter
 * traps the clock syscalls that bypass libc, and preload_sigsys.c serves them.
 * What the library cannot simulate it refuses, loudly, with exit status 2: an
 * i386 or x32 syscall, a timer this increment does not model yet.
 *
 * The files stand in layers, bottom first, each calling only those listed before it:
 *   preload_dlsym.c    glibc's own dlsym (tkp_next()); dlsym and dlvsym interposed
 *   preload.c          libc's own symbols, the one transport to tksim, refusing, errno
 *   preload_vdso.c     clock reads in the process over the vvar page tksim shares
 *   preload_net.c      virtual UDP sockets, and the request with a data message
 *   preload_timer.c    POSIX timers in tksim's table (requests with a data message)
 *   preload_timerfd.c  timerfds: a timer and an eventfd
 *   preload_vwait.c    the virtual wait: to a deadline, a packet or a timer's expiry
 *   preload_wait.c,    the waits: sleeps, select, poll, a timerfd's read; epoll
 *   preload_epoll.c
 *   preload_fd.c       dup, fcntl F_DUPFD, close: what the layers keep of an fd follows it
 *   preload_sigsys.c   the syscalls tksim's filter traps, served by the functions above
 *   preload_init.c     the constructor
 * Interposers that need one layer stand beside it (preload_clock.c, preload_netrx.c,
 * preload_itimer.c ...; preload_exec.c beside preload.c; preload_ntptime.c over preload_clock.c).
 * The one word a layer must hear from above comes through a hook it offers: tkp_after_call,
 * after each answer, for the vDSO's copy of the page.
 */

#define _GNU_SOURCE
#include "tools/preload/preload.h"
#include "tools/preload/preload_dlsym.h"

#include <errno.h>
#include <stdio.h>
#include <sys/socket.h>
#include <unistd.h>

int tkp_fd = -1;
int tkp_shmid = -1;
void (*tkp_after_call)(void);

void *tkp_real(const char *name)
{
	void *p = tkp_next(name);

	if (!p) {
		fprintf(stderr, "tksim-preload: no libc symbol %s\n", name);
		_exit(2);
	}
	return p;
}

ssize_t tkp_sendr(int fd, const void *p, size_t len, int flags)
{
	static ssize_t (*real)(int, const void *, size_t, int);

	if (!real)
		real = tkp_real("send");
	return real(fd, p, len, flags);
}

ssize_t tkp_recvr(int fd, void *p, size_t len, int flags)
{
	static ssize_t (*real)(int, void *, size_t, int);

	if (!real)
		real = tkp_real("recv");
	return real(fd, p, len, flags);
}

/* The real libc calls, not the preload's send()/recv(): tksim's socket is not a virtual one. */
void tkp_call(struct tkp_req *rq, struct tkp_rep *rp)
{
	ssize_t n;

	do
		n = tkp_sendr(tkp_fd, rq, sizeof(*rq), 0);
	while (n < 0 && errno == EINTR);
	if (n != (ssize_t)sizeof(*rq))
		_exit(2); /* tksim is gone: never fall back to the real clock */
	do
		n = tkp_recvr(tkp_fd, rp, sizeof(*rp), 0);
	while (n < 0 && errno == EINTR);
	if (n != (ssize_t)sizeof(*rp))
		_exit(2);
	if (tkp_after_call)
		tkp_after_call();
}

/* Refuse: tell tksim why (it reports and exits 2), say it here too, stop. */
__attribute__((noreturn)) void tkp_refuse(const char *what)
{
	struct tkp_req rq = { .op = TKP_REFUSE };
	struct tkp_rep rp;

	snprintf(rq.what, sizeof(rq.what), "%s", what);
	fprintf(stderr, "tksim-preload: refusing: %s\n", what);
	if (tkp_fd >= 0)
		tkp_call(&rq, &rp);
	_exit(2);
}

/* A pointer libc declares nonnull may still be NULL from a daemon: test it out of the compiler's
 * sight. */
__attribute__((noinline)) int tkp_null(const void *p)
{
	return p == NULL;
}

int tkp_errno(int64_t ret)
{
	if (ret < 0) {
		errno = (int)-ret;
		return -1;
	}
	return (int)ret;
}

/*
 * CPU-time clocks (process, thread, and the negative ids of a pid or thread) are not
 * timekeeping's: real ones.  A negative id with (id & 7) == 3 is a dynamic clock of an fd (a PTP
 * device), a host clock: not one of these (tksim answers it: no such clock).
 */
int tkp_cpu_clock(clockid_t clk)
{
	return clk == CLOCK_PROCESS_CPUTIME_ID || clk == CLOCK_THREAD_CPUTIME_ID ||
	       (clk < 0 && (clk & 7) != 3);
}

int64_t tkp_gettime(clockid_t clk, struct timespec *ts, int op)
{
	struct tkp_req rq = { .op = op, .clock = clk };
	struct tkp_rep rp;

	tkp_call(&rq, &rp);
	if (rp.ret >= 0 && ts) {
		ts->tv_sec = rp.sec;
		ts->tv_nsec = rp.nsec;
	}
	return rp.ret;
}
