// SPDX-License-Identifier: GPL-2.0
// tksim's own: the synthetic counter (no kernel counterpart; see sim/counter.h).
#include "sim/counter.h"

#include <errno.h>

#include "sim/counter_seg.h"
#include "vdso/hw_counter.h"

#define Q48 SIM_COUNTER_Q48

/*
 * cycles per ns << 48 for a frequency error in ppb: freq * (1e9 + ppb) / 1e9 / 1e9,
 * rounded to nearest so that whole-second counts come out exact.
 */
static u64 rate_q48(u64 freq_hz, s64 error_ppb)
{
	unsigned __int128 num = (unsigned __int128)freq_hz * (u64)(NSEC_PER_SEC + error_ppb);
	unsigned __int128 den = (unsigned __int128)NSEC_PER_SEC * NSEC_PER_SEC;

	return (u64)(((num << Q48) + den / 2) / den);
}

/* The clocksource's read op: the same register read as the vDSO's. */
static u64 sim_cs_read(struct clocksource *cs)
{
	const struct sim_counter *c = cs->priv;

	return vdso_sim_counter_read(&c->page, VDSO_TSC_LFENCE, vdso_this_cpu);
}

/**
 * sim_counter_init() - build the counter and register its clocksource
 * @c:    the counter
 * @p:    the hardware description
 * @name: the clocksource name
 *
 * Return: 0, or -EINVAL for a zero frequency, a width outside 1..64, or an
 * error beyond +/-50 % (no clocksource could be registered for it).
 */
int sim_counter_init(struct sim_counter *c, const struct sim_counter_params *p, const char *name)
{
	if (!p->freq_hz || p->bits < 1 || p->bits > 64 || p->error_ppb <= -NSEC_PER_SEC / 2 ||
	    p->error_ppb >= NSEC_PER_SEC / 2)
		return -EINVAL;

	*c = (struct sim_counter){ .p = *p };
	sim_rng_seed(&c->rng, p->seed);
	c->cur_error_ppb = p->error_ppb;
	c->rate_q48 = rate_q48(p->freq_hz, p->error_ppb);
	c->next_change_ns = p->wander_interval_ns ? p->wander_interval_ns : U64_MAX;
	c->page.mask = CLOCKSOURCE_MASK(p->bits);
	c->page.now = p->start & c->page.mask;

	c->cs = (struct clocksource){
		.read = sim_cs_read,
		.mask = CLOCKSOURCE_MASK(p->bits),
		.name = name,
		.rating = 300,
		.vdso_clock_mode = VDSO_CLOCKMODE_SIM,
		.priv = c,
	};
	return clocksource_register_hz(&c->cs, p->freq_hz);
}

/* Cycles elapsed since time 0 at @t_ns, << 48, within the current segment. */
static unsigned __int128 cycles_q48_at(const struct sim_counter *c, u64 t_ns)
{
	return sim_counter_seg_q48(c->c0_q48, c->t0_ns, c->rate_q48, t_ns);
}

/* Start a new segment at @t_ns whose frequency error is @error_ppb (a stopped counter stays 0). */
static void sim_counter_new_segment(struct sim_counter *c, u64 t_ns, s64 error_ppb)
{
	/* Keep the error where a rate exists: beyond -100 % the counter would run backwards. */
	if (error_ppb <= -NSEC_PER_SEC)
		error_ppb = -NSEC_PER_SEC + 1;
	c->c0_q48 = cycles_q48_at(c, t_ns);
	c->t0_ns = t_ns;
	c->cur_error_ppb = error_ppb;
	c->rate_q48 = c->stopped ? 0 : rate_q48(c->p.freq_hz, error_ppb);
}

/* Start a new frequency segment at @t_ns with the drifted and wandered error. */
static void sim_counter_change_rate(struct sim_counter *c, u64 t_ns)
{
	s64 step = c->p.drift_ppb_per_hour * (s64)c->p.wander_interval_ns / (3600LL * NSEC_PER_SEC);

	if (c->p.wander_ppb)
		step += sim_rng_range(&c->rng, -(s64)c->p.wander_ppb, (s64)c->p.wander_ppb);
	sim_counter_new_segment(c, t_ns, c->cur_error_ppb + step);
}

/* Apply one event at its instant: a new segment, and for a jump a step of the count. */
static void sim_counter_apply(struct sim_counter *c, const struct sim_counter_event *ev)
{
	switch (ev->kind) {
	case SIM_COUNTER_DRIFT:
		sim_counter_new_segment(c, ev->t_ns, c->cur_error_ppb + ev->value);
		break;
	case SIM_COUNTER_STOP:
		c->stopped = true;
		sim_counter_new_segment(c, ev->t_ns, c->cur_error_ppb);
		break;
	case SIM_COUNTER_JUMP: {
		/* value ns at the nominal rate, in 1/2^48 cycles; the count never goes below 0. */
		unsigned __int128 d =
			(unsigned __int128)(ev->value < 0 ? -(u64)ev->value : (u64)ev->value) *
			rate_q48(c->p.freq_hz, 0);

		sim_counter_new_segment(c, ev->t_ns, c->cur_error_ppb);
		if (ev->value >= 0)
			c->c0_q48 += d;
		else
			c->c0_q48 = c->c0_q48 > d ? c->c0_q48 - d : 0;
		break;
	}
	}
}

/**
 * sim_counter_event() - schedule a change of the hardware
 * @c:  the counter
 * @ev: what happens and when; not before the counter's current time
 *
 * Events are applied in time order by sim_counter_set_time(), at their
 * exact instant, so the counter value is exact before and after.  The
 * general op language expresses counter events through this call.
 *
 * Return: 0, -EINVAL for an event in the past or of an unknown kind,
 * -ENOSPC when SIM_COUNTER_MAX_EVENTS are pending.
 */
int sim_counter_event(struct sim_counter *c, const struct sim_counter_event *ev)
{
	unsigned int i;

	if (ev->t_ns < c->now_ns || (u32)ev->kind > SIM_COUNTER_JUMP)
		return -EINVAL;
	if (c->nr_ev == SIM_COUNTER_MAX_EVENTS)
		return -ENOSPC;
	/* Insert after every event at or before the same time: ties keep their order. */
	for (i = c->nr_ev; i > c->next_ev && c->ev[i - 1].t_ns > ev->t_ns; i--)
		c->ev[i] = c->ev[i - 1];
	c->ev[i] = *ev;
	c->nr_ev++;
	return 0;
}

/**
 * sim_counter_elapsed() - unwrapped cycles counted since virtual time 0
 * @c:    the counter
 * @t_ns: virtual time, not before the current frequency segment
 *
 * Return: cycles, 128 bits, without the start value or the mask.
 */
unsigned __int128 sim_counter_elapsed(const struct sim_counter *c, u64 t_ns)
{
	return cycles_q48_at(c, t_ns) >> Q48;
}

/**
 * sim_counter_cycles_at() - the counter value at a virtual instant
 * @c:    the counter
 * @t_ns: virtual time, not before the current frequency segment
 *
 * Return: the masked counter value (no per-CPU skew).
 */
u64 sim_counter_cycles_at(const struct sim_counter *c, u64 t_ns)
{
	return sim_counter_seg_value(c->c0_q48, c->t0_ns, c->rate_q48, c->p.start, c->page.mask,
				     t_ns);
}

/**
 * sim_counter_set_time() - move virtual time forward and publish the value
 * @c:      the counter
 * @now_ns: the new virtual time (never earlier than the last one)
 */
void sim_counter_set_time(struct sim_counter *c, u64 now_ns)
{
	for (;;) {
		u64 t_ev = c->next_ev < c->nr_ev ? c->ev[c->next_ev].t_ns : U64_MAX;

		/* The earlier of the next event and the next drift/wander step; events first on a
		 * tie. */
		if (t_ev <= now_ns && t_ev <= c->next_change_ns) {
			sim_counter_apply(c, &c->ev[c->next_ev++]);
		} else if (c->next_change_ns <= now_ns) {
			sim_counter_change_rate(c, c->next_change_ns);
			c->next_change_ns += c->p.wander_interval_ns;
		} else {
			break;
		}
	}
	if (c->next_ev == c->nr_ev)
		c->next_ev = c->nr_ev = 0; /* all applied: the slots are free again */
	c->now_ns = now_ns;
	WRITE_ONCE(c->page.now, sim_counter_cycles_at(c, now_ns));
}

/**
 * sim_counter_set_cpu_offset() - skew one CPU's view of the counter
 * @c:      the counter
 * @cpu:    simulated CPU (< VDSO_MAX_CPUS)
 * @cycles: offset added to that CPU's reads (negative: the CPU lags)
 */
void sim_counter_set_cpu_offset(struct sim_counter *c, unsigned int cpu, s64 cycles)
{
	WRITE_ONCE(c->page.cpu_offset[cpu % VDSO_MAX_CPUS], (u64)cycles);
}

/**
 * sim_counter_set_error_ppb() - the counter's frequency error changes now (a step)
 * @c:         the counter
 * @error_ppb: the new error (ppb); drift and wander continue from it
 */
void sim_counter_set_error_ppb(struct sim_counter *c, s64 error_ppb)
{
	c->c0_q48 = cycles_q48_at(c, c->now_ns);
	c->t0_ns = c->now_ns;
	c->cur_error_ppb = error_ppb;
	c->rate_q48 = rate_q48(c->p.freq_hz, error_ppb);
}

/** sim_counter_true_hz() - the frequency the counter runs at now (Hz, for reports). */
double sim_counter_true_hz(const struct sim_counter *c)
{
	return (double)c->p.freq_hz * (1.0 + (double)c->cur_error_ppb * 1e-9);
}
