/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the deterministic discrete-event engine (stands for the tick and the hardware). */
#ifndef TKSIM_SIM_ENGINE_H
#define TKSIM_SIM_ENGINE_H

/*
 * One simulated system: a kernel (struct tk_kernel, which owns the vvar
 * page), a synthetic counter, and virtual time.  Virtual time is true time
 * in ns; the counter runs at its true frequency against it, and the tick
 * fires every 1/HZ s of true time, as a timer interrupt from an independent
 * oscillator would.  Everything is single-threaded and deterministic: the
 * same configuration gives the same result, bit for bit.
 *
 *   struct sim_system *s = sim_system_new(&cfg);   // boots the kernel
 *   sim_advance_ns(s, 3600 * NSEC_PER_SEC);       // an hour of ticks
 *   sim_clock_gettime(s, SIM_PATH_VDSO, TK_CLOCK_MONOTONIC, &ts);
 *   sim_system_free(s);
 */

#include "sim/counter.h"
#include "timekeeper/adjtimex.h"
#include "timekeeper/timekeeping.h"

struct sim_css;
struct ktree;
struct ktree_timex;

/**
 * struct sim_config - a system to simulate
 * @counter:     the counter hardware
 * @hz:          CONFIG_HZ
 * @wall_time:   REALTIME at boot
 * @boot_offset: MONOTONIC at boot
 * @hrtimer_res: hres clock resolution (ns), 0 for 1
 * @fixes:       the proposed kernel fixes switched on (FIX_*, sim/fixes.h);
 *               0 for the kernel as it is
 * @profile:     the kernel release the model is (timekeeper/version.h);
 *               0 (TK_PROFILE_DEFAULT) for v6.18
 * @backports:   BUG_* bits of @profile whose fix the model carries, as the
 *               tree it stands beside does (ktree_backports()); 0 for the
 *               release as tagged
 * @aux_clocks:  aux clocks 0 .. @aux_clocks - 1 enabled at boot (their sysfs
 *               aux_clock_enable written 1 right after timekeeping_init(), each
 *               starting at 0), at most TK_MAX_AUX_CLOCKS; 0 for none
 */
struct sim_config {
	struct sim_counter_params counter;
	unsigned int hz;
	struct timespec64 wall_time;
	struct timespec64 boot_offset;
	u32 hrtimer_res;
	u64 fixes;
	enum tk_profile profile;
	u64 backports;
	unsigned int aux_clocks;
};

/**
 * struct sim_system - one simulated machine
 * @k:            the simulated kernel's timekeeping (owns the vvar page)
 * @counter:      the synthetic counter and its clocksource
 * @now_ns:       virtual (true) time since boot
 * @tick_period_ns: true ns between ticks: the kernel's TICK_NSEC (sim_tick_period_ns())
 * @next_tick_ns: virtual time of the next tick
 * @last_tick_ns: virtual time of the last tick (update_wall_time()), 0 at boot
 * @ticks:        ticks run (timekeeping_advance(TK_ADV_TICK) calls)
 * @cfg:          the configuration it was built from
 * @css:          extra clocksources and the watchdog (sim/clocksources.h), or NULL
 * @kt:           a kernel tree's own code standing in for the model's reads and ticks
 *                (sim_system_attach_ktree(), sim/engine_ktree.c), or NULL
 */
struct sim_system {
	struct tk_kernel k;
	struct sim_counter counter;
	u64 now_ns;
	u64 tick_period_ns;
	u64 next_tick_ns;
	u64 last_tick_ns;
	u64 ticks;
	struct sim_config cfg;
	struct sim_css *css;
	struct ktree *kt;
};

/** enum sim_path - which way a clock is read */
enum sim_path {
	SIM_PATH_VDSO, /* the simulated vDSO over the vvar page */
	SIM_PATH_SYSCALL, /* the kernel-side getters under tk_core.seq */
};

/**
 * sim_tick_period_ns() - the periodic tick's period at @hz: the kernel's TICK_NSEC
 * @hz: CONFIG_HZ
 *
 * The kernel advances its tick by TICK_NSEC = (NSEC_PER_SEC + HZ/2) / HZ
 * (include/vdso/jiffies.h; tick_periodic() and tick_sched_timer() add it),
 * rounded, while NTP's interval NTP_INTERVAL_LENGTH = NSEC_PER_SEC / HZ is
 * truncated (tk_ntp_interval_length()).  They differ where HZ does not
 * divide 10^9 and the remainder is at least HZ/2, e.g. 24 and 1024.  The
 * engine, the op generator and the input decoder use this one value.
 *
 * Return: ns between two ticks.
 */
static inline u64 sim_tick_period_ns(unsigned int hz)
{
	return (NSEC_PER_SEC + hz / 2) / hz;
}

void sim_config_default(struct sim_config *cfg);
int sim_system_init(struct sim_system *s, const struct sim_config *cfg);
void sim_system_destroy(struct sim_system *s);
struct sim_system *sim_system_new(const struct sim_config *cfg, int *err);
void sim_system_free(struct sim_system *s);

void sim_advance_to(struct sim_system *s, u64 t_ns);
void sim_advance_ns(struct sim_system *s, u64 ns);
void sim_idle_ns(struct sim_system *s, u64 ns);
u64 sim_nohz_room_ns(const struct sim_system *s);
void sim_run_ticks(struct sim_system *s, u64 n);
void sim_stall_ns(struct sim_system *s, u64 ns);

int sim_clock_gettime(struct sim_system *s, enum sim_path path, s32 clock, struct timespec64 *ts);
int sim_clock_getres(struct sim_system *s, enum sim_path path, s32 clock, struct timespec64 *res);
time64_t sim_time(struct sim_system *s, enum sim_path path);
unsigned __int128 sim_raw_cycles_since_boot(const struct sim_system *s);

/* sim_system_open_ktree()'s answers besides 0 (as enum ktree_status). */
#define SIM_KTREE_UNAVAILABLE 1
#define SIM_KTREE_BROKEN 2

int sim_system_open_ktree(struct sim_system *s, const char *name, char *err, size_t errlen);
void sim_system_close_ktree(struct sim_system *s);
int sim_system_attach_ktree(struct sim_system *s, struct ktree *kt, char *err, size_t errlen);
int sim_ktree_open(const char *name, struct ktree **kt, char *err, size_t errlen);
void sim_ktree_close(struct ktree *kt);
const char *sim_ktree_release(const struct ktree *kt);
u64 sim_ktree_backports(const struct ktree *kt, enum tk_profile p);
void sim_system_backports(struct sim_system *s, u64 bits);
int sim_ktree_clock_gettime(struct sim_system *s, enum sim_path path, s32 clock,
			    struct timespec64 *ts);
int sim_ktree_clock_getres(struct sim_system *s, enum sim_path path, s32 clock,
			   struct timespec64 *res);
time64_t sim_ktree_time(struct sim_system *s, enum sim_path path);
void sim_ktree_timex_in(struct ktree_timex *k, const struct tk_timex *t);
void sim_ktree_timex_out(struct tk_timex *t, const struct ktree_timex *k);
void sim_ktree_tick(struct sim_system *s);

struct tk_timex;
int sim_sys_clock_adjtime(struct sim_system *s, s32 clock, bool adjtimex, struct tk_timex *tx,
			  bool privileged);
int sim_sys_settimeofday(struct sim_system *s, const struct tk_timeval *tv,
			 const struct tk_timezone *tz, bool privileged);
int sim_sys_clock_settime(struct sim_system *s, s32 clock, const struct timespec64 *ts,
			  bool privileged);
int sim_do_settimeofday64(struct sim_system *s, const struct timespec64 *ts);

/**
 * struct sim_ntp_view - the NTP and accumulation numbers of the kernel that answers @s's calls
 * @tx:             adjtimex() read back (modes 0): freq (scaled ppm), status, tick, tai ...
 * @state:          that call's return value: the clock state (TIME_OK ... TIME_ERROR)
 * @time_offset:    ntp.c's time_offset (ns << 32)
 * @time_constant:  ntp.c's time_constant
 * @tick_length:    ntp_tick_length(): ns << 32 per NTP interval
 * @cycle_interval: the timekeeper's cycles per NTP interval
 * @mult:           tkr_mono.mult
 * @raw_mult:       tkr_raw.mult
 * @ntp_error:      the timekeeper's ntp_error (NTP-scaled shifted ns)
 * @time_status:    ntp.c's time_status (STA_*)
 * @time_maxerror:  time_maxerror (us)
 * @time_esterror:  time_esterror (us)
 * @tick_usec:      us per USER_HZ tick (ADJ_TICK)
 * @next_leap_sec:  REALTIME s at which a pending leap fires, or TIME64_MAX
 *
 * With a kernel tree attached, the tree's own numbers (its ntp.c and
 * timekeeping.c, read through ktree_snapshot() and a modes-0 adjtimex() of
 * the tree), not the model's beside it.
 */
struct sim_ntp_view {
	struct tk_timex tx;
	int state;
	s64 time_offset;
	long time_constant;
	u64 tick_length;
	u64 cycle_interval;
	u32 mult;
	u32 raw_mult;
	s64 ntp_error;
	int time_status;
	long time_maxerror;
	long time_esterror;
	unsigned long tick_usec;
	time64_t next_leap_sec;
};

void sim_ntp_view(struct sim_system *s, struct sim_ntp_view *v);

/**
 * struct sim_tick_view - what the oracle's tick checks read of an attached tree's timekeeper
 * @cycle_last:      tkr_mono.cycle_last (cycles)
 * @mask:            tkr_mono.mask
 * @cycle_interval:  cycles per NTP interval
 * @ntp_tick:        the cached NTP tick (NTP-scaled shifted ns)
 * @ntp_error:       ntp_error (NTP-scaled shifted ns)
 * @ntp_error_shift: ntp_error_shift
 * @ntp_err_mult:    ntp_err_mult (0 or 1)
 * @mult:            tkr_mono.mult
 * @cs_mult:         the clocksource's mult
 * @cs_maxadj:       the clocksource's maxadj
 * @counter_now:     the counter's value now, as the tree's clocksource reads it
 * @adjust_term:     the tree's timekeeping_apply_adjustment() adds its offset term to
 *                   ntp_error (6.12 and 6.1 do; the model's profile difference adjust-no-ntp-error)
 * @suspended:       timekeeping_suspended
 *
 * Read through ktree_snapshot(), with the model's names and units.
 */
struct sim_tick_view {
	u64 cycle_last;
	u64 mask;
	u64 cycle_interval;
	u64 ntp_tick;
	s64 ntp_error;
	u32 ntp_error_shift;
	u32 ntp_err_mult;
	u32 mult;
	u32 cs_mult;
	u32 cs_maxadj;
	u64 counter_now;
	bool adjust_term;
	bool suspended;
};

bool sim_ktree_tick_view(struct sim_system *s, struct sim_tick_view *v);
int sim_sys_suspend(struct sim_system *s);
int sim_sys_resume(struct sim_system *s, const struct timespec64 *sleep);
const char *sim_kernel_release(const struct sim_system *s);
bool sim_kernel_coarse_pre_615(struct sim_system *s);

/** ts_to_ns() - a timespec as full-width signed ns (128 bits: no overflow near KTIME_SEC_MAX). */
static inline __int128 ts_to_ns(const struct timespec64 *ts)
{
	return (__int128)ts->tv_sec * NSEC_PER_SEC + ts->tv_nsec;
}

#endif /* TKSIM_SIM_ENGINE_H */
