// SPDX-License-Identifier: GPL-2.0
// tksim's own: the NTP daemon model (see sim/ntpd.h); ntpd's kernel-discipline calls, not its code.
#include "sim/ntpd.h"

#include <errno.h>
#include <string.h>

/* ntpd's PHI: the frequency tolerance that grows the dispersion, 15 ppm (ns per s). */
#define NTPD_PHI_NS_PER_S 15000

/**
 * sim_ntpd_params_default() - the daemon of the default scenario
 * @p: filled with: on, poll 2^4 = 16 s (ntpd's minpoll 4), ns units, PLL
 *     only, no noise, the 128 ms step threshold, 2 ms root delay, no boot
 *     error, no leap second, seed 1
 */
void sim_ntpd_params_default(struct sim_ntpd_params *p)
{
	*p = (struct sim_ntpd_params){
		.enabled = true,
		.poll = 4,
		.nano = true,
		.step_threshold_ns = 128 * NSEC_PER_MSEC,
		.root_delay_ns = 2 * NSEC_PER_MSEC,
		.seed = 1,
	};
}

/**
 * sim_ntpd_init() - start the daemon beside a booted system
 * @d: the daemon
 * @p: its parameters (@p->poll is capped at SIM_NTPD_MAX_POLL)
 * @s: the system; the truth is its boot wall time minus @p->boot_error_ns
 *
 * The first poll is due at once (virtual time now), as ntpd measures and
 * sets the status when it starts.
 */
void sim_ntpd_init(struct sim_ntpd *d, const struct sim_ntpd_params *p, const struct sim_system *s)
{
	memset(d, 0, sizeof(*d));
	d->p = *p;
	if (d->p.poll > SIM_NTPD_MAX_POLL)
		d->p.poll = SIM_NTPD_MAX_POLL;
	d->wall0_ns = ts_to_ns(&s->cfg.wall_time) - p->boot_error_ns;
	d->next_poll_ns = s->now_ns;
	sim_rng_seed(&d->rng, p->seed);
}

/**
 * sim_ntpd_add_event() - queue a scripted call, keeping time order
 * @d:  the daemon
 * @ev: the call (copied); calls at the same time run in the order added
 *
 * Return: 0, or -ENOSPC when SIM_NTPD_MAX_EVENTS are queued.
 */
int sim_ntpd_add_event(struct sim_ntpd *d, const struct sim_ntp_event *ev)
{
	unsigned int i;

	if (d->nr_events >= SIM_NTPD_MAX_EVENTS)
		return -ENOSPC;
	i = d->nr_events;
	while (i > d->next_event && d->ev[i - 1].t_ns > ev->t_ns) {
		d->ev[i] = d->ev[i - 1];
		i--;
	}
	d->ev[i] = *ev;
	d->ev[i].done = false;
	d->nr_events++;
	return 0;
}

/** sim_ntpd_next_due() - virtual time of the next poll or scripted call, U64_MAX if none. */
u64 sim_ntpd_next_due(const struct sim_ntpd *d)
{
	u64 due = d->p.enabled ? d->next_poll_ns : U64_MAX;

	if (d->next_event < d->nr_events && d->ev[d->next_event].t_ns < due)
		due = d->ev[d->next_event].t_ns;
	return due;
}

/** sim_next_utc_midnight() - the first UTC midnight strictly after @sec (s since the epoch). */
time64_t sim_next_utc_midnight(time64_t sec)
{
	time64_t rem = sec % SECS_PER_DAY;

	if (rem < 0)
		rem += SECS_PER_DAY;
	return sec - rem + SECS_PER_DAY;
}

/**
 * sim_ntpd_true_realtime_ns() - what a perfect CLOCK_REALTIME shows now
 * @d: the daemon (its boot truth and leap second)
 * @s: the system (virtual time)
 *
 * The true wall time at boot plus the virtual time elapsed, as a UTC clock
 * counts it: an inserted leap second repeats 23:59:59 (the clock is set
 * back one second at midnight), a deleted one skips it.
 *
 * Return: ns since the epoch.
 */
__int128 sim_ntpd_true_realtime_ns(const struct sim_ntpd *d, const struct sim_system *s)
{
	__int128 t = d->wall0_ns + (__int128)s->now_ns;

	if (d->p.leap > 0 && t >= (__int128)d->p.leap_sec * NSEC_PER_SEC)
		t -= NSEC_PER_SEC;
	else if (d->p.leap < 0 && t >= (__int128)(d->p.leap_sec - 1) * NSEC_PER_SEC)
		t += NSEC_PER_SEC;
	return t;
}

/**
 * sim_ntpd_realtime_error_ns() - CLOCK_REALTIME minus the truth, now (ns)
 * @d: the daemon
 * @s: the system
 *
 * Return: the error, saturated to the s64 range.
 */
s64 sim_ntpd_realtime_error_ns(const struct sim_ntpd *d, struct sim_system *s)
{
	struct timespec64 rt;
	__int128 e;

	sim_clock_gettime(s, SIM_PATH_VDSO, TK_CLOCK_REALTIME, &rt);
	e = ts_to_ns(&rt) - sim_ntpd_true_realtime_ns(d, s);
	if (e > S64_MAX)
		return S64_MAX;
	if (e < S64_MIN)
		return S64_MIN;
	return (s64)e;
}

/*
 * The measurement noise: the sum of three uniform draws in [-sd, sd], whose
 * standard deviation is sd (to within 1 ns) and which never exceeds 3 sd.
 */
static s64 ntpd_noise(struct sim_ntpd *d)
{
	s64 sd = (s64)d->p.noise_ns, n = 0;

	if (!sd)
		return 0;
	for (int i = 0; i < 3; i++)
		n += sim_rng_range(&d->rng, -sd, sd);
	return n;
}

/* isqrt(): floor(sqrt(v)) in integers. */
static u64 isqrt_u64(u64 v)
{
	u64 r = 0, bit = 1ULL << 62;

	while (bit > v)
		bit >>= 2;
	while (bit) {
		if (v >= r + bit) {
			v -= r + bit;
			r = (r >> 1) + bit;
		} else {
			r >>= 1;
		}
		bit >>= 2;
	}
	return r;
}

/* The leap bits the reference announces now: until the leap is done, then none. */
static int ntpd_leap_status(const struct sim_ntpd *d, const struct sim_system *s)
{
	__int128 t = d->wall0_ns + (__int128)s->now_ns;
	time64_t at = d->p.leap > 0 ? d->p.leap_sec : d->p.leap_sec - 1;

	if (!d->p.leap || t >= ((__int128)at + 1) * NSEC_PER_SEC)
		return 0;
	return d->p.leap > 0 ? STA_INS : STA_DEL;
}

/* Step the clock by @offset_ns with ADJ_SETOFFSET (ns units). */
static void ntpd_step(struct sim_ntpd *d, struct sim_system *s, s64 offset_ns)
{
	struct tk_timex tx = { .modes = ADJ_SETOFFSET | ADJ_NANO };
	s64 sec = offset_ns / NSEC_PER_SEC, nsec = offset_ns % NSEC_PER_SEC;

	if (nsec < 0) {
		nsec += NSEC_PER_SEC;
		sec--;
	}
	tx.time.tv_sec = sec;
	tx.time.tv_usec = nsec;
	d->last_state = sim_sys_clock_adjtime(s, TK_CLOCK_REALTIME, true, &tx, true);
	d->steps++;
	d->jitter_ns = 0;
}

/**
 * sim_ntpd_poll() - one measurement and the adjtimex call ntpd makes
 * @d: the daemon
 * @s: the system, at the instant of the measurement
 *
 * offset = truth - REALTIME (+ noise): positive when the clock is behind,
 * the sign ntpd and the kernel use.  Beyond the step threshold the clock
 * is stepped; otherwise the kernel gets the offset, the status, the time
 * constant and the error estimates (esterror = jitter; maxerror = half the
 * root delay + jitter + PHI * poll interval), in us.
 */
void sim_ntpd_poll(struct sim_ntpd *d, struct sim_system *s)
{
	struct tk_timex tx = { 0 };
	s64 offset = -sim_ntpd_realtime_error_ns(d, s) + ntpd_noise(d);
	s64 diff = offset - d->last_offset_ns;
	u64 sq, jit_sq;
	long long maxerr;

	d->polls++;
	if (d->p.step_threshold_ns &&
	    (u64)(offset < 0 ? -offset : offset) > d->p.step_threshold_ns) {
		ntpd_step(d, s, offset);
		d->last_offset_ns = 0;
		return;
	}

	/* clock_jitter: RMS of successive differences, exponential average over 8. */
	if (d->polls > 1) {
		sq = (u64)(diff < 0 ? -diff : diff);
		sq = sq > 0xffffffffULL ? U64_MAX / 2 : sq * sq;
		jit_sq = d->jitter_ns * d->jitter_ns;
		jit_sq = sq >= jit_sq ? jit_sq + (sq - jit_sq) / 8 : jit_sq - (jit_sq - sq) / 8;
		d->jitter_ns = isqrt_u64(jit_sq);
	}
	d->last_offset_ns = offset;

	tx.modes = ADJ_OFFSET | ADJ_MAXERROR | ADJ_ESTERROR | ADJ_STATUS | ADJ_TIMECONST;
	tx.status = STA_PLL | (d->p.fll ? STA_FLL : 0) | ntpd_leap_status(d, s);
	if (d->p.nano) {
		tx.modes |= ADJ_NANO;
		tx.offset = offset;
		tx.constant = d->p.poll;
	} else {
		tx.modes |= ADJ_MICRO;
		/* Rounded to the nearest us, as ntpd does. */
		tx.offset = (offset + (offset < 0 ? -500 : 500)) / 1000;
		tx.constant = d->p.poll >= 4 ? d->p.poll - 4 : 0;
	}
	tx.esterror = (long long)(d->jitter_ns / 1000);
	maxerr = (long long)(d->p.root_delay_ns / 2 + d->jitter_ns) / 1000 +
		 (NTPD_PHI_NS_PER_S / 1000) * (1LL << d->p.poll);
	tx.maxerror = maxerr;
	d->last_state = sim_sys_clock_adjtime(s, TK_CLOCK_REALTIME, true, &tx, true);
}

/*
 * Around the leap second the reference and the kernel step at slightly
 * different instants (the kernel at the tick after its own midnight); a
 * measurement there would see a 1 s offset and step the clock.  Polls within
 * 2 s of the leap are skipped, as ntpd ignores samples around it.
 */
static bool ntpd_near_leap(const struct sim_ntpd *d, const struct sim_system *s)
{
	__int128 t = d->wall0_ns + (__int128)s->now_ns, at = (__int128)d->p.leap_sec * NSEC_PER_SEC;

	if (!d->p.leap)
		return false;
	return t > at - 2 * NSEC_PER_SEC && t < at + 2 * NSEC_PER_SEC;
}

/* Run one scripted call. */
static void ntpd_run_event(struct sim_system *s, struct sim_ntp_event *ev)
{
	if (ev->kind == SIM_EV_SETTIMEOFDAY)
		ev->ret = sim_do_settimeofday64(s, &ev->ts);
	else
		ev->ret = sim_sys_clock_adjtime(s, TK_CLOCK_REALTIME, true, &ev->tx, true);
	ev->done = true;
}

/**
 * sim_ntpd_run() - run what is due now: scripted calls, then a poll
 * @d: the daemon
 * @s: the system
 *
 * A poll that is late (the caller came after its time) runs once, and the
 * next one is scheduled on the original grid.  A poll within 2 s of a leap
 * second is skipped.
 */
void sim_ntpd_run(struct sim_ntpd *d, struct sim_system *s)
{
	u64 interval = (1ULL << d->p.poll) * NSEC_PER_SEC;

	while (d->next_event < d->nr_events && d->ev[d->next_event].t_ns <= s->now_ns)
		ntpd_run_event(s, &d->ev[d->next_event++]);
	if (d->p.enabled && s->now_ns >= d->next_poll_ns) {
		if (!ntpd_near_leap(d, s))
			sim_ntpd_poll(d, s);
		while (d->next_poll_ns <= s->now_ns)
			d->next_poll_ns += interval;
	}
}

/**
 * sim_ntpd_advance_to() - run the system with ticks to @t_ns, the daemon at its exact times
 * @d:    the daemon
 * @s:    the system
 * @t_ns: virtual time to reach
 */
void sim_ntpd_advance_to(struct sim_ntpd *d, struct sim_system *s, u64 t_ns)
{
	for (;;) {
		u64 due = sim_ntpd_next_due(d);

		if (due > t_ns)
			break;
		sim_advance_to(s, due);
		sim_ntpd_run(d, s);
	}
	sim_advance_to(s, t_ns);
}

/**
 * sim_ntpd_ideal_freq_ppm() - the adjtimex frequency that makes REALTIME run true
 * @s: the system (its counter's true frequency now, its clocksource)
 *
 * With frequency f (and tick 10000 us), each interval of cycle_interval
 * cycles accumulates cycle_interval * mult + f * NTP_INTERVAL_LENGTH shifted
 * ns on average (the remainder is fed back through ntp_error), and it
 * should accumulate the true duration of those cycles.  Solved for f.
 *
 * Return: ppm (a report value: floating point).
 */
double sim_ntpd_ideal_freq_ppm(const struct sim_system *s)
{
	const struct timekeeper *tk = &s->k.tk_core.timekeeper;
	double ci = (double)tk->cycle_interval, scale = (double)(1ULL << tk->tkr_raw.shift);
	double true_hz =
		(double)s->counter.p.freq_hz * (1.0 + (double)s->counter.cur_error_ppb * 1e-9);
	double ntpinterval = (double)tk_ntp_interval_length(&s->k) * scale;
	double want = ci * 1e9 * scale / true_hz;

	return (want - ci * (double)tk->tkr_raw.mult) / ntpinterval * 1e6;
}

/**
 * sim_ntpd_kernel_freq_ppm() - the kernel's frequency as adjtimex reads it back
 * @s: the system
 *
 * Return: ppm (read-only adjtimex; floating point for reports).
 */
double sim_ntpd_kernel_freq_ppm(struct sim_system *s)
{
	struct tk_timex tx = { 0 };

	sim_sys_clock_adjtime(s, TK_CLOCK_REALTIME, true, &tx, false);
	return (double)tx.freq / 65536.0;
}
