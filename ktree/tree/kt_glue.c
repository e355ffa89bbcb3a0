// SPDX-License-Identifier: GPL-2.0
// tksim's own: the tree object's boot, tick and clocksource: tksim's counter registered through the
// tree's own clocksource.c.
#include <linux/clocksource.h>
#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/timekeeper_internal.h>
#include <vdso/clocksource.h>

#include "ktree/ktree_abi.h"

#define KT_VISIBLE __attribute__((visibility("default")))

/* Entry points of the tree's files the glue drives (timekeeping.c, clocksource.c, ktree/tree/). */
void timekeeping_init(void);
void update_wall_time(void);
int timekeeping_suspend(void);
void timekeeping_resume(void);
extern int timekeeping_suspended;
void kt_clocksource_done_booting(void);
void kt_tk_snapshot(struct tk_snapshot *snap);
void kt_ntp_snapshot(struct tk_snapshot *snap);
void kt_vvar_snapshot(struct tk_snapshot *snap);

/* The system being simulated; part of the object's data, so ktree_reset() restores it too. */
static struct ktree_config kt_cfg;

/* Whether the current call's caller holds CAP_SYS_TIME (kt_syscalls.c sets it per call). */
int kt_privileged;

/* The counter's value for the kernel side: what clocksource->read() returns. */
static u64 kt_cs_read(struct clocksource *cs)
{
	(void)cs;
	return kt_cfg.read(kt_cfg.ctx);
}

/**
 * kt_read_vdso_counter() - the counter as the tree's vDSO reads it (asm/vdso/gettimeofday.h of the
 * shims)
 *
 * Return: the counter's value now, through ktree_config::read_vdso.
 */
u64 kt_read_vdso_counter(void)
{
	return kt_cfg.read_vdso(kt_cfg.ctx);
}

/*
 * tksim's counter as the tree sees it: continuous, good for high resolution,
 * readable by the vDSO (the arch's TSC mode: the clock mode the shims'
 * __arch_get_hw_counter() answers for).
 */
static struct clocksource kt_cs = {
	.name = "tksim",
	.rating = 300,
	.read = kt_cs_read,
	.flags = CLOCK_SOURCE_IS_CONTINUOUS | CLOCK_SOURCE_VALID_FOR_HRES,
	.vdso_clock_mode = VDSO_CLOCKMODE_TSC,
};

/* What kernel/time/timer.c and the linker script define: jiffies is jiffies_64's low word. */
u64 jiffies_64 = INITIAL_JIFFIES;
extern unsigned long volatile jiffies __attribute__((alias("jiffies_64")));

/* kernel/time/hrtimer.c's resolution of the hres clocks (ns), from ktree_config. */
unsigned int hrtimer_resolution = 1;

/**
 * read_persistent_wall_and_boot_offset() - the RTC at boot and the time since power-on
 * @wall_time:   REALTIME at boot (ktree_config::wall_sec)
 * @boot_offset: MONOTONIC at boot (ktree_config::boot_sec)
 *
 * Overrides timekeeping.c's __weak default, as an architecture does.
 */
void read_persistent_wall_and_boot_offset(struct timespec64 *wall_time,
					  struct timespec64 *boot_offset)
{
	wall_time->tv_sec = kt_cfg.wall_sec;
	wall_time->tv_nsec = kt_cfg.wall_nsec;
	boot_offset->tv_sec = kt_cfg.boot_sec;
	boot_offset->tv_nsec = kt_cfg.boot_nsec;
}

/*
 * The persistent clock (the RTC) across a suspend: at suspend it reads the tree's own
 * REALTIME (an RTC the system clock was synced to, as NTP's 11-minute mode keeps it), and
 * at resume that plus the sleep.  So the drift compensation of timekeeping_suspend()
 * (old_delta) finds nothing to correct and timekeeping_resume() injects exactly the sleep,
 * to the ns (x86's CMOS clock reads whole seconds; the model's persistent clock is exact).
 * Part of the object's data: ktree_reset() restores it.
 */
static struct timespec64 kt_persistent;

/**
 * read_persistent_clock64() - the RTC's time (kt_persistent)
 * @ts: out
 *
 * Overrides timekeeping.c's __weak default (which reads 0: no persistent clock), as an
 * architecture does; timekeeping_suspend() and timekeeping_resume() call it.
 */
void read_persistent_clock64(struct timespec64 *ts)
{
	*ts = kt_persistent;
}

/** kt_abi_version() - KT_ABI_VERSION of this object */
KT_VISIBLE int kt_abi_version(void)
{
	return KT_ABI_VERSION;
}

/**
 * kt_abi_boot() - boot the tree's kernel: timekeeping_init(), then register tksim's counter
 * @cfg: the system
 *
 * The kernel's order: timekeeping_init() on the jiffies clocksource, the
 * counter's registration (mult and shift by the tree's
 * __clocksource_update_freq_scale()), and clocksource_done_booting(), which
 * selects it and switches the timekeeper over.  Called once per object:
 * ktree_reset() brings back the state right after this.
 *
 * Return: 0, or -EINVAL when the tree did not switch to the counter.
 */
KT_VISIBLE int kt_abi_boot(const struct ktree_config *cfg)
{
	kt_cfg = *cfg;
	if (!kt_cfg.read_vdso)
		kt_cfg.read_vdso = kt_cfg.read;
	kt_cs.mask = cfg->mask;
	if (cfg->rating)
		kt_cs.rating = cfg->rating;
	timekeeping_init();
	/* __clocksource_register_hz() takes a u32 in Hz; faster counters register in kHz. */
	if (cfg->freq_hz <= 0xffffffffULL)
		__clocksource_register_scale(&kt_cs, 1, (u32)cfg->freq_hz);
	else
		__clocksource_register_scale(&kt_cs, 1000, (u32)(cfg->freq_hz / 1000));
	kt_clocksource_done_booting();
	{
		struct tk_snapshot snap = { 0 };

		kt_tk_snapshot(&snap);
		if (snap.mult != kt_cs.mult)
			return -EINVAL;
	}
	return 0;
}

/**
 * kt_abi_suspend() - the syscore suspend of timekeeping: the tree's timekeeping_suspend()
 *
 * The RTC is set to REALTIME now first (kt_persistent).  tksim's clocksource has
 * no CLOCK_SOURCE_SUSPEND_NONSTOP: the tree measures the sleep by the persistent
 * clock, and whatever the counter does meanwhile is discarded at resume.
 *
 * Return: 0, or -EBUSY when already suspended.
 */
KT_VISIBLE int kt_abi_suspend(void)
{
	if (timekeeping_suspended)
		return -EBUSY;
	ktime_get_real_ts64(&kt_persistent);
	return timekeeping_suspend();
}

/**
 * kt_abi_resume() - the syscore resume: the tree's timekeeping_resume() after a sleep
 * @sec:  the sleep's seconds, as the RTC measured it
 * @nsec: its ns
 *
 * Return: 0, or -EINVAL when not suspended or for a negative sleep.
 */
KT_VISIBLE int kt_abi_resume(long long sec, long nsec)
{
	struct timespec64 slept = { .tv_sec = sec, .tv_nsec = nsec };

	if (!timekeeping_suspended || sec < 0 || nsec < 0 || nsec >= NSEC_PER_SEC)
		return -EINVAL;
	kt_persistent = timespec64_add(kt_persistent, slept);
	timekeeping_resume();
	return 0;
}

/** kt_abi_tick() - the timer interrupt's timekeeping: the tree's update_wall_time() */
KT_VISIBLE void kt_abi_tick(void)
{
	update_wall_time();
}

/** kt_abi_snapshot() - every number of struct tk_snapshot, from the three files that keep them */
KT_VISIBLE void kt_abi_snapshot(struct tk_snapshot *snap)
{
	*snap = (struct tk_snapshot){ 0 };
	kt_tk_snapshot(snap);
	kt_ntp_snapshot(snap);
	kt_vvar_snapshot(snap);
}
