/* SPDX-License-Identifier: GPL-2.0 */
/* Mirrors: the CONFIG_POSIX_AUX_CLOCKS part of kernel/time/timekeeping.c (v6.18). */
#ifndef TKSIM_TIMEKEEPER_TIMEKEEPING_AUX_H
#define TKSIM_TIMEKEEPER_TIMEKEEPING_AUX_H

/*
 * Auxiliary clocks (v6.17): CLOCK_AUX + n, n < TK_MAX_AUX_CLOCKS, are
 * timekeepers of their own on the system clocksource, each with its own
 * seqcount, shadow and NTP state, off until enabled through
 * /sys/kernel/time/aux_clocks/N/aux_clock_enable.  They are stepped with
 * clock_settime() and steered with clock_adjtime(); nothing done to them
 * moves the system clocks, and nothing done to the system clocks (a
 * settimeofday, NTP) moves them.
 *
 * The syscalls of timekeeping.h (tk_sys_clock_gettime/_settime/_getres/
 * _adjtime) serve the aux ids; this header is the rest of the API.
 */

#include "timekeeper/timekeeper.h"

struct tk_timex;

/**
 * tk_aux_supported() - whether the modelled kernel has aux clocks (v6.17+)
 * @k: the kernel
 *
 * The version gate of every aux path (the named difference TKV_AUX_CLOCKS):
 * on a kernel before v6.17 the aux ids are unknown (-EINVAL from the
 * syscalls; the vDSO finds every aux group VDSO_CLOCKMODE_NONE and falls
 * back to them) and the knob does not exist.
 *
 * Return: true if aux clocks exist.
 */
static inline bool tk_aux_supported(const struct tk_kernel *k)
{
	return tkv_has(k->vdiffs, TKV_AUX_CLOCKS);
}

/**
 * clockid_aux_valid() - whether @clock is an aux clock id this kernel knows
 * @k:     the kernel (its version profile: aux clocks are v6.17+)
 * @clock: the clock id
 *
 * Inline, as the kernel's is: every clock_gettime() asks it first, and the
 * range test, not the profile's, is what a system clock's id fails.
 *
 * Return: true for TK_CLOCK_AUX .. TK_CLOCK_AUX_LAST on a v6.17+ kernel.
 */
static inline bool clockid_aux_valid(const struct tk_kernel *k, s32 clock)
{
	return clock >= TK_CLOCK_AUX && clock <= TK_CLOCK_AUX_LAST && tk_aux_supported(k);
}

/**
 * tk_aux_clock_enable() - write /sys/kernel/time/aux_clocks/@idx/aux_clock_enable
 * @k:      the kernel
 * @idx:    the aux clock, 0 .. TK_MAX_AUX_CLOCKS - 1 (clock id TK_CLOCK_AUX + @idx)
 * @enable: the value written (kstrtobool)
 *
 * Enabling starts the clock at 0 (sec 0, ns 0) on the current clocksource
 * with cleared NTP state; disabling stops it and hides it from clock_gettime()
 * (-ENODEV) and from the vDSO (its group's clock_mode goes NONE).  Writing the
 * state the clock already has changes nothing.
 *
 * Return: 0, or -ENOENT where the knob does not exist (an @idx out of range,
 * a kernel before v6.17), as open(2) of the sysfs file would fail.
 */
int tk_aux_clock_enable(struct tk_kernel *k, unsigned int idx, bool enable);

/**
 * tk_aux_clock_enabled() - read the aux_clock_enable knob
 * @k:   the kernel
 * @idx: the aux clock (out of range reads as disabled)
 *
 * Return: true if aux clock @idx is enabled.
 */
bool tk_aux_clock_enabled(const struct tk_kernel *k, unsigned int idx);

/**
 * ktime_get_aux_ts64() - the kernel-side read of an aux clock
 * @k:     the kernel
 * @clock: the clock id, TK_CLOCK_AUX .. TK_CLOCK_AUX_LAST
 * @ts:    result
 *
 * Return: false (and @ts untouched) if @clock is not an enabled aux clock.
 */
bool ktime_get_aux_ts64(const struct tk_kernel *k, s32 clock, struct timespec64 *ts);
bool ktime_get_aux(const struct tk_kernel *k, s32 clock, ktime_t *kt);

/*
 * The k_clock clock_aux of kernel/time/posix-timers.c: what the syscalls of
 * timekeeping.h call for an id clockid_aux_valid() accepts.
 */
int aux_get_timespec(const struct tk_kernel *k, s32 clock, struct timespec64 *ts);
int aux_get_res(const struct tk_kernel *k, s32 clock, struct timespec64 *res);
int aux_clock_set(struct tk_kernel *k, s32 clock, const struct timespec64 *tnew);
int aux_clock_adj(struct tk_kernel *k, s32 clock, struct tk_timex *txc, bool privileged);

/**
 * tk_aux_snapshot() - a consistent copy of an aux timekeeper and its NTP state, for traces
 * @k:   the kernel
 * @idx: the aux clock, 0 .. TK_MAX_AUX_CLOCKS - 1
 * @tk:  receives the live aux timekeeper, copied under its seqcount
 * @ntp: receives a pointer to the aux clock's NTP state (read it from the
 *       writer's thread only: it is not copied), or NULL for an @idx out of range
 *
 * For a disabled aux clock @tk is what it last held (all zero if never enabled).
 */
void tk_aux_snapshot(const struct tk_kernel *k, unsigned int idx, struct timekeeper *tk,
		     const struct ntp_data **ntp);

#endif /* TKSIM_TIMEKEEPER_TIMEKEEPING_AUX_H */
