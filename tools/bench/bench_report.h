/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tksim's own: one run of `tksim bench` as data (struct bench_report), the
 * steps that fill it (tools/bench/bench_host.c, tools/bench/bench_matrix.c, the rate
 * rows of tools/bench/bench_rows.h) and the reports printed from it
 * (tools/bench/bench_derive.c, tools/bench/bench_text.c, tools/bench/bench_json.c).
 */
#ifndef TKSIM_TOOLS_BENCH_BENCH_REPORT_H
#define TKSIM_TOOLS_BENCH_BENCH_REPORT_H

#include <stdio.h>

#include "tools/bench/bench_common.h"
#include "tools/bench/bench_rows.h"

/**
 * struct bench_cell - one measurement
 * @measured: it ran; else @why says why not (NULL: the path has no such entry)
 * @path:     which way the calls went
 * @st:       the timing
 * @why:      reason it could not run on this machine, or NULL
 */
struct bench_cell {
	bool measured;
	enum bench_path path;
	struct bench_stat st;
	const char *why;
};

/**
 * struct bench_machine - what the numbers were measured on
 * @cpu:             /proc/cpuinfo model name
 * @kernel:          uname -r
 * @clocksource:     the host's current clocksource (sysfs), or "unknown"
 * @hypervisor:      the CPU reports a hypervisor (a VM)
 * @tsc:             the simulated kernel on the real TSC could be booted
 * @tsc_hz:          its calibrated frequency (Hz)
 * @rdtscp:          this CPU has rdtscp
 * @host_vdso:       the host vDSO was found and parsed
 * @retpoline_built: the retpoline variant really has a retpoline (GCC)
 * @cpu_pinned:      the CPU the benchmark was pinned to, or -1
 */
struct bench_machine {
	char cpu[128];
	char kernel[128];
	char clocksource[64];
	bool hypervisor;
	bool tsc;
	u64 tsc_hz;
	bool rdtscp;
	bool host_vdso;
	bool retpoline_built;
	int cpu_pinned;
};

/**
 * struct bench_report - one run of `tksim bench`
 * @m:       the machine
 * @batches: batches per measurement
 * @calls:   calls per batch
 * @warmup:  unmeasured batches before each measurement
 * @cell:    [row][read path]
 * @counter: the bare counter reads
 * @rate:    the rate rows, as bench_rows[]
 * @wall_s:  the whole run's wall-clock time (s)
 */
struct bench_report {
	struct bench_machine m;
	u32 batches;
	u32 calls;
	u32 warmup;
	struct bench_cell cell[BENCH_NR_APIS][IMPL_MAX];
	struct bench_cell counter[COUNTER_MAX];
	struct bench_rate rate[BENCH_MAX_ROWS];
	double wall_s;
	bool progress;
};

/* The machine and the host vDSO (tools/bench/bench_host.c). */
void bench_probe_machine(struct bench_machine *m);
void bench_setup_host(struct bench_host *h, struct bench_machine *m);
bool bench_host_has(const struct bench_host *h, enum bench_kind kind);

/* The per-call measurements (tools/bench/bench_matrix.c). */
int bench_setup_systems(struct bench_target *t, struct bench_machine *m);
void bench_free_systems(struct bench_target *t);
void bench_warm_up_cpu(struct bench_target *t, u64 ns);
void bench_run_counters(struct bench_target *t, struct bench_report *r);
void bench_run_matrix(struct bench_target *t, struct bench_report *r);

/* The progress line on a terminal (tools/bench/bench_progress.c). */
void bench_progress(const struct bench_report *r, const char *what, unsigned int i, unsigned int n);
void bench_progress_done(const struct bench_report *r);

/* Numbers derived from a report (tools/bench/bench_derive.c). */

/**
 * struct seed_ratios - the threads' comparisons, measured here
 * @raw_fb:       MONOTONIC_RAW through sim-fallback+syscall (ns)
 * @raw_vdso:     MONOTONIC_RAW through sim-vdso-lfence (ns)
 * @raw_v416:     MONOTONIC_RAW through v4.16 (the simulated fallback before the seed
 *                patches, ns; no syscall entry in it)
 * @raw_entry:    a real syscall's entry and exit: sim-fallback+syscall - sim-fallback (ns)
 * @raw_v416seed: MONOTONIC_RAW through v4.16 with the seed patches (ns)
 * @raw_hsys:     MONOTONIC_RAW host syscall (ns)
 * @raw_hvdso:    MONOTONIC_RAW host vDSO (ns)
 * @rt_rdtsc:     REALTIME through sim-vdso-rdtsc (ns)
 * @rt_lfence:    REALTIME through sim-vdso-lfence (ns)
 * @bare_rdtsc:   bare rdtsc loop (ns)
 * @bare_lfence:  bare lfence;rdtsc loop (ns)
 * @mono_rp:      MONOTONIC, v4.16 jump table behind a retpoline (ns)
 * @mono_switch:  MONOTONIC, v4.16 switch (ns)
 * @mono_array:   MONOTONIC, basetime[] (the current path, lfence) (ns)
 * @mono_entry:   MONOTONIC, dedicated entry (ns)
 * @coarse_rp:    MONOTONIC_COARSE, v4.16 jump table behind a retpoline (ns): no counter
 *                read, so the retpoline's own cost shows
 * @coarse_switch: MONOTONIC_COARSE, v4.16 switch (ns)
 * @v32_sim_lo:   smallest sim-fallback+syscall / sim-vdso32 over the 32-bit rows
 * @v32_sim_hi:   largest
 * @v32_host_lo:  smallest host-syscall / sim-vdso32
 * @v32_host_hi:  largest
 */
struct seed_ratios {
	double raw_fb, raw_vdso, raw_v416, raw_entry, raw_v416seed, raw_hsys, raw_hvdso;
	double rt_rdtsc, rt_lfence, bare_rdtsc, bare_lfence;
	double mono_rp, mono_switch, mono_array, mono_entry, coarse_rp, coarse_switch;
	double v32_sim_lo, v32_sim_hi, v32_host_lo, v32_host_hi;
};

/**
 * struct target_res - one of the targets, measured
 * @name:   what is measured
 * @value:  the measured value
 * @limit:  the target
 * @unit:   of both
 * @cmp:    "<=", "<" or ">=": how @value must compare with @limit
 * @avail:  it could be measured here
 * @detail: the numbers it came from
 */
struct target_res {
	const char *name;
	double value;
	double limit;
	const char *unit;
	const char *cmp;
	bool avail;
	char detail[112];
};

/* The per-call targets; the rate rows' targets follow them. */
enum { TGT_HOST_RATIO, TGT_ABOVE_BARE, TGT_SYNTH, TGT_CALL_MAX };
#define BENCH_MAX_TARGETS (TGT_CALL_MAX + BENCH_MAX_ROWS)

double bench_p50_of(const struct bench_report *r, int a, enum bench_impl i);
double bench_counter_p50(const struct bench_report *r, enum bench_counter c);
void bench_compute_seed(const struct bench_report *r, struct seed_ratios *s);
unsigned int bench_compute_targets(const struct bench_report *r, struct target_res *t);
bool bench_target_met(const struct target_res *t);

/* The reports (tools/bench/bench_text.c, tools/bench/bench_json.c). */
void bench_print_text(FILE *f, const struct bench_report *r);
void bench_print_json(FILE *f, const struct bench_report *r);

#endif /* TKSIM_TOOLS_BENCH_BENCH_REPORT_H */
