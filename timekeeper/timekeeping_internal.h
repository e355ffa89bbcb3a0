/* SPDX-License-Identifier: GPL-2.0 */
/* Mirrors: kernel/time/timekeeping_internal.h and timekeeping.c's static helpers (v6.18). */
#ifndef TKSIM_TIMEKEEPER_TIMEKEEPING_INTERNAL_H
#define TKSIM_TIMEKEEPER_TIMEKEEPING_INTERNAL_H

/* Shared by the files of timekeeper/ only; nothing outside includes this. */

#include "timekeeper/time64.h"
#include "timekeeper/timekeeping.h"
#include "vdso/calc.h"

/**
 * clocksource_delta() - cycles since @last, 0 for negative motion (v6.13+)
 * @now:       counter value just read
 * @last:      cycle_last
 * @mask:      counter mask
 * @max_delta: the clocksource's max_raw_delta (7/8 of @mask)
 *
 * A counter read behind cycle_last wraps to a huge masked delta; anything
 * above 7/8 of the width is taken as such and counts as no time at all.
 *
 * Return: the delta in cycles.
 */
static inline u64 clocksource_delta(u64 now, u64 last, u64 mask, u64 max_delta)
{
	u64 ret = (now - last) & mask;

	return ret > max_delta ? 0 : ret;
}

/* The REALTIME of the base point, {xtime_sec, xtime_nsec >> shift}. */
static inline struct timespec64 tk_xtime(const struct timekeeper *tk)
{
	return (struct timespec64){ .tv_sec = (time64_t)tk->xtime_sec,
				    .tv_nsec =
					    (long)(tk->tkr_mono.xtime_nsec >> tk->tkr_mono.shift) };
}

/* v6.15: the coarse clocks' ns follow xtime_nsec only when time is accumulated or set. */
static inline void tk_update_coarse_nsecs(struct timekeeper *tk)
{
	tk->coarse_nsec = (u32)(tk->tkr_mono.xtime_nsec >> tk->tkr_mono.shift);
	tk->coarse_sec = tk->xtime_sec;
}

/*
 * timekeeping_get_ns(): read the counter of @tkr and convert it to ns past
 * the base second, the same arithmetic as the vDSO.  Called inside a
 * tk_core.seq read section; each field is one relaxed load of the live
 * read base (the kernel's plain loads of tkr->...), the clock loaded once.
 */
static inline u64 timekeeping_get_ns(const struct tk_read_base *tkr)
{
	struct clocksource *clock = READ_ONCE(tkr->clock);
	u64 cycles = clock->read(clock);

	return cycles_to_ns(cycles, READ_ONCE(tkr->cycle_last), READ_ONCE(tkr->mask),
			    clock->max_cycles, READ_ONCE(tkr->mult), READ_ONCE(tkr->xtime_nsec),
			    READ_ONCE(tkr->shift));
}

void tk_normalize_xtime(struct timekeeper *tk);
void tk_set_xtime(struct timekeeper *tk, const struct timespec64 *ts);
void tk_xtime_add(struct timekeeper *tk, const struct timespec64 *ts);
void tk_set_wall_to_mono(struct timekeeper *tk, struct timespec64 wtm);
void tk_update_sleep_time(struct timekeeper *tk, ktime_t delta);
void tk_set_tai_offset(struct timekeeper *tk, s32 tai_offset);
void tk_update_leap_state(struct tk_kernel *k, struct timekeeper *tk);
void tk_setup_internals(struct tk_kernel *k, struct timekeeper *tk, struct clocksource *clock);
void timekeeping_forward_now(struct timekeeper *tk);
void timekeeping_update_from_shadow(struct tk_kernel *k, unsigned int action);
void timekeeping_restore_shadow(struct tk_kernel *k);
/* The parts of the setter and the tick that do_adjtimex() runs under its own lock (v6.17). */
int timekeeping_inject_offset_locked(struct tk_kernel *k, const struct timespec64 *ts);
bool timekeeping_advance_locked(struct tk_kernel *k, enum timekeeping_adv_mode mode);

/*
 * The v6.17 multi-timekeeper forms: the same work on any timekeeper of @k
 * (the core or an aux one), each under its own tkd->lock.
 */
void timekeeping_update_tkd(struct tk_kernel *k, struct tk_data *tkd, unsigned int action);
bool timekeeping_advance_tkd(struct tk_kernel *k, struct tk_data *tkd,
			     enum timekeeping_adv_mode mode);

/* tk_ntp_data[tk->id]: the NTP state that steers @tk. */
static inline struct ntp_data *tk_ntp(struct tk_kernel *k, const struct timekeeper *tk)
{
	if (likely(tk->id == TIMEKEEPER_CORE))
		return &k->ntp;
	return &k->aux[tk->id - TIMEKEEPER_AUX_FIRST].ntp;
}

/* The aux clocks' hooks in the core paths (timekeeping_aux.c, vsyscall_aux.c). */
void tk_aux_setup(struct tk_kernel *k);
void tk_aux_destroy(struct tk_kernel *k);
void tk_aux_advance(struct tk_kernel *k);
void tk_aux_update_clocksource(struct tk_kernel *k);
void vdso_time_update_aux(struct tk_kernel *k, const struct timekeeper *tk);
void fill_clock_configuration(struct vdso_clock *vc, const struct tk_read_base *base);

void update_vsyscall(struct tk_kernel *k, const struct timekeeper *tk);
void update_vsyscall_tz(struct tk_kernel *k);

/**
 * tk_copy_words() - copy a struct with relaxed atomic 64-bit accesses
 * @dst: destination, 8-byte aligned
 * @src: source, 8-byte aligned
 * @n:   size, a multiple of 8
 *
 * The kernel memcpy()s the shadow timekeeper into the live one inside the
 * tk_core.seq write section and readers read it racily, trusting the retry.
 * In C11 that race is undefined, so both sides copy word by word with
 * relaxed atomics: the same plain moves on x86, and clean under TSan.
 */
static inline void tk_copy_words(void *dst, const void *src, size_t n)
{
	typedef u64 __attribute__((may_alias)) word_t;
	word_t *d = dst;
	const word_t *s = src;

	for (size_t i = 0; i < n / sizeof(word_t); i++)
		__atomic_store_n(&d[i], __atomic_load_n(&s[i], __ATOMIC_RELAXED), __ATOMIC_RELAXED);
}

_Static_assert(sizeof(struct timekeeper) % 8 == 0, "tk_copy_words needs whole words");

#endif /* TKSIM_TIMEKEEPER_TIMEKEEPING_INTERNAL_H */
