// SPDX-License-Identifier: GPL-2.0
// tksim's own: the torture tester's reader threads and their checks, after
// inconsistency-check.c, threadtest.c and vdso_test_correctness.c (see sim/torture/torture.h).
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>

#include "sim/bugs.h"
#include "sim/oracle.h"

#include "sim/torture/torture_int.h"
#include "timekeeper/time64.h"

/* ---------------------------------------------------------------- readers */

/* A namespace reader's value as the host's clock: what the publication log and other readers know.
 */
static struct timespec64 host_view(const struct reader *r, s32 clock, const struct timespec64 *ts)
{
	return r->ns ? timespec64_sub(*ts, timens_clock_offset(r->ns, clock)) : *ts;
}

static void read_failed(struct reader *r, s32 clock, int path, int ret)
{
	struct rbuf b;

	if (!torture_claim(r->ctx, &b, "read"))
		return;
	torture_rb_printf(&b, "CLOCK_%s via the %s path failed: %d\n", oracle_clock_name(clock),
			  torture_path_name(path), ret);
	torture_finish_report(r, &b, -1, path);
}

/*
 * A step back of @step ns between two reads of @clock, @a then @b: excused as the log
 * excuses it for the system clocks, and up to 1 ns for an aux clock (sim/torture/torture.h).
 */
static bool step_excused(struct reader *r, s32 clock, const struct seqwin *a,
			 const struct seqwin *b, __int128 step)
{
	if (!is_aux(clock))
		return torture_excused(r, a, b, step);
	if (step > 1)
		return false;
	r->st.excused++;
	if (r->st.excused_max_ns < (u64)step)
		r->st.excused_max_ns = (u64)step;
	return true;
}

static u64 set_seq_begin(struct torture_ctx *c)
{
	return __atomic_load_n(&c->set_seq, __ATOMIC_ACQUIRE);
}

/* No clock set overlapped the reads since @s0: settable clocks may be compared. */
static bool set_seq_same(struct torture_ctx *c, u64 s0)
{
	/* smp_rmb: the clock reads complete before set_seq is loaded again. */
	smp_rmb();
	return !(s0 & 1) && READ_ONCE(c->set_seq) == s0;
}

/*
 * The probe: kernel-side, then the vDSO between two fenced counter reads,
 * then kernel-side again.  Checks the seqcount property and the
 * vdso_test_correctness sandwich.
 */
static void probe(struct reader *r, s32 clock)
{
	struct torture_ctx *c = r->ctx;
	const u32 checks = c->o->checks;
	struct timespec64 k0, v, k1;
	struct seqwin w0, wv, w1;
	u64 set0 = set_seq_begin(c), c0, c1;
	struct vdso_clock aux;
	u32 t0, t1, a0 = 0, a1 = 0;
	int ret;

	if ((checks & TORTURE_CHECK_SANDWICH) &&
	    (ret = torture_read_clock(r, clock, PATH_SYS, &k0, &w0))) {
		read_failed(r, clock, PATH_SYS, ret);
		return;
	}
	/* An aux clock's own group, as it is before the call (its seq, not tk_core's). */
	if ((checks & TORTURE_CHECK_SEQCOUNT) && is_aux(clock))
		a0 = torture_aux_group_copy(c, clock, &aux);
	t0 = __atomic_load_n(c->tkseq, __ATOMIC_ACQUIRE);
	c0 = torture_counter(c);
	ret = torture_read_clock(r, clock, PATH_VDSO, &v, &wv);
	c1 = torture_counter(c);
	/* smp_rmb: the vDSO read completes before tk_core.seq is loaded again. */
	smp_rmb();
	t1 = READ_ONCE(*c->tkseq);
	if (is_aux(clock))
		a1 = READ_ONCE(clock_group(c->vd, clock)->seq);
	if (ret) {
		read_failed(r, clock, PATH_VDSO, ret);
		return;
	}
	if ((checks & TORTURE_CHECK_SEQCOUNT) && !is_aux(clock)) {
		struct timespec64 vh = host_view(r, clock, &v);

		torture_check_seqcount(r, clock, &vh, c0, c1, t0, t1);
	} else if (checks & TORTURE_CHECK_SEQCOUNT) {
		/* Aux clocks have no namespace offset: the value is the host's. */
		torture_check_aux_seqcount(r, clock, &v, c0, c1, &aux, a0, a1);
	}
	if (!(checks & TORTURE_CHECK_SANDWICH) || stopped(c))
		return;
	if ((ret = torture_read_clock(r, clock, PATH_SYS, &k1, &w1))) {
		read_failed(r, clock, PATH_SYS, ret);
		return;
	}
	if (settable(clock) && !set_seq_same(c, set0))
		return;
	if ((torture_check_went_back(c->o, TORTURE_CHECK_SANDWICH, &k0, &v) &&
	     !step_excused(r, clock, &w0, &wv, ts_to_ns(&k0) - ts_to_ns(&v))) ||
	    (torture_check_went_back(c->o, TORTURE_CHECK_SANDWICH, &v, &k1) &&
	     !step_excused(r, clock, &wv, &w1, ts_to_ns(&v) - ts_to_ns(&k1)))) {
		struct rbuf b;
		char a[48], m[48], z[48];

		if (!torture_claim(c, &b, "sandwich"))
			return;
		torture_rb_printf(
			&b, "CLOCK_%s: kernel-side %s, vDSO %s, kernel-side %s are not in order\n",
			oracle_clock_name(clock), torture_ns_str(a, sizeof(a), ts_to_ns(&k0)),
			torture_ns_str(m, sizeof(m), ts_to_ns(&v)),
			torture_ns_str(z, sizeof(z), ts_to_ns(&k1)));
		torture_finish_report(r, &b, clock, PATH_VDSO);
	}
}

/*
 * A disabled aux clock (v6.17): the vDSO sees clock mode NONE and takes the
 * syscall, which says -ENODEV; a model without aux clocks (a profile before
 * v6.17) says -EINVAL.  Either way both paths agree.
 */
static void disabled_aux_ids(struct reader *r)
{
	struct torture_ctx *c = r->ctx;

	for (unsigned int n = c->o->aux_clocks; n < TK_MAX_AUX_CLOCKS; n++) {
		s32 id = TK_CLOCK_AUX + (s32)n;
		struct timespec64 ts;
		int rv = torture_vdso_gettime(r, id, &ts);
		int rk = torture_sys_gettime(r, id, &ts);
		struct rbuf b;

		r->st.reads += 2;
		if (rv == rk && (rv == -ENODEV || rv == -EINVAL))
			continue;
		if (!torture_claim(c, &b, "sandwich"))
			return;
		torture_rb_printf(
			&b,
			"disabled aux clock %u (id %d): vDSO returned %d, kernel-side %d; "
			"both must be -ENODEV\n",
			n, id, rv, rk);
		torture_finish_report(r, &b, -1, PATH_VDSO);
		return;
	}
}

/* vdso_test_correctness: ids the kernel does not serve give -EINVAL both ways. */
static void invalid_ids(struct reader *r)
{
	static const s32 ids[] = { -1,
				   INT_MIN,
				   INT_MAX,
				   TK_CLOCK_PROCESS_CPUTIME_ID,
				   TK_CLOCK_THREAD_CPUTIME_ID,
				   TK_CLOCK_REALTIME_ALARM,
				   TK_CLOCK_BOOTTIME_ALARM,
				   TK_CLOCK_SGI_CYCLE,
				   12,
				   TK_MAX_CLOCKS - 1,
				   TK_CLOCK_AUX_LAST + 1 };
	struct torture_ctx *c = r->ctx;

	disabled_aux_ids(r);
	for (size_t i = 0; i < sizeof(ids) / sizeof(ids[0]); i++) {
		struct timespec64 ts;
		int rv = torture_vdso_gettime(r, ids[i], &ts);
		int rk = torture_sys_gettime(r, ids[i], &ts);
		struct rbuf b;

		r->st.reads += 2;
		if (rv == -EINVAL && rk == -EINVAL)
			continue;
		if (!torture_claim(c, &b, "sandwich"))
			return;
		torture_rb_printf(
			&b, "clock id %d: vDSO returned %d, kernel-side %d; both must be -EINVAL\n",
			ids[i], rv, rk);
		torture_finish_report(r, &b, -1, PATH_VDSO);
		return;
	}
}

/* inconsistency-check: 64 back-to-back reads must not go back. */
static void batch(struct reader *r, s32 clock, int path)
{
	struct torture_ctx *c = r->ctx;
	struct timespec64 v[BATCH];
	struct seqwin w[BATCH];
	u64 set0 = set_seq_begin(c);
	struct rbuf b;
	int ret;

	for (int i = 0; i < BATCH; i++) {
		if ((ret = torture_read_clock(r, clock, path, &v[i], &w[i]))) {
			read_failed(r, clock, path, ret);
			return;
		}
	}
	if (settable(clock) && !set_seq_same(c, set0))
		return;
	for (int i = 1; i < BATCH; i++) {
		char s[48];

		if (!torture_check_went_back(c->o, TORTURE_CHECK_INCONSISTENCY, &v[i - 1], &v[i]) ||
		    step_excused(r, clock, &w[i - 1], &w[i], ts_to_ns(&v[i - 1]) - ts_to_ns(&v[i])))
			continue;
		if (!torture_claim(c, &b, "inconsistency"))
			return;
		torture_rb_printf(
			&b,
			"CLOCK_%s via the %s path went back by %s s in %d back-to-back reads:\n",
			oracle_clock_name(clock), torture_path_name(path),
			torture_ns_str(s, sizeof(s), ts_to_ns(&v[i - 1]) - ts_to_ns(&v[i])), BATCH);
		for (int j = 0; j < BATCH; j++) {
			torture_rb_printf(&b, "    %2d %s%s\n", j,
					  torture_ns_str(s, sizeof(s), ts_to_ns(&v[j])),
					  j == i ? "   <-- earlier than the one before" : "");
		}
		torture_finish_report(r, &b, clock, path);
		return;
	}
}

/**
 * torture_went_back() - whether @b, read after @a, is earlier
 * @a:          the earlier read
 * @b:          the later read
 * @kernel_cmp: use threadtest.c's comparison (b.sec <= a.sec) && (b.nsec <
 *              a.nsec), which misses a step back across a second boundary
 *              such as 5.000000100 -> 4.000000200 (BUG_THREADTEST_CMP)
 *
 * Return: true if the step is a step back by the chosen comparison.
 */
bool torture_went_back(const struct timespec64 *a, const struct timespec64 *b, bool kernel_cmp)
{
	if (kernel_cmp)
		return b->tv_sec <= a->tv_sec && b->tv_nsec < a->tv_nsec;
	return ts_to_ns(b) < ts_to_ns(a);
}

/**
 * torture_check_went_back() - the comparison ordering check @check makes
 * @o:     the run (its injected bugs)
 * @check: TORTURE_CHECK_INCONSISTENCY, _THREADTEST or _SANDWICH
 * @a:     the earlier read
 * @b:     the later read
 *
 * Every ordering check decides "went back" here, so that the canary
 * (torture_checkers_blind()) tests what the checks run: full width, except
 * threadtest with BUG_THREADTEST_CMP injected.
 *
 * Return: true if @check counts @a -> @b as a step back.
 */
bool torture_check_went_back(const struct torture_opts *o, u32 check, const struct timespec64 *a,
			     const struct timespec64 *b)
{
	return torture_went_back(
		a, b, check == TORTURE_CHECK_THREADTEST && (o->bugs & BUG_THREADTEST_CMP));
}

/* Steps back every ordering check must flag, and steps forward none may. */
static const struct {
	struct timespec64 a, b;
	bool back;
} canary[] = {
	{ { 5, 100 }, { 4, 200 }, true }, /* across a second: threadtest.c misses it */
	{ { 5, 200 }, { 5, 100 }, true },
	{ { 5, 0 }, { 4, 999999999 }, true },
	{ { 6, 999999999 }, { 5, 999999999 }, true },
	{ { 4, 200 }, { 5, 100 }, false },
	{ { 5, 100 }, { 5, 100 }, false },
	{ { 4, 999999999 }, { 5, 0 }, false },
};

/**
 * torture_checkers_blind() - torture's self-test of its ordering checks
 * @o:   the run
 * @buf: out: what a blind check missed (or flagged wrongly), one line
 *       without its newline
 * @len: its size
 *
 * Runs before any thread starts: each ordering check @o uses must flag
 * every canary step back and no step forward.  A check that cannot see
 * (BUG_THREADTEST_CMP) would let the run print PASS having seen nothing.
 *
 * Return: true, with @buf filled, if a check failed its self-test.
 */
bool torture_checkers_blind(const struct torture_opts *o, char *buf, size_t len)
{
	static const u32 ordering[] = { TORTURE_CHECK_INCONSISTENCY, TORTURE_CHECK_THREADTEST,
					TORTURE_CHECK_SANDWICH };
	static const char *const names[] = { "inconsistency", "threadtest", "sandwich" };

	for (size_t i = 0; i < sizeof(ordering) / sizeof(ordering[0]); i++) {
		if (!(o->checks & ordering[i]))
			continue;
		for (size_t j = 0; j < sizeof(canary) / sizeof(canary[0]); j++) {
			const struct timespec64 *a = &canary[j].a, *b = &canary[j].b;

			if (torture_check_went_back(o, ordering[i], a, b) == canary[j].back)
				continue;
			snprintf(buf, len,
				 "CHECKER BLIND (%s): torture's self-test before the run: the %s "
				 "check %s %lld.%09ld -> %lld.%09ld, a step %s; a run with a "
				 "check that cannot see must not say PASS, so nothing was run",
				 names[i], names[i], canary[j].back ? "missed" : "flagged",
				 (long long)a->tv_sec, a->tv_nsec, (long long)b->tv_sec, b->tv_nsec,
				 canary[j].back ? "back" : "forward");
			return true;
		}
	}
	return false;
}

/* threadtest: append MONOTONIC to the shared list, in lock order; check it when full. */
static void threadtest(struct reader *r, int path)
{
	struct torture_ctx *c = r->ctx;
	struct timespec64 ts;
	struct seqwin w;
	int ret;

	pthread_mutex_lock(&c->tt_lock);
	ret = torture_read_clock(r, TK_CLOCK_MONOTONIC, path, &ts, &w);
	if (ret) {
		pthread_mutex_unlock(&c->tt_lock);
		read_failed(r, TK_CLOCK_MONOTONIC, path, ret);
		return;
	}
	/* In host terms: the list mixes readers inside and outside the namespace. */
	c->tt[c->tt_n++] = (struct tt_entry){
		.ts = host_view(r, TK_CLOCK_MONOTONIC, &ts), .w = w, .reader = r->id, .path = path
	};
	if (c->tt_n == TT_LIST) {
		for (unsigned int i = 1; i < TT_LIST; i++) {
			struct rbuf b;
			char s[48];

			if (!torture_check_went_back(c->o, TORTURE_CHECK_THREADTEST,
						     &c->tt[i - 1].ts, &c->tt[i].ts) ||
			    torture_excused(r, &c->tt[i - 1].w, &c->tt[i].w,
					    ts_to_ns(&c->tt[i - 1].ts) - ts_to_ns(&c->tt[i].ts)))
				continue;
			if (!torture_claim(c, &b, "threadtest"))
				break;
			torture_rb_printf(
				&b,
				"the shared list of CLOCK_MONOTONIC reads went back at entry %u:\n",
				i);
			for (unsigned int j = i > 8 ? i - 8 : 0; j < TT_LIST && j < i + 8; j++)
				torture_rb_printf(
					&b, "    %3u reader %u %-12s %s%s\n", j, c->tt[j].reader,
					torture_path_name(c->tt[j].path),
					torture_ns_str(s, sizeof(s), ts_to_ns(&c->tt[j].ts)),
					j == i ? "   <-- earlier than the one before" : "");
			torture_finish_report(r, &b, -1, path);
			break;
		}
		c->tt_n = 0;
	}
	pthread_mutex_unlock(&c->tt_lock);
}

void *torture_reader_fn(void *arg)
{
	struct reader *r = arg;
	struct torture_ctx *c = r->ctx;
	const struct torture_opts *o = c->o;
	s32 clocks[TK_NR_CLOCKIDS];
	unsigned int nclk = 0;
	u64 t_start = mono_ns();

	vdso_this_cpu = r->cpu;
	/*
	 * Readers share the host CPUs round robin, starting after the
	 * timekeeper's; under maximum writer pressure they leave its CPU to
	 * it, as nothing preempts the kernel's update (it runs with
	 * interrupts off) and a user thread preempted between its counter
	 * read and its publication would open a window the kernel does not
	 * have.
	 */
	if (o->pin && c->nhost >= 2) {
		unsigned int n = (unsigned int)c->nhost;

		pin_to(o->max_pressure ? c->host_cpu[1 + r->id % (n - 1)]
				       : c->host_cpu[(1 + r->id) % n]);
	}
	for (s32 i = 0; i < TK_NR_CLOCKIDS; i++)
		if (o->clocks & BIT(i))
			clocks[nclk++] = i;

	while (!stopped(c) && (o->duration_ns || r->st.rounds < o->iterations)) {
		s32 clock = clocks[sim_rng_below(&r->rng, nclk)];
		int path = o->paths == TORTURE_PATH_SYSCALL ? PATH_SYS : PATH_VDSO;

		if (o->paths == (TORTURE_PATH_VDSO | TORTURE_PATH_SYSCALL))
			path = (int)sim_rng_below(&r->rng, 2);
		if ((o->checks & (TORTURE_CHECK_SEQCOUNT | TORTURE_CHECK_SANDWICH)) &&
		    (o->paths & TORTURE_PATH_VDSO))
			probe(r, clock);
		if (o->checks & TORTURE_CHECK_INCONSISTENCY)
			batch(r, clock, path);
		if ((o->checks & TORTURE_CHECK_THREADTEST) && r->st.rounds % 8 == 0)
			threadtest(r, path);
		if ((o->checks & TORTURE_CHECK_SANDWICH) && (o->paths & TORTURE_PATH_VDSO) &&
		    r->st.rounds % 64 == 0)
			invalid_ids(r);
		r->st.rounds++;
		if ((r->st.rounds & 63) == 0)
			WRITE_ONCE(r->progress_reads, r->st.reads);
	}
	r->st.seconds = (double)(mono_ns() - t_start) * 1e-9;
	WRITE_ONCE(r->progress_reads, r->st.reads);
	__atomic_add_fetch(&c->finished, 1, __ATOMIC_RELEASE);
	return NULL;
}
