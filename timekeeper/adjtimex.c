// SPDX-License-Identifier: GPL-2.0
// Mirrors: kernel/time/timekeeping.c (v6.18): timekeeping_validate_timex() and do_adjtimex().
/*
 * adjtimex(2) as the timekeeper serves it: validate, read REALTIME, and
 * under tk_core.lock inject an ADJ_SETOFFSET step, run NTP's part
 * (timekeeper/ntp.c ntp_adjtimex), publish a TAI change or the leap state,
 * and apply a new frequency at once with timekeeping_advance(TK_ADV_FREQ).
 *
 * Version note: that is the v6.17+ flow ("timekeeping: Avoid double
 * notification in do_adjtimex()", TKV_ADJTIMEX_LOCKED_STEP).  The older
 * profiles inject the step first, each part under a lock of its own, then
 * read REALTIME, and advance after dropping the lock: the time adjtimex
 * returns after a step is the stepped time there, the time before the step
 * here.  The other clocks and NTP's state come out the same.
 */
#include "timekeeper/adjtimex.h"

#include <errno.h>

#include "timekeeper/timekeeping_internal.h"
#include "vdso/helpers.h"

/**
 * timekeeping_validate_timex() - refuse a bad adjtimex() request up front
 * @txc:        the request
 * @privileged: whether the caller has CAP_SYS_TIME
 *
 * adjtime(3) requests (ADJ_ADJTIME) may carry nothing but the single-shot
 * bit; changing anything needs CAP_SYS_TIME (a read-only adjtime or a
 * modes == 0 read does not); ADJ_TICK must stay within 10 % of 1/USER_HZ;
 * ADJ_SETOFFSET needs a non-negative sub-second part below one second in
 * its unit; ADJ_FREQUENCY must not overflow when scaled to (ns/s) << 32.
 * Out-of-range frequencies that do not overflow are clamped later, not
 * refused.
 *
 * Return: 0, -EINVAL or -EPERM.
 */
int timekeeping_validate_timex(const struct tk_timex *txc, bool privileged)
{
	if (txc->modes & ADJ_ADJTIME) {
		/* The single-shot adjtime must not come with other mode bits. */
		if (!(txc->modes & ADJ_OFFSET_SS_BIT))
			return -EINVAL;
		if (!(txc->modes & ADJ_OFFSET_READONLY) && !privileged)
			return -EPERM;
	} else {
		if (txc->modes && !privileged)
			return -EPERM;
		/* A quartz more than 10 % off means something is very wrong. */
		if ((txc->modes & ADJ_TICK) &&
		    (txc->tick < 900000 / USER_HZ || txc->tick > 1100000 / USER_HZ))
			return -EINVAL;
	}

	if (txc->modes & ADJ_SETOFFSET) {
		if (!privileged)
			return -EPERM;
		/* The offset is tv_sec + tv_usec; only tv_sec may be negative. */
		if (txc->time.tv_usec < 0)
			return -EINVAL;
		if (txc->modes & ADJ_NANO) {
			if (txc->time.tv_usec >= NSEC_PER_SEC)
				return -EINVAL;
		} else {
			if (txc->time.tv_usec >= USEC_PER_SEC)
				return -EINVAL;
		}
	}

	/* freq * PPM_SCALE must fit 64 bits (the kernel checks on 64-bit only). */
	if (txc->modes & ADJ_FREQUENCY) {
		if (LLONG_MIN / PPM_SCALE > txc->freq)
			return -EINVAL;
		if (LLONG_MAX / PPM_SCALE < txc->freq)
			return -EINVAL;
	}
	return 0;
}

/*
 * tk_update_leap_state_all(): refresh next_leap_ktime (the MONOTONIC time
 * of an armed leap insertion, which hrtimers use) in the shadow, and copy it
 * to the live timekeeper under tk_core.seq.
 */
static void tk_update_leap_state_all(struct tk_kernel *k)
{
	struct tk_data *tkd = &k->tk_core;

	seqcount_write_seq_begin(&tkd->seq);
	/* smp_wmb: the odd tk_core.seq is visible before the live copy changes. */
	smp_wmb();
	tk_update_leap_state(k, &tkd->shadow_timekeeper);
	WRITE_ONCE(tkd->timekeeper.next_leap_ktime, tkd->shadow_timekeeper.next_leap_ktime);
	seqcount_write_seq_end(&tkd->seq);
}

/* The ADJ_SETOFFSET request as a timespec64 step (tv_usec is ns with ADJ_NANO). */
static struct timespec64 adjtimex_delta(const struct tk_timex *txc)
{
	struct timespec64 delta = { .tv_sec = txc->time.tv_sec,
				    .tv_nsec = (long)txc->time.tv_usec };

	if (!(txc->modes & ADJ_NANO))
		delta.tv_nsec *= 1000;
	return delta;
}

/*
 * adjtimex_ntp_locked(): NTP's part, under tk_core.lock: ntp_adjtimex() with
 * the REALTIME @ts the caller read, then a changed TAI offset published
 * (TK_CLOCK_WAS_SET) or the leap state refreshed.
 */
static int adjtimex_ntp_locked(struct tk_kernel *k, struct tk_timex *txc,
			       const struct timespec64 *ts)
{
	struct timekeeper *tks = &k->tk_core.shadow_timekeeper;
	s32 orig_tai, tai;
	int ret;

	orig_tai = tai = tks->tai_offset;
	ret = ntp_adjtimex(&k->ntp, txc, ts, (time64_t)tks->xtime_sec, &tai, k->bugs);
	if (tai != orig_tai) {
		tk_set_tai_offset(tks, tai);
		timekeeping_update_from_shadow(k, TK_CLOCK_WAS_SET);
	} else {
		tk_update_leap_state_all(k);
	}
	return ret;
}

/* The v6.13-v6.16 flow: step, read REALTIME, NTP under the lock, then advance unlocked. */
static int do_adjtimex_v615(struct tk_kernel *k, struct tk_timex *txc)
{
	struct timespec64 ts;
	int ret;

	if (txc->modes & ADJ_SETOFFSET) {
		struct timespec64 delta = adjtimex_delta(txc);

		ret = timekeeping_inject_offset(k, &delta);
		if (ret)
			return ret;
	}

	ktime_get_real_ts64(k, &ts);

	pthread_mutex_lock(&k->tk_core.lock);
	ret = adjtimex_ntp_locked(k, txc, &ts);
	pthread_mutex_unlock(&k->tk_core.lock);

	if (txc->modes & (ADJ_FREQUENCY | ADJ_TICK))
		timekeeping_advance(k, TK_ADV_FREQ);
	return ret;
}

/**
 * do_adjtimex() - adjtimex(2) / clock_adjtime(CLOCK_REALTIME)
 * @k:          the kernel
 * @txc:        the request; on success filled with the state (see ntp_adjtimex())
 * @privileged: whether the caller has CAP_SYS_TIME
 *
 * Order, as in the kernel (v6.17+; the kernel's __do_adjtimex()): validate;
 * read REALTIME (the time handed back); then under tk_core.lock inject the
 * ADJ_SETOFFSET step, run NTP's part and publish a changed TAI offset or the
 * leap state, and, if the frequency or tick changed, advance at once with
 * TK_ADV_FREQ so that the new frequency applies from now and not from the
 * next tick.  A profile without TKV_ADJTIMEX_LOCKED_STEP runs the older flow.
 *
 * An invalid request changes nothing.
 *
 * Return: the clock state (TIME_OK ... TIME_ERROR), or -EINVAL / -EPERM.
 */
int do_adjtimex(struct tk_kernel *k, struct tk_timex *txc, bool privileged)
{
	struct timespec64 ts;
	int ret;

	ret = timekeeping_validate_timex(txc, privileged);
	if (ret)
		return ret;
	if (!tk_has(k, TKV_ADJTIMEX_LOCKED_STEP))
		return do_adjtimex_v615(k, txc);

	ktime_get_real_ts64(k, &ts);

	pthread_mutex_lock(&k->tk_core.lock);
	/* An aux clock that is disabled (v6.17); the core timekeeper always is valid. */
	if (!k->tk_core.shadow_timekeeper.clock_valid) {
		ret = -ENODEV;
		goto out;
	}
	if (txc->modes & ADJ_SETOFFSET) {
		struct timespec64 delta = adjtimex_delta(txc);

		ret = timekeeping_inject_offset_locked(k, &delta);
		if (ret)
			goto out;
	}
	ret = adjtimex_ntp_locked(k, txc, &ts);
	/* Apply a new frequency now, not at the next tick. */
	if (txc->modes & (ADJ_FREQUENCY | ADJ_TICK))
		timekeeping_advance_locked(k, TK_ADV_FREQ);
out:
	pthread_mutex_unlock(&k->tk_core.lock);
	return ret;
}
