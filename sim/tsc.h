/* SPDX-License-Identifier: GPL-2.0 */
/* Mirrors: arch/x86/kernel/tsc.c (v6.15): the TSC clocksource, registered in kHz. */
#ifndef TKSIM_SIM_TSC_H
#define TKSIM_SIM_TSC_H

/*
 * The host's real Time Stamp Counter as a tksim clocksource, and a
 * synthetic counter derived from it that runs on its own (concurrent mode).
 *
 *   struct sim_tsc_system *s = aligned_alloc(64, sizeof(*s));
 *   sim_tsc_system_init(s, VDSO_TSC_LFENCE, NULL);   // calibrates, boots
 *   cvdso_clock_gettime(&s->k.vdata, TK_CLOCK_MONOTONIC, &ts);
 *   update_wall_time(&s->k);                         // a tick, from any thread
 *   sim_tsc_system_destroy(s);
 *
 * The TSC is read with the instruction chosen at run time (enum
 * vdso_tsc_insn): the clocksource's read op uses it on the timekeeper side,
 * the vvar page's arch_data.tsc_insn on the vDSO side, as the kernel patches
 * one instruction into both with ALTERNATIVE_2.
 */

#include "timekeeper/timekeeping.h"
#include "vdso/hw_counter.h"

/* Default calibration length (ns): 50 ms against CLOCK_MONOTONIC_RAW gives ~1 ppm. */
#define SIM_TSC_CALIBRATE_NS (50 * NSEC_PER_MSEC)

/**
 * struct sim_tsc - the real TSC and its clocksource
 * @insn: enum vdso_tsc_insn, the read instruction
 * @hz:   calibrated frequency (Hz); registered rounded to kHz as tsc_khz
 * @cs:   the clocksource ("tsc", rating 300, VDSO_CLOCKMODE_TSC, 64-bit mask)
 */
struct sim_tsc {
	u32 insn;
	u64 hz;
	struct clocksource cs;
};

/**
 * struct sim_tsc_system - a simulated kernel booted on the real TSC
 * @k:   the kernel (owns the vvar page; must not move once booted)
 * @tsc: its clocksource
 */
struct sim_tsc_system {
	struct tk_kernel k;
	struct sim_tsc tsc;
};

/**
 * struct sim_tsc_counter_params - a synthetic counter driven by the TSC
 * @freq_hz: nominal frequency (Hz), also the registered one
 * @bits:    width, 1..64 (e.g. 24, 32, 56, 64)
 * @start:   value at creation (cycles; e.g. just below a wrap)
 * @skew:    per-CPU offset (cycles, two's complement): an unsynchronised counter
 * @jitter:  largest random change (cycles) sim_tsc_counter_jitter() applies
 *           on top of @skew: an unstable, wandering offset
 * @seed:    seed of the jitter generator
 * @x86_rule: the vDSO reads it by x86's rule (VDSO_CLOCKMODE_SIM_X86:
 *           negative motion frozen at the base), not the generic one
 *           (VDSO_CLOCKMODE_SIM); see vdso/calc.h
 */
struct sim_tsc_counter_params {
	u64 freq_hz;
	unsigned int bits;
	u64 start;
	s64 skew[VDSO_MAX_CPUS];
	u64 jitter;
	u64 seed;
	bool x86_rule;
};

/**
 * struct sim_tsc_counter - the synthetic counter in concurrent mode
 * @p:    its parameters
 * @tsc:  the TSC it is derived from (insn and hz)
 * @page: the registers the vDSO reads (clock_mode SIM or SIM_X86, from_tsc = 1)
 * @cs:   its clocksource ("sim-tsc", rating 300)
 * @rng:  jitter generator state (only the thread calling jitter uses it)
 */
struct sim_tsc_counter {
	struct sim_tsc_counter_params p;
	const struct sim_tsc *tsc;
	struct vdso_sim_counter page;
	struct clocksource cs;
	u64 rng;
};

bool sim_tsc_insn_supported(u32 insn);
const char *sim_tsc_insn_name(u32 insn);
int sim_tsc_insn_parse(const char *name, u32 *insn);
int sim_tsc_calibrate_ns(u64 *hz, u64 ns);
int sim_tsc_calibrate(u64 *hz);
int sim_tsc_clocksource_init_hz(struct sim_tsc *t, u32 insn, u64 hz);
int sim_tsc_clocksource_init(struct sim_tsc *t, u32 insn);
void sim_tsc_boot_params(struct tk_boot_params *bp);
int sim_tsc_system_init_hz(struct sim_tsc_system *s, u32 insn, u64 hz,
			   const struct tk_boot_params *bp);
int sim_tsc_system_init(struct sim_tsc_system *s, u32 insn, const struct tk_boot_params *bp);
void sim_tsc_system_destroy(struct sim_tsc_system *s);

int sim_tsc_counter_init(struct sim_tsc_counter *c, const struct sim_tsc *tsc,
			 const struct sim_tsc_counter_params *p);
void sim_tsc_counter_attach(struct sim_tsc_counter *c, struct tk_kernel *k);
void sim_tsc_counter_jitter(struct sim_tsc_counter *c);

/** sim_tsc_read() - read the TSC with @t's instruction (cycles, 64 bits). */
static inline u64 sim_tsc_read(const struct sim_tsc *t)
{
	return rdtsc_ordered(t->insn);
}

#endif /* TKSIM_SIM_TSC_H */
