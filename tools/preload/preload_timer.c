// SPDX-License-Identifier: GPL-2.0
/* tksim's own: libtksim-preload.so, POSIX timers in virtual time (docs/daemons.md, "What is
 * interposed"): ntpd's once-a-second SIGALRM. */

/*
 * tksim keeps the timers (sim/daemon/daemon_timer.c); they expire only inside a
 * wait on the simulated network (TKP_NET_WAIT: select, pselect, poll,
 * ppoll, the epoll waits, and nanosleep while a timer exists), which then ends at the first instant
 * the timer's clock reads its expiry.  The preload raises the timer's signal there, under
 * pselect()'s mask as the kernel would deliver it, and the wait returns EINTR.
 */

#define _GNU_SOURCE
#include "tools/preload/preload_timer.h"
#include "tools/preload/preload_net.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <time.h>

/* The signal each timer raises (0: SIGEV_NONE), by tksim's id. */
static int tkp_timer_sig[TKP_TIMERS];
static int tkp_timer_used[TKP_TIMERS];
static int tkp_ntimers;
/* Each timer's interval, as last set: tksim rearms with it, the getters report it from here. */
static struct timespec tkp_timer_interval[TKP_TIMERS];

int tkp_timers_active(void)
{
	return tkp_ntimers > 0;
}

int tkp_timer_signal(int id)
{
	return id >= 0 && id < TKP_TIMERS ? tkp_timer_sig[id] : 0;
}

static int tkp_timer_id(timer_t t)
{
	intptr_t id = (intptr_t)t - 1;

	return id >= 0 && id < TKP_TIMERS && tkp_timer_used[id] ? (int)id : -1;
}

int64_t tkp_timer_call(int op, int id, int abs, const struct timespec *value, int64_t interval,
		       struct timespec *left)
{
	struct tkp_req rq = { .op = op, .clock = id, .abs = abs };
	struct tkp_net_msg m = { .len = op == TKP_TIMER_SET ? (int)sizeof(interval) : 0 }, a;
	struct tkp_rep rp;
	int64_t ret;

	if (value) {
		rq.sec = value->tv_sec;
		rq.nsec = value->tv_nsec;
	}
	ret = tkp_net_call(&rq, &m, &interval, &rp, &a, NULL);
	if (ret >= 0 && left) {
		left->tv_sec = rp.sec;
		left->tv_nsec = rp.nsec;
	}
	return ret;
}

int tkp_timer_new(clockid_t clk, int signo)
{
	int64_t id = tkp_timer_call(TKP_TIMER_CREATE, -1, clk, NULL, 0, NULL);

	if (id < 0)
		return (int)id;
	tkp_timer_used[id] = 1;
	tkp_timer_sig[id] = signo;
	tkp_timer_interval[id] = (struct timespec){ 0 };
	tkp_ntimers++;
	return (int)id;
}

int64_t tkp_timer_arm(int id, int abs, const struct itimerspec *v, struct itimerspec *old)
{
	struct timespec left;
	int64_t ret = tkp_timer_call(TKP_TIMER_SET, id, abs, &v->it_value,
				     v->it_interval.tv_sec * 1000000000LL + v->it_interval.tv_nsec,
				     &left);

	if (ret < 0)
		return ret;
	if (old) {
		old->it_value = left;
		old->it_interval = tkp_timer_interval[id];
	}
	/* Kept even when @v disarms the timer, as common_timer_set() and timerfd_setup() keep it.
	 */
	tkp_timer_interval[id] = v->it_interval;
	return ret;
}

int64_t tkp_timer_read(int id, struct itimerspec *v)
{
	int64_t ret;

	memset(v, 0, sizeof(*v));
	ret = tkp_timer_call(TKP_TIMER_GET, id, 0, NULL, 0, &v->it_value);
	if (ret >= 0)
		v->it_interval = tkp_timer_interval[id];
	return ret;
}

int tkp_timer_free(int id)
{
	tkp_timer_used[id] = 0;
	tkp_ntimers--;
	return (int)tkp_timer_call(TKP_TIMER_DELETE, id, 0, NULL, 0, NULL);
}

TKP_EXPORT int timer_create(clockid_t clk, struct sigevent *restrict sev, timer_t *restrict t);
int timer_create(clockid_t clk, struct sigevent *restrict sev, timer_t *restrict t)
{
	int signo = SIGALRM; /* a NULL sigevent: SIGEV_SIGNAL, SIGALRM */
	int id;

	if (tkp_cpu_clock(clk))
		tkp_refuse("timer_create on a CPU-time clock is not simulated");
	if (sev && sev->sigev_notify != SIGEV_SIGNAL && sev->sigev_notify != SIGEV_NONE)
		tkp_refuse("timer_create with SIGEV_THREAD or SIGEV_THREAD_ID is not simulated");
	if (sev)
		signo = sev->sigev_notify == SIGEV_NONE ? 0 : sev->sigev_signo;
	id = tkp_timer_new(clk, signo);
	if (id < 0)
		return tkp_errno(id);
	*t = (timer_t)(intptr_t)(id + 1);
	return 0;
}

TKP_EXPORT int timer_settime(timer_t t, int flags, const struct itimerspec *restrict v,
			     struct itimerspec *restrict old);
int timer_settime(timer_t t, int flags, const struct itimerspec *restrict v,
		  struct itimerspec *restrict old)
{
	int id = tkp_timer_id(t);

	if (id < 0 || tkp_null(v) || v->it_interval.tv_nsec < 0 ||
	    v->it_interval.tv_nsec >= 1000000000 || v->it_interval.tv_sec < 0) {
		errno = EINVAL;
		return -1;
	}
	return tkp_errno(tkp_timer_arm(id, flags & TIMER_ABSTIME, v, old));
}

TKP_EXPORT int timer_gettime(timer_t t, struct itimerspec *v);
int timer_gettime(timer_t t, struct itimerspec *v)
{
	int id = tkp_timer_id(t);

	if (id < 0 || tkp_null(v)) {
		errno = EINVAL;
		return -1;
	}
	return tkp_errno(tkp_timer_read(id, v));
}

TKP_EXPORT int timer_delete(timer_t t);
int timer_delete(timer_t t)
{
	int id = tkp_timer_id(t);

	if (id < 0) {
		errno = EINVAL;
		return -1;
	}
	return tkp_errno(tkp_timer_free(id));
}

TKP_EXPORT int timer_getoverrun(timer_t t);
int timer_getoverrun(timer_t t)
{
	if (tkp_timer_id(t) < 0) {
		errno = EINVAL;
		return -1;
	}
	return 0; /* overruns are folded into the one signal and not counted */
}
