// SPDX-License-Identifier: GPL-2.0
/* tksim's own: libtksim-preload.so, the virtual wait: advancing virtual time to a deadline, a
 * packet's arrival or a timer's expiry (docs/daemons.md, "What is interposed"). */

#define _GNU_SOURCE
#include "tools/preload/preload_vwait.h"
#include "tools/preload/preload_net.h"
#include "tools/preload/preload_timer.h"
#include "tools/preload/preload_timerfd.h"

#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <time.h>

/*
 * Every blocking call of the daemon ends in one of two requests: tkp_wait()
 * advances virtual time to a deadline (TKP_WAIT); tkp_net_wait() ends early
 * at a packet's arrival on a watched virtual socket or at a timer's expiry
 * (TKP_NET_WAIT), and there raises the expired timers' signals under the
 * wait's mask and makes timerfds readable.  It reads the sockets, timers and
 * timerfds below it and calls none of the waits that use it.
 */

const sigset_t *tkp_wait_mask;

int tkp_wait(clockid_t clk, const struct timespec *ts, int abs)
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
	if (rp.quit) {
		raise(SIGTERM); /* the run is over: stop as an administrator would */
		return -EINTR; /* and the wait was cut short by that signal, not timed out */
	}
	return 0;
}

int tkp_net_active(void)
{
	return tkp_net_open() || tkp_timers_active();
}

/*
 * Raise the signals of the timers @ids that expired in a wait, under tkp_wait_mask, and mark
 * timerfds readable; bit 0: a signal was raised, bit 1: a watched timerfd expired.
 */
static int tkp_timers_raise(const int32_t *ids, int n)
{
	int woke = 0, sig;
	sigset_t old;

	if (tkp_wait_mask)
		pthread_sigmask(SIG_SETMASK, tkp_wait_mask, &old);
	for (int i = 0; i < n; i++) {
		int tfd = tkp_timer_fire_fd(ids[i]);

		if (tfd >= 0)
			woke |= tfd ? 2 : 0; /* a timerfd: readable now; watched or not */
		else if ((sig = tkp_timer_signal(ids[i]))) {
			raise(sig);
			woke |= 1;
		}
	}
	if (tkp_wait_mask)
		pthread_sigmask(SIG_SETMASK, &old, NULL);
	return woke;
}

static int tkp_timer_woke; /* 1: only unwatched timerfds expired; 2: a watched one */

static int tkp_net_wait1(const int32_t *fds, int n, const struct timespec *ts,
			 struct timespec *left)
{
	struct tkp_req rq = { .op = TKP_NET_WAIT, .clock = CLOCK_MONOTONIC };
	struct tkp_net_msg m = { .len = n * (int)sizeof(int32_t) }, a;
	int32_t fired[TKP_TIMERS];
	struct tkp_rep rp;
	sigset_t old;
	int woke;

	if (ts) {
		if (ts->tv_nsec < 0 || ts->tv_nsec >= 1000000000 || ts->tv_sec < 0)
			return -EINVAL;
		rq.sec = ts->tv_sec;
		rq.nsec = ts->tv_nsec;
	} else {
		rq.sec = INT64_MAX;
	}
	tkp_net_call(&rq, &m, fds, &rp, &a, fired);
	if (rp.ret < 0)
		return (int)rp.ret;
	left->tv_sec = rp.sec;
	left->tv_nsec = rp.nsec;
	tkp_timer_woke = 0;
	if (rp.ret & 2) {
		woke = tkp_timers_raise(fired, a.len / (int)sizeof(int32_t));
		if (woke & 1)
			return -EINTR; /* a timer's signal ended the wait */
		tkp_timer_woke = woke & 2 ? 2 : 1;
		return woke & 2 ? 1 : 0; /* a watched timerfd is readable */
	}
	if (rp.quit) {
		/* the run is over, as in tkp_wait(); under pselect()'s mask */
		if (tkp_wait_mask)
			pthread_sigmask(SIG_SETMASK, tkp_wait_mask, &old);
		raise(SIGTERM);
		if (tkp_wait_mask)
			pthread_sigmask(SIG_SETMASK, &old, NULL);
		return -EINTR;
	}
	return (int)rp.ret;
}

int tkp_net_wait(const int32_t *fds, int n, const struct timespec *ts, struct timespec *left)
{
	struct timespec rest = { 0 };
	int ret;

	/* A timerfd the wait does not watch only becomes readable: wait on for the rest. */
	while ((ret = tkp_net_wait1(fds, n, ts, &rest)) == 0 && tkp_timer_woke == 1)
		ts = ts ? &rest : NULL;
	if (left)
		*left = rest;
	tkp_tfd_unwatch();
	return ret;
}
