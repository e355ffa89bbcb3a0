/* SPDX-License-Identifier: GPL-2.0 */
/* Mirrors: include/linux/timekeeper_internal.h and the tk_core of kernel/time/timekeeping.c
 * (v6.18). */
#ifndef TKSIM_TIMEKEEPER_TIMEKEEPER_H
#define TKSIM_TIMEKEEPER_TIMEKEEPER_H

#include <pthread.h>

#include "timekeeper/clocksource.h"
#include "timekeeper/ntp.h"
#include "timekeeper/version.h"
#include "vdso/datapage.h"

struct vsyscall_gtod_data;

/**
 * enum timekeeper_ids - the timekeepers of one kernel (v6.17)
 * @TIMEKEEPER_CORE:      the system timekeeper (REALTIME, MONOTONIC, BOOTTIME, TAI, RAW)
 * @TIMEKEEPER_AUX_FIRST: the timekeeper of CLOCK_AUX
 * @TIMEKEEPER_AUX_LAST:  the timekeeper of CLOCK_AUX_LAST
 * @TIMEKEEPERS_MAX:      how many there are
 */
enum timekeeper_ids {
	TIMEKEEPER_CORE,
	TIMEKEEPER_AUX_FIRST,
	TIMEKEEPER_AUX_LAST = TIMEKEEPER_AUX_FIRST + TK_MAX_AUX_CLOCKS - 1,
	TIMEKEEPERS_MAX,
};

/**
 * struct tk_read_base - what a clock read needs: base point and conversion
 * @clock:      the clocksource
 * @mask:       counter mask (cycles)
 * @cycle_last: counter value at the last accumulation (cycles)
 * @mult:       multiplier (NTP-adjusted in tkr_mono, the clocksource's in tkr_raw)
 * @shift:      shift of @mult
 * @xtime_nsec: sub-second part of the clock at @cycle_last, shifted ns
 * @base:       tkr_mono: CLOCK_MONOTONIC at the last second boundary (ns);
 *              tkr_raw: raw_sec in ns
 * @base_real:  @base + offs_real (ns)
 */
struct tk_read_base {
	struct clocksource *clock;
	u64 mask;
	u64 cycle_last;
	u32 mult;
	u32 shift;
	u64 xtime_nsec;
	ktime_t base;
	u64 base_real;
};

/**
 * struct timekeeper - the kernel's time state
 * @tkr_mono:             read base of REALTIME/MONOTONIC/BOOTTIME/TAI
 * @xtime_sec:            CLOCK_REALTIME seconds
 * @ktime_sec:            CLOCK_MONOTONIC seconds
 * @wall_to_monotonic:    REALTIME -> MONOTONIC (normally negative, nsec in [0, 1e9))
 * @offs_real:            MONOTONIC -> REALTIME (ns)
 * @offs_boot:            MONOTONIC -> BOOTTIME: time spent suspended (ns)
 * @offs_tai:             MONOTONIC -> TAI (ns)
 * @offs_aux:             an aux timekeeper's MONOTONIC -> its CLOCK_AUX (ns); it
 *                        shares the storage of @offs_tai, which aux timekeepers
 *                        do not use (v6.17)
 * @coarse_nsec:          ns part of the coarse clocks, moved only when time
 *                        is accumulated or set (v6.15)
 * @coarse_sec:           tksim's: the coarse clocks' seconds.  The kernel
 *                        (v6.15..v6.18) pairs xtime_sec with @coarse_nsec;
 *                        timekeeping_advance() keeps @coarse_sec equal to
 *                        xtime_sec at every publication, so the readers see
 *                        exactly that.  With FIX_COARSE_SEC it moves only with
 *                        @coarse_nsec (tk_update_coarse_nsecs())
 * @tkr_raw:              read base of MONOTONIC_RAW
 * @raw_sec:              CLOCK_MONOTONIC_RAW seconds
 * @clock_was_set_seq:    bumped when the clock was set
 * @cs_was_changed_seq:   bumped when the clocksource changed
 * @monotonic_to_boot:    @offs_boot as a timespec, for the vDSO (v5.3 fix)
 * @monotonic_to_aux:     @offs_aux as a timespec, for the vDSO (in the storage of
 *                        @monotonic_to_boot; v6.17-rc5, commit 762af5a2aa0a)
 * @cycle_interval:       cycles per NTP interval
 * @xtime_interval:       shifted ns per interval at the current mult
 * @xtime_remainder:      shifted ns lost by rounding cycle_interval
 * @raw_interval:         shifted raw ns per interval
 * @next_leap_ktime:      CLOCK_MONOTONIC of a pending leap, or KTIME_MAX
 * @ntp_tick:             cached ntp_tick_length(): ns << 32 per interval
 * @ntp_error:            what NTP wanted minus what was accumulated, ns << 32
 *                        minus shift (NTP-scaled); positive = clock behind
 * @ntp_error_shift:      NTP_SCALE_SHIFT - shift
 * @ntp_err_mult:         0 or 1 extra mult unit applied to correct @ntp_error
 * @skip_second_overflow: the second being accumulated was already reported to NTP
 * @maxadj_warnings:      tksim's: how many times timekeeping_adjust() left mult
 *                        more than the clocksource's maxadj (11 %) off its
 *                        nominal value, where the kernel prints "Adjusting %s
 *                        more than 11%" (once per boot: printk_once)
 * @unreported_secs:      tksim's: xtime_sec's net movement NTP is not told about:
 *                        -1 per second timekeeping_adjust() borrows, +1 per second
 *                        accumulated with @skip_second_overflow set.  The flag is
 *                        set, not counted: a borrow while it is still set (the clock
 *                        was set since the last borrow) skips one second, not two
 * @tai_offset:           TAI - UTC (s)
 * @id:                   which timekeeper this is (v6.17): TIMEKEEPER_CORE, or
 *                        TIMEKEEPER_AUX_FIRST + n for aux clock n
 * @clock_valid:          the clock can be read and set (v6.17): always for the
 *                        core timekeeper, only while enabled for an aux one
 */
struct timekeeper {
	struct tk_read_base tkr_mono;
	u64 xtime_sec;
	u64 ktime_sec;
	struct timespec64 wall_to_monotonic;
	ktime_t offs_real;
	ktime_t offs_boot;
	union {
		ktime_t offs_tai;
		ktime_t offs_aux;
	};
	u32 coarse_nsec;
	s32 tai_offset;
	u64 coarse_sec;
	struct tk_read_base tkr_raw;
	u64 raw_sec;
	u32 clock_was_set_seq;
	u32 cs_was_changed_seq;
	union {
		struct timespec64 monotonic_to_boot;
		struct timespec64 monotonic_to_aux;
	};
	u64 cycle_interval;
	u64 xtime_interval;
	s64 xtime_remainder;
	u64 raw_interval;
	ktime_t next_leap_ktime;
	u64 ntp_tick;
	s64 ntp_error;
	u32 ntp_error_shift;
	u32 ntp_err_mult;
	u32 skip_second_overflow;
	u32 maxadj_warnings;
	s64 unreported_secs;
	enum timekeeper_ids id;
	bool clock_valid;
};

/**
 * struct tk_data - tk_core: the live timekeeper, its shadow, seqcount and lock
 * @seq:                tk_core.seq, the kernel-side readers' seqcount
 * @timekeeper:         the live copy kernel-side readers use
 * @shadow_timekeeper:  the copy writers compute on, under @lock
 * @lock:               tk_core.lock, serialising writers
 */
struct tk_data {
	u32 seq;
	struct timekeeper timekeeper;
	struct timekeeper shadow_timekeeper;
	pthread_mutex_t lock;
};

/**
 * struct tk_aux_clock - one auxiliary clock: timekeeper_data[TIMEKEEPER_AUX_FIRST + n]
 * @tkd: its timekeeper, seqcount and lock
 * @ntp: its NTP state (tk_ntp_data[TIMEKEEPER_AUX_FIRST + n])
 */
struct tk_aux_clock {
	struct tk_data tkd;
	struct ntp_data ntp;
};

/**
 * struct tk_kernel - the timekeeping state of one simulated kernel
 * @tk_core:     see struct tk_data
 * @ntp:         the NTP state (kernel/time/ntp.c)
 * @vdata:       the vvar page the kernel publishes into
 * @hz:          CONFIG_HZ (ticks per second; NTP_INTERVAL_FREQ)
 * @hrtimer_res: hrtimer_resolution (ns): 1 with high-resolution timers
 * @sys_tz:      the timezone settimeofday() stored
 * @sys_tz_set:  a timezone has been set once (the inverse of
 *               do_sys_settimeofday64()'s static `firsttime`)
 * @persistent_clock_is_local: the RTC keeps local time; set by
 *               timekeeping_warp_clock() (nothing here reads an RTC)
 * @suspended:   timekeeping_suspended
 * @suspend_cycles: counter value when suspended (cycles)
 * @profile:     the kernel release it is (timekeeper/version.h), never
 *               TK_PROFILE_DEFAULT once booted
 * @vdiffs:      the named differences @profile has: bit (1 << TKV_*) each;
 *               test them with tk_has()
 * @backports:   BUG_* bits of @profile whose fix this kernel carries anyway, as a
 *               distribution's tree carries fixes from a stable series (the
 *               kernel-tree backend finds them in the tree: ktree_backports());
 *               0 for the release as tagged
 * @bugs:        bitmask of injected writer-side historical bugs (sim/bugs.h);
 *               0 in a faithful v6.18 kernel, the implied bits of an older
 *               profile (tk_profile_bugs()) otherwise
 * @fixes:       bitmask of proposed fixes switched on (FIX_*, sim/fixes.h);
 *               0 in a faithful kernel
 * @vdso_write_spin: tksim's torture knob: cpu_relax() spins inside the vvar
 *               write section (update_vsyscall), to widen the window in
 *               which readers race the writer; 0 (no pause) by default
 * @gtod_v416:   optional v4.16 x86 vvar page (vdso/datapage_v416.h), also
 *               published at every update when set; NULL by default
 * @vdso_write_hook: tksim's fuzz knob: called inside the vvar write section
 *               (between vdso_write_begin and end), where a reader must
 *               retry; NULL by default
 * @vdso_write_hook_arg: passed to @vdso_write_hook
 * @aux:         the auxiliary clocks (timekeeper/timekeeping_aux.c)
 * @aux_timekeepers: bit n set while aux clock n is enabled (the kernel's
 *               aux_timekeepers bitmap, read without a lock by the tick)
 *
 * Every file-scope static of kernel/time/ lives here, so that one process
 * can run many simulated kernels side by side.
 */
struct tk_kernel {
	struct tk_data tk_core;
	struct ntp_data ntp;
	struct vdso_time_data vdata;
	unsigned int hz;
	u32 hrtimer_res;
	struct tk_timezone sys_tz;
	bool sys_tz_set;
	bool persistent_clock_is_local;
	bool suspended;
	u64 suspend_cycles;
	enum tk_profile profile;
	u32 vdiffs;
	u64 backports;
	u64 bugs;
	u64 fixes;
	u32 vdso_write_spin;
	struct vsyscall_gtod_data *gtod_v416;
	void (*vdso_write_hook)(struct tk_kernel *k, void *arg);
	void *vdso_write_hook_arg;
	struct tk_aux_clock aux[TK_MAX_AUX_CLOCKS];
	u32 aux_timekeepers;
};

/*
 * Fix variants (struct tk_kernel.fixes): tksim's proposed changes to the
 * kernel for bugs the project found, the inverse of the BUG_* bits
 * (vdso/bug_bits.h).  sim/fixes.c says what each one changes and why.
 */
#define TK_FIX(n) ((u64)1 << (n))
#define FIX_COARSE_SEC TK_FIX(0) /* the coarse clocks keep their own second */
#define FIX_MASK (FIX_COARSE_SEC)

/* The v4.16 page variant (timekeeper/vsyscall_v416.c). */
void update_vsyscall_v416(struct tk_kernel *k, const struct timekeeper *tk);
int timekeeping_enable_vsyscall_v416(struct tk_kernel *k, struct vsyscall_gtod_data *g);

/**
 * tk_has() - whether kernel @k has the named difference @d (timekeeper/version.h)
 * @k: the kernel
 * @d: the difference
 *
 * A difference whose older behaviour is an injectable bug is switched by
 * that bug's bit alone, so the answer is "the bit is off" (the writer's in
 * @k->bugs, the reader's in the vvar page); any other is the profile's.
 */
static inline bool tk_has(const struct tk_kernel *k, enum tk_vdiff d)
{
	u64 bug = tk_vdiffs[d].bug;

	if (bug)
		return !((k->bugs | READ_ONCE(k->vdata.arch_data.bugs)) & bug);
	return tkv_has(k->vdiffs, d);
}

/* NTP_INTERVAL_LENGTH: ns per tick; an integer division, as in the kernel. */
static inline u64 tk_ntp_interval_length(const struct tk_kernel *k)
{
	return NSEC_PER_SEC / k->hz;
}

/* TICK_NSEC: the rounded tick length, LOW_RES_NSEC of the coarse clocks. */
static inline u32 tk_tick_nsec(const struct tk_kernel *k)
{
	return (u32)((NSEC_PER_SEC + k->hz / 2) / k->hz);
}

/** tk_clock_read() - read the clocksource of a read base (the clock is loaded once). */
static inline u64 tk_clock_read(const struct tk_read_base *tkr)
{
	struct clocksource *clock = READ_ONCE(tkr->clock);

	return clock->read(clock);
}

#endif /* TKSIM_TIMEKEEPER_TIMEKEEPER_H */
