/* SPDX-License-Identifier: GPL-2.0 */
/* Mirrors: include/linux/time64.h and include/linux/ktime.h (v6.15). */
#ifndef TKSIM_TIMEKEEPER_TIME64_H
#define TKSIM_TIMEKEEPER_TIME64_H

#include "vdso/math64.h"

/* TIME_SETTOD_SEC_MAX: the latest settable time, 30 years short of KTIME_SEC_MAX. */
#define TIME_SETTOD_SEC_MAX (KTIME_SEC_MAX - 30LL * 365 * 86400)

/** set_normalized_timespec64() - build a timespec with tv_nsec in [0, 1e9). */
static inline struct timespec64 set_normalized_timespec64(time64_t sec, s64 nsec)
{
	while (nsec >= NSEC_PER_SEC) {
		nsec -= NSEC_PER_SEC;
		++sec;
	}
	while (nsec < 0) {
		nsec += NSEC_PER_SEC;
		--sec;
	}
	return (struct timespec64){ .tv_sec = sec, .tv_nsec = (long)nsec };
}

/*
 * The seconds wrap on overflow, as the kernel's do (-fno-strict-overflow):
 * ADJ_SETOFFSET adds an unchecked user tv_sec and relies on the wrapped sum
 * failing timespec64_valid_settod().
 */
static inline struct timespec64 timespec64_add(struct timespec64 a, struct timespec64 b)
{
	return set_normalized_timespec64((time64_t)((u64)a.tv_sec + (u64)b.tv_sec),
					 (s64)a.tv_nsec + b.tv_nsec);
}

static inline struct timespec64 timespec64_sub(struct timespec64 a, struct timespec64 b)
{
	return set_normalized_timespec64(a.tv_sec - b.tv_sec, (s64)a.tv_nsec - b.tv_nsec);
}

/** timespec64_compare() - <0, 0 or >0 as @a is before, equal to or after @b. */
static inline int timespec64_compare(const struct timespec64 *a, const struct timespec64 *b)
{
	if (a->tv_sec < b->tv_sec)
		return -1;
	if (a->tv_sec > b->tv_sec)
		return 1;
	return (a->tv_nsec > b->tv_nsec) - (a->tv_nsec < b->tv_nsec);
}

/** timespec64_valid() - tv_sec >= 0 and tv_nsec in [0, 1e9). */
static inline bool timespec64_valid(const struct timespec64 *ts)
{
	return ts->tv_sec >= 0 && ts->tv_nsec >= 0 && ts->tv_nsec < NSEC_PER_SEC;
}

/**
 * timespec64_valid_strict() - valid, and below KTIME_SEC_MAX: what ktime_t can hold (the
 * kernel's check of a sleep time, __timekeeping_inject_sleeptime()).
 */
static inline bool timespec64_valid_strict(const struct timespec64 *ts)
{
	return timespec64_valid(ts) && ts->tv_sec < KTIME_SEC_MAX;
}

/** timespec64_valid_settod() - valid, and before TIME_SETTOD_SEC_MAX. */
static inline bool timespec64_valid_settod(const struct timespec64 *ts)
{
	return timespec64_valid(ts) && ts->tv_sec < TIME_SETTOD_SEC_MAX;
}

/**
 * ns_to_timespec64() - @nsec as a timespec, tv_nsec in [0, 1e9): one division (floored, as
 * the kernel's), where set_normalized_timespec64() would loop once per second.
 */
static inline struct timespec64 ns_to_timespec64(s64 nsec)
{
	s64 sec = nsec / NSEC_PER_SEC, rem = nsec % NSEC_PER_SEC;

	if (rem < 0) {
		rem += NSEC_PER_SEC;
		sec--;
	}
	return (struct timespec64){ .tv_sec = sec, .tv_nsec = (long)rem };
}

/*
 * ktime_add() - @a + @b, wrapping on overflow as the kernel's ktime_add() does (it builds
 * with -fno-strict-overflow): signed overflow is undefined in C, the u64 sum is not.
 */
static inline ktime_t ktime_add(ktime_t a, ktime_t b)
{
	return (ktime_t)((u64)a + (u64)b);
}

/*
 * timespec64_to_ktime() - to ns, saturating at KTIME_MAX as the kernel's ktime_set() does;
 * a tv_sec far below -KTIME_SEC_MAX wraps, as the kernel's product does (-fno-strict-overflow):
 * the product is taken in u64 here, where C defines the wrap.
 */
static inline ktime_t timespec64_to_ktime(struct timespec64 ts)
{
	if (ts.tv_sec >= KTIME_SEC_MAX)
		return KTIME_MAX;
	return (ktime_t)((u64)ts.tv_sec * NSEC_PER_SEC + (u64)ts.tv_nsec);
}

/** ktime_to_timespec64() - ns to a normalised timespec (floor division). */
static inline struct timespec64 ktime_to_timespec64(ktime_t kt)
{
	s64 sec = kt / NSEC_PER_SEC, nsec = kt % NSEC_PER_SEC;

	if (nsec < 0) {
		nsec += NSEC_PER_SEC;
		sec--;
	}
	return (struct timespec64){ .tv_sec = sec, .tv_nsec = (long)nsec };
}

/** timespec64_add_ns() - add ns by repeated subtraction (ns is small). */
static inline struct timespec64 timespec64_add_ns(struct timespec64 a, u64 ns)
{
	a.tv_sec += iter_div_u64_rem((u64)a.tv_nsec + ns, NSEC_PER_SEC, &ns);
	a.tv_nsec = (long)ns;
	return a;
}

#endif /* TKSIM_TIMEKEEPER_TIME64_H */
