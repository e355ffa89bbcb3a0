/* SPDX-License-Identifier: GPL-2.0 */
/* Mirrors: include/linux/clocksource.h and kernel/time/clocksource.c (v6.18). */
#ifndef TKSIM_TIMEKEEPER_CLOCKSOURCE_H
#define TKSIM_TIMEKEEPER_CLOCKSOURCE_H

#include "vdso/clocksource.h"
#include "vdso/types.h"

/*
 * cs->flags, as in include/linux/clocksource.h.  Only the ones the watchdog
 * and clocksource selection look at are modelled.
 */
#define CLOCK_SOURCE_IS_CONTINUOUS 0x01
#define CLOCK_SOURCE_MUST_VERIFY 0x02
#define CLOCK_SOURCE_WATCHDOG 0x10
#define CLOCK_SOURCE_VALID_FOR_HRES 0x20
#define CLOCK_SOURCE_UNSTABLE 0x40
#define CLOCK_SOURCE_RESELECT 0x100
#define CLOCK_SOURCE_VERIFY_PERCPU 0x200

/*
 * kernel/time/clocksource.c: the watchdog's fixed limits.
 * WATCHDOG_MAX_SKEW is CONFIG_CLOCKSOURCE_WATCHDOG_MAX_SKEW_US (Kconfig
 * default 125 us, what x86 builds with) in ns; WATCHDOG_THRESHOLD is the
 * margin of a clocksource registered without a frequency (31.25 ms).
 */
#define WATCHDOG_MAX_SKEW (125 * NSEC_PER_USEC)
#define WATCHDOG_THRESHOLD (NSEC_PER_SEC >> 5)

/** CLOCKSOURCE_MASK() - the mask of a @bits wide counter (1 <= bits <= 64). */
#define CLOCKSOURCE_MASK(bits) ((u64)(bits) < 64 ? (((u64)1 << (bits)) - 1) : U64_MAX)

/**
 * struct clocksource - a free-running counter the timekeeper can use
 * @read:            reads the counter (cycles, within @mask); timekeeper side
 *                   only, the vDSO reads by @vdso_clock_mode instead
 * @mask:            counter width mask (cycles)
 * @mult:            cycles to shifted ns multiplier: ns = (cycles * mult) >> shift
 * @shift:           the shift of @mult
 * @max_idle_ns:     longest time (ns) the timekeeper may go without a tick:
 *                   half of what max_cycles converts to at the slowest mult
 * @maxadj:          largest NTP adjustment of @mult (11 % of @mult)
 * @max_cycles:      largest delta (cycles) that (mult + maxadj) * delta keeps
 *                   below 2^64, capped at @mask
 * @max_raw_delta:   negative-motion cut-off of clocksource_delta(): 87.5 % of @mask
 * @name:            e.g. "tsc"
 * @rating:          1-99 unfit ... 400-499 perfect, as in the kernel
 * @vdso_clock_mode: how the vDSO reads this counter
 * @freq_hz:         the registered nominal frequency (Hz), for reports
 * @flags:           CLOCK_SOURCE_* above
 * @uncertainty_margin: what the watchdog tolerates from this clocksource per
 *                   check (ns); 0 at registration means "derive it"
 * @wd_last:         the watchdog's counter value at the last check (cycles)
 * @cs_last:         this counter's value at the last check (cycles)
 * @read_cost_ns:    tksim's own: what one read of the hardware costs the
 *                   reader (ns), for the deterministic engine's cost model
 * @nr_reads:        tksim's own: reads counted by the deterministic engine
 *                   (not by @read, which concurrent readers also call)
 * @priv:            owner's data for @read
 */
struct clocksource {
	u64 (*read)(struct clocksource *cs);
	u64 mask;
	u32 mult;
	u32 shift;
	u64 max_idle_ns;
	u32 maxadj;
	u64 max_cycles;
	u64 max_raw_delta;
	const char *name;
	int rating;
	enum vdso_clock_mode vdso_clock_mode;
	u64 freq_hz;
	unsigned long flags;
	u32 uncertainty_margin;
	u64 wd_last;
	u64 cs_last;
	u32 read_cost_ns;
	u64 nr_reads;
	void *priv;
};

void clocks_calc_mult_shift(u32 *mult, u32 *shift, u32 from, u32 to, u32 maxsec);
u32 clocksource_max_adjustment(const struct clocksource *cs);
u64 clocks_calc_max_nsecs(u32 mult, u32 shift, u32 maxadj, u64 mask, u64 *max_cycles);
int clocksource_register_scale(struct clocksource *cs, u32 scale, u32 freq);
int clocksource_register_hz(struct clocksource *cs, u64 hz);
int clocksource_register_khz(struct clocksource *cs, u32 khz);
int clocksource_register_fixed(struct clocksource *cs);

/** clocksource_cyc2ns() - cycles to ns with a given mult/shift, 64-bit product. */
static inline u64 clocksource_cyc2ns(u64 cycles, u32 mult, u32 shift)
{
	return (cycles * mult) >> shift;
}

#endif /* TKSIM_TIMEKEEPER_CLOCKSOURCE_H */
