// SPDX-License-Identifier: GPL-2.0
// Mirrors: kernel/time/timekeeping.c (v6.18): ktime_get_update_offsets_now(), the hrtimer's clock.
/*
 * The hrtimer core does not read REALTIME, BOOTTIME or TAI: it keeps, per
 * CPU, the offsets from MONOTONIC to each, and asks the timekeeper for
 * MONOTONIC now plus fresh offsets when the clock was set since it last
 * asked (clock_was_set_seq).  A timer on CLOCK_REALTIME fires when
 * MONOTONIC + offs_real reaches its expiry.
 *
 * One adjustment makes leap seconds work for timers: an inserted second is
 * applied by the first tick after midnight, but a timer armed for 00:00:00
 * must not fire a second early.  From the instant MONOTONIC reaches
 * next_leap_ktime until that tick, the offset handed out is offs_real minus
 * one second, i.e. REALTIME as it will be once the leap is applied.
 */
#include "timekeeper/timekeeping_internal.h"

#include "vdso/calc.h"
#include "vdso/helpers.h"

/**
 * ktime_get_update_offsets_now() - MONOTONIC now, and the offsets an hrtimer base uses
 * @k:         the kernel
 * @cwsseq:    in/out: the clock_was_set_seq the caller's offsets belong to
 * @offs_real: in/out: MONOTONIC -> REALTIME (ns), the caller's cached value
 * @offs_boot: in/out: MONOTONIC -> BOOTTIME (ns)
 * @offs_tai:  in/out: MONOTONIC -> TAI (ns)
 *
 * The offsets are refreshed only when @cwsseq is stale (the clock was set,
 * a leap applied, the TAI offset changed).  While an inserted leap second
 * is pending and MONOTONIC has reached next_leap_ktime, @offs_real is
 * returned one second smaller, whatever @cwsseq says.  Everything is read
 * in one tk_core.seq section, with the counter.
 *
 * Return: CLOCK_MONOTONIC (ns).
 */
ktime_t ktime_get_update_offsets_now(const struct tk_kernel *k, u32 *cwsseq, ktime_t *offs_real,
				     ktime_t *offs_boot, ktime_t *offs_tai)
{
	struct timekeeper tk;
	ktime_t base;
	u32 seq;

	do {
		u64 cycles;

		seq = seqcount_read_begin(&k->tk_core.seq);
		tk_copy_words(&tk, &k->tk_core.timekeeper, sizeof(tk));
		cycles = tk_clock_read(&tk.tkr_mono);
		base = tk.tkr_mono.base +
		       (ktime_t)cycles_to_ns(cycles, tk.tkr_mono.cycle_last, tk.tkr_mono.mask,
					     tk.tkr_mono.clock->max_cycles, tk.tkr_mono.mult,
					     tk.tkr_mono.xtime_nsec, tk.tkr_mono.shift);

		if (*cwsseq != tk.clock_was_set_seq) {
			*cwsseq = tk.clock_was_set_seq;
			*offs_real = tk.offs_real;
			*offs_boot = tk.offs_boot;
			*offs_tai = tk.offs_tai;
		}

		/* A pending leap insertion: REALTIME as it will be after the tick. */
		if (unlikely(base >= tk.next_leap_ktime))
			*offs_real = tk.offs_real - NSEC_PER_SEC;
	} while (seqcount_read_retry(&k->tk_core.seq, seq));

	return base;
}
