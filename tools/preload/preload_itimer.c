// SPDX-License-Identifier: GPL-2.0
/* tksim's own: libtksim-preload.so, alarm() and ITIMER_REAL in virtual time (docs/daemons.md,
 * "What is interposed"); semantics of kernel/time/itimer.c (v6.15): do_setitimer() and
 * alarm_setitimer(). */

/*
 * ITIMER_REAL is an hrtimer on CLOCK_MONOTONIC sending SIGALRM, relative,
 * rearmed every it_interval: one of the preload's POSIX timers
 * (tools/preload/preload_timer.c), created on first use.  Its signal is raised
 * inside a virtual wait at the instant MONOTONIC reaches the expiry.
 * ITIMER_VIRTUAL and ITIMER_PROF count CPU time: not timekeeping's, refused.
 */

#define _GNU_SOURCE
#include "tools/preload/preload.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>

static timer_t tkp_it;
static int tkp_it_made;

/* ITIMER_REAL's value now: what is left (at least 1 us while armed), and the interval. */
static int tkp_it_get(struct itimerval *v)
{
	struct itimerspec its;

	memset(v, 0, sizeof(*v));
	if (!tkp_it_made)
		return 0;
	if (timer_gettime(tkp_it, &its))
		return -1;
	if (its.it_value.tv_sec || its.it_value.tv_nsec) {
		v->it_value.tv_sec = its.it_value.tv_sec;
		v->it_value.tv_usec = its.it_value.tv_nsec / 1000;
		if (!v->it_value.tv_sec && !v->it_value.tv_usec)
			v->it_value.tv_usec =
				1; /* itimer_get_remtime(): an armed timer never reads 0 */
		v->it_interval.tv_sec = its.it_interval.tv_sec; /* set from us: exact */
		v->it_interval.tv_usec = its.it_interval.tv_nsec / 1000;
	}
	return 0;
}

TKP_EXPORT int getitimer(__itimer_which_t which, struct itimerval *v);
int getitimer(__itimer_which_t which, struct itimerval *v)
{
	if (which != ITIMER_REAL)
		tkp_refuse(
			"getitimer of ITIMER_VIRTUAL or ITIMER_PROF (CPU time) is not simulated");
	if (tkp_null(v)) {
		errno = EFAULT;
		return -1;
	}
	return tkp_it_get(v);
}

TKP_EXPORT int setitimer(__itimer_which_t which, const struct itimerval *restrict nv,
			 struct itimerval *restrict old);
int setitimer(__itimer_which_t which, const struct itimerval *restrict nv,
	      struct itimerval *restrict old)
{
	struct itimerspec its = { 0 };
	struct itimerval prev;

	if (which != ITIMER_REAL)
		tkp_refuse(
			"setitimer of ITIMER_VIRTUAL or ITIMER_PROF (CPU time) is not simulated");
	if (tkp_null(nv) || nv->it_value.tv_usec < 0 || nv->it_value.tv_usec >= 1000000 ||
	    nv->it_value.tv_sec < 0 || nv->it_interval.tv_usec < 0 ||
	    nv->it_interval.tv_usec >= 1000000 || nv->it_interval.tv_sec < 0) {
		errno = EINVAL;
		return -1;
	}
	if (tkp_it_get(&prev))
		return -1;
	if (!tkp_it_made) {
		if (timer_create(CLOCK_MONOTONIC, NULL, &tkp_it)) /* NULL: SIGEV_SIGNAL, SIGALRM */
			return -1;
		tkp_it_made = 1;
	}
	its.it_value.tv_sec = nv->it_value.tv_sec;
	its.it_value.tv_nsec = nv->it_value.tv_usec * 1000L;
	/* do_setitimer(): a disarmed ITIMER_REAL keeps no interval (it_real_incr = 0) */
	if (its.it_value.tv_sec || its.it_value.tv_nsec) {
		its.it_interval.tv_sec = nv->it_interval.tv_sec;
		its.it_interval.tv_nsec = nv->it_interval.tv_usec * 1000L;
	}
	if (timer_settime(tkp_it, 0, &its, NULL))
		return -1;
	if (old)
		*old = prev;
	return 0;
}

TKP_EXPORT unsigned int alarm(unsigned int s);
unsigned int alarm(unsigned int s)
{
	struct itimerval nv = { .it_value.tv_sec = s }, old;
	unsigned int secs;

	if (setitimer(ITIMER_REAL, &nv, &old))
		return 0;
	/* alarm_setitimer(): round the time left to the nearest second, never 0 while armed */
	secs = (unsigned int)old.it_value.tv_sec;
	if ((!secs && old.it_value.tv_usec) || old.it_value.tv_usec >= 500000)
		secs++;
	return secs;
}
