// SPDX-License-Identifier: GPL-2.0
/* tksim's own: libtksim-preload.so, epoll waits in virtual time (docs/daemons.md, "What is
 * interposed"); the timeout follows fs/eventpoll.c of v6.15 (ep_timeout_to_timespec: now +
 * the ms or the timespec, MONOTONIC). */

/*
 * An epoll instance is real; a virtual socket in it is one end of an
 * AF_UNIX pair whose bells make it readable (tools/preload/preload_net.c), so the
 * real epoll_wait with a zero timeout sees what is ready now.  What the
 * preload must know is which virtual sockets a wait should end early for:
 * epoll_ctl records, for each epoll fd, the virtual sockets added with
 * EPOLLIN.  Then a wait is poll's: a real zero-timeout check, the virtual
 * wait to the deadline (or a watched packet's arrival, or a timer), a
 * second real check.
 */

#define _GNU_SOURCE
#include "tools/preload/preload_epoll.h"
#include "tools/preload/preload_net.h"
#include "tools/preload/preload_timerfd.h"
#include "tools/preload/preload_vwait.h"

#include <errno.h>
#include <string.h>
#include <sys/epoll.h>

/* (epoll fd, virtual socket fd) pairs with EPOLLIN; a wait watches its epoll fd's. */
#define TKP_EP_PAIRS 256

static struct {
	int ep, fd;
} tkp_ep[TKP_EP_PAIRS];
static int tkp_nep;

static void tkp_ep_del(int ep, int fd)
{
	for (int i = 0; i < tkp_nep; i++)
		if (tkp_ep[i].ep == ep && (fd < 0 || tkp_ep[i].fd == fd))
			tkp_ep[i--] = tkp_ep[--tkp_nep];
}

void tkp_epoll_forget(int fd)
{
	tkp_ep_del(fd, -1); /* the epoll instance closed; its fd may be reused */
}

TKP_EXPORT int epoll_ctl(int ep, int op, int fd, struct epoll_event *ev);
int epoll_ctl(int ep, int op, int fd, struct epoll_event *ev)
{
	static int (*real)(int, int, int, struct epoll_event *);
	int ret;

	if (!real)
		real = tkp_real("epoll_ctl");
	ret = real(ep, op, fd, ev);
	if (ret || (!tkp_vsock(fd) && !tkp_tfd_is(fd)))
		return ret;
	tkp_ep_del(ep, fd);
	if (op != EPOLL_CTL_DEL && ev && (ev->events & EPOLLIN)) {
		if (tkp_nep == TKP_EP_PAIRS)
			tkp_refuse("more virtual sockets in epoll sets than the preload's table "
				   "holds");
		tkp_ep[tkp_nep].ep = ep;
		tkp_ep[tkp_nep++].fd = fd;
	}
	return ret;
}

/* ------------------------------------------------------------- waiting */

/* The virtual wait of an epoll wait on @ep: @ts of MONOTONIC (NULL: forever). */
static int tkp_epoll_vwait(int ep, const struct timespec *ts)
{
	int32_t fds[TKP_NET_SOCKS];
	int n = 0;

	if (!tkp_net_active())
		return tkp_wait(CLOCK_MONOTONIC, ts, 0);
	for (int i = 0; i < tkp_nep && n < TKP_NET_SOCKS; i++)
		if (tkp_ep[i].ep == ep && tkp_vsock(tkp_ep[i].fd)) /* closed: left the set */
			fds[n++] = tkp_vsock(tkp_ep[i].fd)->id;
		else if (tkp_ep[i].ep == ep)
			tkp_tfd_watch(tkp_ep[i].fd);
	return tkp_net_wait(fds, n, ts, NULL);
}

TKP_EXPORT int epoll_pwait2(int ep, struct epoll_event *ev, int max, const struct timespec *ts,
			    const sigset_t *mask);
int epoll_pwait2(int ep, struct epoll_event *ev, int max, const struct timespec *ts,
		 const sigset_t *mask)
{
	static int (*real)(int, struct epoll_event *, int, int);
	int ready, ret;

	if (!real)
		real = tkp_real("epoll_wait");
	tkp_net_sync(); /* packets that arrived since: their fds readable */
	ready = real(ep, ev, max, 0);
	if (ready != 0 || (ts && !ts->tv_sec && !ts->tv_nsec))
		return ready;
	if (ts && (ts->tv_sec < 0 || ts->tv_nsec < 0 || ts->tv_nsec >= 1000000000)) {
		errno = EINVAL;
		return -1;
	}
	/* Signals are delivered by raise() inside the wait, under @mask
	 * (tools/preload/preload_timer.c). */
	tkp_wait_mask = mask;
	ret = tkp_epoll_vwait(ep, ts);
	tkp_wait_mask = NULL;
	if (ret < 0)
		return tkp_errno(ret);
	return real(ep, ev, max, 0);
}

TKP_EXPORT int epoll_pwait(int ep, struct epoll_event *ev, int max, int ms, const sigset_t *mask);
int epoll_pwait(int ep, struct epoll_event *ev, int max, int ms, const sigset_t *mask)
{
	/* ep_timeout_to_timespec(): whole ms; a negative timeout waits forever */
	struct timespec ts = { .tv_sec = ms / 1000, .tv_nsec = (long)(ms % 1000) * 1000000 };

	return epoll_pwait2(ep, ev, max, ms < 0 ? NULL : &ts, mask);
}

TKP_EXPORT int epoll_wait(int ep, struct epoll_event *ev, int max, int ms);
int epoll_wait(int ep, struct epoll_event *ev, int max, int ms)
{
	return epoll_pwait(ep, ev, max, ms, NULL);
}
