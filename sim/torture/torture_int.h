/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: what the parts of the torture tester (sim/torture/torture*.c) share; not a public
 * API. */
#ifndef TKSIM_SIM_TORTURE_TORTURE_INT_H
#define TKSIM_SIM_TORTURE_TORTURE_INT_H

#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <time.h>

#include "sim/rng.h"
#include "sim/torture/torture.h"
#include "timekeeper/namespace.h"
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
	const struct time_namespace *ns; /* NULL outside a time namespace */
	struct torture_reader_stats st;
	u64 progress_reads; /* st.reads, published for the progress line */
	struct sample ring[RING];
	u64 nsamples;
	pthread_t tid;
} __attribute__((aligned(64)));

struct ktree;

struct torture_ctx {
	const struct torture_opts *o;
	struct torture_sys *sys;
	struct tk_kernel *k;
	const struct vdso_time_data *vd;
	/* the kernel tree under test (--kernel), NULL for the model: then @k and @vd are unused */
	struct ktree *kt;
	/* tk_core.seq's word, the model's or the tree's: the log's index, the readers' windows */
	const u32 *tkseq;
	/* the vvar page's seq of each clock base, which the vDSO waits on */
	const u32 *vvseq[CS_BASES];
	/* the tree: the TSC read instruction its vDSO's counter hook uses (the litmus rows') */
	u32 kt_vdso_insn;
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
	struct time_namespace *ns; /* the readers' namespace with opts.timens, else NULL */
};

/* ------------------------------------------------------------ small helpers */

static inline u64 mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * NSEC_PER_SEC + (u64)ts.tv_nsec;
}

static inline bool is_aux(s32 clock)
{
	return clock >= TK_CLOCK_AUX && clock <= TK_CLOCK_AUX_LAST;
}

/* The clocks a set moves: REALTIME's (settimeofday, ADJ_SETOFFSET) and the aux clocks (churn). */
static inline bool settable(s32 clock)
{
	return clock == TK_CLOCK_REALTIME || clock == TK_CLOCK_REALTIME_COARSE ||
	       clock == TK_CLOCK_TAI || is_aux(clock);
}

static inline bool coarse(s32 clock)
{
	return clock == TK_CLOCK_REALTIME_COARSE || clock == TK_CLOCK_MONOTONIC_COARSE;
}

static inline const struct vdso_clock *clock_group(const struct vdso_time_data *vd, s32 clock)
{
	if (is_aux(clock))
		return &vd->aux_clock_data[clock - TK_CLOCK_AUX];
	return &vd->clock_data[clock == TK_CLOCK_MONOTONIC_RAW ? CS_RAW : CS_HRES_COARSE];
}

/* The seq word the vDSO read of @clock waits on and retries with. */
static inline const u32 *vvar_seq(const struct torture_ctx *c, s32 clock)
{
	if (is_aux(clock))
		return &clock_group(c->vd, clock)->seq;
	return c->vvseq[clock == TK_CLOCK_MONOTONIC_RAW ? CS_RAW : CS_HRES_COARSE];
}

static inline bool stopped(struct torture_ctx *c)
{
	return READ_ONCE(c->stop) != 0;
}

static inline void pin_to(int host_cpu)
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
static inline u64 torture_counter(struct torture_ctx *c)
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

/* ------------------------------------------------ sim/torture/torture_report.c */

struct rbuf {
	char *buf;
	size_t len;
	size_t cap;
};

void __attribute__((format(printf, 2, 3))) torture_rb_printf(struct rbuf *b, const char *fmt, ...);
const char *torture_ns_str(char *buf, size_t n, __int128 ns);
bool torture_claim(struct torture_ctx *c, struct rbuf *b, const char *check);
const char *torture_path_name(int path);
void torture_rb_sample(struct rbuf *b, const char *mark, const struct sample *s);
void torture_finish_report(struct reader *r, struct rbuf *b, s32 clock, int path);

/* --------------------------------------------------- sim/torture/torture_log.c */

void torture_log_publication(struct torture_ctx *c, u32 seq, u32 first, u64 excuse_ns);
void torture_log_clocks(struct torture_ctx *c, u32 seq, u32 first, u64 excuse_ns,
			const struct vdso_clock vc[CS_BASES]);
bool torture_excused(struct reader *r, const struct seqwin *a, const struct seqwin *b,
		     __int128 step);
void torture_check_seqcount(struct reader *r, s32 clock, const struct timespec64 *v, u64 c0, u64 c1,
			    u32 t0, u32 t1);
u32 torture_aux_group_copy(struct torture_ctx *c, s32 clock, struct vdso_clock *out);
void torture_check_aux_seqcount(struct reader *r, s32 clock, const struct timespec64 *v, u64 c0,
				u64 c1, const struct vdso_clock *pub, u32 s0, u32 s1);

/* ------------------------------------------------ sim/torture/torture_sample.c */

int torture_vdso_gettime(const struct reader *r, s32 clock, struct timespec64 *ts);
int torture_sys_gettime(const struct reader *r, s32 clock, struct timespec64 *ts);
int torture_read_clock(struct reader *r, s32 clock, int path, struct timespec64 *ts,
		       struct seqwin *w);

/* -------------------------------------------------- sim/torture/torture_read.c */

void *torture_reader_fn(void *arg);

/* ---------------------------------------------------- sim/torture/torture_tk.c */

void torture_set_begin(struct torture_ctx *c);
void torture_set_end(struct torture_ctx *c);
u64 torture_mult_excuse(const struct vdso_clock *vc, u32 old_mult, u64 cycles, bool several);
void torture_sleep_after(struct timespec *t, u64 ns);
bool torture_churn_due(struct torture_ctx *c, struct sim_rng *rng, u64 n);
void *torture_timekeeper_fn(void *arg);

/* -------------------------------------------------- sim/torture/torture_ktree.c */

int torture_kt_check(const struct torture_opts *o);
int torture_kt_boot(struct torture_ctx *c, struct torture_result *res);
void torture_kt_close(struct torture_ctx *c);
void torture_kt_log_boot(struct torture_ctx *c);
int torture_kt_gettime(struct torture_ctx *c, s32 clock, int path, struct timespec64 *ts);
int torture_kt_litmus_read(void *arg, s32 clock, struct timespec64 *ts);
void *torture_kt_timekeeper_fn(void *arg);

#endif /* TKSIM_SIM_TORTURE_TORTURE_INT_H */
