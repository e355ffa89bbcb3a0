// SPDX-License-Identifier: GPL-2.0
/* tksim's own: POSIX timers (timer_create/timer_settime) of a real daemon, expiring in virtual
 * time as kernel/time/posix-timers.c's hrtimer-based timers do (v6.15): at the first instant their
 * clock reads the expiry, then every interval, overruns folded into one signal. */

#include "sim/daemon/daemon_timer.h"

#include <errno.h>
#include <string.h>

static struct sim_daemon_timer *timer_of(struct sim_daemon_timer *timers, s64 id)
{
	if (id < 0 || id >= TKP_TIMERS || !timers[id].used)
		return NULL;
	return &timers[id];
}

/* Time left before @t expires (ns, at least 1 while armed, as timer_gettime() reports). */
static __int128 timer_left(struct sim_system *s, const struct sim_daemon_timer *t)
{
	struct timespec64 now;
	__int128 left;

	if (!t->armed || sim_clock_gettime(s, SIM_PATH_SYSCALL, t->clock, &now))
		return 0;
	left = t->expires - ts_to_ns(&now);
	return left > 0 ? left : 1;
}

static void timer_put(struct tkp_rep *rp, __int128 ns)
{
	rp->sec = (s64)(ns / NSEC_PER_SEC);
	rp->nsec = (s64)(ns % NSEC_PER_SEC);
}

/**
 * sim_daemon_timer_op() - TKP_TIMER_CREATE, _SET, _GET, _DELETE
 * @timers:  the daemon's timers (TKP_TIMERS of them)
 * @s:       the system whose clocks they run on
 * @rq:      the request
 * @payload: its payload (TKP_TIMER_SET: the interval, int64_t ns)
 * @len:     the payload's length
 * @rp:      the answer (@sec.@nsec filled)
 *
 * Return: the answer's @ret.
 */
s64 sim_daemon_timer_op(struct sim_daemon_timer *timers, struct sim_system *s,
			const struct tkp_req *rq, const u8 *payload, s32 len, struct tkp_rep *rp)
{
	struct sim_daemon_timer *t = timer_of(timers, rq->clock);
	struct timespec64 now;
	s64 interval = 0;

	switch (rq->op) {
	case TKP_TIMER_CREATE:
		if (sim_clock_gettime(s, SIM_PATH_SYSCALL, rq->abs, &now))
			return -EINVAL;
		for (int i = 0; i < TKP_TIMERS; i++)
			if (!timers[i].used) {
				timers[i] =
					(struct sim_daemon_timer){ .used = true, .clock = rq->abs };
				return i;
			}
		return -EAGAIN;
	case TKP_TIMER_SET:
		if (!t)
			return -EINVAL;
		if (len == (s32)sizeof(interval))
			memcpy(&interval, payload, sizeof(interval));
		if (rq->nsec < 0 || rq->nsec >= (s64)NSEC_PER_SEC || rq->sec < 0 || interval < 0)
			return -EINVAL;
		timer_put(rp, timer_left(s, t));
		t->armed = rq->sec || rq->nsec;
		t->interval_ns = (u64)interval;
		t->expires = (__int128)rq->sec * NSEC_PER_SEC + rq->nsec;
		if (t->armed && !rq->abs) {
			sim_clock_gettime(s, SIM_PATH_SYSCALL, t->clock, &now);
			t->expires += ts_to_ns(&now);
		}
		return 0;
	case TKP_TIMER_GET:
		if (!t)
			return -EINVAL;
		timer_put(rp, timer_left(s, t));
		return 0;
	case TKP_TIMER_DELETE:
		if (!t)
			return -EINVAL;
		memset(t, 0, sizeof(*t));
		return 0;
	default:
		return -EINVAL;
	}
}

/**
 * sim_daemon_timer_nearest() - the timer that expires first, if before the wait's own deadline
 * @timers: the daemon's timers
 * @s:      the system
 * @clock:  in: the wait's clock; out: the clock to wait on
 * @target: in: the wait's deadline, or INT128 max for none; out: the deadline to wait for
 *
 * Every clock a timer runs on advances at the same rate as the others
 * during a wait (they differ by offsets only a step changes), so the
 * smallest remaining distance is the first expiry.
 * Return: true if a timer comes first.
 */
bool sim_daemon_timer_nearest(const struct sim_daemon_timer *timers, struct sim_system *s,
			      s32 *clock, __int128 *target)
{
	struct timespec64 now;
	__int128 best = -1;
	bool timer = false;

	if (*target != ((__int128)1 << 126) &&
	    !sim_clock_gettime(s, SIM_PATH_SYSCALL, *clock, &now))
		best = *target - ts_to_ns(&now);
	for (int i = 0; i < TKP_TIMERS; i++) {
		const struct sim_daemon_timer *t = &timers[i];
		__int128 left;

		if (!t->used || !t->armed || sim_clock_gettime(s, SIM_PATH_SYSCALL, t->clock, &now))
			continue;
		left = t->expires - ts_to_ns(&now);
		if (best < 0 || left < best) {
			best = left;
			*clock = t->clock;
			*target = t->expires;
			timer = true;
		}
	}
	return timer;
}

/**
 * sim_daemon_timer_fire() - expire every timer whose clock has reached it
 * @timers: the daemon's timers
 * @s:      the system
 * @ids: receives the ids of the expired timers (TKP_TIMERS room)
 *
 * A periodic timer is rearmed at its next expiry after now: expiries it
 * missed are overruns, one signal for all (kernel/time/posix-timers.c).
 * Return: how many expired.
 */
int sim_daemon_timer_fire(struct sim_daemon_timer *timers, struct sim_system *s, s32 *ids)
{
	int n = 0;

	for (int i = 0; i < TKP_TIMERS; i++) {
		struct sim_daemon_timer *t = &timers[i];
		struct timespec64 now;
		__int128 clk;

		if (!t->used || !t->armed || sim_clock_gettime(s, SIM_PATH_SYSCALL, t->clock, &now))
			continue;
		clk = ts_to_ns(&now);
		if (clk < t->expires)
			continue;
		ids[n++] = i;
		if (!t->interval_ns) {
			t->armed = false;
			continue;
		}
		t->expires += ((clk - t->expires) / t->interval_ns + 1) * t->interval_ns;
	}
	return n;
}
