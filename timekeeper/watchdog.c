// SPDX-License-Identifier: GPL-2.0
// Mirrors: kernel/time/clocksource.c (v6.18): clocksource_enqueue, the watchdog, selection.
#include "timekeeper/watchdog.h"

#include <errno.h>
#include <string.h>

#include "timekeeper/timekeeping_internal.h"

/* A read the deterministic engine's cost model counts (cs->read itself is shared with threads). */
static u64 wd_cs_read(struct clocksource *cs)
{
	cs->nr_reads++;
	return cs->read(cs);
}

/*
 * cycles_to_nsec_safe(): ns between two reads of @cs at its registered
 * mult (the watchdog compares hardware, not NTP-adjusted time), through the
 * 96-bit multiply when the delta is too large for 64 bits.
 */
static u64 cycles_to_nsec_safe(const struct clocksource *cs, u64 start, u64 end)
{
	u64 delta = clocksource_delta(end, start, cs->mask, cs->max_raw_delta);

	if (delta > cs->max_cycles)
		return mul_u64_u32_shr(delta, cs->mult, cs->shift);
	return clocksource_cyc2ns(delta, cs->mult, cs->shift);
}

/* clocksource_get_max_watchdog_retry(): ilog2(CPUs) / 2 + 1. */
static unsigned int wd_max_retries(const struct cs_watchdog *wd)
{
	unsigned int n = wd->nr_cpus ? wd->nr_cpus : 1, log = 0;

	while (n >>= 1)
		log++;
	return log / 2 + 1;
}

/**
 * clocksource_watchdog_init() - an empty clocksource list
 * @wd: the state
 * @hz: CONFIG_HZ of the kernel (WATCHDOG_INTERVAL is HZ >> 1 jiffies)
 */
void clocksource_watchdog_init(struct cs_watchdog *wd, unsigned int hz)
{
	*wd = (struct cs_watchdog){ .hz = hz, .nr_cpus = 1, .oneshot = true };
}

/** clocksource_current() - curr_clocksource: the one the timekeeper reads. */
struct clocksource *clocksource_current(const struct tk_kernel *k)
{
	return READ_ONCE(k->tk_core.timekeeper.tkr_mono.clock);
}

/* Keep clocksource_list sorted by rating, highest first; equal ratings keep their order. */
static void clocksource_sort(struct cs_watchdog *wd)
{
	for (unsigned int i = 1; i < wd->nr; i++) {
		struct clocksource *cs = wd->list[i];
		unsigned int j = i;

		for (; j > 0 && wd->list[j - 1]->rating < cs->rating; j--)
			wd->list[j] = wd->list[j - 1];
		wd->list[j] = cs;
	}
}

/* clocksource_reset_watchdog(): every watched clocksource takes a new baseline. */
static void clocksource_reset_watchdog(struct cs_watchdog *wd)
{
	for (unsigned int i = 0; i < wd->nr_wd; i++)
		wd->wd_list[i]->flags &= ~CLOCK_SOURCE_WATCHDOG;
}

/*
 * clocksource_select_watchdog(): the best-rated clocksource that does not
 * itself need verifying (hpet 250 > acpi_pm 200 > jiffies 1).
 */
static void clocksource_select_watchdog(struct cs_watchdog *wd)
{
	struct clocksource *old = wd->watchdog, *best = NULL;

	for (unsigned int i = 0; i < wd->nr; i++) {
		struct clocksource *cs = wd->list[i];

		if (cs->flags & CLOCK_SOURCE_MUST_VERIFY)
			continue;
		if (wd->forced && cs != wd->forced)
			continue;
		if (!best || cs->rating > best->rating)
			best = cs;
	}
	wd->watchdog = best;
	if (best != old)
		clocksource_reset_watchdog(wd);
}

/* clocksource_start_watchdog(): arm the timer once there is a watchdog and something to watch. */
static void clocksource_start_watchdog(struct cs_watchdog *wd, u64 jiffies)
{
	if (wd->running || !wd->watchdog || !wd->nr_wd)
		return;
	wd->expires = jiffies + (wd->hz >> 1);
	wd->running = true;
}

/* clocksource_stop_watchdog(): the timer stops when nothing is left to watch. */
static void clocksource_stop_watchdog(struct cs_watchdog *wd)
{
	if (!wd->running || (wd->watchdog && wd->nr_wd))
		return;
	wd->running = false;
}

/**
 * clocksource_enqueue() - register a clocksource with the list and the watchdog
 * @wd:      the state
 * @k:       the kernel (its current clocksource may change)
 * @cs:      the clocksource, already registered (mult/shift/margin set)
 * @jiffies: now
 *
 * As __clocksource_register_scale()'s tail: clocksource_enqueue(),
 * clocksource_enqueue_watchdog() (MUST_VERIFY clocksources are watched;
 * the others are watchdog candidates and, if continuous, valid for high
 * resolution at once), clocksource_select_watchdog(), clocksource_select().
 *
 * Return: 0, -EINVAL for an unregistered clocksource, -ENOSPC when full.
 */
int clocksource_enqueue(struct cs_watchdog *wd, struct tk_kernel *k, struct clocksource *cs,
			u64 jiffies)
{
	if (!cs->mult || !cs->read)
		return -EINVAL;
	if (wd->nr == CS_WATCHDOG_MAX)
		return -ENOSPC;
	wd->list[wd->nr++] = cs;
	clocksource_sort(wd);
	if (cs->flags & CLOCK_SOURCE_MUST_VERIFY) {
		cs->flags &= ~CLOCK_SOURCE_WATCHDOG;
		wd->wd_list[wd->nr_wd++] = cs;
	} else if (cs->flags & CLOCK_SOURCE_IS_CONTINUOUS) {
		cs->flags |= CLOCK_SOURCE_VALID_FOR_HRES;
	}
	clocksource_select_watchdog(wd);
	clocksource_start_watchdog(wd, jiffies);
	clocksource_select(wd, k);
	return 0;
}

/**
 * clocksource_force_watchdog() - make @cs the only watchdog candidate
 * @wd: the state
 * @cs: an enqueued clocksource without MUST_VERIFY
 *
 * tksim's own: the kernel always takes the best-rated candidate; this
 * stands for a machine where @cs is the only one (no HPET, say).
 *
 * Return: 0 or -EINVAL.
 */
int clocksource_force_watchdog(struct cs_watchdog *wd, struct clocksource *cs)
{
	bool found = false;

	for (unsigned int i = 0; i < wd->nr; i++)
		found |= wd->list[i] == cs;
	if (!found || (cs->flags & CLOCK_SOURCE_MUST_VERIFY))
		return -EINVAL;
	wd->forced = cs;
	clocksource_select_watchdog(wd);
	return 0;
}

/**
 * cs_watchdog_read() - read @cs bracketed by watchdog reads
 * @wd:    the state
 * @cs:    the watched clocksource
 * @csnow: out, its value
 * @wdnow: out, the watchdog's value just before
 *
 * v6.18's limits (set by 4ac1dd3245b9 "clocksource: Set cs_watchdog_read()
 * checks based on .uncertainty_margin"): with md twice the
 * watchdog's margin, a read is trusted when the two watchdog reads around
 * it are at most md plus @cs's margin apart; if the watchdog alone is slow
 * (two back-to-back watchdog reads more than md apart) the whole round is
 * skipped; after max_retries + 1 slow attempts @cs is the one to blame.
 * The trusted window (750 us for two 250 us margins) is wider than the
 * skew the comparison then tolerates (500 us), so a read delayed by 600 us
 * passes here and fails the comparison: v6.19's c06343be0b4e (6.18.y and
 * 6.12.y stable) takes md as the watchdog's margin alone, which no
 * profile has (the profiles are x.y.0).
 *
 * Return: enum wd_read_status.
 */
enum wd_read_status cs_watchdog_read(struct cs_watchdog *wd, struct clocksource *cs, u64 *csnow,
				     u64 *wdnow)
{
	struct clocksource *watchdog = wd->watchdog;
	unsigned int max_retries = wd_max_retries(wd);
	u64 md = 2 * (u64)watchdog->uncertainty_margin;

	for (unsigned int nretries = 0; nretries <= max_retries; nretries++) {
		u64 wd_end, wd_end2, wd_delay;

		*wdnow = wd_cs_read(watchdog);
		*csnow = wd_cs_read(cs);
		wd_end = wd_cs_read(watchdog);
		wd_end2 = wd_cs_read(watchdog);

		wd_delay = cycles_to_nsec_safe(watchdog, *wdnow, wd_end);
		if (wd_delay <= md + cs->uncertainty_margin)
			return WD_READ_SUCCESS;
		/* The watchdog's own read-back: beyond md the system is too disturbed. */
		if (cycles_to_nsec_safe(watchdog, wd_end, wd_end2) > md)
			return WD_READ_SKIP;
	}
	return WD_READ_UNSTABLE;
}

/* __clocksource_unstable(): flag it; the kthread work demotes it and reselects. */
static void __clocksource_unstable(struct cs_watchdog *wd, struct clocksource *cs, u64 jiffies)
{
	cs->flags &= ~(CLOCK_SOURCE_VALID_FOR_HRES | CLOCK_SOURCE_WATCHDOG);
	cs->flags |= CLOCK_SOURCE_UNSTABLE;
	wd->unstable_jiffies = jiffies ? jiffies : 1;
	wd->work_pending = true;
}

/**
 * clocksource_mark_unstable() - mark_tsc_unstable() and friends: distrust @cs now
 * @wd: the state
 * @cs: the clocksource
 *
 * The demotion and the switch happen at the next clocksource_watchdog_tick().
 */
void clocksource_mark_unstable(struct cs_watchdog *wd, struct clocksource *cs)
{
	if (cs->flags & CLOCK_SOURCE_UNSTABLE)
		return;
	__clocksource_unstable(wd, cs, 0);
}

/* One watched clocksource at one timer run; false ends the round (a skip). */
static bool clocksource_watchdog_one(struct cs_watchdog *wd, struct clocksource *cs, u64 jiffies)
{
	u64 csnow, wdnow;
	s64 wd_nsec, cs_nsec, skew;
	u64 interval, md;

	if (cs->flags & CLOCK_SOURCE_UNSTABLE) {
		wd->work_pending = true;
		return true;
	}
	switch (cs_watchdog_read(wd, cs, &csnow, &wdnow)) {
	case WD_READ_UNSTABLE:
		__clocksource_unstable(wd, cs, jiffies);
		return true;
	case WD_READ_SKIP:
		/* Re-baseline everything and wait 5 minutes more. */
		clocksource_reset_watchdog(wd);
		wd->expires += (u64)wd->hz * 300;
		return false;
	case WD_READ_SUCCESS:
		break;
	}
	/* The first sample after enqueue or a reset is a baseline only. */
	if (!(cs->flags & CLOCK_SOURCE_WATCHDOG)) {
		cs->flags |= CLOCK_SOURCE_WATCHDOG;
		cs->wd_last = wdnow;
		cs->cs_last = csnow;
		return true;
	}
	wd_nsec = (s64)cycles_to_nsec_safe(wd->watchdog, cs->wd_last, wdnow);
	cs_nsec = (s64)cycles_to_nsec_safe(cs, cs->cs_last, csnow);
	cs->wd_last = wdnow;
	cs->cs_last = csnow;

	/*
	 * A late timer (or a counter that jumped far ahead) makes an interval
	 * the margins were not made for, and a 24-bit acpi_pm wraps in 4.69 s:
	 * skip the comparison, but the new baseline above is kept, and the
	 * timer is re-armed from now (watchdog_timer.expires = jiffies), so a
	 * late timer does not run again at every tick until it has caught up.
	 */
	interval = (u64)(cs_nsec > wd_nsec ? cs_nsec : wd_nsec);
	if (interval > WATCHDOG_INTERVAL_MAX_NS) {
		wd->expires = jiffies;
		return true;
	}

	md = (u64)cs->uncertainty_margin + wd->watchdog->uncertainty_margin;
	skew = cs_nsec - wd_nsec;
	wd->checks++;
	wd->last_skew_ns = skew;
	wd->last_wd_nsec = wd_nsec;
	if ((u64)(skew < 0 ? -skew : skew) > md) {
		__clocksource_unstable(wd, cs, jiffies);
		return true;
	}
	/* A continuous clocksource verified against a continuous watchdog may run high resolution.
	 */
	if (!(cs->flags & CLOCK_SOURCE_VALID_FOR_HRES) &&
	    (cs->flags & CLOCK_SOURCE_IS_CONTINUOUS) &&
	    (wd->watchdog->flags & CLOCK_SOURCE_IS_CONTINUOUS)) {
		cs->flags |= CLOCK_SOURCE_VALID_FOR_HRES;
		cs->flags |= CLOCK_SOURCE_RESELECT;
		wd->work_pending = true;
	}
	return true;
}

/* clocksource_watchdog(): the timer callback, every WATCHDOG_INTERVAL. */
static void clocksource_watchdog(struct cs_watchdog *wd, u64 jiffies)
{
	for (unsigned int i = 0; i < wd->nr_wd; i++) {
		if (!clocksource_watchdog_one(wd, wd->wd_list[i], jiffies))
			break;
	}
	wd->expires += wd->hz >> 1;
}

/*
 * __clocksource_watchdog_kthread(): unstable clocksources leave the
 * watchdog list with rating 0 (re-sorted to the end), reselect requests
 * are consumed, the timer stops when nothing is left to watch, and the
 * best clocksource is selected.
 */
static void clocksource_watchdog_kthread(struct cs_watchdog *wd, struct tk_kernel *k)
{
	unsigned int i, n = 0;

	wd->work_pending = false;
	for (i = 0; i < wd->nr_wd; i++) {
		struct clocksource *cs = wd->wd_list[i];

		if (cs->flags & CLOCK_SOURCE_UNSTABLE)
			cs->rating = 0;
		else
			wd->wd_list[n++] = cs;
	}
	wd->nr_wd = n;
	for (i = 0; i < wd->nr; i++)
		wd->list[i]->flags &= ~CLOCK_SOURCE_RESELECT;
	clocksource_sort(wd);
	clocksource_stop_watchdog(wd);
	clocksource_select(wd, k);
}

/**
 * clocksource_watchdog_tick() - run the watchdog timer if it is due
 * @wd:      the state
 * @k:       the kernel
 * @jiffies: the tick count now
 *
 * Call once per tick, after the timekeeper's own tick work.  When a
 * clocksource was marked unstable, the kwatchdog work runs right after.
 */
void clocksource_watchdog_tick(struct cs_watchdog *wd, struct tk_kernel *k, u64 jiffies)
{
	if (wd->running && jiffies >= wd->expires)
		clocksource_watchdog(wd, jiffies);
	if (wd->work_pending)
		clocksource_watchdog_kthread(wd, k);
}

/*
 * __clocksource_select()'s override: the clocksource named in sysfs wins,
 * unless the tick is in oneshot mode and it is not VALID_FOR_HRES ("not
 * currently HRT compatible - deferring"; an unstable one loses the override).
 */
static struct clocksource *clocksource_find_override(struct cs_watchdog *wd,
						     struct clocksource *best)
{
	for (unsigned int i = 0; i < wd->nr && wd->override_name[0]; i++) {
		struct clocksource *cs = wd->list[i];

		if (strcmp(cs->name, wd->override_name))
			continue;
		if (wd->oneshot && !(cs->flags & CLOCK_SOURCE_VALID_FOR_HRES)) {
			if (cs->flags & CLOCK_SOURCE_UNSTABLE)
				wd->override_name[0] = '\0';
			return best;
		}
		return cs;
	}
	return best;
}

/**
 * clocksource_select() - switch the timekeeper to the best clocksource
 * @wd: the state
 * @k:  the kernel
 *
 * clocksource_find_best(): the first of the rating-sorted list, which in
 * oneshot mode (high resolution timers or NOHZ) must be VALID_FOR_HRES;
 * unstable clocksources have lost that flag.  The sysfs override comes
 * before it where it can be used.  timekeeping_notify() then runs
 * change_clocksource() when it differs from the current one.
 *
 * Return: the clocksource in use afterwards.
 */
struct clocksource *clocksource_select(struct cs_watchdog *wd, struct tk_kernel *k)
{
	struct clocksource *curr = clocksource_current(k), *best = NULL;

	for (unsigned int i = 0; i < wd->nr && !best; i++) {
		struct clocksource *cs = wd->list[i];

		if (wd->oneshot && !(cs->flags & CLOCK_SOURCE_VALID_FOR_HRES))
			continue;
		best = cs;
	}
	best = clocksource_find_override(wd, best);
	if (best && best != curr && change_clocksource(k, best) == 0) {
		wd->switches++;
		curr = best;
	}
	return curr;
}

/**
 * clocksource_override_store() - a write to sysfs current_clocksource
 * @wd:   the state
 * @k:    the kernel
 * @name: what was written (sysfs_get_uname(): a trailing newline is dropped)
 *
 * current_clocksource_store(): the name becomes the override (an unknown
 * one too: it takes effect when such a clocksource registers; "\n" clears
 * it), then clocksource_select().
 *
 * Return: 0, or -EINVAL for an empty write or one of CS_NAME_LEN or more.
 */
int clocksource_override_store(struct cs_watchdog *wd, struct tk_kernel *k, const char *name)
{
	size_t n = strlen(name);

	if (!n || n >= CS_NAME_LEN)
		return -EINVAL;
	if (name[n - 1] == '\n')
		n--;
	memcpy(wd->override_name, name, n);
	wd->override_name[n] = '\0';
	clocksource_select(wd, k);
	return 0;
}
