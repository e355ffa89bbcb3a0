// SPDX-License-Identifier: GPL-2.0
// tksim's own: the measurement loops of `tksim bench`, one per (read path, entry point).
/*
 * Each loop makes @n calls of one read path with its arguments in
 * registers, the way a program calls clock_gettime(): a direct call into
 * the simulated vDSO (a separate translation unit, so nothing is inlined
 * into the loop), a call through libc, or an indirect call into the host
 * vDSO.  bench_keep() makes the compiler store each result and forbids
 * hoisting the call out of the loop, at the cost of no instruction.
 *
 * Per-call time is a batch's time divided by its calls, timed with the
 * host's CLOCK_MONOTONIC (its own cost, ~25 ns, spread over the batch).
 */
#include "tools/bench/bench_common.h"

#include <errno.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "vdso/gettimeofday.h"

/* The result object is live and stored each iteration; costs no instruction. */
#define bench_keep(p) __asm__ __volatile__("" : : "r"(p) : "memory")

/*
 * BENCH_LOOP() - define loop @fname: @setup once, @body @n times, then the
 * last result (@out of @type) as ns through @to_ns, and @ret.
 */
#define BENCH_LOOP(fname, type, setup, body, to_ns)      \
	static void fname(struct bench_target *t, u32 n) \
	{                                                \
		type out = { 0 };                        \
		int ret = 0;                             \
		setup;                                   \
		for (u32 i = 0; i < n; i++) {            \
			body;                            \
			bench_keep(&out);                \
		}                                        \
		t->ret = ret;                            \
		t->last_ns = (to_ns);                    \
	}

#define TS_NS(ts) ((__int128)(ts).tv_sec * NSEC_PER_SEC + (ts).tv_nsec)
#define TV_NS(tv) ((__int128)(tv).tv_sec * NSEC_PER_SEC + (__int128)(tv).tv_usec * NSEC_PER_USEC)
#define SEC_NS(s) ((__int128)(s)*NSEC_PER_SEC)

/* A host syscall's result as 0 or -errno. */
static inline int host_ret(long r)
{
	return r < 0 ? -errno : 0;
}

/* ---- the simulated vDSO of v6.15 (basetime[]), on the TSC system or the synthetic one */
#define SIM_VD(sys)                                         \
	const struct vdso_time_data *vd = &t->sys->k.vdata; \
	s32 clock = t->api->clock
BENCH_LOOP(tsc_gettime, struct timespec64, SIM_VD(tsc), ret = cvdso_clock_gettime(vd, clock, &out),
	   TS_NS(out))
BENCH_LOOP(tsc_gtod, struct tk_timeval, SIM_VD(tsc);
	   (void)clock, ret = cvdso_gettimeofday(vd, &out, NULL), TV_NS(out))
BENCH_LOOP(tsc_time, time64_t, SIM_VD(tsc); (void)clock, out = cvdso_time(vd, NULL), SEC_NS(out))
BENCH_LOOP(tsc_getres, struct timespec64, SIM_VD(tsc), ret = cvdso_clock_getres(vd, clock, &out),
	   TS_NS(out))
BENCH_LOOP(synth_gettime, struct timespec64, SIM_VD(synth),
	   ret = cvdso_clock_gettime(vd, clock, &out), TS_NS(out))
BENCH_LOOP(synth_gtod, struct tk_timeval, SIM_VD(synth);
	   (void)clock, ret = cvdso_gettimeofday(vd, &out, NULL), TV_NS(out))
BENCH_LOOP(synth_time, time64_t, SIM_VD(synth);
	   (void)clock, out = cvdso_time(vd, NULL), SEC_NS(out))
BENCH_LOOP(synth_getres, struct timespec64, SIM_VD(synth),
	   ret = cvdso_clock_getres(vd, clock, &out), TS_NS(out))

/* ---- the historical paths, on the variants' kernel */
#define V416_G                                     \
	const struct vsyscall_gtod_data *g = t->g; \
	s32 clock = t->api->clock
BENCH_LOOP(v416_gettime, struct timespec64, V416_G, ret = vclock_gettime_v416(g, clock, &out),
	   TS_NS(out))
BENCH_LOOP(v416rp_gettime, struct timespec64, V416_G,
	   ret = vclock_gettime_v416_retpoline(g, clock, &out), TS_NS(out))
BENCH_LOOP(v416seed_gettime, struct timespec64, V416_G,
	   ret = vclock_gettime_v416_seed(g, clock, &out), TS_NS(out))
BENCH_LOOP(v416_gtod, struct tk_timeval, V416_G;
	   (void)clock, ret = vclock_gettimeofday_v416(g, &out, NULL), TV_NS(out))
BENCH_LOOP(v416_time, time64_t, V416_G; (void)clock, out = vclock_time_v416(g, NULL), SEC_NS(out))
BENCH_LOOP(v416_getres, struct timespec64, V416_G, ret = vclock_getres_v416(g, clock, &out),
	   TS_NS(out))
BENCH_LOOP(mono_gettime, struct timespec64, const struct vdso_time_data *vd = &t->k->vdata,
	   ret = cvdso_clock_gettime_monotonic(vd, &out), TS_NS(out))

/* ---- the 32-bit functions (old_timespec32 & co.: seconds truncated to 32 bits) */
#define VAR_VD                                          \
	const struct vdso_time_data *vd = &t->k->vdata; \
	s32 clock = t->api->clock
BENCH_LOOP(v32_gettime, struct old_timespec32, VAR_VD, ret = cvdso_clock_gettime32(vd, clock, &out),
	   TS_NS(out))
BENCH_LOOP(v32_gtod, struct old_timeval32, VAR_VD;
	   (void)clock, ret = cvdso_gettimeofday32(vd, &out, NULL), TV_NS(out))
BENCH_LOOP(v32_time, s32, VAR_VD; (void)clock, out = cvdso_time32(vd, NULL), SEC_NS(out))
BENCH_LOOP(v32_getres, struct old_timespec32, VAR_VD,
	   ret = cvdso_clock_getres_time32(vd, clock, &out), TS_NS(out))

/* ---- the simulated kernel-side path, alone and behind a real syscall's entry and exit */
#define SYS_K                             \
	const struct tk_kernel *k = t->k; \
	s32 clock = t->api->clock
BENCH_LOOP(fb_gettime, struct timespec64, SYS_K, ret = tk_sys_clock_gettime(k, clock, &out),
	   TS_NS(out))
BENCH_LOOP(fb_gtod, struct tk_timeval, SYS_K;
	   (void)clock, ret = tk_sys_gettimeofday(k, &out, NULL), TV_NS(out))
BENCH_LOOP(fb_time, time64_t, SYS_K; (void)clock, out = tk_sys_time(k), SEC_NS(out))
BENCH_LOOP(fb_getres, struct timespec64, SYS_K, ret = tk_sys_clock_getres(k, clock, &out),
	   TS_NS(out))
BENCH_LOOP(sc_gettime, struct timespec64, SYS_K, syscall(SYS_getppid);
	   ret = tk_sys_clock_gettime(k, clock, &out), TS_NS(out))
BENCH_LOOP(sc_gtod, struct tk_timeval, SYS_K; (void)clock, syscall(SYS_getppid);
	   ret = tk_sys_gettimeofday(k, &out, NULL), TV_NS(out))
BENCH_LOOP(sc_time, time64_t, SYS_K; (void)clock, syscall(SYS_getppid);
	   out = tk_sys_time(k), SEC_NS(out))
BENCH_LOOP(sc_getres, struct timespec64, SYS_K, syscall(SYS_getppid);
	   ret = tk_sys_clock_getres(k, clock, &out), TS_NS(out))

/* ---- the host: libc, its vDSO called directly, its syscalls */
#define HOST_CLK clockid_t clock = (clockid_t)t->api->clock
BENCH_LOOP(libc_gettime, struct timespec, HOST_CLK, ret = clock_gettime(clock, &out), TS_NS(out))
BENCH_LOOP(libc_gtod, struct timeval, HOST_CLK;
	   (void)clock, ret = gettimeofday(&out, NULL), TV_NS(out))
BENCH_LOOP(libc_time, time_t, HOST_CLK; (void)clock, out = time(NULL), SEC_NS(out))
BENCH_LOOP(libc_getres, struct timespec, HOST_CLK, ret = clock_getres(clock, &out), TS_NS(out))
BENCH_LOOP(hv_gettime, struct timespec, HOST_CLK;
	   int (*fn)(clockid_t, struct timespec *) = t->host.clock_gettime, ret = fn(clock, &out),
	   TS_NS(out))
BENCH_LOOP(hv_gtod, struct timeval, HOST_CLK; (void)clock;
	   int (*fn)(struct timeval *, void *) = t->host.gettimeofday, ret = fn(&out, NULL),
	   TV_NS(out))
BENCH_LOOP(hv_time, time_t, HOST_CLK; (void)clock;
	   time_t(*fn)(time_t *) = t->host.time, out = fn(NULL), SEC_NS(out))
BENCH_LOOP(hv_getres, struct timespec, HOST_CLK;
	   int (*fn)(clockid_t, struct timespec *) = t->host.clock_getres, ret = fn(clock, &out),
	   TS_NS(out))
BENCH_LOOP(hs_gettime, struct timespec, HOST_CLK,
	   ret = host_ret(syscall(SYS_clock_gettime, clock, &out)), TS_NS(out))
BENCH_LOOP(hs_gtod, struct timeval, HOST_CLK;
	   (void)clock, ret = host_ret(syscall(SYS_gettimeofday, &out, NULL)), TV_NS(out))
#ifdef SYS_time
BENCH_LOOP(hs_time, time_t, HOST_CLK;
	   (void)clock, out = (time_t)syscall(SYS_time, NULL), SEC_NS(out))
#else
#define hs_time NULL
#endif
BENCH_LOOP(hs_getres, struct timespec, HOST_CLK,
	   ret = host_ret(syscall(SYS_clock_getres, clock, &out)), TS_NS(out))

/* [impl][kind]; NULL: the path has no such entry point (or it is the same code as another). */
static bench_loop_fn *const loops[IMPL_MAX][4] = {
	[IMPL_SIM_LFENCE] = { tsc_gettime, tsc_gtod, tsc_time, tsc_getres },
	[IMPL_SIM_RDTSCP] = { tsc_gettime, tsc_gtod, tsc_time, tsc_getres },
	[IMPL_SIM_RDTSC] = { tsc_gettime, tsc_gtod, tsc_time, tsc_getres },
	[IMPL_SIM_SYNTH] = { synth_gettime, synth_gtod, synth_time, synth_getres },
	[IMPL_V416] = { v416_gettime, v416_gtod, v416_time, v416_getres },
	[IMPL_V416_RETPOLINE] = { v416rp_gettime, NULL, NULL, NULL },
	[IMPL_V416_SEED] = { v416seed_gettime, NULL, NULL, NULL },
	[IMPL_MONO_ENTRY] = { mono_gettime, NULL, NULL, NULL },
	[IMPL_VDSO32] = { v32_gettime, v32_gtod, v32_time, v32_getres },
	[IMPL_SIM_FALLBACK] = { fb_gettime, fb_gtod, fb_time, fb_getres },
	[IMPL_SIM_SYSCALL] = { sc_gettime, sc_gtod, sc_time, sc_getres },
	[IMPL_HOST_LIBC] = { libc_gettime, libc_gtod, libc_time, libc_getres },
	[IMPL_HOST_VDSO] = { hv_gettime, hv_gtod, hv_time, hv_getres },
	[IMPL_HOST_SYSCALL] = { hs_gettime, hs_gtod, hs_time, hs_getres },
};

/**
 * bench_loop_for() - the loop of one read path and entry point
 * @impl: the read path
 * @kind: the entry point
 *
 * The three TSC columns share one loop: cmd_bench switches the simulated
 * kernel's rdtsc_ordered() instruction between them.
 *
 * Return: the loop, or NULL if the path has no such entry point.
 */
bench_loop_fn *bench_loop_for(enum bench_impl impl, enum bench_kind kind)
{
	if (impl >= IMPL_MAX || (unsigned int)kind > BENCH_GETRES)
		return NULL;
	return loops[impl][kind];
}

/**
 * bench_impl_serves() - whether a read path is measured for a row
 * @impl: the read path
 * @api:  the row
 *
 * Return: true if measured (the dedicated entry only serves MONOTONIC).
 */
bool bench_impl_serves(enum bench_impl impl, const struct bench_api *api)
{
	if (!bench_loop_for(impl, api->kind))
		return false;
	if (impl == IMPL_MONO_ENTRY)
		return api->clock == TK_CLOCK_MONOTONIC;
	return true;
}

/* ---- bare counter reads: what a read path costs at least */
BENCH_LOOP(cnt_lfence, u64, (void)t, out = rdtsc_ordered(VDSO_TSC_LFENCE), (__int128)out)
BENCH_LOOP(cnt_rdtscp, u64, (void)t, out = rdtsc_ordered(VDSO_TSC_RDTSCP), (__int128)out)
BENCH_LOOP(cnt_rdtsc, u64, (void)t, out = rdtsc_ordered(VDSO_TSC_BARE), (__int128)out)
BENCH_LOOP(cnt_synth, u64, const struct vdso_sim_counter *sc = &t->synth->counter.page,
	   out = vdso_sim_counter_read(sc, VDSO_TSC_LFENCE, vdso_this_cpu), (__int128)out)

/**
 * bench_counter_loop() - the loop of a bare counter read
 * @c: which counter read
 *
 * Return: the loop, or NULL for an unknown @c.
 */
bench_loop_fn *bench_counter_loop(enum bench_counter c)
{
	static bench_loop_fn *const cl[COUNTER_MAX] = { cnt_lfence, cnt_rdtscp, cnt_rdtsc,
							cnt_synth };

	return c < COUNTER_MAX ? cl[c] : NULL;
}

/** bench_now_ns() - the host's CLOCK_MONOTONIC in ns: the batch timer. */
u64 bench_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * NSEC_PER_SEC + (u64)ts.tv_nsec;
}

/** bench_thread_cpu_ns() - this thread's CPU time in ns: what a busy machine changes less. */
u64 bench_thread_cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (u64)ts.tv_sec * NSEC_PER_SEC + (u64)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/**
 * bench_measure() - time one loop: warm-up, then batches of calls
 * @fn:      the loop
 * @t:       its target
 * @batches: batches measured (at least 1)
 * @calls:   calls per batch (at least 1)
 * @warmup:  unmeasured batches first (caches, branch predictors, clocks)
 * @st:      out: p50, p99 and min of the per-call time of each batch (ns)
 *
 * p99 is the batch at rank ceil(0.99 * batches), so with 100 batches the
 * second slowest: it shows the interrupts and preemptions that hit a
 * batch, which the median hides.
 */
void bench_measure(bench_loop_fn *fn, struct bench_target *t, u32 batches, u32 calls, u32 warmup,
		   struct bench_stat *st)
{
	double per_call[1024];
	u32 nb = batches < 1 ? 1 : batches > 1024 ? 1024 : batches;
	u32 nc = calls < 1 ? 1 : calls;
	u32 i99;

	for (u32 w = 0; w < warmup; w++)
		fn(t, nc);
	for (u32 b = 0; b < nb; b++) {
		u64 t0 = bench_now_ns(), t1;

		fn(t, nc);
		t1 = bench_now_ns();
		per_call[b] = (double)(t1 - t0) / nc;
	}
	qsort(per_call, nb, sizeof(per_call[0]), cmp_double);
	i99 = (u32)((99 * (u64)nb + 99) / 100);
	st->p50 = nb % 2 ? per_call[nb / 2] : (per_call[nb / 2 - 1] + per_call[nb / 2]) / 2;
	st->p99 = per_call[(i99 ? i99 : 1) - 1];
	st->min = per_call[0];
	st->batches = nb;
	st->calls = nc;
}
