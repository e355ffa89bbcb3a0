/* SPDX-License-Identifier: GPL-2.0 */
/* Mirrors: include/linux/timekeeping.h and the setters of kernel/time/timekeeping.c (v6.18). */
#ifndef TKSIM_TIMEKEEPER_TIMEKEEPING_H
#define TKSIM_TIMEKEEPER_TIMEKEEPING_H

/*
 * The simulated kernel's timekeeping API.  Every function takes the
 * struct tk_kernel it acts on; int functions return 0 or a negative errno.
 */

#include "timekeeper/timekeeper.h"

/* timekeeping_update() actions. */
#define TK_CLEAR_NTP (1 << 0)
#define TK_CLOCK_WAS_SET (1 << 1)
#define TK_UPDATE_ALL (TK_CLEAR_NTP | TK_CLOCK_WAS_SET)

/**
 * enum timekeeping_adv_mode - why timekeeping_advance() runs
 * @TK_ADV_TICK: the periodic tick: accumulate only whole intervals
 * @TK_ADV_FREQ: adjtimex changed the frequency: apply it now, even if less
 *               than an interval has elapsed
 */
enum timekeeping_adv_mode {
	TK_ADV_TICK,
	TK_ADV_FREQ,
};

/**
 * struct tk_boot_params - how a simulated kernel boots
 * @hz:          CONFIG_HZ, ticks per second (e.g. 1000)
 * @wall_time:   REALTIME at boot (the persistent clock)
 * @boot_offset: MONOTONIC at boot (time since power-on)
 * @hrtimer_res: clock_getres() of hres clocks (ns); 0 means 1 (high-res timers)
 * @profile:     the kernel release to be (timekeeper/version.h); 0 is v6.18
 * @backports:   BUG_* bits of @profile whose fix it carries (tk_kernel::backports)
 */
struct tk_boot_params {
	unsigned int hz;
	struct timespec64 wall_time;
	struct timespec64 boot_offset;
	u32 hrtimer_res;
	enum tk_profile profile;
	u64 backports;
};

int timekeeping_init(struct tk_kernel *k, struct clocksource *clock,
		     const struct tk_boot_params *p);
void timekeeping_destroy(struct tk_kernel *k);
bool timekeeping_advance(struct tk_kernel *k, enum timekeeping_adv_mode mode);
void update_wall_time(struct tk_kernel *k);

int do_settimeofday64(struct tk_kernel *k, const struct timespec64 *ts);
int timekeeping_inject_offset(struct tk_kernel *k, const struct timespec64 *ts);
int timekeeping_set_tz(struct tk_kernel *k, const struct tk_timezone *tz);
void timekeeping_warp_clock(struct tk_kernel *k);
void timekeeping_set_tai_offset(struct tk_kernel *k, s32 tai_offset);
void timekeeping_suspend(struct tk_kernel *k);
void timekeeping_resume(struct tk_kernel *k, const struct timespec64 *sleep);
int change_clocksource(struct tk_kernel *k, struct clocksource *clock);

/* The kernel-side getters, each under tk_core.seq (timekeeping_read.c). */
ktime_t ktime_get(const struct tk_kernel *k);
ktime_t ktime_get_raw(const struct tk_kernel *k);
void ktime_get_real_ts64(const struct tk_kernel *k, struct timespec64 *ts);
void ktime_get_ts64(const struct tk_kernel *k, struct timespec64 *ts);
void ktime_get_raw_ts64(const struct tk_kernel *k, struct timespec64 *ts);
void ktime_get_boottime_ts64(const struct tk_kernel *k, struct timespec64 *ts);
void ktime_get_clocktai_ts64(const struct tk_kernel *k, struct timespec64 *ts);
void ktime_get_coarse_real_ts64(const struct tk_kernel *k, struct timespec64 *ts);
void ktime_get_coarse_ts64(const struct tk_kernel *k, struct timespec64 *ts);
time64_t ktime_get_real_seconds(const struct tk_kernel *k);
void tk_snapshot(const struct tk_kernel *k, struct timekeeper *tk);
/* The hrtimer's view (timekeeping_hrtimer.c). */
ktime_t ktime_get_update_offsets_now(const struct tk_kernel *k, u32 *cwsseq, ktime_t *offs_real,
				     ktime_t *offs_boot, ktime_t *offs_tai);

/* The syscalls (kernel/time/posix-timers.c, posix-stubs.c, time.c). */
int tk_sys_clock_gettime(const struct tk_kernel *k, s32 clock, struct timespec64 *ts);
int tk_sys_clock_getres(const struct tk_kernel *k, s32 clock, struct timespec64 *res);
int tk_sys_gettimeofday(const struct tk_kernel *k, struct tk_timeval *tv, struct tk_timezone *tz);
int do_sys_settimeofday64(struct tk_kernel *k, const struct timespec64 *tv,
			  const struct tk_timezone *tz, bool privileged);
int tk_sys_settimeofday(struct tk_kernel *k, const struct tk_timeval *tv,
			const struct tk_timezone *tz, bool privileged);
int tk_sys_clock_settime(struct tk_kernel *k, s32 clock, const struct timespec64 *ts,
			 bool privileged);
struct tk_timex;
int tk_sys_clock_adjtime(struct tk_kernel *k, s32 clock, struct tk_timex *txc, bool privileged);
time64_t tk_sys_time(const struct tk_kernel *k);

#endif /* TKSIM_TIMEKEEPER_TIMEKEEPING_H */
