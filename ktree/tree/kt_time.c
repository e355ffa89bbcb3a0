// SPDX-License-Identifier: GPL-2.0
// tksim's own: what the tree's time files call outside them: kernel/time/time.c's conversions,
// hrtimer.c's clock_was_set(), capable().
#include <linux/capability.h>
#include <linux/hrtimer.h>
#include <linux/time.h>

extern int kt_privileged;

/* clock_was_set() calls since boot: the hrtimer layer would re-program its bases here. */
unsigned long kt_nr_clock_was_set;

/**
 * capable() - whether the simulated caller holds @cap
 * @cap: CAP_SYS_TIME is the only one the time files ask for
 *
 * Return: the privilege of the op being executed (kt_syscalls.c sets it).
 */
bool capable(int cap)
{
	return cap == CAP_SYS_TIME && kt_privileged;
}

/** clock_was_set() - REALTIME or BOOTTIME moved: counted, no timer to re-arm. @bases: CLOCK_SET_*
 */
void clock_was_set(unsigned int bases)
{
	(void)bases;
	kt_nr_clock_was_set++;
}

/** clock_was_set_delayed() - the same from a context that cannot do it at once */
void clock_was_set_delayed(void)
{
	kt_nr_clock_was_set++;
}

/**
 * set_normalized_timespec64() - @ts = @sec + @nsec with 0 <= tv_nsec < NSEC_PER_SEC
 * @ts:   result
 * @sec:  seconds
 * @nsec: ns, any sign and size
 */
void set_normalized_timespec64(struct timespec64 *ts, time64_t sec, s64 nsec)
{
	/* carry whole seconds out of @nsec, towards the range [0, NSEC_PER_SEC) */
	sec += nsec / NSEC_PER_SEC;
	nsec %= NSEC_PER_SEC;
	if (nsec < 0) {
		nsec += NSEC_PER_SEC;
		sec--;
	}
	ts->tv_sec = sec;
	ts->tv_nsec = nsec;
}

/**
 * ns_to_timespec64() - @nsec ns as seconds and ns, tv_nsec in [0, NSEC_PER_SEC)
 * @nsec: ns, may be negative (then tv_sec is floored)
 *
 * Return: the timespec.
 */
struct timespec64 ns_to_timespec64(s64 nsec)
{
	struct timespec64 ts;

	set_normalized_timespec64(&ts, 0, nsec);
	return ts;
}
