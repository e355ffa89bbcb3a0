// SPDX-License-Identifier: GPL-2.0
// Mirrors: kernel/time/timekeeping.c (v6.15): the ktime_get*() readers under tk_core.seq.
/*
 * The kernel-side ("syscall") read path.  Each reader takes a consistent
 * copy of the live timekeeper under tk_core.seq and, inside the same read
 * section, reads the counter; the arithmetic then runs on the copy.  This is
 * the path the vDSO falls back to, and the reference the vDSO is checked
 * against.
 */
#include "timekeeper/timekeeping_internal.h"

#include "vdso/calc.h"
#include "vdso/helpers.h"

/**
 * tk_read() - a consistent copy of the live timekeeper, and the counter
 * @k:      the kernel
 * @tk:     out, the copy
 * @cycles: out (may be NULL): the counter, read inside the same section
 */
static void tk_read(const struct tk_kernel *k, struct timekeeper *tk, u64 *cycles)
{
	u32 seq;

	do {
		seq = seqcount_read_begin(&k->tk_core.seq);
		tk_copy_words(tk, &k->tk_core.timekeeper, sizeof(*tk));
		if (cycles)
			*cycles = tk_clock_read(&tk->tkr_mono);
	} while (seqcount_read_retry(&k->tk_core.seq, seq));
}

/**
 * tk_snapshot() - a consistent copy of the live timekeeper, for reports and tests
 * @k:  the kernel
 * @tk: out
 */
void tk_snapshot(const struct tk_kernel *k, struct timekeeper *tk)
{
	tk_read(k, tk, NULL);
}

/* timekeeping_cycles_to_ns(): ns past the base second, the same arithmetic as the vDSO. */
static u64 timekeeping_cycles_to_ns(const struct tk_read_base *tkr, u64 cycles)
{
	return cycles_to_ns(cycles, tkr->cycle_last, tkr->mask, tkr->clock->max_cycles, tkr->mult,
			    tkr->xtime_nsec, tkr->shift);
}

/** ktime_get() - CLOCK_MONOTONIC in ns. */
ktime_t ktime_get(const struct tk_kernel *k)
{
	struct timekeeper tk;
	u64 cycles;

	tk_read(k, &tk, &cycles);
	return tk.tkr_mono.base + (ktime_t)timekeeping_cycles_to_ns(&tk.tkr_mono, cycles);
}

/** ktime_get_raw() - CLOCK_MONOTONIC_RAW in ns. */
ktime_t ktime_get_raw(const struct tk_kernel *k)
{
	struct timekeeper tk;
	u64 cycles;

	tk_read(k, &tk, &cycles);
	return tk.tkr_raw.base + (ktime_t)timekeeping_cycles_to_ns(&tk.tkr_raw, cycles);
}

/** ktime_get_real_ts64() - CLOCK_REALTIME. */
void ktime_get_real_ts64(const struct tk_kernel *k, struct timespec64 *ts)
{
	struct timekeeper tk;
	u64 cycles;

	tk_read(k, &tk, &cycles);
	*ts = timespec64_add_ns((struct timespec64){ .tv_sec = (time64_t)tk.xtime_sec },
				timekeeping_cycles_to_ns(&tk.tkr_mono, cycles));
}

/* MONOTONIC as a timespec from one copy and counter value: REALTIME + wall_to_monotonic. */
static struct timespec64 tk_mono_ts64(const struct timekeeper *tk, u64 cycles)
{
	s64 nsec = (s64)timekeeping_cycles_to_ns(&tk->tkr_mono, cycles);

	return set_normalized_timespec64((time64_t)tk->xtime_sec + tk->wall_to_monotonic.tv_sec,
					 nsec + tk->wall_to_monotonic.tv_nsec);
}

/** ktime_get_ts64() - CLOCK_MONOTONIC. */
void ktime_get_ts64(const struct tk_kernel *k, struct timespec64 *ts)
{
	struct timekeeper tk;
	u64 cycles;

	tk_read(k, &tk, &cycles);
	*ts = tk_mono_ts64(&tk, cycles);
}

/** ktime_get_raw_ts64() - CLOCK_MONOTONIC_RAW. */
void ktime_get_raw_ts64(const struct tk_kernel *k, struct timespec64 *ts)
{
	struct timekeeper tk;
	u64 cycles;

	tk_read(k, &tk, &cycles);
	*ts = timespec64_add_ns((struct timespec64){ .tv_sec = (time64_t)tk.raw_sec },
				timekeeping_cycles_to_ns(&tk.tkr_raw, cycles));
}

/** ktime_get_boottime_ts64() - CLOCK_BOOTTIME: MONOTONIC + offs_boot. */
void ktime_get_boottime_ts64(const struct tk_kernel *k, struct timespec64 *ts)
{
	struct timekeeper tk;
	u64 cycles;

	tk_read(k, &tk, &cycles);
	*ts = timespec64_add(tk_mono_ts64(&tk, cycles), tk.monotonic_to_boot);
}

/** ktime_get_clocktai_ts64() - CLOCK_TAI: REALTIME + tai_offset. */
void ktime_get_clocktai_ts64(const struct tk_kernel *k, struct timespec64 *ts)
{
	struct timekeeper tk;
	u64 cycles;

	tk_read(k, &tk, &cycles);
	*ts = timespec64_add_ns(
		(struct timespec64){ .tv_sec = (time64_t)tk.xtime_sec + tk.tai_offset },
		timekeeping_cycles_to_ns(&tk.tkr_mono, cycles));
}

/** ktime_get_coarse_real_ts64() - CLOCK_REALTIME_COARSE: {xtime_sec, coarse_nsec}. */
void ktime_get_coarse_real_ts64(const struct tk_kernel *k, struct timespec64 *ts)
{
	struct timekeeper tk;

	tk_read(k, &tk, NULL);
	ts->tv_sec = (time64_t)tk.xtime_sec;
	ts->tv_nsec = tk.coarse_nsec;
}

/** ktime_get_coarse_ts64() - CLOCK_MONOTONIC_COARSE: coarse REALTIME + wall_to_monotonic. */
void ktime_get_coarse_ts64(const struct tk_kernel *k, struct timespec64 *ts)
{
	struct timekeeper tk;

	tk_read(k, &tk, NULL);
	*ts = set_normalized_timespec64((time64_t)tk.xtime_sec + tk.wall_to_monotonic.tv_sec,
					(s64)tk.coarse_nsec + tk.wall_to_monotonic.tv_nsec);
}

/** ktime_get_real_seconds() - REALTIME seconds as of the last update. */
time64_t ktime_get_real_seconds(const struct tk_kernel *k)
{
	struct timekeeper tk;

	tk_read(k, &tk, NULL);
	return (time64_t)tk.xtime_sec;
}
