// SPDX-License-Identifier: GPL-2.0
// tksim's own: the torture tester's timekeeper thread: tick, churn, log (see
// sim/torture/torture.h).
#define _GNU_SOURCE
#include "timekeeper/adjtimex.h"

#include "sim/engine.h"
#include "sim/torture/torture_int.h"
#include "vdso/calc.h"

/* ------------------------------------------------------------- timekeeper */

/** torture_set_begin() - a clock set starts: readers skip the settable clocks' comparisons */
void torture_set_begin(struct torture_ctx *c)
{
	WRITE_ONCE(c->set_seq, READ_ONCE(c->set_seq) + 1);
	/* The odd set_seq is visible before any clock the set changes. */
	smp_wmb();
}

/** torture_set_end() - the clock set is done */
void torture_set_end(struct torture_ctx *c)
{
	__atomic_store_n(&c->set_seq, READ_ONCE(c->set_seq) + 1, __ATOMIC_RELEASE);
}

/*
 * Steer a random enabled aux clock as a PTP daemon would: a frequency of up
 * to +/-500 ppm (clock_adjtime(ADJ_FREQUENCY)) or a step to its own now
 * +/-0.5 s (clock_settime()).  Both are sets for the readers: a frequency
 * change moves the aux clock's mult, whose step back at the update the
 * publication log does not excuse for aux clocks (sim/torture/torture.h).
 */
static void churn_aux(struct torture_ctx *c, struct sim_rng *rng, int *sign)
{
	s32 id = TK_CLOCK_AUX + (s32)sim_rng_below(rng, c->o->aux_clocks);
	struct tk_timex tx = { 0 };
	struct timespec64 now;

	torture_set_begin(c);
	if (sim_rng_below(rng, 2)) {
		tx.modes = ADJ_FREQUENCY;
		tx.freq = *sign * (long long)sim_rng_below(rng, (500ULL << 16) + 1);
		*sign = -*sign;
		tk_sys_clock_adjtime(c->k, id, &tx, true);
	} else if (!tk_sys_clock_gettime(c->k, id, &now)) {
		s64 ns = ts_to_ns(&now) +
			 sim_rng_range(rng, -(s64)NSEC_PER_SEC / 2, NSEC_PER_SEC / 2);

		if (ns < 0)
			ns = 0;
		now.tv_sec = ns / NSEC_PER_SEC;
		now.tv_nsec = ns % NSEC_PER_SEC;
		tk_sys_clock_settime(c->k, id, &now, true);
	}
	torture_set_end(c);
}

/* One churn operation, chosen at random among the enabled kinds. */
static void churn(struct torture_ctx *c, struct sim_rng *rng, int *sign)
{
	struct tk_kernel *k = c->k;
	u32 kinds[4], n = 0, kind;
	struct tk_timex tx = { 0 };

	for (u32 i = 0; i < 4; i++)
		if (c->o->churn & BIT(i))
			kinds[n++] = BIT(i);
	kind = kinds[sim_rng_below(rng, n)];
	if (kind == TORTURE_CHURN_AUX) {
		churn_aux(c, rng, sign);
	} else if (kind == TORTURE_CHURN_FREQ) {
		/* skew_consistency.c flips +/-500 ppm; here a random size up to that. */
		tx.modes = ADJ_FREQUENCY;
		tx.freq = *sign * (long long)sim_rng_below(rng, (500ULL << 16) + 1);
		*sign = -*sign;
		do_adjtimex(k, &tx, true);
	} else if (kind == TORTURE_CHURN_OFFSET) {
		s64 ns = sim_rng_range(rng, -(s64)NSEC_PER_SEC / 2, NSEC_PER_SEC / 2);

		tx.modes = ADJ_SETOFFSET | ADJ_NANO;
		tx.time.tv_sec = ns < 0 ? -1 : 0;
		tx.time.tv_usec = ns < 0 ? ns + NSEC_PER_SEC : ns;
		torture_set_begin(c);
		do_adjtimex(k, &tx, true);
		torture_set_end(c);
	} else {
		struct timespec64 now;
		s64 ns = sim_rng_range(rng, -(s64)NSEC_PER_SEC / 2, NSEC_PER_SEC / 2);

		ktime_get_real_ts64(k, &now);
		now.tv_sec += ns / NSEC_PER_SEC;
		now.tv_nsec += ns % NSEC_PER_SEC;
		if (now.tv_nsec < 0) {
			now.tv_nsec += NSEC_PER_SEC;
			now.tv_sec--;
		} else if (now.tv_nsec >= NSEC_PER_SEC) {
			now.tv_nsec -= NSEC_PER_SEC;
			now.tv_sec++;
		}
		torture_set_begin(c);
		do_settimeofday64(k, &now);
		torture_set_end(c);
	}
	c->churn_ops++;
}

/**
 * torture_mult_excuse() - the step back a publication may legitimately cause (struct torture_pub)
 * @vc:       the clock group the publication left (CS_HRES_COARSE)
 * @old_mult: its mult before
 * @cycles:   cycles the operation took
 * @several:  the operation published more than once
 *
 * Return: (cycles the operation took) * |mult change| >> shift, plus 1 ns of
 * rounding; 0 when mult did not change (then continuity is exact).
 */
u64 torture_mult_excuse(const struct vdso_clock *vc, u32 old_mult, u64 cycles, bool several)
{
	u64 mask = vdso_delta_mask(vc->clock_mode, vc->mask);
	u32 d = vc->mult > old_mult ? vc->mult - old_mult : old_mult - vc->mult;

	/* Several publications in one call: one may have dithered mult and the next undone it. */
	d += several;
	if (!d)
		return 0;
	return (u64)(((unsigned __int128)(cycles & mask) * d) >> vc->shift) + 1;
}

/* After one timekeeper operation that began at counter @c_pre: log what it published. */
static void tk_op_done(struct torture_ctx *c, u32 *logged, u32 *mult, u64 c_pre)
{
	u64 c_post = torture_counter(c);
	u32 seq = READ_ONCE(c->k->tk_core.seq);

	if (seq == *logged)
		return;
	torture_log_publication(c, seq, *logged,
				torture_mult_excuse(&c->k->vdata.clock_data[CS_HRES_COARSE], *mult,
						    c_post - c_pre, seq - *logged > 2));
	*logged = seq;
	*mult = c->k->vdata.clock_data[CS_HRES_COARSE].mult;
}

static void timespec_add_ns(struct timespec *t, u64 ns)
{
	t->tv_nsec += (long)ns;
	while (t->tv_nsec >= NSEC_PER_SEC) {
		t->tv_nsec -= NSEC_PER_SEC;
		t->tv_sec++;
	}
}

/** torture_sleep_after() - sleep until @ns after @t (CLOCK_MONOTONIC), which becomes that instant
 */
void torture_sleep_after(struct timespec *t, u64 ns)
{
	timespec_add_ns(t, ns);
	clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, t, NULL);
}

/**
 * torture_churn_due() - whether the timekeeper churns after tick @n, then at an instant inside it
 * @c:   the run (its churn options; paused during the litmus tests)
 * @rng: the timekeeper's random numbers
 * @n:   the tick just run (from 1)
 *
 * Every HZ/100-th tick (64th under maximum pressure), at a random instant
 * inside the tick: right after it a frequency change moves almost nothing
 * (the xtime_nsec correction is the cycles since the tick times the mult
 * change), and a bug such as coarse-pre-6.15 would hide.
 *
 * Return: true when the caller churns now.
 */
bool torture_churn_due(struct torture_ctx *c, struct sim_rng *rng, u64 n)
{
	const struct torture_opts *o = c->o;
	const u64 every = o->max_pressure ? 64 : (o->hz >= 100 ? o->hz / 100 : 1);
	struct timespec at;

	if (!o->churn || n % every || READ_ONCE(c->churn_paused))
		return false;
	if (!o->max_pressure) {
		/* From the tick as it ran: a late wake-up must not eat the delay. */
		clock_gettime(CLOCK_MONOTONIC, &at);
		torture_sleep_after(&at, sim_rng_below(rng, sim_tick_period_ns(o->hz) * 9 / 10));
	}
	return true;
}

/*
 * The timekeeper thread: the tick at HZ (or back to back, publishing every
 * time through TK_ADV_FREQ), churn, jitter, and the log of publications.
 * It stands for the tick interrupt and runs as simulated CPU 0.
 */
void *torture_timekeeper_fn(void *arg)
{
	struct torture_ctx *c = arg;
	const struct torture_opts *o = c->o;
	struct tk_kernel *k = c->k;
	struct sim_rng rng = { o->seed };
	const u64 period = sim_tick_period_ns(o->hz);
	u32 logged = READ_ONCE(k->tk_core.seq);
	u32 mult = k->vdata.clock_data[CS_HRES_COARSE].mult;
	struct timespec next;
	int sign = 1;

	vdso_this_cpu = 0;
	if (o->pin && c->nhost >= 2)
		pin_to(c->host_cpu[0]);
	clock_gettime(CLOCK_MONOTONIC, &next);
	for (u64 n = 1; !READ_ONCE(c->tk_stop); n++) {
		u64 c_pre;

		if (!o->max_pressure)
			torture_sleep_after(&next, period);
		c_pre = torture_counter(c);
		update_wall_time(k);
		tk_op_done(c, &logged, &mult, c_pre);
		if (o->max_pressure) {
			c_pre = torture_counter(c);
			timekeeping_advance(k, TK_ADV_FREQ);
			tk_op_done(c, &logged, &mult, c_pre);
		}
		if (torture_churn_due(c, &rng, n)) {
			c_pre = torture_counter(c);
			churn(c, &rng, &sign);
			tk_op_done(c, &logged, &mult, c_pre);
		}
		if (o->counter == TORTURE_COUNTER_SYNTHETIC)
			sim_tsc_counter_jitter(&c->sys->sc);
	}
	return NULL;
}
