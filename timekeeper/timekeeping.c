// SPDX-License-Identifier: GPL-2.0
// Mirrors: kernel/time/timekeeping.c (v6.18): setup, the tick, NTP mult steering, publication.
/*
 * The writer side of the timekeeper.  Writers hold tk_core.lock, compute on
 * the shadow timekeeper, and publish with timekeeping_update_from_shadow():
 * inside one tk_core.seq write section the vvar page is updated and the
 * shadow copied to the live timekeeper, so that no reader can see the new
 * vDSO time and then an older kernel-side time.
 *
 * Units: xtime_nsec are shifted ns (ns << shift); ntp_error and ntp_tick are
 * NTP-scaled ns (ns << 32); intervals are cycles or shifted ns as named.
 */
#include "timekeeper/timekeeping_internal.h"

#include <errno.h>
#include <string.h>

#include "vdso/bug_bits.h"
#include "vdso/helpers.h"

/* ilog2() of a u64, -1 for 0 as the kernel's fls64(0) - 1. */
static int ilog2_u64(u64 v)
{
	return v ? 63 - __builtin_clzll(v) : -1;
}

/**
 * tk_normalize_xtime() - carry whole seconds out of both xtime_nsec
 * @tk: the timekeeper
 *
 * No NTP second_overflow() here: used by setters and forward_now, which the
 * kernel also keeps out of NTP's once-per-second work.
 */
void tk_normalize_xtime(struct timekeeper *tk)
{
	while (tk->tkr_mono.xtime_nsec >= ((u64)NSEC_PER_SEC << tk->tkr_mono.shift)) {
		tk->tkr_mono.xtime_nsec -= (u64)NSEC_PER_SEC << tk->tkr_mono.shift;
		tk->xtime_sec++;
	}
	while (tk->tkr_raw.xtime_nsec >= ((u64)NSEC_PER_SEC << tk->tkr_raw.shift)) {
		tk->tkr_raw.xtime_nsec -= (u64)NSEC_PER_SEC << tk->tkr_raw.shift;
		tk->raw_sec++;
	}
}

/** tk_set_xtime() - set REALTIME at the base point. */
void tk_set_xtime(struct timekeeper *tk, const struct timespec64 *ts)
{
	tk->xtime_sec = (u64)ts->tv_sec;
	tk->tkr_mono.xtime_nsec = (u64)ts->tv_nsec << tk->tkr_mono.shift;
	tk_update_coarse_nsecs(tk);
}

/** tk_xtime_add() - add to REALTIME at the base point. */
void tk_xtime_add(struct timekeeper *tk, const struct timespec64 *ts)
{
	tk->xtime_sec += (u64)ts->tv_sec;
	tk->tkr_mono.xtime_nsec += (u64)ts->tv_nsec << tk->tkr_mono.shift;
	tk_normalize_xtime(tk);
	tk_update_coarse_nsecs(tk);
}

/**
 * tk_set_wall_to_mono() - set wall_to_monotonic and the offsets derived from it
 * @tk:  the timekeeper
 * @wtm: REALTIME -> MONOTONIC
 *
 * offs_real is its negation (MONOTONIC -> REALTIME), offs_tai adds tai_offset.
 */
void tk_set_wall_to_mono(struct timekeeper *tk, struct timespec64 wtm)
{
	tk->wall_to_monotonic = wtm;
	tk->offs_real =
		timespec64_to_ktime(set_normalized_timespec64(-wtm.tv_sec, -(s64)wtm.tv_nsec));
	tk->offs_tai = ktime_add(tk->offs_real, (ktime_t)tk->tai_offset * NSEC_PER_SEC);
}

/** tk_update_sleep_time() - add suspended time to offs_boot (ns). */
void tk_update_sleep_time(struct timekeeper *tk, ktime_t delta)
{
	tk->offs_boot = ktime_add(tk->offs_boot, delta);
	tk->monotonic_to_boot = ktime_to_timespec64(tk->offs_boot);
}

/** tk_set_tai_offset() - __timekeeping_set_tai_offset(): TAI - UTC in seconds. */
void tk_set_tai_offset(struct timekeeper *tk, s32 tai_offset)
{
	tk->tai_offset = tai_offset;
	tk->offs_tai = ktime_add(tk->offs_real, (ktime_t)tai_offset * NSEC_PER_SEC);
}

/**
 * tk_setup_internals() - switch the timekeeper to a clocksource
 * @k:     the kernel (for HZ)
 * @tk:    the (shadow) timekeeper
 * @clock: the new clocksource, registered
 *
 * One NTP interval is NTP_INTERVAL_LENGTH ns = cycle_interval cycles,
 * rounded to the nearest cycle; the rounding error per interval,
 * xtime_remainder (shifted ns), is fed to ntp_error every tick so that it
 * averages out.  A change of shift rescales both xtime_nsec (losing the
 * sub-ns fraction on a right shift, as in the kernel).
 */
void tk_setup_internals(struct tk_kernel *k, struct timekeeper *tk, struct clocksource *clock)
{
	struct clocksource *old_clock = tk->tkr_mono.clock;
	u64 interval, ntpinterval;

	++tk->cs_was_changed_seq;
	tk->tkr_mono.clock = clock;
	tk->tkr_mono.mask = clock->mask;
	tk->tkr_mono.cycle_last = tk_clock_read(&tk->tkr_mono);
	tk->tkr_raw.clock = clock;
	tk->tkr_raw.mask = clock->mask;
	tk->tkr_raw.cycle_last = tk->tkr_mono.cycle_last;

	ntpinterval = tk_ntp_interval_length(k) << clock->shift;
	interval = (ntpinterval + clock->mult / 2) / clock->mult;
	if (interval == 0)
		interval = 1;
	tk->cycle_interval = interval;
	tk->xtime_interval = interval * clock->mult;
	tk->xtime_remainder = (s64)(ntpinterval - tk->xtime_interval);
	tk->raw_interval = interval * clock->mult;

	if (old_clock) {
		int shift_change = (int)clock->shift - (int)old_clock->shift;

		if (shift_change < 0) {
			tk->tkr_mono.xtime_nsec >>= -shift_change;
			tk->tkr_raw.xtime_nsec >>= -shift_change;
		} else {
			tk->tkr_mono.xtime_nsec <<= shift_change;
			tk->tkr_raw.xtime_nsec <<= shift_change;
		}
	}
	tk->tkr_mono.shift = clock->shift;
	tk->tkr_raw.shift = clock->shift;

	tk->ntp_error = 0;
	tk->ntp_error_shift = NTP_SCALE_SHIFT - clock->shift;
	tk->ntp_tick = ntpinterval << tk->ntp_error_shift;

	/* Start from the clocksource's own mult; NTP steers tkr_mono.mult from here. */
	tk->tkr_mono.mult = clock->mult;
	tk->tkr_raw.mult = clock->mult;
	tk->ntp_err_mult = 0;
	tk->skip_second_overflow = 0;
}

/**
 * tk_update_leap_state() - set next_leap_ktime, the MONOTONIC instant of an armed leap insertion
 * @k:  the kernel (its NTP state)
 * @tk: the timekeeper to update (KTIME_MAX when no insertion is armed)
 */
void tk_update_leap_state(struct tk_kernel *k, struct timekeeper *tk)
{
	/* Aux clocks have no leap seconds (v6.17: ntp_get_next_leap() of a non-core id). */
	tk->next_leap_ktime = tk->id == TIMEKEEPER_CORE ? ntp_get_next_leap(&k->ntp) : KTIME_MAX;
	if (tk->next_leap_ktime != KTIME_MAX)
		tk->next_leap_ktime -= tk->offs_real;
}

/*
 * tk_update_ktime_data(): tkr_mono.base is MONOTONIC at the start of the
 * current REALTIME second (xtime_sec + wall_to_monotonic), ktime_sec the
 * MONOTONIC seconds, tkr_raw.base the raw seconds in ns.
 */
static void tk_update_ktime_data(struct timekeeper *tk)
{
	u64 seconds = tk->xtime_sec + (u64)tk->wall_to_monotonic.tv_sec;
	u32 nsec = (u32)tk->wall_to_monotonic.tv_nsec;

	tk->tkr_mono.base = (ktime_t)(seconds * NSEC_PER_SEC + nsec);
	nsec += (u32)(tk->tkr_mono.xtime_nsec >> tk->tkr_mono.shift);
	if (nsec >= NSEC_PER_SEC)
		seconds++;
	tk->ktime_sec = seconds;
	tk->tkr_raw.base = (ktime_t)(tk->raw_sec * NSEC_PER_SEC);
}

/**
 * timekeeping_update_from_shadow() - publish the shadow timekeeper
 * @k:      the kernel; tk_core.lock held
 * @action: TK_CLEAR_NTP and/or TK_CLOCK_WAS_SET
 *
 * Readers are blocked (tk_core.seq odd) before the vvar page changes, and
 * stay blocked until the live timekeeper matches it.
 */
void timekeeping_update_from_shadow(struct tk_kernel *k, unsigned int action)
{
	timekeeping_update_tkd(k, &k->tk_core, action);
}

/**
 * timekeeping_update_tkd() - timekeeping_update_from_shadow() of any timekeeper
 * @k:      the kernel
 * @tkd:    the core's or an aux clock's tk_data; @tkd->lock held
 * @action: TK_CLEAR_NTP and/or TK_CLOCK_WAS_SET
 *
 * The core publishes into the vvar page's clock groups, an aux timekeeper
 * into its own aux_clock_data[] group (v6.17).
 */
void timekeeping_update_tkd(struct tk_kernel *k, struct tk_data *tkd, unsigned int action)
{
	struct timekeeper *tk = &tkd->shadow_timekeeper;

	seqcount_write_seq_begin(&tkd->seq);
	/* smp_wmb: the odd tk_core.seq is visible before the vvar page or live copy change. */
	smp_wmb();

	if (action & TK_CLEAR_NTP) {
		tk->ntp_error = 0;
		ntp_clear(tk_ntp(k, tk));
	}
	tk_update_leap_state(k, tk);
	tk_update_ktime_data(tk);
	if (likely(tk->id == TIMEKEEPER_CORE)) {
		update_vsyscall(k, tk);
		if (unlikely(k->gtod_v416))
			update_vsyscall_v416(k, tk);
	} else {
		vdso_time_update_aux(k, tk);
	}
	tk->tkr_mono.base_real = (u64)ktime_add(tk->tkr_mono.base, tk->offs_real);
	if (action & TK_CLOCK_WAS_SET)
		tk->clock_was_set_seq++;

	tk_copy_words(&tkd->timekeeper, tk, sizeof(*tk));
	seqcount_write_seq_end(&tkd->seq);
}

/** timekeeping_restore_shadow() - drop a failed change: shadow = live. */
void timekeeping_restore_shadow(struct tk_kernel *k)
{
	memcpy(&k->tk_core.shadow_timekeeper, &k->tk_core.timekeeper, sizeof(struct timekeeper));
}

/**
 * timekeeping_forward_now() - accumulate everything up to the counter now
 * @tk: the (shadow) timekeeper
 *
 * Used before every discontinuity (settimeofday, suspend, clocksource
 * change).  The delta is multiplied in chunks of at most max_cycles so that
 * delta * mult cannot overflow (v6.10).
 */
void timekeeping_forward_now(struct timekeeper *tk)
{
	struct clocksource *clock = tk->tkr_mono.clock;
	u64 cycle_now, delta;

	cycle_now = tk_clock_read(&tk->tkr_mono);
	delta = clocksource_delta(cycle_now, tk->tkr_mono.cycle_last, tk->tkr_mono.mask,
				  clock->max_raw_delta);
	tk->tkr_mono.cycle_last = cycle_now;
	tk->tkr_raw.cycle_last = cycle_now;

	while (delta > 0) {
		u64 incr = delta < clock->max_cycles ? delta : clock->max_cycles;

		tk->tkr_mono.xtime_nsec += incr * tk->tkr_mono.mult;
		tk->tkr_raw.xtime_nsec += incr * tk->tkr_raw.mult;
		tk_normalize_xtime(tk);
		delta -= incr;
	}
	tk_update_coarse_nsecs(tk);
}

/*
 * timekeeping_apply_adjustment(): change tkr_mono.mult by @mult_adj while
 * keeping the clock continuous.  With @offset unaccumulated cycles the time
 * now is offset * mult + xtime_nsec; for it to be the same after the change,
 *   offset * (mult + adj) + xtime_nsec' = offset * mult + xtime_nsec
 *   => xtime_nsec' = xtime_nsec - offset * adj.
 * xtime_interval follows the new mult; xtime_remainder is left as it is.
 * With @ntp_error_term (v6.12) ntp_error gains offset << ntp_error_shift as
 * well (the term the kernel had then; a left shift of the unsigned bits, so
 * that a negative offset is not undefined behaviour in C).
 */
static void timekeeping_apply_adjustment(struct timekeeper *tk, s64 offset, s32 mult_adj,
					 bool ntp_error_term)
{
	s64 interval = (s64)tk->cycle_interval;

	if (mult_adj == 0)
		return;
	if (mult_adj == -1) {
		interval = -interval;
		offset = -offset;
	} else if (mult_adj != 1) {
		interval *= mult_adj;
		offset *= mult_adj;
	}

	/* A u32 overflow of mult would be a wild clock; refuse it as the kernel does. */
	if (mult_adj > 0 && tk->tkr_mono.mult + (u32)mult_adj < (u32)mult_adj)
		return;

	tk->tkr_mono.mult += (u32)mult_adj;
	tk->xtime_interval += (u64)interval;
	tk->tkr_mono.xtime_nsec -= (u64)offset;
	/* v6.12 (profile difference adjust-no-ntp-error): the offset term goes to ntp_error too. */
	if (ntp_error_term)
		tk->ntp_error += (s64)((u64)offset << tk->ntp_error_shift);
}

/*
 * The kernel's "Adjusting %s more than 11%" warning: mult has left the range
 * the clocksource's max_cycles was computed for (mult +/- maxadj), so a delta
 * near max_cycles could overflow.  The kernel prints it once per boot; here
 * every adjustment past the limit is counted (the difference is taken as a
 * signed 32-bit value, as the kernel's abs() of the u32 difference does).
 */
static void timekeeping_check_maxadj(struct timekeeper *tk)
{
	const struct clocksource *clock = tk->tkr_mono.clock;
	s32 d = (s32)(tk->tkr_mono.mult - clock->mult);
	u32 ad = d < 0 ? -(u32)d : (u32)d;

	if (unlikely(clock->maxadj && ad > clock->maxadj))
		tk->maxadj_warnings++;
}

/*
 * timekeeping_adjust(): the v4.19+ NTP steering.  When NTP's tick length
 * changes, the mult that makes one interval exactly that long is
 *   mult = (ntp_tick >> ntp_error_shift - xtime_remainder) / cycle_interval;
 * otherwise the current mult is kept.  One extra unit (ntp_err_mult) is added
 * while the clock is behind NTP (ntp_error > 0), which dithers the error
 * around zero.  If the correction pulled xtime_nsec below zero, borrow a
 * second and tell accumulate_nsecs_to_secs() not to report it to NTP twice.
 */
static void timekeeping_adjust(struct tk_kernel *k, struct timekeeper *tk, s64 offset)
{
	u64 ntp_tl = ntp_tick_length(tk_ntp(k, tk));
	u32 mult;

	if (likely(tk->ntp_tick == ntp_tl)) {
		mult = tk->tkr_mono.mult - tk->ntp_err_mult;
	} else {
		tk->ntp_tick = ntp_tl;
		mult = (u32)(((tk->ntp_tick >> tk->ntp_error_shift) - (u64)tk->xtime_remainder) /
			     tk->cycle_interval);
	}

	tk->ntp_err_mult = tk->ntp_error > 0 ? 1 : 0;
	mult += tk->ntp_err_mult;

	/* BUG_NO_XTIME_CORRECTION: change mult without the continuity term (offset 0). */
	timekeeping_apply_adjustment(tk, unlikely(k->bugs & BUG_NO_XTIME_CORRECTION) ? 0 : offset,
				     (s32)(mult - tk->tkr_mono.mult),
				     !tk_has(k, TKV_ADJUST_NO_NTP_ERROR));
	timekeeping_check_maxadj(tk);

	if (unlikely((s64)tk->tkr_mono.xtime_nsec < 0)) {
		tk->tkr_mono.xtime_nsec += (u64)NSEC_PER_SEC << tk->tkr_mono.shift;
		tk->xtime_sec--;
		tk->skip_second_overflow = 1;
		tk->unreported_secs--;
	}
}

/*
 * accumulate_nsecs_to_secs(): carry whole seconds of tkr_mono into
 * xtime_sec, calling NTP's second_overflow() once per second with the new
 * second.  A leap moves REALTIME by a second and wall_to_monotonic the other
 * way, so that MONOTONIC stays continuous while TAI - UTC changes.
 */
static unsigned int accumulate_nsecs_to_secs(struct tk_kernel *k, struct timekeeper *tk)
{
	u64 nsecps = (u64)NSEC_PER_SEC << tk->tkr_mono.shift;
	unsigned int clock_set = 0;

	while (tk->tkr_mono.xtime_nsec >= nsecps) {
		int leap;

		tk->tkr_mono.xtime_nsec -= nsecps;
		tk->xtime_sec++;

		if (unlikely(tk->skip_second_overflow)) {
			tk->skip_second_overflow = 0;
			tk->unreported_secs++;
			continue;
		}

		leap = second_overflow(tk_ntp(k, tk), (time64_t)tk->xtime_sec);
		if (unlikely(leap)) {
			struct timespec64 ts = { .tv_sec = leap, .tv_nsec = 0 };

			tk->xtime_sec += (u64)(s64)leap;
			tk_set_wall_to_mono(tk, timespec64_sub(tk->wall_to_monotonic, ts));
			tk_set_tai_offset(tk, tk->tai_offset - leap);
			clock_set = TK_CLOCK_WAS_SET;
		}
	}
	return clock_set;
}

/*
 * logarithmic_accumulation(): accumulate cycle_interval << shift cycles at
 * once, so that a long NOHZ gap costs log2(gap) steps instead of one per
 * tick.  Raw time is accumulated in shifted ns too (the v4.13 fix), and
 * ntp_error integrates what NTP wanted minus what was added.
 */
static u64 logarithmic_accumulation(struct tk_kernel *k, struct timekeeper *tk, u64 offset,
				    int shift, unsigned int *clock_set)
{
	u64 interval = tk->cycle_interval << shift;
	u64 snsec_per_sec;

	if (offset < interval)
		return offset;

	offset -= interval;
	tk->tkr_mono.cycle_last += interval;
	tk->tkr_raw.cycle_last += interval;

	tk->tkr_mono.xtime_nsec += tk->xtime_interval << shift;
	*clock_set |= accumulate_nsecs_to_secs(k, tk);

	if (unlikely(k->bugs & BUG_RAW_PRE413))
		/* Pre-4.13: raw_interval was whole ns; the sub-ns fraction was dropped. */
		tk->tkr_raw.xtime_nsec += (tk->raw_interval >> tk->tkr_raw.shift)
					  << (tk->tkr_raw.shift + (u32)shift);
	else
		tk->tkr_raw.xtime_nsec += tk->raw_interval << shift;
	snsec_per_sec = (u64)NSEC_PER_SEC << tk->tkr_raw.shift;
	while (tk->tkr_raw.xtime_nsec >= snsec_per_sec) {
		tk->tkr_raw.xtime_nsec -= snsec_per_sec;
		tk->raw_sec++;
	}

	tk->ntp_error += (s64)(tk->ntp_tick << shift);
	tk->ntp_error -= (s64)((tk->xtime_interval + (u64)tk->xtime_remainder)
			       << (tk->ntp_error_shift + (u32)shift));
	return offset;
}

/**
 * timekeeping_advance_locked() - timekeeping_advance() for a caller that holds tk_core.lock
 * @k:    the kernel
 * @mode: TK_ADV_TICK, or TK_ADV_FREQ to apply a new frequency at once
 *
 * The kernel's __timekeeping_advance() (v6.17): do_adjtimex() applies a new
 * frequency inside its own locked section (TKV_ADJTIMEX_LOCKED_STEP).
 *
 * Return: true if the clock was set (a leap second).
 */
bool timekeeping_advance_locked(struct tk_kernel *k, enum timekeeping_adv_mode mode)
{
	return timekeeping_advance_tkd(k, &k->tk_core, mode);
}

/**
 * timekeeping_advance_tkd() - __timekeeping_advance(): the tick of any timekeeper
 * @k:    the kernel
 * @tkd:  the core's or an aux clock's tk_data; @tkd->lock held
 * @mode: TK_ADV_TICK, or TK_ADV_FREQ to apply a new frequency at once
 *
 * Return: true if the clock was set (a leap second).
 */
bool timekeeping_advance_tkd(struct tk_kernel *k, struct tk_data *tkd,
			     enum timekeeping_adv_mode mode)
{
	struct timekeeper *tk = &tkd->shadow_timekeeper;
	struct ntp_data *ntp = tk_ntp(k, tk);
	unsigned int clock_set = 0;
	u64 offset, orig_offset, max_delta;
	int shift, maxshift;

	if (k->suspended)
		return false;

	/* BUG_NEG_MOTION_HALF: the 6.13-rc cut-off at half the mask instead of 7/8. */
	max_delta = unlikely(k->bugs & BUG_NEG_MOTION_HALF) ? tk->tkr_mono.mask >> 1
							    : tk->tkr_mono.clock->max_raw_delta;
	offset = clocksource_delta(tk_clock_read(&tk->tkr_mono), tk->tkr_mono.cycle_last,
				   tk->tkr_mono.mask, max_delta);
	orig_offset = offset;

	/* A tick that finds less than an interval has nothing to do. */
	if (offset < tk->cycle_interval && mode == TK_ADV_TICK)
		return false;

	/* The largest chunk: about offset / cycle_interval, as a power of two. */
	shift = ilog2_u64(offset) - ilog2_u64(tk->cycle_interval);
	if (shift < 0)
		shift = 0;
	/* ntp_tick << shift must not overflow 64 bits. */
	maxshift = (64 - (ilog2_u64(ntp_tick_length(ntp)) + 1)) - 1;
	if (shift > maxshift)
		shift = maxshift;

	while (offset >= tk->cycle_interval) {
		offset = logarithmic_accumulation(k, tk, offset, shift, &clock_set);
		if (offset < tk->cycle_interval << shift)
			shift--;
	}

	timekeeping_adjust(k, tk, (s64)offset);
	clock_set |= accumulate_nsecs_to_secs(k, tk);

	/* v6.15: coarse time moves only if time was accumulated. */
	if (orig_offset != offset || unlikely(k->bugs & BUG_COARSE_PRE615))
		tk_update_coarse_nsecs(tk);
	else if (likely(!(k->fixes & FIX_COARSE_SEC)))
		/*
		 * The kernel's coarse clocks read xtime_sec itself: a carry
		 * (accumulate_nsecs_to_secs()) or a borrow (timekeeping_adjust())
		 * of this pass moves their seconds and leaves coarse_nsec alone.
		 */
		tk->coarse_sec = tk->xtime_sec;
	else if (unlikely(clock_set))
		/* FIX_COARSE_SEC: a leap second the carry applied sets the clock. */
		tk_update_coarse_nsecs(tk);

	timekeeping_update_tkd(k, tkd, clock_set);
	return clock_set != 0;
}

/**
 * timekeeping_advance() - the tick: accumulate elapsed intervals, steer, publish
 * @k:    the kernel
 * @mode: TK_ADV_TICK, or TK_ADV_FREQ to apply a new frequency at once
 *
 * Return: true if the clock was set (a leap second), which the kernel
 * reports with clock_was_set_delayed().
 */
bool timekeeping_advance(struct tk_kernel *k, enum timekeeping_adv_mode mode)
{
	bool clock_set;

	pthread_mutex_lock(&k->tk_core.lock);
	clock_set = timekeeping_advance_locked(k, mode);
	pthread_mutex_unlock(&k->tk_core.lock);
	return clock_set;
}

/**
 * update_wall_time() - the periodic tick's entry point
 * @k: the kernel
 */
void update_wall_time(struct tk_kernel *k)
{
	timekeeping_advance(k, TK_ADV_TICK);
	/* v6.17: then every enabled aux clock, each under its own lock. */
	tk_aux_advance(k);
}

/**
 * timekeeping_init() - boot a simulated kernel's timekeeping
 * @k:     the kernel state to initialise (any previous content is ignored)
 * @clock: a registered clocksource
 * @p:     HZ, the wall time and the time since power-on
 *
 * MONOTONIC starts at @p->boot_offset, REALTIME at @p->wall_time, RAW at 0.
 *
 * Return: 0, or -EINVAL for HZ 0, an unregistered clocksource or an
 * invalid wall time.
 */
int timekeeping_init(struct tk_kernel *k, struct clocksource *clock, const struct tk_boot_params *p)
{
	struct timekeeper *tk;
	struct timespec64 wall = p->wall_time, boot = p->boot_offset;

	if (!p->hz || !clock || !clock->mult || !clock->read || !timespec64_valid(&wall) ||
	    !timespec64_valid(&boot))
		return -EINVAL;

	memset(k, 0, sizeof(*k));
	pthread_mutex_init(&k->tk_core.lock, NULL);
	k->hz = p->hz;
	k->hrtimer_res = p->hrtimer_res ? p->hrtimer_res : 1;
	ntp_init(&k->ntp, p->hz);

	/* The vvar page's constant part: written once, before any reader. */
	k->vdata.arch_data.low_res_nsec = tk_tick_nsec(k);
	/* The release, and the bug bits it implies, before the first publication. */
	k->backports = p->backports;
	tk_profile_apply(k, p->profile);

	tk = &k->tk_core.shadow_timekeeper;
	tk_aux_setup(k);
	pthread_mutex_lock(&k->tk_core.lock);
	tk->id = TIMEKEEPER_CORE;
	tk->clock_valid = true;
	tk_setup_internals(k, tk, clock);
	tk_set_xtime(tk, &wall);
	tk->raw_sec = 0;
	tk_set_wall_to_mono(tk, timespec64_sub(boot, wall));
	timekeeping_update_from_shadow(k, TK_CLOCK_WAS_SET);
	pthread_mutex_unlock(&k->tk_core.lock);
	update_vsyscall_tz(k);
	return 0;
}

/**
 * timekeeping_destroy() - release what timekeeping_init() acquired
 * @k: the kernel
 */
void timekeeping_destroy(struct tk_kernel *k)
{
	tk_aux_destroy(k);
	pthread_mutex_destroy(&k->tk_core.lock);
}
