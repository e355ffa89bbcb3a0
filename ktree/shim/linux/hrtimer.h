/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: include/linux/hrtimer.h for a tree's time files: ktime_t, and hrtimers that never
 * fire. */
#ifndef TKSIM_KTREE_SHIM_HRTIMER_H
#define TKSIM_KTREE_SHIM_HRTIMER_H

#include <linux/ktime.h>
#include "kt_kernel.h"
#include <linux/types.h>

/*
 * The backend runs no timers: the engine drives the tick, and ntp.c's
 * CMOS-sync work and the leap-second hrtimer are switched off in the
 * configuration.  What is left are the types and the calls that tell the
 * hrtimer layer the clock was set, which the glue counts.
 */
enum hrtimer_restart { HRTIMER_NORESTART, HRTIMER_RESTART };
enum hrtimer_mode { HRTIMER_MODE_ABS = 0, HRTIMER_MODE_REL = 1 };

struct hrtimer {
	ktime_t expires;
	enum hrtimer_restart (*function)(struct hrtimer *);
};

struct hrtimer_cpu_base;

/* The hres clocks' resolution in ns: 1 with high-resolution timers, as the model's default
 * (kt_glue.c). */
extern unsigned int hrtimer_resolution;
#define HIGH_RES_NSEC 1
#define LOW_RES_NSEC TICK_NSEC

/* The bases clock_was_set() is told about (CLOCK_SET_WALL, CLOCK_SET_BOOT of tick-internal.h). */
enum hrtimer_base_type {
	HRTIMER_BASE_MONOTONIC,
	HRTIMER_BASE_REALTIME,
	HRTIMER_BASE_BOOTTIME,
	HRTIMER_BASE_TAI,
	HRTIMER_BASE_MONOTONIC_SOFT,
	HRTIMER_BASE_REALTIME_SOFT,
	HRTIMER_BASE_BOOTTIME_SOFT,
	HRTIMER_BASE_TAI_SOFT,
	HRTIMER_MAX_CLOCK_BASES,
};
/* No timerfd is waiting for a resume. */
static inline void timerfd_resume(void)
{
}

#define hrtimer_start(t, e, m) ((void)(t), (void)(e), (void)(m))
#define hrtimer_init(t, c, m) ((void)(t))
#define hrtimer_cancel(t) 0

#endif /* TKSIM_KTREE_SHIM_HRTIMER_H */
