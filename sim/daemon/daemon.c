// SPDX-License-Identifier: GPL-2.0
/* tksim's own: the simulated system's side of `tksim daemon` (docs/daemons.md). */

#include "sim/daemon/daemon.h"

#include <errno.h>
#include <string.h>

#include "timekeeper/adjtimex.h"

/* The SHM refclock: a fresh sample (true time, and the system clock at that instant). */
static void sim_daemon_feed_shm(struct sim_daemon *d)
{
	struct tkp_shm_time *shm = d->shm;
	struct timespec64 sys;
	s64 truth = sim_daemon_true_ns(d);

	if (!shm)
		return;
	if (d->shm_noise_ns)
		truth += (s64)(sim_rng_next(&d->rng) % (2 * d->shm_noise_ns + 1)) -
			 (s64)d->shm_noise_ns;
	sim_clock_gettime(d->s, SIM_PATH_SYSCALL, TK_CLOCK_REALTIME, &sys);
	shm->mode = 1;
	shm->count = (int)++d->shm_count; /* not the program's value: it may be anything */
	shm->clock_sec = truth / (s64)NSEC_PER_SEC;
	shm->clock_nsec = (unsigned int)(truth % (s64)NSEC_PER_SEC);
	shm->clock_usec = (int)(shm->clock_nsec / 1000);
	shm->receive_sec = sys.tv_sec;
	shm->receive_nsec = (unsigned int)sys.tv_nsec;
	shm->receive_usec = (int)(sys.tv_nsec / 1000);
	/* NTP's leap indicator, as gpsd writes it: 1 insert, 2 delete, until the leap is done. */
	shm->leap = sim_daemon_leap_indicator(d, truth);
	shm->precision = -20;
	shm->nsamples = 3;
	shm->count = (int)++d->shm_count;
	shm->valid = 1;
}

/* Advance virtual time by @ns, writing the state lines and CSV rows it passes. */
static void sim_daemon_advance(struct sim_daemon *d, u64 ns)
{
	while (ns) {
		u64 next = sim_daemon_next_sample_ns(d), step = ns;

		if (next - d->s->now_ns < step)
			step = next - d->s->now_ns;
		sim_advance_ns(d->s, step);
		ns -= step;
		if (d->s->now_ns == next)
			sim_daemon_sample(d);
	}
}

/*
 * NOHZ idle (CONFIG_NO_HZ_IDLE, Debian's kernel): a waiting daemon's CPU is
 * idle and its tick stopped; virtual time moves without timekeeping_advance()
 * (the clocks read the long counter delta), for at most the clocksource's
 * max_idle_ns after the last tick (sim_nohz_room_ns(): timekeeping_max_deferment()
 * bounds how long tick_nohz_stop_tick() may stop the tick: then one tick runs
 * and the idle span goes on).  The wake-up's tick is sim_daemon_idle_exit().
 */
static void sim_daemon_idle(struct sim_daemon *d, u64 ns)
{
	while (ns) {
		u64 next = sim_daemon_next_sample_ns(d), step = ns, room = sim_nohz_room_ns(d->s);

		if (room < step)
			step = room;
		if (next - d->s->now_ns < step)
			step = next - d->s->now_ns;
		sim_stall_ns(d->s, step);
		ns -= step;
		if (!sim_nohz_room_ns(d->s)) {
			sim_idle_ns(d->s, 0); /* the deferment's bound: one tick, still idle */
			d->idle_since_ns = d->s->now_ns;
		}
		if (d->s->now_ns == next)
			sim_daemon_sample(d);
	}
}

/*
 * The wake-up from NOHZ idle: tick_nohz_irq_enter() -> tick_do_update_jiffies64()
 * runs update_wall_time() once for the whole idle span (accumulated
 * logarithmically, second_overflow() once per second inside it), and the
 * periodic tick restarts one period later.
 */
static void sim_daemon_idle_exit(struct sim_daemon *d)
{
	if (d->s->now_ns != d->idle_since_ns)
		sim_idle_ns(d->s, 0);
}

/* Virtual time passes while the daemon waits: idle (NOHZ) or with periodic ticks. */
static void sim_daemon_wait_ns(struct sim_daemon *d, u64 ns)
{
	if (d->nohz)
		sim_daemon_idle(d, ns);
	else
		sim_daemon_advance(d, ns);
}

/*
 * Wait until @clock reads @target (ns), or the run ends.  The step is the
 * remaining clock distance less an eighth (no clock runs 8/7 of true time:
 * ADJ_TICK allows +-10%), so the wait converges geometrically and, in its
 * last steps of 1 ns, stops at the first ns at which the deadline is
 * reached: the exact inverse of the counter conversion, found by the
 * kernel's own read path rather than by dividing by a nominal frequency.
 * Return: true if the run ended first.
 */
static bool sim_daemon_wait_until(struct sim_daemon *d, s32 clock, __int128 target)
{
	for (;;) {
		struct timespec64 ts;
		__int128 delta;
		u64 step, left;

		if (sim_clock_gettime(d->s, SIM_PATH_SYSCALL, clock, &ts))
			return false;
		delta = target - ts_to_ns(&ts);
		if (delta <= 0)
			return false;
		if (d->s->now_ns >= d->end_ns)
			return true;
		left = d->end_ns - d->s->now_ns;
		step = delta > 8 ? (u64)(delta > (__int128)left ? left : delta - delta / 8) : 1;
		sim_daemon_wait_ns(d, step < left ? step : left);
	}
}

/*
 * A wait that stops at each packet arrival and timer expiry on the way,
 * until @clock reads @target (@forever: no deadline: until a watched fd has
 * a packet, a timer expires, or the run ends).  Each arrival on the way is
 * stamped at its own instant (the wait's end is lowered to it for one step
 * of sim_daemon_wait_until()); the wait ends there when the packet's
 * socket is in @d->net->watch (@d->net->woke).  With @d->net->use_timers,
 * it also ends when timers expire (@d->net->fired).
 * Return: true if the run ended first.
 */
static bool sim_daemon_net_wait(struct sim_daemon *d, s32 clock, __int128 target, bool forever)
{
	const __int128 none = (__int128)1 << 126;
	struct sim_daemon_net *n = d->net;

	n->woke = false;
	n->nfired = 0;
	for (;;) {
		u64 next, end = d->end_ns;
		__int128 t = forever ? none : target;
		struct timespec64 now;
		s32 c = clock;
		bool ended;

		sim_daemon_net_deliver(d);
		if (n->use_timers)
			n->nfired = sim_daemon_timer_fire(n->timers, d->s, n->fired);
		n->woke = sim_daemon_net_ready(n);
		if (n->woke || n->nfired)
			return false;
		if (!forever && !sim_clock_gettime(d->s, SIM_PATH_SYSCALL, clock, &now) &&
		    ts_to_ns(&now) >= target)
			return false;
		if (n->use_timers)
			sim_daemon_timer_nearest(n->timers, d->s, &c, &t);
		next = sim_daemon_net_next_arrival_ns(n);
		if (next < end)
			d->end_ns = next;
		if (t == none) {
			sim_daemon_wait_ns(d,
					   d->end_ns > d->s->now_ns ? d->end_ns - d->s->now_ns : 0);
			ended = true;
		} else {
			ended = sim_daemon_wait_until(d, c, t);
		}
		d->end_ns = end;
		if (ended && d->s->now_ns >= end)
			return true;
	}
}

static void sim_daemon_count_adj(struct sim_daemon *d, unsigned int modes)
{
	static const struct {
		unsigned int bits;
		enum sim_daemon_adj what;
	} map[] = {
		{ ADJ_OFFSET, SIM_DAEMON_ADJ_OFFSET },
		{ ADJ_FREQUENCY, SIM_DAEMON_ADJ_FREQUENCY },
		{ ADJ_STATUS, SIM_DAEMON_ADJ_STATUS },
		{ ADJ_TICK, SIM_DAEMON_ADJ_TICK },
		{ ADJ_SETOFFSET, SIM_DAEMON_ADJ_SETOFFSET },
	};
	unsigned int known = 0;

	if (!modes) {
		d->adj[SIM_DAEMON_ADJ_READ]++;
		return;
	}
	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
		known |= map[i].bits;
		if (modes & map[i].bits)
			d->adj[map[i].what]++;
	}
	if (modes & ~(known | ADJ_NANO | ADJ_MICRO))
		d->adj[SIM_DAEMON_ADJ_OTHER]++;
}

#define SIM_DAEMON_TIMEX_FIELDS(X)                                                                 \
	X(modes)                                                                                   \
	X(offset)                                                                                  \
	X(freq)                                                                                    \
	X(maxerror) X(esterror) X(status) X(constant) X(precision) X(tolerance) X(tick) X(ppsfreq) \
		X(jitter) X(shift) X(stabil) X(jitcnt) X(calcnt) X(errcnt) X(stbcnt) X(tai)

static s64 sim_daemon_adjtime(struct sim_daemon *d, const struct tkp_req *rq, struct tkp_rep *rp)
{
	struct tk_timex tx = { 0 };
	int ret;

#define SIM_DAEMON_TO(f) tx.f = rq->tx.f;
	SIM_DAEMON_TIMEX_FIELDS(SIM_DAEMON_TO)
#undef SIM_DAEMON_TO
	tx.time.tv_sec = rq->tx.time_sec;
	tx.time.tv_usec = rq->tx.time_usec;
	/* The engine's seam: the model, and the tree's own ntp.c when one is attached. */
	ret = sim_sys_clock_adjtime(d->s, rq->clock, false, &tx, d->privileged);
	if (ret < 0)
		return ret;
	sim_daemon_count_adj(d, (unsigned int)rq->tx.modes);
	if (rq->tx.modes & ADJ_SETOFFSET)
		d->steps++;
#define SIM_DAEMON_FROM(f) rp->tx.f = tx.f;
	SIM_DAEMON_TIMEX_FIELDS(SIM_DAEMON_FROM)
#undef SIM_DAEMON_FROM
	rp->tx.time_sec = tx.time.tv_sec;
	rp->tx.time_usec = tx.time.tv_usec;
	return ret;
}

static s64 sim_daemon_wait(struct sim_daemon *d, const struct tkp_req *rq, struct tkp_rep *rp)
{
	bool forever = rq->sec == INT64_MAX;
	struct timespec64 now;
	__int128 target = 0;
	int ret;

	d->waits++;
	d->idle_since_ns = d->s->now_ns;
	if (!forever) {
		ret = sim_clock_gettime(d->s, SIM_PATH_SYSCALL, rq->clock, &now);
		if (ret)
			return ret;
		target = (__int128)rq->sec * NSEC_PER_SEC + rq->nsec;
		if (!rq->abs)
			target += ts_to_ns(&now);
	}
	if (sim_daemon_net_pending(d)) {
		/* Packets in flight: stop at each arrival (sim_daemon_net_wait()). */
		rp->quit = sim_daemon_net_wait(d, rq->clock, target, forever);
	} else if (forever) {
		sim_daemon_wait_ns(d, d->end_ns > d->s->now_ns ? d->end_ns - d->s->now_ns : 0);
		rp->quit = 1;
	} else {
		rp->quit = sim_daemon_wait_until(d, rq->clock, target);
	}
	if (d->nohz)
		sim_daemon_idle_exit(d);
	if (rp->quit)
		d->quits++;
	sim_daemon_feed_shm(d);
	return 0;
}

/**
 * sim_daemon_serve() - answer one request of the preload
 * @d:  the server
 * @rq: the request
 * @rp: the answer (zeroed and filled)
 */
void sim_daemon_serve(struct sim_daemon *d, const struct tkp_req *rq, struct tkp_rep *rp)
{
	struct timespec64 ts = { .tv_sec = rq->sec, .tv_nsec = rq->nsec };
	s64 ret = -EINVAL;

	memset(rp, 0, sizeof(*rp));
	d->requests++;
	sim_daemon_vvar_sync(d);
	if (d->tampered[0]) { /* nothing more is served: the run ends (exit 2) */
		rp->ret = -EIO;
		return;
	}
	switch (rq->op) {
	case TKP_HELLO:
		d->hello = rq->clock == TKSIM_PRELOAD_PROTO_VERSION;
		ret = d->hello ? 0 : -EPROTO;
		break;
	case TKP_GETTIME:
		/*
		 * A read costs time, as a real one does: chronyd measures its clock's
		 * precision by reading until the value changes, which a frozen
		 * virtual clock would never do.
		 */
		if (d->s->now_ns < d->end_ns)
			sim_daemon_advance(d, d->read_cost_ns);
		ret = sim_clock_gettime(d->s, SIM_PATH_VDSO, rq->clock, &ts);
		break;
	case TKP_GETRES:
		ret = sim_clock_getres(d->s, SIM_PATH_VDSO, rq->clock, &ts);
		break;
	case TKP_SETTIME:
		ret = sim_sys_clock_settime(d->s, rq->clock, &ts, d->privileged);
		if (!ret)
			d->steps++;
		break;
	case TKP_ADJTIME:
		ret = sim_daemon_adjtime(d, rq, rp);
		break;
	case TKP_WAIT:
		ret = sim_daemon_wait(d, rq, rp);
		break;
	case TKP_REFUSE:
		snprintf(d->refused, sizeof(d->refused), "%.*s", (int)sizeof(rq->what) - 1,
			 rq->what);
		ret = 0;
		break;
	default:
		break;
	}
	rp->ret = ret;
	if (ret >= 0 && (rq->op == TKP_GETTIME || rq->op == TKP_GETRES)) {
		rp->sec = ts.tv_sec;
		rp->nsec = ts.tv_nsec;
	}
	sim_daemon_check(d);
	sim_daemon_vvar_publish(d);
}

/**
 * sim_daemon_net_serve() - answer one TKP_NET_* request
 * @d:     the server (@d->net set)
 * @rq:    the request
 * @in:    its data message (struct tkp_net_msg and payload)
 * @inlen: that message's length
 * @rp:    the answer (zeroed and filled)
 * @out:   the answer's data message (TKP_NET_MSG_MAX bytes)
 *
 * The network carries the request out (sim/daemon/daemon_net.c); when it
 * must wait (a blocking read, TKP_NET_WAIT), the wait is a TKP_WAIT request
 * of its own here, forever for a read, with the request's deadline for
 * TKP_NET_WAIT.
 *
 * Return: the length of the answer's data message.
 */
size_t sim_daemon_net_serve(struct sim_daemon *d, const struct tkp_req *rq, const void *in,
			    size_t inlen, struct tkp_rep *rp, void *out)
{
	struct sim_daemon_net_call call;

	if (sim_daemon_net_begin(d, rq, in, inlen, rp, &call)) {
		struct tkp_req w =
			rq->op == TKP_NET_WAIT ? *rq : (struct tkp_req){ .sec = INT64_MAX };

		w.op = TKP_WAIT;
		sim_daemon_serve(d, &w, rp);
	}
	return sim_daemon_net_end(d, rq, rp, &call, out);
}
