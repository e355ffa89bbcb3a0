// SPDX-License-Identifier: GPL-2.0
/* tksim's own: libtksim-preload.so, the daemon's side of `tksim daemon` (docs/daemons.md). */

/*
 * LD_PRELOADed into an unmodified, dynamically linked daemon.  Every time
 * call the daemon makes through libc becomes a request to the tksim
 * process that owns the simulated system (sim/daemon_proto.h); waits
 * become "advance virtual time to the deadline".  The daemon really runs as
 * an unprivileged user: this library only makes it believe it is root, so
 * without it nothing could reach the machine's clock.  What the library
 * cannot simulate it refuses, loudly, with exit status 2: a seccomp filter
 * (it would bypass the library), a raw syscall that sets the clock, a timer
 * this increment does not model yet.
 */

#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <grp.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/prctl.h>
#include <sys/select.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/timex.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "sim/daemon_proto.h"

/* The kernel version tksim models (DESIGN.md: the v6.15 vDSO over v6.14 ntp.c). */
#define TKP_UNAME_RELEASE "6.15.0-tksim"

static int tkp_fd = -1;
static int tkp_shmid = -1;

/* Every exported symbol below overrides libc's: declare them for -Wmissing-prototypes. */
#define TKP_EXPORT __attribute__((visibility("default")))

static void *tkp_real(const char *name)
{
	void *p = dlsym(RTLD_NEXT, name);

	if (!p) {
		fprintf(stderr, "tksim-preload: no libc symbol %s\n", name);
		_exit(2);
	}
	return p;
}

static void tkp_call(struct tkp_req *rq, struct tkp_rep *rp)
{
	ssize_t n;

	do
		n = send(tkp_fd, rq, sizeof(*rq), 0);
	while (n < 0 && errno == EINTR);
	if (n != (ssize_t)sizeof(*rq))
		_exit(2); /* tksim is gone: never fall back to the real clock */
	do
		n = recv(tkp_fd, rp, sizeof(*rp), 0);
	while (n < 0 && errno == EINTR);
	if (n != (ssize_t)sizeof(*rp))
		_exit(2);
}

/* Refuse: tell tksim why (it reports and exits 2), say it here too, stop. */
static __attribute__((noreturn)) void tkp_refuse(const char *what)
{
	struct tkp_req rq = { .op = TKP_REFUSE };
	struct tkp_rep rp;

	snprintf(rq.what, sizeof(rq.what), "%s", what);
	fprintf(stderr, "tksim-preload: refusing: %s\n", what);
	if (tkp_fd >= 0)
		tkp_call(&rq, &rp);
	_exit(2);
}

static __attribute__((constructor)) void tkp_init(void)
{
	const char *fd = getenv(TKSIM_PRELOAD_FD_ENV);
	const char *shm = getenv(TKSIM_PRELOAD_SHMID_ENV);
	struct tkp_req rq = { .op = TKP_HELLO, .clock = TKSIM_PRELOAD_PROTO_VERSION };
	struct tkp_rep rp;

	if (!fd) {
		fprintf(stderr,
			"tksim-preload: %s is not set: run the daemon with `tksim daemon`\n",
			TKSIM_PRELOAD_FD_ENV);
		_exit(2);
	}
	tkp_fd = atoi(fd);
	tkp_shmid = shm ? atoi(shm) : -1;
	tkp_call(&rq, &rp);
}

/* A pointer libc declares nonnull may still be NULL from a daemon: test it out of the compiler's
 * sight. */
static __attribute__((noinline)) int tkp_null(const void *p)
{
	return p == NULL;
}

static int tkp_errno(int64_t ret)
{
	if (ret < 0) {
		errno = (int)-ret;
		return -1;
	}
	return (int)ret;
}

/* CPU-time clocks (process, thread, and the negative ids) are not timekeeping's: real ones. */
static int tkp_cpu_clock(clockid_t clk)
{
	return clk == CLOCK_PROCESS_CPUTIME_ID || clk == CLOCK_THREAD_CPUTIME_ID || clk < 0;
}

static int64_t tkp_gettime(clockid_t clk, struct timespec *ts, int op)
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

/* ------------------------------------------------------------- reading the clocks */

TKP_EXPORT int clock_gettime(clockid_t clk, struct timespec *ts);
int clock_gettime(clockid_t clk, struct timespec *ts)
{
	static int (*real)(clockid_t, struct timespec *);

	if (tkp_cpu_clock(clk)) {
		if (!real)
			real = tkp_real("clock_gettime");
		return real(clk, ts);
	}
	return tkp_errno(tkp_gettime(clk, ts, TKP_GETTIME));
}

TKP_EXPORT int clock_getres(clockid_t clk, struct timespec *res);
int clock_getres(clockid_t clk, struct timespec *res)
{
	static int (*real)(clockid_t, struct timespec *);

	if (tkp_cpu_clock(clk)) {
		if (!real)
			real = tkp_real("clock_getres");
		return real(clk, res);
	}
	return tkp_errno(tkp_gettime(clk, res, TKP_GETRES));
}

TKP_EXPORT int gettimeofday(struct timeval *restrict tv, void *restrict tz);
int gettimeofday(struct timeval *restrict tv, void *restrict tz)
{
	struct timespec ts;

	if (tkp_errno(tkp_gettime(CLOCK_REALTIME, &ts, TKP_GETTIME)) < 0)
		return -1;
	if (!tkp_null(tv)) {
		tv->tv_sec = ts.tv_sec;
		tv->tv_usec = ts.tv_nsec / 1000;
	}
	if (tz)
		memset(tz, 0, sizeof(struct timezone)); /* the kernel's sys_tz, never set here */
	return 0;
}

TKP_EXPORT time_t time(time_t *t);
time_t time(time_t *t)
{
	struct timespec ts = { 0 };

	tkp_gettime(CLOCK_REALTIME, &ts, TKP_GETTIME);
	if (t)
		*t = ts.tv_sec;
	return ts.tv_sec;
}

/* ------------------------------------------------------------- setting and adjusting */

TKP_EXPORT int clock_settime(clockid_t clk, const struct timespec *ts);
int clock_settime(clockid_t clk, const struct timespec *ts)
{
	struct tkp_req rq = { .op = TKP_SETTIME, .clock = clk };
	struct tkp_rep rp;

	if (tkp_null(ts)) {
		errno = EFAULT;
		return -1;
	}
	rq.sec = ts->tv_sec;
	rq.nsec = ts->tv_nsec;
	tkp_call(&rq, &rp);
	return tkp_errno(rp.ret);
}

TKP_EXPORT int settimeofday(const struct timeval *tv, const struct timezone *tz);
int settimeofday(const struct timeval *tv, const struct timezone *tz)
{
	struct timespec ts;

	(void)tz; /* sys_tz only: nothing of the clock */
	if (tkp_null(tv))
		return 0;
	if (tv->tv_usec < 0 || tv->tv_usec >= 1000000) {
		errno = EINVAL;
		return -1;
	}
	ts.tv_sec = tv->tv_sec;
	ts.tv_nsec = tv->tv_usec * 1000;
	return clock_settime(CLOCK_REALTIME, &ts);
}

#define TKP_TIMEX_FIELDS(X)                                                                       \
	X(modes)                                                                                  \
	X(offset) X(freq) X(maxerror) X(esterror) X(status) X(constant) X(precision) X(tolerance) \
		X(tick) X(ppsfreq) X(jitter) X(shift) X(stabil) X(jitcnt) X(calcnt) X(errcnt)     \
			X(stbcnt) X(tai)

TKP_EXPORT int clock_adjtime(clockid_t clk, struct timex *tx);
int clock_adjtime(clockid_t clk, struct timex *tx)
{
	struct tkp_req rq = { .op = TKP_ADJTIME, .clock = clk };
	struct tkp_rep rp;

	if (tkp_null(tx)) {
		errno = EFAULT;
		return -1;
	}
#define TKP_TO(f) rq.tx.f = tx->f;
	TKP_TIMEX_FIELDS(TKP_TO)
#undef TKP_TO
	rq.tx.time_sec = tx->time.tv_sec;
	rq.tx.time_usec = tx->time.tv_usec;
	tkp_call(&rq, &rp);
	if (rp.ret >= 0) {
#define TKP_FROM(f) tx->f = rp.tx.f;
		TKP_TIMEX_FIELDS(TKP_FROM)
#undef TKP_FROM
		tx->time.tv_sec = rp.tx.time_sec;
		tx->time.tv_usec = rp.tx.time_usec;
	}
	return tkp_errno(rp.ret);
}

TKP_EXPORT int adjtimex(struct timex *tx);
int adjtimex(struct timex *tx)
{
	return clock_adjtime(CLOCK_REALTIME, tx);
}

TKP_EXPORT int ntp_adjtime(struct timex *tx);
int ntp_adjtime(struct timex *tx)
{
	return clock_adjtime(CLOCK_REALTIME, tx);
}

/* ------------------------------------------------------------- waiting */

/*
 * Advance virtual time: until @clk reads @ts (@abs), or for @ts of
 * MONOTONIC.  @ts NULL: forever (tksim runs to the end and asks to stop).
 * Return: 0, or -EINVAL for a bad timespec.
 */
static int tkp_wait(clockid_t clk, const struct timespec *ts, int abs)
{
	struct tkp_req rq = { .op = TKP_WAIT, .clock = clk, .abs = abs };
	struct tkp_rep rp;

	if (ts) {
		if (ts->tv_nsec < 0 || ts->tv_nsec >= 1000000000 || (!abs && ts->tv_sec < 0))
			return -EINVAL;
		rq.sec = ts->tv_sec;
		rq.nsec = ts->tv_nsec;
	} else {
		rq.sec = INT64_MAX;
		rq.abs = 0;
	}
	tkp_call(&rq, &rp);
	if (rp.ret < 0)
		return (int)rp.ret;
	if (rp.quit)
		raise(SIGTERM); /* the run is over: stop as an administrator would */
	return 0;
}

TKP_EXPORT int nanosleep(const struct timespec *req, struct timespec *rem);
int nanosleep(const struct timespec *req, struct timespec *rem)
{
	int ret = tkp_wait(CLOCK_MONOTONIC, req, 0);

	if (rem)
		memset(rem, 0, sizeof(*rem));
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

	nanosleep(&ts, NULL);
	return 0;
}

/*
 * select() and its kin: are the daemon's fds ready now (a real poll with a
 * zero timeout)?  If not, wait the timeout out in virtual time and look
 * once more.  Nothing outside the daemon writes to its fds in this
 * increment (no simulated network yet), so this is exact for it.
 */
TKP_EXPORT int select(int nfds, fd_set *restrict r, fd_set *restrict w, fd_set *restrict e,
		      struct timeval *restrict tv);
int select(int nfds, fd_set *restrict r, fd_set *restrict w, fd_set *restrict e,
	   struct timeval *restrict tv)
{
	static int (*real)(int, fd_set *, fd_set *, fd_set *, struct timeval *);
	fd_set r0, w0, e0;
	struct timeval zero = { 0 };
	struct timespec ts;
	int n;

	if (!real)
		real = tkp_real("select");
	if (r)
		r0 = *r;
	if (w)
		w0 = *w;
	if (e)
		e0 = *e;
	n = real(nfds, r, w, e, &zero);
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
	tkp_wait(CLOCK_MONOTONIC, tv ? &ts : NULL, 0);
	if (tv)
		tv->tv_sec = tv->tv_usec = 0;
	if (r)
		*r = r0;
	if (w)
		*w = w0;
	if (e)
		*e = e0;
	return real(nfds, r, w, e, &zero);
}

TKP_EXPORT int pselect(int nfds, fd_set *restrict r, fd_set *restrict w, fd_set *restrict e,
		       const struct timespec *restrict ts, const sigset_t *restrict mask);
int pselect(int nfds, fd_set *restrict r, fd_set *restrict w, fd_set *restrict e,
	    const struct timespec *restrict ts, const sigset_t *restrict mask)
{
	struct timeval tv;

	(void)mask; /* signals are delivered by raise() inside the wait: the mask has no window */
	if (!ts)
		return select(nfds, r, w, e, NULL);
	tv.tv_sec = ts->tv_sec;
	tv.tv_usec = (ts->tv_nsec + 999) / 1000; /* never wake early */
	if (tv.tv_usec == 1000000) {
		tv.tv_sec++;
		tv.tv_usec = 0;
	}
	return select(nfds, r, w, e, &tv);
}

TKP_EXPORT int ppoll(struct pollfd *fds, nfds_t n, const struct timespec *ts, const sigset_t *mask);
int ppoll(struct pollfd *fds, nfds_t n, const struct timespec *ts, const sigset_t *mask)
{
	static int (*real)(struct pollfd *, nfds_t, int);
	int ready;

	(void)mask;
	if (!real)
		real = tkp_real("poll");
	ready = real(fds, n, 0);
	if (ready != 0 || (ts && !ts->tv_sec && !ts->tv_nsec))
		return ready;
	ready = tkp_wait(CLOCK_MONOTONIC, ts, 0);
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

/* Time sources this increment does not simulate: refuse rather than let them run on host time. */
TKP_EXPORT int epoll_wait(int epfd, struct epoll_event *ev, int max, int ms);
int epoll_wait(int epfd, struct epoll_event *ev, int max, int ms)
{
	static int (*real)(int, struct epoll_event *, int, int);

	if (ms != 0)
		tkp_refuse("epoll_wait with a timeout is not simulated yet");
	if (!real)
		real = tkp_real("epoll_wait");
	return real(epfd, ev, max, 0);
}

TKP_EXPORT int timerfd_create(int clk, int flags);
int timerfd_create(int clk, int flags)
{
	(void)clk;
	(void)flags;
	tkp_refuse("timerfd_create is not simulated yet");
}

TKP_EXPORT int timer_create(clockid_t clk, struct sigevent *sev, timer_t *id);
int timer_create(clockid_t clk, struct sigevent *sev, timer_t *id)
{
	(void)clk;
	(void)sev;
	(void)id;
	tkp_refuse("timer_create is not simulated yet");
}

TKP_EXPORT unsigned int alarm(unsigned int s);
unsigned int alarm(unsigned int s)
{
	(void)s;
	tkp_refuse("alarm is not simulated yet");
}

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

/* ------------------------------------------------------------- what would escape */

TKP_EXPORT int prctl(int option, ...);
int prctl(int option, ...)
{
	static int (*real)(int, unsigned long, unsigned long, unsigned long, unsigned long);
	unsigned long a[4];
	va_list ap;

	if (option == PR_SET_SECCOMP)
		tkp_refuse("prctl(PR_SET_SECCOMP): a seccomp filter would bypass the preload");
	va_start(ap, option);
	for (int i = 0; i < 4; i++)
		a[i] = va_arg(ap, unsigned long);
	va_end(ap);
	if (!real)
		real = tkp_real("prctl");
	return real(option, a[0], a[1], a[2], a[3]);
}

TKP_EXPORT long syscall(long nr, ...);
long syscall(long nr, ...)
{
	static long (*real)(long, ...);
	long a[6];
	va_list ap;

	switch (nr) {
	case SYS_seccomp:
		tkp_refuse("seccomp(): a seccomp filter would bypass the preload");
	case SYS_clock_settime:
	case SYS_settimeofday:
	case SYS_adjtimex:
	case SYS_clock_adjtime:
		tkp_refuse("a raw syscall that adjusts the clock would reach the real kernel");
	case SYS_capset:
		return 0;
	default:
		break;
	}
	va_start(ap, nr);
	for (int i = 0; i < 6; i++)
		a[i] = va_arg(ap, long);
	va_end(ap);
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
