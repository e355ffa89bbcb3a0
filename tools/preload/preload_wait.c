// SPDX-License-Identifier: GPL-2.0
/* tksim's own: libtksim-preload.so, waiting in virtual time (docs/daemons.md, "What is
 * interposed"). */

#define _GNU_SOURCE
#include "tools/preload/preload.h"
#include "tools/preload/preload_net.h"
#include "tools/preload/preload_timer.h"
#include "tools/preload/preload_timerfd.h"
#include "tools/preload/preload_vwait.h"

#include <errno.h>
#include <string.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <sys/select.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

/* ------------------------------------------------------------- sleeping */

TKP_EXPORT int nanosleep(const struct timespec *req, struct timespec *rem);
int nanosleep(const struct timespec *req, struct timespec *rem)
{
	struct timespec left = { 0 };
	int ret;

	/* A timer's signal (timer_create, alarm) ends the sleep at its instant: EINTR, @rem the
	 * rest. */
	if (tkp_timers_active() && req)
		ret = tkp_net_wait(NULL, 0, req, &left);
	else
		ret = tkp_wait(CLOCK_MONOTONIC, req, 0);
	if (rem)
		*rem = ret == -EINTR ? left : (struct timespec){ 0 };
	return tkp_errno(ret);
}

TKP_EXPORT int clock_nanosleep(clockid_t clk, int flags, const struct timespec *req,
			       struct timespec *rem);
int clock_nanosleep(clockid_t clk, int flags, const struct timespec *req, struct timespec *rem)
{
	int ret;

	if (tkp_cpu_clock(clk))
		tkp_refuse("clock_nanosleep on a CPU-time clock is not simulated");
	ret = tkp_wait(clk, req, flags & TIMER_ABSTIME);
	if (rem && !(flags & TIMER_ABSTIME))
		memset(rem, 0, sizeof(*rem));
	return -ret; /* clock_nanosleep returns the error number */
}

TKP_EXPORT int usleep(useconds_t us);
int usleep(useconds_t us)
{
	struct timespec ts = { .tv_sec = us / 1000000, .tv_nsec = (long)(us % 1000000) * 1000 };

	return nanosleep(&ts, NULL);
}

TKP_EXPORT unsigned int sleep(unsigned int s);
unsigned int sleep(unsigned int s)
{
	struct timespec ts = { .tv_sec = s };

	if (nanosleep(&ts, &ts) < 0) /* glibc's sleep(): the time left, to the nearest second */
		return (unsigned int)ts.tv_sec + (ts.tv_nsec >= 500000000L);
	return 0;
}

/*
 * pause() and sigsuspend(): a wait in virtual time until a signal comes: a timer's (raised at
 * its virtual instant) or the run's end (tksim asks the program to stop: SIGTERM raised).  The
 * real ones would wait in wall time for a signal nothing simulated sends (`sleep infinity` is
 * pause()), until --wall-limit stopped the program (issue 20).  Both always fail with EINTR.
 */
static int tkp_wait_signal(void)
{
	if (tkp_timers_active())
		tkp_net_wait(NULL, 0, NULL, NULL);
	else
		tkp_wait(CLOCK_MONOTONIC, NULL, 0);
	errno = EINTR;
	return -1;
}

TKP_EXPORT int pause(void);
int pause(void)
{
	return tkp_wait_signal();
}

TKP_EXPORT int sigsuspend(const sigset_t *mask);
int sigsuspend(const sigset_t *mask)
{
	sigset_t old;
	int ret;

	/* The signals raised in the wait are delivered under @mask, then the old mask is back. */
	if (sigprocmask(SIG_SETMASK, mask, &old))
		return -1;
	ret = tkp_wait_signal();
	sigprocmask(SIG_SETMASK, &old, NULL);
	errno = EINTR;
	return ret;
}

/* ------------------------------------------------------------- select and poll */

/* tkp_net_wait(), watching the virtual fds of a select() read set or of poll()'s POLLIN. */
static int tkp_net_wait_select(int nfds, const fd_set *r, const struct timespec *ts,
			       struct timespec *left)
{
	int32_t fds[TKP_NET_SOCKS];
	int n = 0;

	for (int fd = 0; r && fd < nfds && fd < FD_SETSIZE && n < TKP_NET_SOCKS; fd++)
		if (tkp_vsock(fd) && FD_ISSET(fd, r))
			fds[n++] = tkp_vsock(fd)->id;
		else if (FD_ISSET(fd, r))
			tkp_tfd_watch(fd);
	return tkp_net_wait(fds, n, ts, left);
}

static int tkp_net_wait_poll(const struct pollfd *p, nfds_t np, const struct timespec *ts)
{
	int32_t fds[TKP_NET_SOCKS];
	int n = 0;

	for (nfds_t i = 0; i < np && n < TKP_NET_SOCKS; i++)
		if (tkp_vsock(p[i].fd) && (p[i].events & POLLIN))
			fds[n++] = tkp_vsock(p[i].fd)->id;
		else if (p[i].events & POLLIN)
			tkp_tfd_watch(p[i].fd);
	return tkp_net_wait(fds, n, ts, NULL);
}

/*
 * select() and its kin: are the daemon's fds ready now (a real poll with a
 * zero timeout)?  If not, wait the timeout out in virtual time and look
 * once more.  Nothing outside the daemon writes to its fds but tksim's
 * simulated network, whose packets end the wait at their arrival
 * (tools/preload/preload_net.c), so this is exact for it.
 */
TKP_EXPORT int select(int nfds, fd_set *restrict r, fd_set *restrict w, fd_set *restrict e,
		      struct timeval *restrict tv);
int select(int nfds, fd_set *restrict r, fd_set *restrict w, fd_set *restrict e,
	   struct timeval *restrict tv)
{
	static int (*real)(int, fd_set *, fd_set *, fd_set *, struct timeval *);
	fd_set r0, w0, e0;
	struct timeval zero = { 0 };
	struct timespec ts, left = { 0 };
	int n, ret;

	if (!real)
		real = tkp_real("select");
	if (r)
		r0 = *r;
	if (w)
		w0 = *w;
	if (e)
		e0 = *e;
	tkp_net_sync(); /* packets that arrived since: their fds readable */
	/* No fd to look at (chronyd's loop without sockets): nothing is ready, no syscall. */
	n = nfds > 0 ? real(nfds, r, w, e, &zero) : 0;
	if (n != 0 || (tv && !tv->tv_sec && !tv->tv_usec))
		return n;
	if (tv) {
		if (tv->tv_usec < 0 || tv->tv_usec >= 1000000 || tv->tv_sec < 0) {
			errno = EINVAL;
			return -1;
		}
		ts.tv_sec = tv->tv_sec;
		ts.tv_nsec = tv->tv_usec * 1000;
	}
	if (tkp_net_active())
		ret = tkp_net_wait_select(nfds, r ? &r0 : NULL, tv ? &ts : NULL, &left);
	else
		ret = tkp_wait(CLOCK_MONOTONIC, tv ? &ts : NULL, 0);
	if (ret == -EINTR) {
		errno = EINTR; /* SIGTERM at the end of the run: a signal ended the wait */
		return -1;
	}
	if (tv) { /* Linux leaves the time not waited, truncated to us */
		tv->tv_sec = left.tv_sec;
		tv->tv_usec = left.tv_nsec / 1000;
	}
	if (r)
		*r = r0;
	if (w)
		*w = w0;
	if (e)
		*e = e0;
	return nfds > 0 ? real(nfds, r, w, e, &zero) : 0;
}

TKP_EXPORT int pselect(int nfds, fd_set *restrict r, fd_set *restrict w, fd_set *restrict e,
		       const struct timespec *restrict ts, const sigset_t *restrict mask);
int pselect(int nfds, fd_set *restrict r, fd_set *restrict w, fd_set *restrict e,
	    const struct timespec *restrict ts, const sigset_t *restrict mask)
{
	struct timeval tv;
	int ret;

	/* Signals are delivered by raise() inside the wait, under @mask
	 * (tools/preload/preload_timer.c). */
	tkp_wait_mask = mask;
	if (!ts) {
		ret = select(nfds, r, w, e, NULL);
		tkp_wait_mask = NULL;
		return ret;
	}
	tv.tv_sec = ts->tv_sec;
	tv.tv_usec = (ts->tv_nsec + 999) / 1000; /* never wake early */
	if (tv.tv_usec == 1000000) {
		tv.tv_sec++;
		tv.tv_usec = 0;
	}
	ret = select(nfds, r, w, e, &tv);
	tkp_wait_mask = NULL;
	return ret;
}

TKP_EXPORT int ppoll(struct pollfd *fds, nfds_t n, const struct timespec *ts, const sigset_t *mask);
int ppoll(struct pollfd *fds, nfds_t n, const struct timespec *ts, const sigset_t *mask)
{
	static int (*real)(struct pollfd *, nfds_t, int);
	int ready;

	(void)mask;
	if (!real)
		real = tkp_real("poll");
	tkp_net_sync();
	ready = real(fds, n, 0);
	if (ready != 0 || (ts && !ts->tv_sec && !ts->tv_nsec))
		return ready;
	ready = tkp_net_active() ? tkp_net_wait_poll(fds, n, ts) : tkp_wait(CLOCK_MONOTONIC, ts, 0);
	if (ready < 0)
		return tkp_errno(ready);
	return real(fds, n, 0);
}

TKP_EXPORT int poll(struct pollfd *fds, nfds_t n, int ms);
int poll(struct pollfd *fds, nfds_t n, int ms)
{
	struct timespec ts = { .tv_sec = ms / 1000, .tv_nsec = (long)(ms % 1000) * 1000000 };

	return ppoll(fds, n, ms < 0 ? NULL : &ts, NULL);
}

/* ------------------------------------------------------------- reading a timerfd */

/*
 * fs/timerfd.c's timerfd_read() (v6.15): a blocking read of a timerfd with no
 * expiry yet sleeps until the next one, here a virtual wait that watches it
 * (tools/preload/preload_timerfd.c).  Every other read is libc's.
 */
TKP_EXPORT ssize_t read(int fd, void *buf, size_t n);
ssize_t read(int fd, void *buf, size_t n)
{
	int id = tkp_tfd_of(fd), ret;
	ssize_t got;

	if (id < 0)
		return tkp_readr(fd, buf, n);
	for (;;) {
		got = tkp_readr(fd, buf, n); /* the count and zero it, or EAGAIN; EINVAL if n < 8 */
		if (got >= 0 || errno != EAGAIN || tkp_tfd_nonblock(id))
			return got;
		tkp_tfd_watch(fd); /* timerfd_read(): sleep until the next expiry */
		ret = tkp_net_wait(NULL, 0, NULL, NULL);
		if (ret < 0)
			return tkp_errno(ret);
	}
}
