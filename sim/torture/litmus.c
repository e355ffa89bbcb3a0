// SPDX-License-Identifier: GPL-2.0
// tksim's own: the causality litmus tests (see sim/torture/litmus.h); after evil-clock-test
// (Lutomirski).
#define _GNU_SOURCE
#include "sim/torture/litmus.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sim/rng.h"
#include "vdso/hw_counter.h"
#include "vdso/gettimeofday.h"

/* One shared word per cache line, so that a test measures one transfer at a time. */
struct litmus_line {
	u64 v;
} __attribute__((aligned(64)));

struct litmus_ctx {
	const struct litmus_params *p;
	enum litmus_test test;
	struct litmus_line stop;
	struct litmus_line x, y; /* Load: published value; Load3: y relays x */
	struct litmus_line start, done; /* Store: the round both threads are in / have finished */
	struct litmus_line flag[2]; /* Store: each thread's flag, the round number */
	struct litmus_line t[2]; /* Now: each thread's latest read; Store: of the round (ns) */
	struct litmus_line seen[2]; /* Store: the other's flag as each thread loaded it */
	struct litmus_result res[3];
	int cpus[3];
	int ncpus;
};

struct litmus_thread {
	struct litmus_ctx *ctx;
	unsigned int id;
};

static const char *const names[LITMUS_NR] = { "Now", "Load", "Load3", "Store" };

/** litmus_name() - "Now", "Load", "Load3" or "Store". */
const char *litmus_name(enum litmus_test t)
{
	return t < LITMUS_NR ? names[t] : "?";
}

/** litmus_expected_to_fail() - true for Store: x86-TSO reorders a store with a later load. */
bool litmus_expected_to_fail(enum litmus_test t)
{
	return t == LITMUS_STORE;
}

/* The clock through the simulated vDSO, as plain ns (fits 64 bits until 2262). */
static s64 litmus_clock(const struct litmus_params *p)
{
	struct timespec64 ts;

	if (p->gettime ? p->gettime(p->gettime_arg, p->clock, &ts)
		       : cvdso_clock_gettime(p->vd, p->clock, &ts))
		return 0;
	return ts.tv_sec * NSEC_PER_SEC + ts.tv_nsec;
}

static bool litmus_stopped(struct litmus_ctx *c)
{
	return READ_ONCE(c->stop.v) != 0;
}

/* Record one causally ordered pair: @later was read after observing @published. */
static void litmus_sample(struct litmus_ctx *c, struct litmus_result *r, s64 published, s64 later)
{
	r->samples++;
	if (later < published) {
		r->failures++;
		if ((u64)(published - later) > r->worst_ns)
			r->worst_ns = (u64)(published - later);
	} else if ((u64)(later - published) < r->margin_ns) {
		r->margin_ns = (u64)(later - published);
	}
	if (c->p->max_samples && r->samples >= c->p->max_samples)
		WRITE_ONCE(c->stop.v, 1);
}

/*
 * Now: both threads at once load the other's latest clock read, read the
 * clock and publish their own.  The loaded value was read from the clock
 * before it was stored, hence before this load, hence before this read.
 */
static void litmus_now(struct litmus_ctx *c, unsigned int id)
{
	while (!litmus_stopped(c)) {
		u64 seen = READ_ONCE(c->t[id ^ 1].v);
		s64 t = litmus_clock(c->p);

		WRITE_ONCE(c->t[id].v, (u64)t);
		if (seen)
			litmus_sample(c, &c->res[id], (s64)seen, t);
	}
}

static void litmus_load(struct litmus_ctx *c, unsigned int id)
{
	while (!litmus_stopped(c)) {
		if (id == 0) {
			WRITE_ONCE(c->x.v, (u64)litmus_clock(c->p));
		} else {
			u64 seen = READ_ONCE(c->x.v);
			s64 t = litmus_clock(c->p);

			if (seen)
				litmus_sample(c, &c->res[id], (s64)seen, t);
		}
	}
}

static void litmus_load3(struct litmus_ctx *c, unsigned int id)
{
	while (!litmus_stopped(c)) {
		if (id == 0) {
			WRITE_ONCE(c->x.v, (u64)litmus_clock(c->p));
		} else if (id == 1) {
			WRITE_ONCE(c->y.v, READ_ONCE(c->x.v));
		} else {
			u64 seen = READ_ONCE(c->y.v);
			s64 t = litmus_clock(c->p);

			if (seen)
				litmus_sample(c, &c->res[id], (s64)seen, t);
		}
	}
}

/* A short random pause, so that the two Store threads overlap at varying offsets. */
static void litmus_delay(struct sim_rng *rng)
{
	for (u64 n = sim_rng_below(rng, 64); n; n--)
		cpu_relax();
}

/*
 * Store, in rounds: each thread stores its flag = round, reads the clock,
 * loads the other's flag.  A thread that missed the other's store did its
 * load before that store was visible, so its clock read (earlier still)
 * should not be later than the other's (which follows the store).  Thread
 * 0 starts each round and checks it when thread 1 is done.
 */
static void litmus_store(struct litmus_ctx *c, unsigned int id)
{
	struct sim_rng rng = { c->p->seed + id };
	unsigned int other = id ^ 1;

	for (u64 r = 1;; r++) {
		if (id == 0) {
			if (litmus_stopped(c)) {
				WRITE_ONCE(c->start.v, U64_MAX);
				return;
			}
			WRITE_ONCE(c->start.v, r);
		} else {
			u64 s;

			while ((s = READ_ONCE(c->start.v)) < r)
				cpu_relax();
			if (s == U64_MAX)
				return;
		}
		litmus_delay(&rng);
		WRITE_ONCE(c->flag[id].v, r);
		WRITE_ONCE(c->t[id].v, (u64)litmus_clock(c->p));
		WRITE_ONCE(c->seen[id].v, READ_ONCE(c->flag[other].v));
		if (id == 1) {
			WRITE_ONCE(c->done.v, r);
			continue;
		}
		while (READ_ONCE(c->done.v) < r)
			cpu_relax();
		for (unsigned int i = 0; i < 2; i++) {
			/* Thread i missed the other's store: its read must be the earlier one. */
			if (READ_ONCE(c->seen[i].v) < r)
				litmus_sample(c, &c->res[0], (s64)READ_ONCE(c->t[i].v),
					      (s64)READ_ONCE(c->t[i ^ 1].v));
		}
	}
}

/* Pin thread @id to one of the host CPUs this process may use, round robin. */
static void litmus_pin(struct litmus_ctx *c, unsigned int id)
{
	cpu_set_t set;

	if (c->ncpus < 2)
		return;
	CPU_ZERO(&set);
	CPU_SET(c->cpus[id % (unsigned int)c->ncpus], &set);
	pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
}

static void *litmus_thread_fn(void *arg)
{
	struct litmus_thread *th = arg;
	struct litmus_ctx *c = th->ctx;

	vdso_this_cpu = c->p->cpu[th->id];
	litmus_pin(c, th->id);
	switch (c->test) {
	case LITMUS_NOW:
		litmus_now(c, th->id);
		break;
	case LITMUS_LOAD:
		litmus_load(c, th->id);
		break;
	case LITMUS_LOAD3:
		litmus_load3(c, th->id);
		break;
	default:
		litmus_store(c, th->id);
		break;
	}
	return NULL;
}

/* The CPUs this process may run on, in order. */
static void litmus_host_cpus(struct litmus_ctx *c)
{
	cpu_set_t set;

	c->ncpus = 0;
	if (sched_getaffinity(0, sizeof(set), &set))
		return;
	for (int i = 0; i < CPU_SETSIZE && c->ncpus < 3; i++)
		if (CPU_ISSET(i, &set))
			c->cpus[c->ncpus++] = i;
}

/* Sleep in short steps until @ns have passed or the test stopped itself. */
static void litmus_wait(struct litmus_ctx *c, u64 ns)
{
	struct timespec t0, now;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		struct timespec step = { 0, 10 * NSEC_PER_MSEC };
		u64 el;

		clock_gettime(CLOCK_MONOTONIC, &now);
		el = (u64)(now.tv_sec - t0.tv_sec) * NSEC_PER_SEC + (u64)now.tv_nsec -
		     (u64)t0.tv_nsec;
		if (el >= ns || litmus_stopped(c))
			return;
		if (ns - el < (u64)step.tv_nsec)
			step.tv_nsec = (long)(ns - el);
		nanosleep(&step, NULL);
	}
}

/**
 * litmus_run() - run one litmus test on real threads
 * @t: the test
 * @p: the system, clock, duration and simulated CPUs
 * @r: out, the merged result of the checking threads
 *
 * The threads are pinned to different host CPUs where the process may use
 * more than one (the test needs real parallelism to show anything).
 *
 * Return: 0, or -EINVAL for an unknown test, or a pthread_create() errno.
 */
int litmus_run(enum litmus_test t, const struct litmus_params *p, struct litmus_result *r)
{
	struct litmus_ctx *c;
	struct litmus_thread th[3];
	pthread_t tid[3];
	unsigned int n = t == LITMUS_LOAD3 ? 3 : 2, started = 0;
	int ret = 0;

	if (t >= LITMUS_NR)
		return -EINVAL;
	c = aligned_alloc(64, sizeof(*c));
	if (!c)
		return -ENOMEM;
	memset(c, 0, sizeof(*c));
	c->p = p;
	c->test = t;
	for (unsigned int i = 0; i < 3; i++)
		c->res[i].margin_ns = U64_MAX;
	litmus_host_cpus(c);

	for (; started < n; started++) {
		th[started] = (struct litmus_thread){ .ctx = c, .id = started };
		ret = -pthread_create(&tid[started], NULL, litmus_thread_fn, &th[started]);
		if (ret)
			break;
	}
	if (!ret)
		litmus_wait(c, p->duration_ns);
	WRITE_ONCE(c->stop.v, 1);
	for (unsigned int i = 0; i < started; i++)
		pthread_join(tid[i], NULL);

	*r = (struct litmus_result){ .margin_ns = U64_MAX };
	for (unsigned int i = 0; i < 3; i++) {
		r->samples += c->res[i].samples;
		r->failures += c->res[i].failures;
		if (c->res[i].worst_ns > r->worst_ns)
			r->worst_ns = c->res[i].worst_ns;
		if (c->res[i].margin_ns < r->margin_ns)
			r->margin_ns = c->res[i].margin_ns;
	}
	free(c);
	return ret;
}
