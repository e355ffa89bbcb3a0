// SPDX-License-Identifier: GPL-2.0
// Mirrors: kernel/time/clocksource.c (v6.18): mult/shift selection and registration.
#include "timekeeper/clocksource.h"

#include <errno.h>

/**
 * clocks_calc_mult_shift() - pick mult and shift for a conversion
 * @mult:   out, the multiplier
 * @shift:  out, the shift
 * @from:   source frequency (e.g. the counter in Hz or kHz)
 * @to:     target frequency (NSEC_PER_SEC / scale for a clocksource)
 * @maxsec: seconds of @from units the conversion must handle without
 *          64-bit overflow of cycles * mult
 *
 * The larger the shift, the finer the multiplier, so choose the largest
 * shift whose mult still leaves maxsec * from cycles multipliable:
 * maxsec * from needs about log2(maxsec * from) bits, which leaves
 * sftacc = 64 - that many bits for mult.  Then try shifts from 32 down until
 * mult = (to << shift + from / 2) / from fits in sftacc bits.
 */
void clocks_calc_mult_shift(u32 *mult, u32 *shift, u32 from, u32 to, u32 maxsec)
{
	u64 tmp;
	u32 sft, sftacc = 32;

	/* Bits of (maxsec * from) above 32: each costs mult one bit. */
	tmp = ((u64)maxsec * from) >> 32;
	while (tmp) {
		tmp >>= 1;
		sftacc--;
	}

	for (sft = 32; sft > 0; sft--) {
		tmp = (u64)to << sft;
		tmp += from / 2; /* round to nearest */
		tmp /= from;
		if ((tmp >> sftacc) == 0)
			break;
	}
	*mult = (u32)tmp;
	*shift = sft;
}

/**
 * clocksource_max_adjustment() - how far NTP may move @cs->mult
 * @cs: the clocksource
 *
 * 11 % of mult: NTP itself needs 500 ppm, the rest leaves room for
 * ADJ_TICK (up to 10 %) on top.
 *
 * Return: maxadj in mult units.
 */
u32 clocksource_max_adjustment(const struct clocksource *cs)
{
	return (u32)(((u64)cs->mult * 11) / 100);
}

/**
 * clocks_calc_max_nsecs() - the longest interval a conversion can handle
 * @mult:       the multiplier
 * @shift:      the shift
 * @maxadj:     the largest NTP adjustment of mult
 * @mask:       counter mask
 * @max_cycles: out (may be NULL): min(U64_MAX / (mult + maxadj), mask)
 *
 * delta * (mult + maxadj) must stay below 2^64 whatever NTP does, which
 * bounds delta by max_cycles.  That many cycles are at least
 * (max_cycles * (mult - maxadj)) >> shift ns long; half of it is returned
 * as a 50 % safety margin for late ticks.
 *
 * Return: max_idle_ns, the longest tickless interval (ns).
 */
u64 clocks_calc_max_nsecs(u32 mult, u32 shift, u32 maxadj, u64 mask, u64 *max_cycles)
{
	u64 max_cyc = U64_MAX / ((u64)mult + maxadj);

	if (max_cyc > mask)
		max_cyc = mask;
	if (max_cycles)
		*max_cycles = max_cyc;
	return clocksource_cyc2ns(max_cyc, mult - maxadj, shift) >> 1;
}

/*
 * clocksource_update_max_deferment(): max_idle_ns, max_cycles and the v6.13
 * negative-motion cut-off max_raw_delta (7/8 of the counter width, so that a
 * tick delayed past max_idle_ns is never taken for negative motion).
 */
static void clocksource_update_max_deferment(struct clocksource *cs)
{
	cs->max_idle_ns =
		clocks_calc_max_nsecs(cs->mult, cs->shift, cs->maxadj, cs->mask, &cs->max_cycles);
	cs->max_raw_delta = (cs->mask >> 1) + (cs->mask >> 2) + (cs->mask >> 3);
}

/**
 * clocksource_register_scale() - set mult, shift and limits from a frequency
 * @cs:    the clocksource, with @mask set
 * @scale: 1 if @freq is in Hz, 1000 if in kHz (the TSC registers in kHz)
 * @freq:  frequency in @scale Hz units
 *
 * As __clocksource_update_freq_scale(): the conversion must cover the
 * counter's whole wrap period, capped at 600 s for counters wider than 32
 * bits (to keep mult precise), and mult +/- maxadj must fit in 32 bits.
 * A clocksource registered without an uncertainty_margin gets one period
 * of the counter, but at least 2 * WATCHDOG_MAX_SKEW (250 us): the
 * watchdog's tolerance for this counter.
 *
 * Return: 0, or -EINVAL for a zero frequency or mask.
 */
int clocksource_register_scale(struct clocksource *cs, u32 scale, u32 freq)
{
	u64 sec;

	if (!freq || !scale || !cs->mask)
		return -EINVAL;
	sec = cs->mask / freq / scale;
	if (!sec)
		sec = 1;
	else if (sec > 600 && cs->mask > UINT_MAX)
		sec = 600;
	clocks_calc_mult_shift(&cs->mult, &cs->shift, freq, (u32)(NSEC_PER_SEC / scale),
			       (u32)(sec * scale));
	cs->maxadj = clocksource_max_adjustment(cs);
	while (cs->mult + cs->maxadj < cs->mult || cs->mult - cs->maxadj > cs->mult) {
		cs->mult >>= 1;
		cs->shift--;
		cs->maxadj = clocksource_max_adjustment(cs);
	}
	cs->freq_hz = (u64)freq * scale;
	if (!cs->uncertainty_margin) {
		u64 period_ns = NSEC_PER_SEC / ((u64)scale * freq);

		cs->uncertainty_margin =
			(u32)(period_ns < 2 * WATCHDOG_MAX_SKEW ? 2 * WATCHDOG_MAX_SKEW
								: period_ns);
	}
	clocksource_update_max_deferment(cs);
	return 0;
}

/**
 * clocksource_register_fixed() - register a clocksource with a given mult/shift
 * @cs: the clocksource, with @mask, @mult and @shift set (jiffies)
 *
 * __clocksource_register() without a frequency: mult and shift are the
 * driver's, the margin defaults to WATCHDOG_THRESHOLD, and only maxadj and
 * the deferment limits are derived.
 *
 * Return: 0, or -EINVAL for a zero mult or mask.
 */
int clocksource_register_fixed(struct clocksource *cs)
{
	if (!cs->mult || !cs->mask)
		return -EINVAL;
	if (!cs->uncertainty_margin)
		cs->uncertainty_margin = WATCHDOG_THRESHOLD;
	cs->maxadj = clocksource_max_adjustment(cs);
	clocksource_update_max_deferment(cs);
	return 0;
}

/**
 * clocksource_register_hz() - register a counter whose frequency is in Hz
 * @cs: the clocksource
 * @hz: frequency (Hz); above 4.29 GHz it is registered in kHz
 *
 * Return: 0 or -EINVAL.
 */
int clocksource_register_hz(struct clocksource *cs, u64 hz)
{
	if (hz > UINT_MAX)
		return clocksource_register_scale(cs, 1000, (u32)(hz / 1000));
	return clocksource_register_scale(cs, 1, (u32)hz);
}

/**
 * clocksource_register_khz() - register a counter whose frequency is in kHz
 * @cs:  the clocksource
 * @khz: frequency (kHz), as tsc_khz
 *
 * Return: 0 or -EINVAL.
 */
int clocksource_register_khz(struct clocksource *cs, u32 khz)
{
	return clocksource_register_scale(cs, 1000, khz);
}
