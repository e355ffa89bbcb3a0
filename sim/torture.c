// SPDX-License-Identifier: GPL-2.0
// tksim's own: the torture tester (see sim/torture.h), after the timers/ and vDSO/ selftests.
#define _GNU_SOURCE
#include "sim/torture.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sim/bugs.h"
#include "sim/oracle.h"
#include "sim/rng.h"
#include "timekeeper/adjtimex.h"
#include "vdso/calc.h"
#include "vdso/gettimeofday.h"
#include "vdso/helpers.h"

#define LOG_SIZE 4096U /* publications remembered (power of two) */
#define BATCH 64 /* inconsistency-check's CALLS_PER_LOOP */
#define TT_LIST 128 /* threadtest's shared list */
#define RING 16 /* samples each reader keeps for a report */
#define AFTER 4 /* samples read after a violation, for the report */
#define REPORT_SIZE 32768

enum { PATH_VDSO, PATH_SYS };

/* The system under test, in one allocation: the vvar page must not move. */
struct torture_sys {
	struct tk_kernel k;
	struct sim_tsc tsc;
	struct sim_tsc_counter sc;
};

/*
 * One publication as readers could see it: both vvar clock groups right
 * after the update that left tk_core.seq at @tag.  @tag is odd while the
 * slot is rewritten; readers copy under it as under a seqcount.
 *
 * @excuse_ns bounds the step back this update may legitimately cause.  The
 * timekeeper reads the counter (C_u) and publishes a little later; a
 * reader that meanwhile read the old update at a counter value C > C_u,
 * then reads the new one at the same C (a slow counter does not move
 * between two reads), sees (C - C_u) * (new mult - old mult) >> shift: the
 * xtime_nsec correction keeps the clock continuous at C_u, not at the
 * publication.  The kernel has the same window, only shorter (its update
 * runs with interrupts off).  The bound is taken from counter reads around
 * the timekeeper's whole operation, plus 1 ns of rounding.  One operation
 * (an adjtimex call) may publish several times: @first is the tk_core.seq
 * before it, and the publications between @first and @tag are covered by
 * this entry (they are not logged themselves).
 */
struct torture_pub {
	u64 tag;
	u64 first;
	u64 excuse_ns;
	struct vdso_clock vc[CS_BASES];
};

/* Both clock groups as 64-bit words. */
#define PUB_WORDS (sizeof(struct vdso_clock) * CS_BASES / sizeof(u64))
_Static_assert(sizeof(struct vdso_clock) * CS_BASES % 8 == 0, "publications are copied in words");

struct sample {
	__int128 ns;
	s32 clock;
	int path;
};

/* tk_core.seq around one read: which publications it can have used. */
struct seqwin {
	u32 t0;
	u32 t1;
};

struct tt_entry {
	struct timespec64 ts;
	struct seqwin w;
	unsigned int reader;
	int path;
};

struct torture_ctx;

struct reader {
	struct torture_ctx *ctx;
	unsigned int id;
	unsigned int cpu;
	struct sim_rng rng;
	struct torture_reader_stats st;
	u64 progress_reads; /* st.reads, published for the progress line */
	struct sample ring[RING];
	u64 nsamples;
	pthread_t tid;
} __attribute__((aligned(64)));

struct torture_ctx {
	const struct torture_opts *o;
	struct torture_sys *sys;
	struct tk_kernel *k;
	const struct vdso_time_data *vd;
	struct torture_pub *log;
	/* tk_core.seq of the newest logged publication */
	u64 log_head __attribute__((aligned(64)));
	u64 set_seq __attribute__((aligned(64))); /* odd while the timekeeper sets a clock */
	u64 stop __attribute__((aligned(64))); /* readers stop */
	u64 tk_stop; /* the timekeeper stops */
	u64 churn_paused; /* no churn (during the litmus tests) */
	u64 failed; /* the first violation has been claimed */
	u64 finished; /* readers that ran out of rounds */
	char *report;
	u64 publications;
	u64 churn_ops;
	u64 t0_ns;
	pthread_mutex_t tt_lock;
	struct tt_entry tt[TT_LIST];
	unsigned int tt_n;
	int host_cpu[64];
	int nhost;
	struct reader readers[TORTURE_MAX_READERS];
};

/* ------------------------------------------------------------ small helpers */

static u64 mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * NSEC_PER_SEC + (u64)ts.tv_nsec;
}

static bool settable(s32 clock)
{
	return clock == TK_CLOCK_REALTIME || clock == TK_CLOCK_REALTIME_COARSE ||
	       clock == TK_CLOCK_TAI;
}

static bool coarse(s32 clock)
{
	return clock == TK_CLOCK_REALTIME_COARSE || clock == TK_CLOCK_MONOTONIC_COARSE;
}

static const struct vdso_clock *clock_group(const struct vdso_time_data *vd, s32 clock)
{
	return &vd->clock_data[clock == TK_CLOCK_MONOTONIC_RAW ? CS_RAW : CS_HRES_COARSE];
}

static bool stopped(struct torture_ctx *c)
{
	return READ_ONCE(c->stop) != 0;
}

static void pin_to(int host_cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(host_cpu, &set);
	pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
}

/*
 * The counter as the vDSO sees it on this thread's simulated CPU, fenced on
 * both sides: no later instruction, the vDSO's own counter read included,
 * starts before it, so that before <= vDSO's read <= after.
 */
static u64 torture_counter(struct torture_ctx *c)
{
	u64 v;

	if (c->o->counter == TORTURE_COUNTER_TSC)
		v = rdtsc_ordered(VDSO_TSC_LFENCE) & (u64)S64_MAX;
	else
		v = vdso_sim_counter_read(&c->sys->sc.page, VDSO_TSC_LFENCE, vdso_this_cpu);
#if defined(__x86_64__)
	__asm__ __volatile__("lfence" ::: "memory");
#endif
	return v;
}

/* -------------------------------------------------------------- reports */

struct rbuf {
	char *buf;
	size_t len;
	size_t cap;
};

static void __attribute__((format(printf, 2, 3))) rb_printf(struct rbuf *b, const char *fmt, ...)
{
	va_list ap;
	int w;

	if (b->len + 1 >= b->cap)
		return;
	va_start(ap, fmt);
	w = vsnprintf(b->buf + b->len, b->cap - b->len, fmt, ap);
	va_end(ap);
	if (w > 0)
		b->len = b->len + (size_t)w < b->cap ? b->len + (size_t)w : b->cap - 1;
}

static const char *ns_str(char *buf, size_t n, __int128 ns)
{
	oracle_format_ns(buf, n, ns);
	return buf;
}

/* Claim the one report of this run; the loser of the race reports nothing. */
static bool claim(struct torture_ctx *c, struct rbuf *b, const char *check)
{
	u64 zero = 0;

	if (!__atomic_compare_exchange_n(&c->failed, &zero, 1, false, __ATOMIC_ACQ_REL,
					 __ATOMIC_RELAXED))
		return false;
	WRITE_ONCE(c->stop, 1);
	*b = (struct rbuf){ .buf = c->report, .cap = REPORT_SIZE };
	rb_printf(b, "VIOLATION (%s): ", check);
	return true;
}

static const char *path_name(int path)
{
	return path == PATH_VDSO ? "vDSO" : "kernel-side";
}

static void rb_sample(struct rbuf *b, const char *mark, const struct sample *s)
{
	char v[48];

	rb_printf(b, "    %-3s CLOCK_%-17s %-12s %s\n", mark, oracle_clock_name(s->clock),
		  path_name(s->path), ns_str(v, sizeof(v), s->ns));
}

static int read_clock(struct reader *r, s32 clock, int path, struct timespec64 *ts,
		      struct seqwin *w);

/* The end of every report: who, when, the samples around it, and how to replay. */
static void finish_report(struct reader *r, struct rbuf *b, s32 clock, int path)
{
	struct torture_ctx *c = r->ctx;
	u64 first = r->nsamples > RING ? r->nsamples - RING : 0;

	rb_printf(b, "  reader %u on simulated CPU %u, round %" PRIu64 ", %.3f s into the run\n",
		  r->id, r->cpu, r->st.rounds, (double)(mono_ns() - c->t0_ns) * 1e-9);
	rb_printf(b, "  the reader's last %" PRIu64 " samples, oldest first:\n",
		  r->nsamples - first);
	for (u64 i = first; i < r->nsamples; i++)
		rb_sample(b, i + 1 == r->nsamples ? ">>" : "", &r->ring[i % RING]);
	if (clock >= 0) {
		rb_printf(b, "  and read right after it:\n");
		for (int i = 0; i < AFTER; i++) {
			struct timespec64 ts;

			if (read_clock(r, clock, path, &ts, NULL) == 0)
				rb_sample(b, "+", &r->ring[(r->nsamples - 1) % RING]);
		}
	}
	rb_printf(b, "  seed %" PRIu64 "; replay with: %s\n", c->o->seed,
		  c->o->replay ? c->o->replay : "(command line not given)");
}

/* ------------------------------------------------- the publication log */

typedef u64 __attribute__((may_alias)) word_t;

/* Timekeeper thread: remember what publication @seq left in the vvar page. */
static void log_publication(struct torture_ctx *c, u32 seq, u32 first, u64 excuse_ns)
{
	struct torture_pub *p = &c->log[(seq >> 1) & (LOG_SIZE - 1)];
	const word_t *src = (const word_t *)c->k->vdata.clock_data;
	word_t *dst = (word_t *)p->vc;

	WRITE_ONCE(p->tag, (u64)seq | 1);
	/* smp_wmb: the odd tag is visible before the slot's contents change. */
	smp_wmb();
	WRITE_ONCE(p->first, first);
	WRITE_ONCE(p->excuse_ns, excuse_ns);
	/* Only this thread writes the vvar page: reading it plainly races with no one. */
	for (size_t i = 0; i < PUB_WORDS; i++)
		__atomic_store_n(&dst[i], src[i], __ATOMIC_RELAXED);
	__atomic_store_n(&p->tag, (u64)seq, __ATOMIC_RELEASE);
	__atomic_store_n(&c->log_head, (u64)seq, __ATOMIC_RELEASE);
	c->publications++;
}

/* Reader: a consistent copy of publication @seq, false if its slot holds another. */
static bool log_read(struct torture_ctx *c, u32 seq, struct torture_pub *out)
{
	const struct torture_pub *p = &c->log[(seq >> 1) & (LOG_SIZE - 1)];
	const word_t *src = (const word_t *)p->vc;
	word_t *dst = (word_t *)out->vc;

	if (__atomic_load_n(&p->tag, __ATOMIC_ACQUIRE) != seq)
		return false;
	out->first = READ_ONCE(p->first);
	out->excuse_ns = READ_ONCE(p->excuse_ns);
	for (size_t i = 0; i < PUB_WORDS; i++)
		dst[i] = __atomic_load_n(&src[i], __ATOMIC_RELAXED);
	/* smp_rmb: the copy is complete before the tag is checked again. */
	smp_rmb();
	return READ_ONCE(p->tag) == seq;
}

/* What publication @vc makes the vDSO return for @clock at counter value @cycles (ns). */
static __int128 pub_value(const struct vdso_clock *vc, s32 clock, u64 cycles)
{
	const struct vdso_timestamp *b = &vc->basetime[clock];
	u64 mask = vc->clock_mode == VDSO_CLOCKMODE_TSC ? (u64)S64_MAX : vc->mask;

	if (coarse(clock))
		return (__int128)b->sec * NSEC_PER_SEC + (__int128)b->nsec;
	return (__int128)b->sec * NSEC_PER_SEC +
	       cycles_to_ns_bugs(cycles, vc->cycle_last, mask, vc->max_cycles, vc->mult, b->nsec,
				 vc->shift, vdso_neg_clamp(vc->clock_mode), 0);
}

/*
 * The lowest counter value a read that met publication @vc can have used:
 * the vDSO reads the counter after it sees the update, hence not before the
 * update's cycle_last, even if the reader's own read before the call was.
 * (For a narrow counter, whose max_cycles is its mask, the vDSO takes a
 * value behind cycle_last for a full wrap ahead: the bracket must not.)
 */
static u64 pub_floor(const struct vdso_clock *vc, u64 cycles)
{
	u64 mask = vc->clock_mode == VDSO_CLOCKMODE_TSC ? (u64)S64_MAX : vc->mask;

	return ((cycles - vc->cycle_last) & mask) > (mask >> 1) ? vc->cycle_last : cycles;
}

/* Wait until the timekeeper has logged publication @seq; false if the run stopped. */
static bool log_wait(struct torture_ctx *c, u32 seq)
{
	while ((s32)((u32)__atomic_load_n(&c->log_head, __ATOMIC_ACQUIRE) - seq) < 0) {
		if (stopped(c))
			return false;
		cpu_relax();
	}
	return true;
}

/*
 * A step back of @step ns from a read in window @a to a later read in @b
 * is the kernel's own mult-change window (see struct torture_pub) if the
 * publications after @a's and up to @b's allow that much together.
 */
static bool excused(struct reader *r, const struct seqwin *a, const struct seqwin *b, __int128 step)
{
	struct torture_ctx *c = r->ctx;
	u32 lo = (a->t0 & ~1U) + 2, hi = (b->t1 + 1) & ~1U;
	struct torture_pub pub;
	u64 sum = 0;

	if ((s32)(hi - lo) < 0 || hi - lo > 64 || !log_wait(c, hi))
		return false;
	for (u32 e = lo; (s32)(hi - e) >= 0;) {
		u32 f = e;

		/* An unlogged publication is covered by the entry of its operation. */
		while (!log_read(c, f, &pub)) {
			f += 2;
			if (f - e > 16 || !log_wait(c, f))
				return false;
		}
		if ((s32)((u32)pub.first - e) >= 0)
			return false;
		sum += pub.excuse_ns;
		e = f + 2;
	}
	if (step > (__int128)sum)
		return false;
	r->st.excused++;
	if ((u64)step > r->st.excused_max_ns)
		r->st.excused_max_ns = (u64)step;
	return true;
}

/*
 * The seqcount property: the value @v the vDSO returned for @clock is what
 * one publication gives for a counter value between @c0 and @c1 (read
 * around the call).  The candidates are the publications the call can have
 * met: tk_core.seq went from @t0 to @t1, and the vvar page is written inside
 * that seqcount's write section.
 */
static void check_seqcount(struct reader *r, s32 clock, const struct timespec64 *v, u64 c0, u64 c1,
			   u32 t0, u32 t1)
{
	struct torture_ctx *c = r->ctx;
	struct torture_pub pub[4];
	u32 lo = t0 & ~1U, hi = (t1 + 1) & ~1U, n = 0;
	int group = clock == TK_CLOCK_MONOTONIC_RAW ? CS_RAW : CS_HRES_COARSE;
	__int128 vn = ts_to_ns(v);
	struct rbuf b;
	char s0[48], s1[48], sv[48];

	/* A jittering counter has no before/after bracket; many updates, no single answer. */
	if (hi - lo > 6 || (c->o->counter == TORTURE_COUNTER_SYNTHETIC && c->o->synth.jitter)) {
		r->st.seq_unverifiable++;
		return;
	}
	if (!log_wait(c, hi))
		return;
	for (u32 e = lo;; e += 2) {
		if (!log_read(c, e, &pub[n])) {
			/* An update the timekeeper did not log (several in one adjtimex call). */
			r->st.seq_unverifiable++;
			return;
		}
		n++;
		if (e == hi)
			break;
	}
	r->st.seq_checked++;
	for (u32 i = 0; i < n; i++) {
		const struct vdso_clock *vc = &pub[i].vc[group];

		if (vc->clock_mode == VDSO_CLOCKMODE_NONE)
			return; /* the vDSO fell back to the kernel-side path */
		if (pub_value(vc, clock, pub_floor(vc, c0)) <= vn && vn <= pub_value(vc, clock, c1))
			return;
	}
	if (!claim(c, &b, "seqcount"))
		return;
	rb_printf(&b, "CLOCK_%s via the vDSO returned %s, which no single published update gives\n",
		  oracle_clock_name(clock), ns_str(sv, sizeof(sv), vn));
	rb_printf(&b,
		  "  counter 0x%" PRIx64 " before the call, 0x%" PRIx64
		  " after; tk_core.seq %" PRIu32 " -> %" PRIu32 "\n",
		  c0, c1, t0, t1);
	for (u32 i = 0; i < n; i++) {
		const struct vdso_clock *vc = &pub[i].vc[group];

		rb_printf(&b,
			  "  update %" PRIu32 ": cycle_last 0x%" PRIx64 " mult %" PRIu32
			  " gives %s .. %s\n",
			  lo + 2 * i, vc->cycle_last, vc->mult,
			  ns_str(s0, sizeof(s0), pub_value(vc, clock, pub_floor(vc, c0))),
			  ns_str(s1, sizeof(s1), pub_value(vc, clock, c1)));
	}
	finish_report(r, &b, clock, PATH_VDSO);
}

/* ---------------------------------------------------------------- readers */

/*
 * One clock read through @path, counted and remembered, with the seqcount
 * it ran under (did it overlap an update?) and, in @w if not NULL, the
 * tk_core.seq window around it.
 */
static int read_clock(struct reader *r, s32 clock, int path, struct timespec64 *ts,
		      struct seqwin *w)
{
	struct torture_ctx *c = r->ctx;
	const u32 *tkseq = &c->k->tk_core.seq;
	const u32 *seq = path == PATH_VDSO ? &clock_group(c->vd, clock)->seq : tkseq;
	u32 s0, s1, t0, t1;
	int ret;

	t0 = __atomic_load_n(tkseq, __ATOMIC_ACQUIRE);
	s0 = __atomic_load_n(seq, __ATOMIC_ACQUIRE);
	if (path == PATH_VDSO)
		ret = cvdso_clock_gettime(c->vd, clock, ts);
	else
		ret = tk_sys_clock_gettime(c->k, clock, ts);
	/* smp_rmb: the read's loads complete before the sequences are loaded again. */
	smp_rmb();
	s1 = READ_ONCE(*seq);
	t1 = READ_ONCE(*tkseq);
	if (w)
		*w = (struct seqwin){ t0, t1 };
	r->st.reads++;
	if (path == PATH_VDSO) {
		r->st.vdso_reads++;
		r->st.vdso_probed++;
		r->st.vdso_overlaps += s0 != s1 || (s0 & 1);
	} else {
		r->st.sys_probed++;
		r->st.sys_overlaps += s0 != s1 || (s0 & 1);
	}
	if (ret == 0 && (u32)clock < VDSO_BASES) {
		struct sample *s = &r->ring[r->nsamples++ % RING];

		*s = (struct sample){ .ns = ts_to_ns(ts), .clock = clock, .path = path };
	}
	return ret;
}

static void read_failed(struct reader *r, s32 clock, int path, int ret)
{
	struct rbuf b;

	if (!claim(r->ctx, &b, "read"))
		return;
	rb_printf(&b, "CLOCK_%s via the %s path failed: %d\n", oracle_clock_name(clock),
		  path_name(path), ret);
	finish_report(r, &b, -1, path);
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
	u32 t0, t1;
	int ret;

	if ((checks & TORTURE_CHECK_SANDWICH) && (ret = read_clock(r, clock, PATH_SYS, &k0, &w0))) {
		read_failed(r, clock, PATH_SYS, ret);
		return;
	}
	t0 = __atomic_load_n(&c->k->tk_core.seq, __ATOMIC_ACQUIRE);
	c0 = torture_counter(c);
	ret = read_clock(r, clock, PATH_VDSO, &v, &wv);
	c1 = torture_counter(c);
	/* smp_rmb: the vDSO read completes before tk_core.seq is loaded again. */
	smp_rmb();
	t1 = READ_ONCE(c->k->tk_core.seq);
	if (ret) {
		read_failed(r, clock, PATH_VDSO, ret);
		return;
	}
	if (checks & TORTURE_CHECK_SEQCOUNT)
		check_seqcount(r, clock, &v, c0, c1, t0, t1);
	if (!(checks & TORTURE_CHECK_SANDWICH) || stopped(c))
		return;
	if ((ret = read_clock(r, clock, PATH_SYS, &k1, &w1))) {
		read_failed(r, clock, PATH_SYS, ret);
		return;
	}
	if (settable(clock) && !set_seq_same(c, set0))
		return;
	if ((ts_to_ns(&k0) > ts_to_ns(&v) && !excused(r, &w0, &wv, ts_to_ns(&k0) - ts_to_ns(&v))) ||
	    (ts_to_ns(&v) > ts_to_ns(&k1) && !excused(r, &wv, &w1, ts_to_ns(&v) - ts_to_ns(&k1)))) {
		struct rbuf b;
		char a[48], m[48], z[48];

		if (!claim(c, &b, "sandwich"))
			return;
		rb_printf(&b,
			  "CLOCK_%s: kernel-side %s, vDSO %s, kernel-side %s are not in order\n",
			  oracle_clock_name(clock), ns_str(a, sizeof(a), ts_to_ns(&k0)),
			  ns_str(m, sizeof(m), ts_to_ns(&v)), ns_str(z, sizeof(z), ts_to_ns(&k1)));
		finish_report(r, &b, clock, PATH_VDSO);
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
				   TK_MAX_CLOCKS };
	struct torture_ctx *c = r->ctx;

	for (size_t i = 0; i < sizeof(ids) / sizeof(ids[0]); i++) {
		struct timespec64 ts;
		int rv = cvdso_clock_gettime(c->vd, ids[i], &ts);
		int rk = tk_sys_clock_gettime(c->k, ids[i], &ts);
		struct rbuf b;

		r->st.reads += 2;
		if (rv == -EINVAL && rk == -EINVAL)
			continue;
		if (!claim(c, &b, "sandwich"))
			return;
		rb_printf(&b,
			  "clock id %d: vDSO returned %d, kernel-side %d; both must be -EINVAL\n",
			  ids[i], rv, rk);
		finish_report(r, &b, -1, PATH_VDSO);
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
		if ((ret = read_clock(r, clock, path, &v[i], &w[i]))) {
			read_failed(r, clock, path, ret);
			return;
		}
	}
	if (settable(clock) && !set_seq_same(c, set0))
		return;
	for (int i = 1; i < BATCH; i++) {
		char s[48];

		if (ts_to_ns(&v[i]) >= ts_to_ns(&v[i - 1]) ||
		    excused(r, &w[i - 1], &w[i], ts_to_ns(&v[i - 1]) - ts_to_ns(&v[i])))
			continue;
		if (!claim(c, &b, "inconsistency"))
			return;
		rb_printf(&b,
			  "CLOCK_%s via the %s path went back by %s s in %d back-to-back reads:\n",
			  oracle_clock_name(clock), path_name(path),
			  ns_str(s, sizeof(s), ts_to_ns(&v[i - 1]) - ts_to_ns(&v[i])), BATCH);
		for (int j = 0; j < BATCH; j++) {
			rb_printf(&b, "    %2d %s%s\n", j, ns_str(s, sizeof(s), ts_to_ns(&v[j])),
				  j == i ? "   <-- earlier than the one before" : "");
		}
		finish_report(r, &b, clock, path);
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

/* threadtest: append MONOTONIC to the shared list, in lock order; check it when full. */
static void threadtest(struct reader *r, int path)
{
	struct torture_ctx *c = r->ctx;
	const bool kernel_cmp = c->o->bugs & BUG_THREADTEST_CMP;
	struct timespec64 ts;
	struct seqwin w;
	int ret;

	pthread_mutex_lock(&c->tt_lock);
	ret = read_clock(r, TK_CLOCK_MONOTONIC, path, &ts, &w);
	if (ret) {
		pthread_mutex_unlock(&c->tt_lock);
		read_failed(r, TK_CLOCK_MONOTONIC, path, ret);
		return;
	}
	c->tt[c->tt_n++] = (struct tt_entry){ .ts = ts, .w = w, .reader = r->id, .path = path };
	if (c->tt_n == TT_LIST) {
		for (unsigned int i = 1; i < TT_LIST; i++) {
			struct rbuf b;
			char s[48];

			if (!torture_went_back(&c->tt[i - 1].ts, &c->tt[i].ts, kernel_cmp) ||
			    excused(r, &c->tt[i - 1].w, &c->tt[i].w,
				    ts_to_ns(&c->tt[i - 1].ts) - ts_to_ns(&c->tt[i].ts)))
				continue;
			if (!claim(c, &b, "threadtest"))
				break;
			rb_printf(
				&b,
				"the shared list of CLOCK_MONOTONIC reads went back at entry %u:\n",
				i);
			for (unsigned int j = i > 8 ? i - 8 : 0; j < TT_LIST && j < i + 8; j++)
				rb_printf(&b, "    %3u reader %u %-12s %s%s\n", j, c->tt[j].reader,
					  path_name(c->tt[j].path),
					  ns_str(s, sizeof(s), ts_to_ns(&c->tt[j].ts)),
					  j == i ? "   <-- earlier than the one before" : "");
			finish_report(r, &b, -1, path);
			break;
		}
		c->tt_n = 0;
	}
	pthread_mutex_unlock(&c->tt_lock);
}

static void *reader_fn(void *arg)
{
	struct reader *r = arg;
	struct torture_ctx *c = r->ctx;
	const struct torture_opts *o = c->o;
	s32 clocks[TK_MAX_CLOCKS];
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
	for (s32 i = 0; i < TK_MAX_CLOCKS; i++)
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

/* ------------------------------------------------------------- timekeeper */

static void set_begin(struct torture_ctx *c)
{
	WRITE_ONCE(c->set_seq, READ_ONCE(c->set_seq) + 1);
	/* The odd set_seq is visible before any clock the set changes. */
	smp_wmb();
}

static void set_end(struct torture_ctx *c)
{
	__atomic_store_n(&c->set_seq, READ_ONCE(c->set_seq) + 1, __ATOMIC_RELEASE);
}

/* One churn operation, chosen at random among the enabled kinds. */
static void churn(struct torture_ctx *c, struct sim_rng *rng, int *sign)
{
	struct tk_kernel *k = c->k;
	u32 kinds[3], n = 0, kind;
	struct tk_timex tx = { 0 };

	for (u32 i = 0; i < 3; i++)
		if (c->o->churn & BIT(i))
			kinds[n++] = BIT(i);
	kind = kinds[sim_rng_below(rng, n)];
	if (kind == TORTURE_CHURN_FREQ) {
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
		set_begin(c);
		do_adjtimex(k, &tx, true);
		set_end(c);
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
		set_begin(c);
		do_settimeofday64(k, &now);
		set_end(c);
	}
	c->churn_ops++;
}

/*
 * The step back a publication may legitimately cause (struct torture_pub):
 * (cycles the operation took) * |mult change| >> shift, plus 1 ns of
 * rounding; 0 when mult did not change (then continuity is exact).
 */
static u64 mult_change_excuse(struct torture_ctx *c, u32 old_mult, u64 cycles, bool several)
{
	const struct vdso_clock *vc = &c->k->vdata.clock_data[CS_HRES_COARSE];
	u64 mask = vc->clock_mode == VDSO_CLOCKMODE_TSC ? (u64)S64_MAX : vc->mask;
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
	log_publication(c, seq, *logged,
			mult_change_excuse(c, *mult, c_post - c_pre, seq - *logged > 2));
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

/*
 * The timekeeper thread: the tick at HZ (or back to back, publishing every
 * time through TK_ADV_FREQ), churn, jitter, and the log of publications.
 * It stands for the tick interrupt and runs as simulated CPU 0.
 */
static void *timekeeper_fn(void *arg)
{
	struct torture_ctx *c = arg;
	const struct torture_opts *o = c->o;
	struct tk_kernel *k = c->k;
	struct sim_rng rng = { o->seed };
	const u64 period = NSEC_PER_SEC / o->hz;
	const u64 churn_every = o->max_pressure ? 64 : (o->hz >= 100 ? o->hz / 100 : 1);
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

		if (!o->max_pressure) {
			timespec_add_ns(&next, period);
			clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, NULL);
		}
		c_pre = torture_counter(c);
		update_wall_time(k);
		tk_op_done(c, &logged, &mult, c_pre);
		if (o->max_pressure) {
			c_pre = torture_counter(c);
			timekeeping_advance(k, TK_ADV_FREQ);
			tk_op_done(c, &logged, &mult, c_pre);
		}
		if (o->churn && n % churn_every == 0 && !READ_ONCE(c->churn_paused)) {
			c_pre = torture_counter(c);
			churn(c, &rng, &sign);
			tk_op_done(c, &logged, &mult, c_pre);
		}
		if (o->counter == TORTURE_COUNTER_SYNTHETIC)
			sim_tsc_counter_jitter(&c->sys->sc);
	}
	return NULL;
}

/* ----------------------------------------------------------------- setup */

/**
 * torture_opts_default() - the defaults `tksim torture` documents
 * @o: filled: real TSC with lfence;rdtsc, 2 readers, 5 s, HZ=1000, no
 *     churn, every check, every clock, both paths, seed 1, pinned threads;
 *     the synthetic counter at 1 GHz, 64 bits, no skew or jitter
 */
void torture_opts_default(struct torture_opts *o)
{
	*o = (struct torture_opts){
		.counter = TORTURE_COUNTER_TSC,
		.insn = VDSO_TSC_LFENCE,
		.threads = 2,
		.duration_ns = 5 * NSEC_PER_SEC,
		.hz = 1000,
		.seed = 1,
		.checks = TORTURE_CHECK_ALL,
		.clocks = BIT(TK_CLOCK_REALTIME) | BIT(TK_CLOCK_MONOTONIC) |
			  BIT(TK_CLOCK_MONOTONIC_RAW) | BIT(TK_CLOCK_REALTIME_COARSE) |
			  BIT(TK_CLOCK_MONOTONIC_COARSE) | BIT(TK_CLOCK_BOOTTIME) |
			  BIT(TK_CLOCK_TAI),
		.paths = TORTURE_PATH_VDSO | TORTURE_PATH_SYSCALL,
		.litmus_clock = TK_CLOCK_MONOTONIC,
		.synth = { .freq_hz = 1000000000ULL, .bits = 64, .seed = 1 },
		.pin = true,
	};
}

static void host_cpus(struct torture_ctx *c)
{
	cpu_set_t set;

	c->nhost = 0;
	if (sched_getaffinity(0, sizeof(set), &set))
		return;
	for (int i = 0; i < CPU_SETSIZE && c->nhost < 64; i++)
		if (CPU_ISSET(i, &set))
			c->host_cpu[c->nhost++] = i;
}

static int boot(struct torture_ctx *c, struct torture_result *res)
{
	const struct torture_opts *o = c->o;
	struct torture_sys *s = c->sys;
	struct tk_boot_params bp;
	u64 hz = o->tsc_hz;
	int ret;

	if (!hz && (ret = sim_tsc_calibrate(&hz)))
		return ret;
	res->tsc_hz = hz;
	ret = sim_tsc_clocksource_init_hz(&s->tsc, o->insn, hz);
	if (ret)
		return ret;
	sim_tsc_boot_params(&bp);
	bp.hz = o->hz;
	if (o->counter == TORTURE_COUNTER_TSC) {
		ret = timekeeping_init(&s->k, &s->tsc.cs, &bp);
		s->k.vdata.arch_data.tsc_insn = o->insn;
	} else {
		ret = sim_tsc_counter_init(&s->sc, &s->tsc, &o->synth);
		if (!ret)
			ret = timekeeping_init(&s->k, &s->sc.cs, &bp);
		if (!ret)
			sim_tsc_counter_attach(&s->sc, &s->k);
	}
	if (ret)
		return ret;
	sim_bugs_apply(&s->k, o->bugs);
	s->k.vdso_write_spin = o->window_spin;
	res->clock_mode = s->k.vdata.clock_data[CS_HRES_COARSE].clock_mode;
	return 0;
}

static int check_opts(const struct torture_opts *o)
{
	if (!o->threads || o->threads > TORTURE_MAX_READERS || !o->hz || o->hz > 100000 ||
	    (!o->duration_ns && !o->iterations) || !(o->checks & TORTURE_CHECK_ALL) ||
	    !(o->clocks & 0x08f3) || (o->clocks & ~0x08f3U) || !o->paths ||
	    (o->paths & ~(TORTURE_PATH_VDSO | TORTURE_PATH_SYSCALL)) ||
	    o->counter > TORTURE_COUNTER_SYNTHETIC)
		return -EINVAL;
	if (!sim_tsc_insn_supported(o->insn))
		return -EOPNOTSUPP;
	return 0;
}

/* Sleep in steps until @until_ns (CLOCK_MONOTONIC) or a violation, showing progress. */
static void wait_phase(struct torture_ctx *c, u64 until_ns, double total_s, bool until_done)
{
	const struct torture_opts *o = c->o;

	for (;;) {
		struct timespec step = { 0, 50 * NSEC_PER_MSEC };
		u64 now = mono_ns(), reads = 0;

		if (READ_ONCE(c->failed) || (until_ns && now >= until_ns))
			return;
		if (until_done && __atomic_load_n(&c->finished, __ATOMIC_ACQUIRE) == o->threads)
			return;
		for (unsigned int i = 0; i < o->threads; i++)
			reads += READ_ONCE(c->readers[i].progress_reads);
		if (o->progress)
			o->progress(o->progress_arg, (double)(now - c->t0_ns) * 1e-9, total_s,
				    reads);
		if (until_ns && until_ns - now < (u64)step.tv_nsec)
			step.tv_nsec = (long)(until_ns - now);
		nanosleep(&step, NULL);
	}
}

/* The litmus tests for every TSC read instruction; only @counts rows can fail the run. */
static void litmus_phase(struct torture_ctx *c, struct torture_result *res)
{
	const struct torture_opts *o = c->o;
	const u32 under_test = (o->bugs & BUG_BARE_RDTSC) ? (u32)VDSO_TSC_BARE : o->insn;
	const u32 variants[3] = { VDSO_TSC_LFENCE, VDSO_TSC_RDTSCP, VDSO_TSC_BARE };
	unsigned int nsup = 0;
	u64 each = o->litmus_ns;

	for (int i = 0; i < 3; i++)
		nsup += sim_tsc_insn_supported(variants[i]);
	if (!each)
		each = o->duration_ns ? o->duration_ns / 4 / (nsup * LITMUS_NR)
				      : 250 * NSEC_PER_MSEC;
	if (each < 20 * NSEC_PER_MSEC)
		each = 20 * NSEC_PER_MSEC;

	WRITE_ONCE(c->churn_paused, 1);
	for (int i = 0; i < 3 && !READ_ONCE(c->failed); i++) {
		struct torture_litmus_row *row = &res->litmus[res->nlitmus++];

		*row = (struct torture_litmus_row){
			.insn = variants[i],
			.supported = sim_tsc_insn_supported(variants[i]),
			.counts = variants[i] == under_test,
		};
		if (!row->supported)
			continue;
		/* No reader runs now: the vDSO's instruction may change. */
		WRITE_ONCE(c->k->vdata.arch_data.tsc_insn, variants[i]);
		for (int t = 0; t < LITMUS_NR; t++) {
			struct litmus_params p = { .vd = c->vd,
						   .clock = o->litmus_clock,
						   .duration_ns = each,
						   .cpu = { 1, 2, 3 },
						   .seed = o->seed + (u64)t };
			struct litmus_result *r = &row->r[t];
			struct rbuf b;

			litmus_run((enum litmus_test)t, &p, r);
			if (o->progress)
				o->progress(o->progress_arg, (double)(mono_ns() - c->t0_ns) * 1e-9,
					    (double)o->duration_ns * 1e-9, 0);
			if (!row->counts || litmus_expected_to_fail((enum litmus_test)t) ||
			    !r->failures || !claim(c, &b, "litmus"))
				continue;
			rb_printf(&b,
				  "%s test failed with %s: worst error %" PRIu64 " ns with %" PRIu64
				  " samples (%" PRIu64 " failed)\n",
				  litmus_name((enum litmus_test)t), sim_tsc_insn_name(variants[i]),
				  r->worst_ns, r->samples, r->failures);
			rb_printf(&b,
				  "  a clock read made after observing another thread's timestamp"
				  " was older than it (CLOCK_%s)\n",
				  oracle_clock_name(o->litmus_clock));
			rb_printf(&b, "  seed %" PRIu64 "; replay with: %s\n", o->seed,
				  o->replay ? o->replay : "(command line not given)");
			break;
		}
	}
	WRITE_ONCE(c->k->vdata.arch_data.tsc_insn,
		   (o->bugs & BUG_BARE_RDTSC) ? (u32)VDSO_TSC_BARE : o->insn);
	WRITE_ONCE(c->churn_paused, 0);
}

/* The readers get the run minus the litmus tests' share (a quarter by default). */
static u64 reader_phase_ns(const struct torture_opts *o)
{
	u64 litmus;

	if (!o->duration_ns || !(o->checks & TORTURE_CHECK_LITMUS))
		return o->duration_ns;
	litmus = o->litmus_ns ? o->litmus_ns * LITMUS_NR * 3 : o->duration_ns / 4;
	if (litmus > o->duration_ns / 2)
		litmus = o->duration_ns / 2;
	return o->duration_ns - litmus;
}

/**
 * torture_run() - boot a system and torture it
 * @o:   the run
 * @res: out: the outcome; release with torture_result_free()
 *
 * Return: 0 when the run happened (res->violated tells the outcome),
 * -EINVAL for bad options, -EOPNOTSUPP if the CPU lacks @o->insn, -ENODEV
 * without a usable TSC, -ENOMEM, or a pthread errno.
 */
int torture_run(const struct torture_opts *o, struct torture_result *res)
{
	struct torture_ctx *c;
	pthread_t tk;
	unsigned int started = 0;
	u64 phase_ns;
	int ret;

	memset(res, 0, sizeof(*res));
	ret = check_opts(o);
	if (ret)
		return ret;
	c = aligned_alloc(64, sizeof(*c)); /* its hot words have cache lines of their own */
	if (!c)
		return -ENOMEM;
	memset(c, 0, sizeof(*c));
	c->o = o;
	c->sys = aligned_alloc(64, sizeof(*c->sys));
	c->log = calloc(LOG_SIZE, sizeof(*c->log));
	c->report = calloc(1, REPORT_SIZE);
	res->readers = calloc(o->threads, sizeof(*res->readers));
	if (!c->sys || !c->log || !c->report || !res->readers) {
		ret = -ENOMEM;
		goto out_free;
	}
	memset(c->sys, 0, sizeof(*c->sys));
	for (u32 i = 0; i < LOG_SIZE; i++)
		c->log[i].tag = 1; /* matches no publication */
	ret = boot(c, res);
	if (ret)
		goto out_free;
	c->k = &c->sys->k;
	c->vd = &c->k->vdata;
	host_cpus(c);
	pthread_mutex_init(&c->tt_lock, NULL);
	log_publication(c, c->k->tk_core.seq, c->k->tk_core.seq - 2, 0);
	c->t0_ns = mono_ns();

	ret = -pthread_create(&tk, NULL, timekeeper_fn, c);
	if (ret)
		goto out_destroy;
	for (; started < o->threads; started++) {
		struct reader *r = &c->readers[started];

		r->ctx = c;
		r->id = started;
		r->cpu = (1 + started) % VDSO_MAX_CPUS;
		sim_rng_seed(&r->rng, o->seed ^ (0x9e3779b97f4a7c15ULL * (started + 1)));
		ret = -pthread_create(&r->tid, NULL, reader_fn, r);
		if (ret)
			break;
	}
	if (!ret) {
		phase_ns = reader_phase_ns(o);
		wait_phase(c, phase_ns ? c->t0_ns + phase_ns : 0, (double)o->duration_ns * 1e-9,
			   !phase_ns);
	}
	WRITE_ONCE(c->stop, 1);
	for (unsigned int i = 0; i < started; i++)
		pthread_join(c->readers[i].tid, NULL);
	res->seconds = (double)(mono_ns() - c->t0_ns) * 1e-9;
	if (!ret && !READ_ONCE(c->failed) && (o->checks & TORTURE_CHECK_LITMUS))
		litmus_phase(c, res);
	WRITE_ONCE(c->tk_stop, 1);
	pthread_join(tk, NULL);

	res->nreaders = started;
	for (unsigned int i = 0; i < started; i++)
		res->readers[i] = c->readers[i].st;
	res->publications = c->publications;
	res->churn_ops = c->churn_ops;
	res->violated = READ_ONCE(c->failed) != 0;
	if (res->violated) {
		res->report = c->report;
		c->report = NULL;
	}
out_destroy:
	pthread_mutex_destroy(&c->tt_lock);
	timekeeping_destroy(&c->sys->k);
out_free:
	free(c->report);
	free(c->log);
	free(c->sys);
	free(c);
	return ret;
}

/** torture_result_free() - release what torture_run() allocated in @res. */
void torture_result_free(struct torture_result *res)
{
	free(res->report);
	free(res->readers);
	res->report = NULL;
	res->readers = NULL;
}
