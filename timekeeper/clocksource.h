/* SPDX-License-Identifier: GPL-2.0 */
/* Mirrors: include/linux/clocksource.h and kernel/time/clocksource.c (v6.15). */
#ifndef TKSIM_TIMEKEEPER_CLOCKSOURCE_H
#define TKSIM_TIMEKEEPER_CLOCKSOURCE_H

#include "vdso/clocksource.h"
#include "vdso/types.h"

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
	void *priv;
};

void clocks_calc_mult_shift(u32 *mult, u32 *shift, u32 from, u32 to, u32 maxsec);
u32 clocksource_max_adjustment(const struct clocksource *cs);
u64 clocks_calc_max_nsecs(u32 mult, u32 shift, u32 maxadj, u64 mask, u64 *max_cycles);
int clocksource_register_scale(struct clocksource *cs, u32 scale, u32 freq);
int clocksource_register_hz(struct clocksource *cs, u64 hz);
int clocksource_register_khz(struct clocksource *cs, u32 khz);

/** clocksource_cyc2ns() - cycles to ns with a given mult/shift, 64-bit product. */
static inline u64 clocksource_cyc2ns(u64 cycles, u32 mult, u32 shift)
{
	return (cycles * mult) >> shift;
}

#endif /* TKSIM_TIMEKEEPER_CLOCKSOURCE_H */
