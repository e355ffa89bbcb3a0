/* SPDX-License-Identifier: GPL-2.0 */
/* Mirrors: kernel/time/clocksource.c (v6.18): the clocksource list, the watchdog, selection. */
#ifndef TKSIM_TIMEKEEPER_WATCHDOG_H
#define TKSIM_TIMEKEEPER_WATCHDOG_H

/*
 * The kernel keeps clocksource_list (sorted by rating), watchdog_list (the
 * clocksources with CLOCK_SOURCE_MUST_VERIFY), the watchdog clocksource and
 * its timer in file-scope statics; here they live in struct cs_watchdog, one
 * per simulated kernel.  The timer is driven by the caller's jiffies:
 *
 *   clocksource_watchdog_init(&wd, hz);
 *   clocksource_enqueue(&wd, k, &tsc); clocksource_enqueue(&wd, k, &hpet); ...
 *   every tick: clocksource_watchdog_tick(&wd, k, jiffies);
 *
 * What tksim does not model: the per-CPU verification of the TSC
 * (clocksource_verify_percpu), suspend/resume resets, the delay between the
 * timer marking a clocksource unstable and the kwatchdog kthread acting on it
 * (tksim runs the kthread's work at the end of the same tick), and read-back
 * delays: in the deterministic engine the four reads of cs_watchdog_read()
 * happen at one virtual instant, so they always succeed on the first try.
 */

#include "timekeeper/clocksource.h"

struct tk_kernel;

#define CS_WATCHDOG_MAX 8

/* CS_NAME_LEN: the longest clocksource name sysfs takes, with its NUL. */
#define CS_NAME_LEN 32

/* WATCHDOG_INTERVAL in jiffies is HZ >> 1; the longest interval checked is twice that, in ns. */
#define WATCHDOG_INTERVAL_MAX_NS NSEC_PER_SEC

/**
 * enum wd_read_status - what cs_watchdog_read() found
 * @WD_READ_SUCCESS:  the reads were close enough together to compare
 * @WD_READ_UNSTABLE: every retry saw an excessive read-back delay
 * @WD_READ_SKIP:     the watchdog itself read slowly: skip this round
 */
enum wd_read_status {
	WD_READ_SUCCESS,
	WD_READ_UNSTABLE,
	WD_READ_SKIP,
};

/**
 * struct cs_watchdog - clocksource.c's statics for one kernel
 * @list:          clocksource_list, highest rating first
 * @nr:            entries in @list
 * @wd_list:       watchdog_list: the clocksources being verified
 * @nr_wd:         entries in @wd_list
 * @watchdog:      the watchdog clocksource, or NULL
 * @forced:        tksim's own: the only clocksource allowed to be the watchdog
 *                 (a machine with just that one), or NULL for the kernel's choice
 * @hz:            CONFIG_HZ
 * @nr_cpus:       num_online_cpus(), for the retry count
 * @oneshot:       tick_oneshot_mode_active(): selection needs VALID_FOR_HRES
 * @running:       watchdog_running
 * @expires:       the timer's expiry (jiffies)
 * @work_pending:  watchdog_work was scheduled (a clocksource became unstable)
 * @checks:        comparisons made (not counting baselines and skips)
 * @last_skew_ns:  cs_nsec - wd_nsec of the last comparison
 * @last_wd_nsec:  wd_nsec of the last comparison
 * @unstable_jiffies: when the last clocksource was marked unstable, 0 if never
 * @switches:      clocksource changes made by clocksource_select()
 * @override_name: the name written to sysfs current_clocksource ("" for none)
 */
struct cs_watchdog {
	struct clocksource *list[CS_WATCHDOG_MAX];
	unsigned int nr;
	struct clocksource *wd_list[CS_WATCHDOG_MAX];
	unsigned int nr_wd;
	struct clocksource *watchdog;
	struct clocksource *forced;
	unsigned int hz;
	unsigned int nr_cpus;
	bool oneshot;
	bool running;
	u64 expires;
	bool work_pending;
	u64 checks;
	s64 last_skew_ns;
	s64 last_wd_nsec;
	u64 unstable_jiffies;
	unsigned int switches;
	char override_name[CS_NAME_LEN];
};

void clocksource_watchdog_init(struct cs_watchdog *wd, unsigned int hz);
int clocksource_enqueue(struct cs_watchdog *wd, struct tk_kernel *k, struct clocksource *cs,
			u64 jiffies);
int clocksource_force_watchdog(struct cs_watchdog *wd, struct clocksource *cs);
void clocksource_watchdog_tick(struct cs_watchdog *wd, struct tk_kernel *k, u64 jiffies);
enum wd_read_status cs_watchdog_read(struct cs_watchdog *wd, struct clocksource *cs, u64 *csnow,
				     u64 *wdnow);
void clocksource_mark_unstable(struct cs_watchdog *wd, struct clocksource *cs);
struct clocksource *clocksource_select(struct cs_watchdog *wd, struct tk_kernel *k);
struct clocksource *clocksource_current(const struct tk_kernel *k);
int clocksource_override_store(struct cs_watchdog *wd, struct tk_kernel *k, const char *name);

#endif /* TKSIM_TIMEKEEPER_WATCHDOG_H */
