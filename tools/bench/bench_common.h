/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tksim's own: what the measuring files of `tksim bench` share: the rows
 * (entry points), columns (read paths), the measurement loops and their timing.
 * The report built from them is in tools/bench/bench_report.h.
 */
#ifndef TKSIM_TOOLS_BENCH_BENCH_COMMON_H
#define TKSIM_TOOLS_BENCH_BENCH_COMMON_H

#include <stdio.h>

#include "sim/engine.h"
#include "sim/tsc.h"
#include "tools/parse_vdso.h"
#include "vdso/vclock_gettime_v416.h"

/** enum bench_kind - the four vDSO entry points */
enum bench_kind {
	BENCH_GETTIME,
	BENCH_GETTIMEOFDAY,
	BENCH_TIME,
	BENCH_GETRES,
};

/**
 * struct bench_api - one row: an entry point and, for the clock ones, a clock
 * @name:  vdsotest's name, e.g. "clock-gettime-monotonic"
 * @kind:  the entry point
 * @clock: clock id (BENCH_GETTIME, BENCH_GETRES)
 */
struct bench_api {
	const char *name;
	enum bench_kind kind;
	s32 clock;
};

/** enum bench_impl - one column: a read path */
enum bench_impl {
	IMPL_SIM_LFENCE, /* simulated vDSO (v6.15), real TSC, lfence;rdtsc */
	IMPL_SIM_RDTSCP, /* the same with rdtscp */
	IMPL_SIM_RDTSC, /* the same with bare rdtsc */
	IMPL_SIM_SYNTH, /* simulated vDSO, deterministic synthetic counter */
	IMPL_V416, /* v4.16 x86 path: per-clock fields, switch */
	IMPL_V416_RETPOLINE, /* v4.16 switch as a jump table behind a retpoline */
	IMPL_V416_SEED, /* v4.16 with the seed patches (RAW, TAI in the vDSO) */
	IMPL_MONO_ENTRY, /* a dedicated CLOCK_MONOTONIC entry on the v6.15 page */
	IMPL_VDSO32, /* the 32-bit (old_timespec32) functions */
	IMPL_SIM_FALLBACK, /* kernel-side path under tk_core.seq alone */
	IMPL_SIM_SYSCALL, /* kernel-side path plus a real syscall's entry (getppid) */
	IMPL_HOST_LIBC, /* the host through libc */
	IMPL_HOST_VDSO, /* the host vDSO through parse_vdso */
	IMPL_HOST_SYSCALL, /* the host syscall */
	IMPL_MAX,
};

/** enum bench_path - which way a call went */
enum bench_path {
	PATH_NONE, /* not measured */
	PATH_VDSO, /* served from the (simulated or host) vvar page */
	PATH_FALLBACK, /* took the (simulated) syscall */
	PATH_SYSCALL, /* a host syscall by construction */
};

/**
 * struct bench_host - the host vDSO's entry points (NULL where absent)
 * @vdso:          the parsed image
 * @clock_gettime: __vdso_clock_gettime
 * @gettimeofday:  __vdso_gettimeofday
 * @time:          __vdso_time
 * @clock_getres:  __vdso_clock_getres
 */
struct bench_host {
	struct tk_vdso vdso;
	int (*clock_gettime)(clockid_t, struct timespec *);
	int (*gettimeofday)(struct timeval *, void *);
	time_t (*time)(time_t *);
	int (*clock_getres)(clockid_t, struct timespec *);
};

/**
 * struct bench_target - everything a measurement loop needs
 * @tsc:     the simulated kernel on the real TSC, or NULL when unusable
 * @synth:   the simulated kernel on the synthetic counter (deterministic engine)
 * @k:       the kernel of the variants and fallbacks: &tsc->k, else &synth->k
 * @g:       the v4.16 page @k publishes
 * @host:    the host vDSO
 * @api:     the row being measured
 * @last_ns: the last call's result as ns (us * 1000, s * 1e9), for the path probe
 * @ret:     the last call's return value (0 or a negative errno)
 */
struct bench_target {
	struct sim_tsc_system *tsc;
	struct sim_system *synth;
	struct tk_kernel *k;
	struct vsyscall_gtod_data *g;
	struct bench_host host;
	const struct bench_api *api;
	__int128 last_ns;
	int ret;
};

/** bench_loop_fn - run @n calls of one (impl, api) pair; leaves the last result in @t */
typedef void bench_loop_fn(struct bench_target *t, u32 n);

bench_loop_fn *bench_loop_for(enum bench_impl impl, enum bench_kind kind);
bool bench_impl_serves(enum bench_impl impl, const struct bench_api *api);

/** enum bench_counter - the bare counter reads the read paths are compared with */
enum bench_counter {
	COUNTER_LFENCE, /* lfence; rdtsc */
	COUNTER_RDTSCP, /* rdtscp */
	COUNTER_RDTSC, /* rdtsc */
	COUNTER_SYNTH, /* the synthetic counter page read of the SIM clock mode */
	COUNTER_MAX,
};

bench_loop_fn *bench_counter_loop(enum bench_counter c);

/**
 * struct bench_stat - per-call time of one measurement
 * @p50:     median over the batches (ns per call)
 * @p99:     99th percentile over the batches (ns per call)
 * @min:     fastest batch (ns per call)
 * @batches: batches measured
 * @calls:   calls per batch
 */
struct bench_stat {
	double p50;
	double p99;
	double min;
	u32 batches;
	u32 calls;
};

void bench_measure(bench_loop_fn *fn, struct bench_target *t, u32 batches, u32 calls, u32 warmup,
		   struct bench_stat *st);
u64 bench_now_ns(void);
u64 bench_thread_cpu_ns(void);

/* The rows and columns (tools/bench/bench_tables.c). */
#define BENCH_NR_APIS 16
extern const struct bench_api bench_apis[BENCH_NR_APIS];
extern const char *const bench_impl_names[IMPL_MAX];
extern const char *const bench_impl_short[IMPL_MAX];
extern const char *const bench_counter_names[COUNTER_MAX];
const char *bench_path_name(enum bench_path p);

#endif /* TKSIM_TOOLS_BENCH_BENCH_COMMON_H */
