// SPDX-License-Identifier: GPL-2.0
// Mirrors: kernel/time/timekeeping.c (v6.18): the ktime_get*() readers under tk_core.seq.
/*
 * The kernel-side ("syscall") read path.  As in the kernel, each reader
 * loads just the fields it needs from the live timekeeper inside a
 * tk_core.seq read section, reads the counter in the same section and
 * converts, and retries if a writer ran meanwhile.  This is the path the
 * vDSO falls back to, and the reference the vDSO is checked against.
 *
 * Memory model: the writer (timekeeping_update_from_shadow()) stores the
 * live timekeeper with relaxed atomics (tk_copy_words()) between the odd and
 * the even tk_core.seq; every load here is a relaxed atomic (READ_ONCE, C11
 * relaxed), so a racing read is a stale or mixed value that the retry
 * discards, never a C11 data race.  seqcount_read_begin()'s acquire load
 * keeps the field loads after the first seq load; seqcount_read_retry()'s
 * smp_rmb() keeps them before the second.
 */
#include "timekeeper/timekeeping_internal.h"

#include "vdso/calc.h"
#include "vdso/helpers.h"

/* The live timekeeper the readers load from. */
static inline const struct timekeeper *tk_live(const struct tk_kernel *k)
{
	return &k->tk_core.timekeeper;
}

/**
 * tk_snapshot() - a consistent copy of the live timekeeper, for reports and tests
 * @k:  the kernel
 * @tk: out
 *
 * Not a kernel reader: the whole struct, word by word, under tk_core.seq.
 */
void tk_snapshot(const struct tk_kernel *k, struct timekeeper *tk)
{
	u32 seq;

	do {
		/* Acquire: the copy's loads cannot move above this seq load. */
		seq = seqcount_read_begin(&k->tk_core.seq);
		tk_copy_words(tk, tk_live(k), sizeof(*tk));
		/* smp_rmb() inside: the copy's loads complete before seq is loaded again. */
	} while (seqcount_read_retry(&k->tk_core.seq, seq));
}

/*
 * tk_get_base_ns(): @tkr's base + ns since it, from one read section: the
 * body of ktime_get() and ktime_get_raw(), which differ only in the read base.
 */
static inline ktime_t tk_get_base_ns(const struct tk_kernel *k, const struct tk_read_base *tkr)
{
	ktime_t base;
	u64 nsecs;
	u32 seq;

	do {
		/* Acquire: the loads and the counter read below stay after this. */
		seq = seqcount_read_begin(&k->tk_core.seq);
		base = READ_ONCE(tkr->base);
		nsecs = timekeeping_get_ns(tkr);
		/* The retry's smp_rmb(): the loads above complete before seq is reloaded. */
	} while (seqcount_read_retry(&k->tk_core.seq, seq));
	return base + (ktime_t)nsecs;
}

/** ktime_get() - CLOCK_MONOTONIC in ns. */
ktime_t ktime_get(const struct tk_kernel *k)
{
	return tk_get_base_ns(k, &tk_live(k)->tkr_mono);
}

/** ktime_get_raw() - CLOCK_MONOTONIC_RAW in ns. */
ktime_t ktime_get_raw(const struct tk_kernel *k)
{
	return tk_get_base_ns(k, &tk_live(k)->tkr_raw);
}

/*
 * tk_get_sec_ts64(): *@secp (+ *@tai when not NULL) seconds and @tkr's ns
 * past them, from one read section, normalised: the body of the REALTIME,
 * MONOTONIC_RAW and TAI readers (ktime_get_real_ts64(), ktime_get_raw_ts64(),
 * ktime_get_clocktai_ts64()), which differ only in these fields.
 */
static inline struct timespec64 tk_get_sec_ts64(const struct tk_kernel *k, const u64 *secp,
						const s32 *tai, const struct tk_read_base *tkr)
{
	time64_t sec;
	u64 nsecs;
	u32 seq;

	do {
		/* Acquire: the loads and the counter read below stay after this. */
		seq = seqcount_read_begin(&k->tk_core.seq);
		sec = (time64_t)READ_ONCE(*secp);
		if (tai)
			sec += READ_ONCE(*tai);
		nsecs = timekeeping_get_ns(tkr);
		/* The retry's smp_rmb(): the loads above complete before seq is reloaded. */
	} while (seqcount_read_retry(&k->tk_core.seq, seq));
	return timespec64_add_ns((struct timespec64){ .tv_sec = sec }, nsecs);
}

/** ktime_get_real_ts64() - CLOCK_REALTIME. */
void ktime_get_real_ts64(const struct tk_kernel *k, struct timespec64 *ts)
{
	const struct timekeeper *tk = tk_live(k);

	*ts = tk_get_sec_ts64(k, &tk->xtime_sec, NULL, &tk->tkr_mono);
}

/*
 * REALTIME seconds, ns past them and wall_to_monotonic, from one read
 * section: what MONOTONIC (and BOOTTIME on top of it) is made of.
 */
static void tk_get_mono_parts(const struct tk_kernel *k, time64_t *sec, s64 *nsec,
			      struct timespec64 *tomono, struct timespec64 *toboot)
{
	const struct timekeeper *tk = tk_live(k);
	u32 seq;

	do {
		/* Acquire: the loads and the counter read below stay after this. */
		seq = seqcount_read_begin(&k->tk_core.seq);
		*sec = (time64_t)READ_ONCE(tk->xtime_sec);
		*nsec = (s64)timekeeping_get_ns(&tk->tkr_mono);
		tomono->tv_sec = READ_ONCE(tk->wall_to_monotonic.tv_sec);
		tomono->tv_nsec = READ_ONCE(tk->wall_to_monotonic.tv_nsec);
		if (toboot) {
			toboot->tv_sec = READ_ONCE(tk->monotonic_to_boot.tv_sec);
			toboot->tv_nsec = READ_ONCE(tk->monotonic_to_boot.tv_nsec);
		}
		/* The retry's smp_rmb(): the loads above complete before seq is reloaded. */
	} while (seqcount_read_retry(&k->tk_core.seq, seq));
}

/** ktime_get_ts64() - CLOCK_MONOTONIC: REALTIME + wall_to_monotonic. */
void ktime_get_ts64(const struct tk_kernel *k, struct timespec64 *ts)
{
	struct timespec64 tomono;
	time64_t sec;
	s64 nsec;

	tk_get_mono_parts(k, &sec, &nsec, &tomono, NULL);
	*ts = set_normalized_timespec64(sec + tomono.tv_sec, nsec + tomono.tv_nsec);
}

/** ktime_get_raw_ts64() - CLOCK_MONOTONIC_RAW. */
void ktime_get_raw_ts64(const struct tk_kernel *k, struct timespec64 *ts)
{
	const struct timekeeper *tk = tk_live(k);

	*ts = tk_get_sec_ts64(k, &tk->raw_sec, NULL, &tk->tkr_raw);
}

/** ktime_get_boottime_ts64() - CLOCK_BOOTTIME: MONOTONIC + offs_boot. */
void ktime_get_boottime_ts64(const struct tk_kernel *k, struct timespec64 *ts)
{
	struct timespec64 tomono, toboot;
	time64_t sec;
	s64 nsec;

	tk_get_mono_parts(k, &sec, &nsec, &tomono, &toboot);
	*ts = timespec64_add(set_normalized_timespec64(sec + tomono.tv_sec, nsec + tomono.tv_nsec),
			     toboot);
}

/** ktime_get_clocktai_ts64() - CLOCK_TAI: REALTIME + tai_offset. */
void ktime_get_clocktai_ts64(const struct tk_kernel *k, struct timespec64 *ts)
{
	const struct timekeeper *tk = tk_live(k);

	*ts = tk_get_sec_ts64(k, &tk->xtime_sec, &tk->tai_offset, &tk->tkr_mono);
}

/*
 * tk_xtime_coarse(): {xtime_sec, coarse_nsec}, loaded inside the caller's
 * read section.  coarse_sec is xtime_sec at every publication unless
 * FIX_COARSE_SEC is on (struct timekeeper).
 */
static inline struct timespec64 tk_xtime_coarse(const struct timekeeper *tk)
{
	return (struct timespec64){ .tv_sec = (time64_t)READ_ONCE(tk->coarse_sec),
				    .tv_nsec = READ_ONCE(tk->coarse_nsec) };
}

/** ktime_get_coarse_real_ts64() - CLOCK_REALTIME_COARSE: {xtime_sec, coarse_nsec}. */
void ktime_get_coarse_real_ts64(const struct tk_kernel *k, struct timespec64 *ts)
{
	const struct timekeeper *tk = tk_live(k);
	u32 seq;

	do {
		/* Acquire: the loads and the counter read below stay after this. */
		seq = seqcount_read_begin(&k->tk_core.seq);
		*ts = tk_xtime_coarse(tk);
		/* The retry's smp_rmb(): the loads above complete before seq is reloaded. */
	} while (seqcount_read_retry(&k->tk_core.seq, seq));
}

/** ktime_get_coarse_ts64() - CLOCK_MONOTONIC_COARSE: coarse REALTIME + wall_to_monotonic. */
void ktime_get_coarse_ts64(const struct tk_kernel *k, struct timespec64 *ts)
{
	const struct timekeeper *tk = tk_live(k);
	struct timespec64 now, mono;
	u32 seq;

	do {
		/* Acquire: the loads and the counter read below stay after this. */
		seq = seqcount_read_begin(&k->tk_core.seq);
		now = tk_xtime_coarse(tk);
		mono.tv_sec = READ_ONCE(tk->wall_to_monotonic.tv_sec);
		mono.tv_nsec = READ_ONCE(tk->wall_to_monotonic.tv_nsec);
		/* The retry's smp_rmb(): the loads above complete before seq is reloaded. */
	} while (seqcount_read_retry(&k->tk_core.seq, seq));
	*ts = set_normalized_timespec64(now.tv_sec + mono.tv_sec, now.tv_nsec + mono.tv_nsec);
}

/**
 * ktime_get_real_seconds() - REALTIME seconds as of the last update
 * @k: the kernel
 *
 * As on a 64-bit kernel: one load of xtime_sec, no read section (a single
 * word cannot be torn; the 32-bit kernel needs the seqcount).
 *
 * Return: the seconds.
 */
time64_t ktime_get_real_seconds(const struct tk_kernel *k)
{
	return (time64_t)READ_ONCE(tk_live(k)->xtime_sec);
}
