// SPDX-License-Identifier: GPL-2.0
/* tksim's own: libtksim-preload.so, timerfd in virtual time (docs/daemons.md, "What is
 * interposed"); semantics of fs/timerfd.c (v6.15): timerfd_create, _settime, _gettime (its read():
 * tools/preload/preload_wait.c). */

/*
 * A timerfd is one of the preload's POSIX timers (tools/preload/preload_timer.c)
 * with no signal, and a real eventfd the program holds: when the timer
 * expires inside a virtual wait, the preload adds one expiry to the
 * eventfd, so the real zero-timeout checks of select/poll/epoll see it
 * readable and read() returns the 8-byte count, as fs/timerfd.c's does.
 * A wait ends at an expiry only when it watches the timerfd (tkp_tfd_watch);
 * a blocking read waits for the next expiry.
 */

#define _GNU_SOURCE
#include "tools/preload/preload_timerfd.h"
#include "tools/preload/preload.h"
#include "tools/preload/preload_timer.h"

#include <errno.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/timerfd.h>
#include <unistd.h>

/* Per timer id: its eventfd + 1 (0: not a timerfd), TFD_NONBLOCK, watched. */
static struct {
	int fd1, nonblock, watched;
} tkp_tfd[TKP_TIMERS];

ssize_t tkp_readr(int fd, void *buf, size_t n)
{
	static ssize_t (*real)(int, void *, size_t);

	if (!real)
		real = tkp_real("read");
	return real(fd, buf, n);
}

int tkp_tfd_of(int fd)
{
	for (int id = 0; fd >= 0 && id < TKP_TIMERS; id++)
		if (tkp_tfd[id].fd1 == fd + 1)
			return id;
	return -1;
}

int tkp_tfd_nonblock(int id)
{
	return tkp_tfd[id].nonblock;
}

int tkp_tfd_is(int fd)
{
	return tkp_tfd_of(fd) >= 0;
}

void tkp_tfd_watch(int fd)
{
	int id = tkp_tfd_of(fd);

	if (id >= 0)
		tkp_tfd[id].watched = 1;
}

void tkp_tfd_unwatch(void)
{
	for (int id = 0; id < TKP_TIMERS; id++)
		tkp_tfd[id].watched = 0;
}

int tkp_timer_fire_fd(int id)
{
	uint64_t one = 1;

	if (id < 0 || id >= TKP_TIMERS || !tkp_tfd[id].fd1)
		return -1;
	/* eventfd_write: the count adds up, expiries not read yet included */
	if (write(tkp_tfd[id].fd1 - 1, &one, sizeof(one)) != (ssize_t)sizeof(one))
		tkp_refuse("a timerfd's eventfd did not take its expiry");
	return tkp_tfd[id].watched;
}

void tkp_tfd_closed(int fd)
{
	int id = tkp_tfd_of(fd);

	if (id < 0)
		return;
	tkp_tfd[id].fd1 = 0;
	tkp_timer_free(id);
}

TKP_EXPORT int timerfd_create(int clk, int flags);
int timerfd_create(int clk, int flags)
{
	int fd, id;

	if ((clk != CLOCK_REALTIME && clk != CLOCK_MONOTONIC && clk != CLOCK_BOOTTIME) ||
	    (flags & ~(TFD_NONBLOCK | TFD_CLOEXEC))) {
		errno = EINVAL; /* the _ALARM clocks need CAP_WAKE_ALARM and a wakeup: not here */
		return -1;
	}
	id = tkp_timer_new(clk, 0);
	if (id < 0)
		return tkp_errno(id);
	/* always non-blocking underneath: a blocking read waits in virtual time
	 * (read(), tools/preload/preload_wait.c) */
	fd = eventfd(0, EFD_NONBLOCK | (flags & TFD_CLOEXEC ? EFD_CLOEXEC : 0));
	if (fd < 0) {
		tkp_timer_free(id);
		return -1;
	}
	memset(&tkp_tfd[id], 0, sizeof(tkp_tfd[id]));
	tkp_tfd[id].fd1 = fd + 1;
	tkp_tfd[id].nonblock = !!(flags & TFD_NONBLOCK);
	return fd;
}

TKP_EXPORT int timerfd_settime(int fd, int flags, const struct itimerspec *nv,
			       struct itimerspec *old);
int timerfd_settime(int fd, int flags, const struct itimerspec *nv, struct itimerspec *old)
{
	int id = tkp_tfd_of(fd);
	uint64_t ticks;

	if (flags & TFD_TIMER_CANCEL_ON_SET)
		tkp_refuse("timerfd_settime with TFD_TIMER_CANCEL_ON_SET is not simulated");
	if (id < 0 || tkp_null(nv) || (flags & ~TFD_TIMER_ABSTIME) || nv->it_value.tv_sec < 0 ||
	    nv->it_value.tv_nsec < 0 || nv->it_value.tv_nsec >= 1000000000 ||
	    nv->it_interval.tv_sec < 0 || nv->it_interval.tv_nsec < 0 ||
	    nv->it_interval.tv_nsec >= 1000000000) {
		errno = EINVAL;
		return -1;
	}
	/* timerfd_setup(): the expiries not read are dropped */
	if (tkp_readr(tkp_tfd[id].fd1 - 1, &ticks, sizeof(ticks)) < 0 && errno != EAGAIN)
		return -1;
	return tkp_errno(tkp_timer_arm(id, flags & TFD_TIMER_ABSTIME, nv, old));
}

TKP_EXPORT int timerfd_gettime(int fd, struct itimerspec *v);
int timerfd_gettime(int fd, struct itimerspec *v)
{
	int id = tkp_tfd_of(fd);

	if (id < 0 || tkp_null(v)) {
		errno = EINVAL;
		return -1;
	}
	return tkp_errno(tkp_timer_read(id, v));
}
