/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the synthetic counter hardware (stands for a TSC, HPET or arch timer). */
#ifndef TKSIM_SIM_COUNTER_H
#define TKSIM_SIM_COUNTER_H

/*
 * A free-running counter whose value is a function of virtual time (ns):
 * it runs at its nominal frequency times (1 + error), where the error may
 * drift linearly and wander as a seeded random walk.  The counter wraps at
 * its mask.  The engine publishes the value at each virtual instant into a
 * struct vdso_sim_counter page, which both the vDSO (clock_mode SIM) and the
 * clocksource's read op read: one piece of hardware, two readers.
 */

#include "sim/rng.h"
#include "timekeeper/clocksource.h"
#include "vdso/datapage.h"

/**
 * struct sim_counter_params - what the hardware is
 * @freq_hz:            nominal frequency, as registered (Hz)
 * @error_ppb:          true frequency error at time 0 (parts per 1e9; +35 ppm = 35000)
 * @drift_ppb_per_hour: linear change of the error (ppb per hour)
 * @wander_ppb:         largest random-walk step of the error per @wander_interval_ns (ppb)
 * @wander_interval_ns: how often drift and wander change the frequency (ns)
 * @start:              counter value at virtual time 0 (cycles)
 * @bits:               counter width, 1..64 (e.g. 64, 56, 32, 24)
 * @seed:               seed of the random walk
 */
struct sim_counter_params {
	u64 freq_hz;
	s64 error_ppb;
	s64 drift_ppb_per_hour;
	u64 wander_ppb;
	u64 wander_interval_ns;
	u64 start;
	unsigned int bits;
	u64 seed;
};

/**
 * enum sim_counter_event_kind - what happens to the hardware at an instant
 * @SIM_COUNTER_DRIFT: the frequency error changes by @value ppb (a TSC whose
 *                     rate a hypervisor or a power state changed)
 * @SIM_COUNTER_STOP:  the counter stops counting (a TSC halted in a C-state
 *                     or a paused vCPU's unsynchronised TSC)
 * @SIM_COUNTER_JUMP:  the counter value jumps by @value ns worth of cycles at
 *                     the nominal frequency (negative: back; a migration)
 */
enum sim_counter_event_kind {
	SIM_COUNTER_DRIFT,
	SIM_COUNTER_STOP,
	SIM_COUNTER_JUMP,
};

/**
 * struct sim_counter_event - one change of the hardware at a virtual instant
 * @t_ns:  virtual time (ns)
 * @kind:  enum sim_counter_event_kind
 * @value: ppb for DRIFT, ns for JUMP, unused for STOP
 */
struct sim_counter_event {
	u64 t_ns;
	enum sim_counter_event_kind kind;
	s64 value;
};

#define SIM_COUNTER_MAX_EVENTS 16

/**
 * struct sim_counter - the synthetic counter and its clocksource
 * @p:          the parameters
 * @page:       the registers readers see (value at the current instant)
 * @cs:         the clocksource registered for it
 * @t0_ns:      virtual time at which the current frequency segment began
 * @c0_q48:     cycles elapsed at @t0_ns, in 1/2^48 cycle units
 * @rate_q48:   cycles per ns in the current segment, << 48
 * @cur_error_ppb: the frequency error now (ppb)
 * @next_change_ns: when drift or wander next change the frequency
 * @now_ns:     the virtual time last published
 * @rng:        random-walk generator
 * @ev:         pending events, sorted by time
 * @nr_ev:      how many are in @ev
 * @next_ev:    index of the next event not yet applied
 * @stopped:    a STOP event has happened: the rate stays 0
 */
struct sim_counter {
	struct sim_counter_params p;
	struct vdso_sim_counter page;
	struct clocksource cs;
	u64 t0_ns;
	unsigned __int128 c0_q48;
	u64 rate_q48;
	s64 cur_error_ppb;
	u64 next_change_ns;
	u64 now_ns;
	struct sim_rng rng;
	struct sim_counter_event ev[SIM_COUNTER_MAX_EVENTS];
	unsigned int nr_ev;
	unsigned int next_ev;
	bool stopped;
};

int sim_counter_init(struct sim_counter *c, const struct sim_counter_params *p, const char *name);
void sim_counter_set_time(struct sim_counter *c, u64 now_ns);
unsigned __int128 sim_counter_elapsed(const struct sim_counter *c, u64 t_ns);
u64 sim_counter_cycles_at(const struct sim_counter *c, u64 t_ns);
void sim_counter_set_cpu_offset(struct sim_counter *c, unsigned int cpu, s64 cycles);
void sim_counter_set_error_ppb(struct sim_counter *c, s64 error_ppb);
double sim_counter_true_hz(const struct sim_counter *c);
int sim_counter_event(struct sim_counter *c, const struct sim_counter_event *ev);

#endif /* TKSIM_SIM_COUNTER_H */
