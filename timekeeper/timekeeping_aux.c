// SPDX-License-Identifier: GPL-2.0
// Mirrors: the CONFIG_POSIX_AUX_CLOCKS part of kernel/time/timekeeping.c (v6.18).
/*
 * The auxiliary clocks: TK_MAX_AUX_CLOCKS timekeepers beside tk_core, each
 * with its own seqcount, lock, shadow and NTP state, all on the system
 * clocksource.  An aux timekeeper keeps "monotonic" time only: it starts at
 * 0 when enabled, never gets a wall_to_monotonic, and its clock is
 * tkr_mono.base + offs_aux + the ns since cycle_last.  clock_settime() moves
 * offs_aux; clock_adjtime() steers tkr_mono.mult through its own NTP state,
 * exactly as adjtimex() steers the core.
 *
 * Locks: each aux clock's tkd.lock; enabling also holds tk_core.lock, as the
 * kernel does to read the core's clocksource (and, here, in place of the
 * kernel's aux_clock_mutex: two enables cannot race).  The tick runs the
 * aux clocks after the core, each under its own lock (tk_aux_advance()).
 *
 * What the kernel does not do, this does not do either: suspend and resume
 * leave the aux timekeepers alone, so an aux clock counts whatever the
 * counter did while the system slept at its next tick (all of it for a
 * counter that runs on, none for one that stops; on a counter that wraps,
 * the sleep modulo the wrap: docs/findings/aux-stale-after-resume.md), and a
 * settimeofday() or an adjtimex() of the system clock never touches them.
 */
#include "timekeeper/timekeeping_aux.h"

#include <errno.h>
#include <string.h>

#include "timekeeper/adjtimex.h"
#include "timekeeper/timekeeping_internal.h"
#include "vdso/helpers.h"

/* aux_get_tk_data(): the aux clock of id @clock, NULL for any other id. */
static struct tk_aux_clock *aux_get(const struct tk_kernel *k, s32 clock)
{
	if (!clockid_aux_valid(k, clock))
		return NULL;
	return (struct tk_aux_clock *)&k->aux[clock - TK_CLOCK_AUX];
}

/* tk_update_aux_offs(): offs_aux and its timespec form for the vDSO (v6.17-rc5). */
static void tk_update_aux_offs(struct timekeeper *tk, ktime_t offs)
{
	tk->offs_aux = offs;
	tk->monotonic_to_aux = ktime_to_timespec64(offs);
}

/* timekeeping_restore_shadow() of an aux clock: drop a refused change. */
static void aux_restore_shadow(struct tk_data *tkd)
{
	memcpy(&tkd->shadow_timekeeper, &tkd->timekeeper, sizeof(struct timekeeper));
}

/**
 * tk_aux_setup() - tkd_basic_setup() of every aux timekeeper, at boot
 * @k: the kernel, zeroed by timekeeping_init()
 *
 * Each gets its id and lock and starts disabled; its NTP state starts as
 * the core's does (ntp_init() clears every timekeeper's).
 */
void tk_aux_setup(struct tk_kernel *k)
{
	for (unsigned int i = 0; i < TK_MAX_AUX_CLOCKS; i++) {
		struct tk_data *tkd = &k->aux[i].tkd;

		pthread_mutex_init(&tkd->lock, NULL);
		tkd->timekeeper.id = tkd->shadow_timekeeper.id = TIMEKEEPER_AUX_FIRST + i;
		tkd->timekeeper.clock_valid = tkd->shadow_timekeeper.clock_valid = 0;
		ntp_init(&k->aux[i].ntp, k->hz);
	}
}

/**
 * tk_aux_destroy() - release the aux timekeepers' locks
 * @k: the kernel
 */
void tk_aux_destroy(struct tk_kernel *k)
{
	for (unsigned int i = 0; i < TK_MAX_AUX_CLOCKS; i++)
		pthread_mutex_destroy(&k->aux[i].tkd.lock);
}

/**
 * tk_aux_advance() - the tick of every enabled aux clock (update_wall_time())
 * @k: the kernel
 *
 * The bitmap is read without a lock, so that a kernel with no aux clock
 * pays one load; each clock's validity is checked again under its lock.
 */
void tk_aux_advance(struct tk_kernel *k)
{
	u32 active = READ_ONCE(k->aux_timekeepers);

	while (unlikely(active)) {
		struct tk_data *tkd = &k->aux[__builtin_ctz(active)].tkd;

		active &= active - 1;
		pthread_mutex_lock(&tkd->lock);
		if (tkd->shadow_timekeeper.clock_valid)
			timekeeping_advance_tkd(k, tkd, TK_ADV_TICK);
		pthread_mutex_unlock(&tkd->lock);
	}
}

/**
 * tk_aux_update_clocksource() - move the enabled aux clocks to the core's new clocksource
 * @k: the kernel, after change_clocksource() switched the core
 *
 * As for the core: accumulate on the old counter, set up on the new one,
 * publish with TK_UPDATE_ALL (which clears the clock's NTP state).
 */
void tk_aux_update_clocksource(struct tk_kernel *k)
{
	struct clocksource *clock = READ_ONCE(k->tk_core.timekeeper.tkr_mono.clock);
	u32 active = READ_ONCE(k->aux_timekeepers);

	while (active) {
		struct tk_data *tkd = &k->aux[__builtin_ctz(active)].tkd;
		struct timekeeper *tks = &tkd->shadow_timekeeper;

		active &= active - 1;
		pthread_mutex_lock(&tkd->lock);
		if (tks->clock_valid) {
			timekeeping_forward_now(tks);
			tk_setup_internals(k, tks, clock);
			timekeeping_update_tkd(k, tkd, TK_UPDATE_ALL);
		}
		pthread_mutex_unlock(&tkd->lock);
	}
}

/**
 * ktime_get_aux() - the time of an aux clock (ns), read under its seqcount
 * @k:     the kernel
 * @clock: TK_CLOCK_AUX .. TK_CLOCK_AUX_LAST
 * @kt:    result: tkr_mono.base + offs_aux + ns since cycle_last
 *
 * Return: false (and @kt untouched) if @clock is not an enabled aux clock.
 */
bool ktime_get_aux(const struct tk_kernel *k, s32 clock, ktime_t *kt)
{
	const struct tk_aux_clock *aux = aux_get(k, clock);
	const struct timekeeper *tk;
	ktime_t base;
	u64 nsecs;
	u32 seq;

	if (!aux)
		return false;
	tk = &aux->tkd.timekeeper;
	do {
		/* Acquire: the loads and the counter read below stay after this. */
		seq = seqcount_read_begin(&aux->tkd.seq);
		if (!READ_ONCE(tk->clock_valid))
			return false;
		base = ktime_add(READ_ONCE(tk->tkr_mono.base), READ_ONCE(tk->offs_aux));
		nsecs = timekeeping_get_ns(&tk->tkr_mono);
	} while (seqcount_read_retry(&aux->tkd.seq, seq));

	*kt = ktime_add(base, (ktime_t)nsecs);
	return true;
}

bool ktime_get_aux_ts64(const struct tk_kernel *k, s32 clock, struct timespec64 *ts)
{
	ktime_t now;

	if (!ktime_get_aux(k, clock, &now))
		return false;
	*ts = ktime_to_timespec64(now);
	return true;
}

/**
 * aux_get_timespec() - clock_gettime(CLOCK_AUX + n)
 * @k:     the kernel
 * @clock: an aux clock id
 * @ts:    result
 *
 * Return: 0, or -ENODEV for a disabled clock.
 */
int aux_get_timespec(const struct tk_kernel *k, s32 clock, struct timespec64 *ts)
{
	return ktime_get_aux_ts64(k, clock, ts) ? 0 : -ENODEV;
}

/**
 * aux_get_res() - clock_getres(CLOCK_AUX + n): 1 ns (aux_clock_resolution_ns()),
 * enabled or not
 * @k:     the kernel
 * @clock: an aux clock id
 * @res:   result, may be NULL
 *
 * Return: 0, or -ENODEV for an id that is not an aux clock.
 */
int aux_get_res(const struct tk_kernel *k, s32 clock, struct timespec64 *res)
{
	if (!clockid_aux_valid(k, clock))
		return -ENODEV;
	if (res) {
		res->tv_sec = 0;
		res->tv_nsec = 1;
	}
	return 0;
}

/**
 * aux_clock_set() - clock_settime(CLOCK_AUX + n)
 * @k:     the kernel
 * @clock: an aux clock id
 * @tnew:  the new time of the clock
 *
 * After accumulating up to the counter now, the clock's "monotonic" time
 * is tnow = xtime (an aux timekeeper's wall_to_monotonic is always 0), and
 * offs_aux becomes @tnew - tnow.  The kernel does no capability check here
 * (v6.17, v6.18: posix-timers.c leaves it to the setter, and aux_clock_set()
 * has none), so neither does the model.  TK_UPDATE_ALL clears the clock's
 * NTP state, as a step of the system clock does.
 *
 * Return: 0, -EINVAL for an invalid time, -ENODEV for a disabled clock.
 */
int aux_clock_set(struct tk_kernel *k, s32 clock, const struct timespec64 *tnew)
{
	struct tk_aux_clock *aux = aux_get(k, clock);
	struct timekeeper *tks;
	ktime_t tnow;

	if (!timespec64_valid_settod(tnew))
		return -EINVAL;
	if (!aux)
		return -ENODEV;
	tks = &aux->tkd.shadow_timekeeper;

	pthread_mutex_lock(&aux->tkd.lock);
	if (!tks->clock_valid) {
		pthread_mutex_unlock(&aux->tkd.lock);
		return -ENODEV;
	}
	timekeeping_forward_now(tks);
	tnow = timespec64_to_ktime(tk_xtime(tks));
	tk_update_aux_offs(tks, timespec64_to_ktime(*tnew) - tnow);
	timekeeping_update_tkd(k, &aux->tkd, TK_UPDATE_ALL);
	pthread_mutex_unlock(&aux->tkd.lock);
	return 0;
}

/*
 * __timekeeping_inject_offset() of an aux clock (ADJ_SETOFFSET): offs_aux
 * moves by @ts unless the clock would then read negative.  "now" is the
 * kernel's: the base as last published plus the ns of the forwarded read
 * base, read from the counter again.  Called with the clock's lock held.
 */
static int aux_inject_offset(struct tk_kernel *k, struct tk_data *tkd, const struct timespec64 *ts)
{
	struct timekeeper *tks = &tkd->shadow_timekeeper;
	ktime_t now, offs;

	if (ts->tv_nsec < 0 || ts->tv_nsec >= NSEC_PER_SEC)
		return -EINVAL;
	timekeeping_forward_now(tks);
	now = ktime_add(tks->tkr_mono.base, (ktime_t)timekeeping_get_ns(&tks->tkr_mono));
	offs = ktime_add(tks->offs_aux, timespec64_to_ktime(*ts));
	if (ktime_add(now, offs) < 0) {
		aux_restore_shadow(tkd);
		return -EINVAL;
	}
	tk_update_aux_offs(tks, offs);
	timekeeping_update_tkd(k, tkd, TK_UPDATE_ALL);
	return 0;
}

/*
 * The v6.17 timekeeping_validate_timex(txc, aux_clock) part for aux clocks:
 * like TAI they have no leap seconds, no TAI offset and no PPS.  The status
 * bits are tested whatever the modes say, as in the kernel: a read-only
 * call (modes 0) with STA_INS in @txc->status is refused too.
 */
static int aux_validate_timex(const struct tk_timex *txc)
{
	if (txc->status & (STA_INS | STA_DEL))
		return -EINVAL;
	if (txc->modes & ADJ_TAI)
		return -EINVAL;
	if (txc->status & (STA_PPSFREQ | STA_PPSTIME))
		return -EINVAL;
	return 0;
}

/**
 * aux_clock_adj() - clock_adjtime(CLOCK_AUX + n): __do_adjtimex() on the aux timekeeper
 * @k:          the kernel
 * @clock:      an aux clock id
 * @txc:        the request; filled with the clock's NTP state on success
 * @privileged: whether the caller has CAP_SYS_TIME
 *
 * The order of the kernel's checks: the general and the aux validation
 * (-EINVAL, -EPERM) before the clock's state is looked at (-ENODEV).  The
 * time read back in @txc->time is the aux clock's, read before an
 * ADJ_SETOFFSET step; NTP's "REALTIME seconds" are the aux clock's
 * xtime_sec.  A frequency or tick change is applied at once (TK_ADV_FREQ).
 * The kernel then also refreshes tk_core's leap state, under the aux lock
 * only; that is a no-op for the core's state (nothing here changed its NTP
 * state) and would race the core's writers, so the model leaves it out.
 *
 * Return: the clock state (TIME_OK ... TIME_ERROR) or a negative errno.
 */
int aux_clock_adj(struct tk_kernel *k, s32 clock, struct tk_timex *txc, bool privileged)
{
	struct tk_aux_clock *aux = aux_get(k, clock);
	struct timekeeper *tks;
	struct timespec64 ts = { 0, 0 };
	s32 tai;
	int ret;

	if (!aux)
		return -ENODEV;
	ret = timekeeping_validate_timex(txc, privileged);
	if (!ret)
		ret = aux_validate_timex(txc);
	if (ret)
		return ret;
	ktime_get_aux_ts64(k, clock, &ts);

	tks = &aux->tkd.shadow_timekeeper;
	pthread_mutex_lock(&aux->tkd.lock);
	if (!tks->clock_valid) {
		ret = -ENODEV;
		goto out;
	}
	if (txc->modes & ADJ_SETOFFSET) {
		struct timespec64 delta = { .tv_sec = txc->time.tv_sec,
					    .tv_nsec = (long)txc->time.tv_usec };

		if (!(txc->modes & ADJ_NANO))
			delta.tv_nsec *= 1000;
		ret = aux_inject_offset(k, &aux->tkd, &delta);
		if (ret)
			goto out;
	}
	tai = tks->tai_offset;
	ret = ntp_adjtimex(&aux->ntp, txc, &ts, (time64_t)tks->xtime_sec, &tai, k->bugs);
	if (txc->modes & (ADJ_FREQUENCY | ADJ_TICK))
		timekeeping_advance_tkd(k, &aux->tkd, TK_ADV_FREQ);
out:
	pthread_mutex_unlock(&aux->tkd.lock);
	return ret;
}

/*
 * aux_clock_enable(): start aux clock @idx afresh on the core's clocksource
 * (its raw conversion, which user space then corrects with clock_adjtime()).
 * The timekeeper is zeroed, so the clock reads 0 at the counter now; its
 * NTP state is only ntp_clear()ed by TK_UPDATE_ALL, which keeps time_freq:
 * a clock enabled again runs at the frequency it was last given.
 */
static void aux_clock_enable(struct tk_kernel *k, unsigned int idx)
{
	struct tk_data *tkd = &k->aux[idx].tkd;
	struct timekeeper *tks = &tkd->shadow_timekeeper;

	pthread_mutex_lock(&tkd->lock);
	memset(tks, 0, sizeof(*tks));
	tks->id = TIMEKEEPER_AUX_FIRST + idx;
	tk_setup_internals(k, tks, k->tk_core.timekeeper.tkr_raw.clock);
	tks->clock_valid = 1;
	timekeeping_update_tkd(k, tkd, TK_UPDATE_ALL);
	pthread_mutex_unlock(&tkd->lock);
}

/* aux_clock_disable(): invalid from now on; the vDSO group goes VDSO_CLOCKMODE_NONE. */
static void aux_clock_disable(struct tk_kernel *k, unsigned int idx)
{
	struct tk_data *tkd = &k->aux[idx].tkd;

	pthread_mutex_lock(&tkd->lock);
	tkd->shadow_timekeeper.clock_valid = 0;
	timekeeping_update_tkd(k, tkd, TK_UPDATE_ALL);
	pthread_mutex_unlock(&tkd->lock);
}

int tk_aux_clock_enable(struct tk_kernel *k, unsigned int idx, bool enable)
{
	u32 bit = BIT(idx);

	if (!tk_aux_supported(k) || idx >= TK_MAX_AUX_CLOCKS)
		return -ENOENT;

	/* aux_clock_mutex, and the kernel's "prevent the core timekeeper from changing". */
	pthread_mutex_lock(&k->tk_core.lock);
	if (enable != !!(READ_ONCE(k->aux_timekeepers) & bit)) {
		if (enable) {
			aux_clock_enable(k, idx);
			__atomic_fetch_or(&k->aux_timekeepers, bit, __ATOMIC_RELAXED);
		} else {
			aux_clock_disable(k, idx);
			__atomic_fetch_and(&k->aux_timekeepers, ~bit, __ATOMIC_RELAXED);
		}
	}
	pthread_mutex_unlock(&k->tk_core.lock);
	return 0;
}

bool tk_aux_clock_enabled(const struct tk_kernel *k, unsigned int idx)
{
	return idx < TK_MAX_AUX_CLOCKS && (READ_ONCE(k->aux_timekeepers) & BIT(idx));
}

void tk_aux_snapshot(const struct tk_kernel *k, unsigned int idx, struct timekeeper *tk,
		     const struct ntp_data **ntp)
{
	const struct tk_data *tkd;
	u32 seq;

	if (idx >= TK_MAX_AUX_CLOCKS) {
		memset(tk, 0, sizeof(*tk));
		*ntp = NULL;
		return;
	}
	tkd = &k->aux[idx].tkd;
	do {
		/* Acquire: the copy's loads cannot move above this seq load. */
		seq = seqcount_read_begin(&tkd->seq);
		tk_copy_words(tk, &tkd->timekeeper, sizeof(*tk));
	} while (seqcount_read_retry(&tkd->seq, seq));
	*ntp = &k->aux[idx].ntp;
}
