// SPDX-License-Identifier: GPL-2.0
// Mirrors: kernel/time/ntp.c (v6.18, one struct ntp_data per timekeeper): tick length, second_overflow,
// PLL/FLL, process_adjtimex_modes and ntp_adjtimex (before v6.17: __do_adjtimex).
/*
 * The NTP half of the kernel.  The timekeeper asks it for the length of
 * every tick (ntp_tick_length()) and calls second_overflow() once per
 * accumulated second; adjtimex() feeds it through ntp_adjtimex(), which
 * do_adjtimex() (timekeeper/adjtimex.c) calls under tk_core.lock.
 *
 * Units: tick lengths and time_offset are ns << 32 per NTP interval (1/HZ
 * s); time_freq is (ns/s) << 32; timex.freq is ppm << 16 ("scaled ppm");
 * time_adjust, maxerror and esterror are us.  No PPS (CONFIG_NTP_PPS off):
 * the PPS fields of struct tk_timex read as zero.
 */
#include "timekeeper/ntp.h"

#include "timekeeper/adjtimex.h"
#include "timekeeper/version.h"
#include "vdso/bug_bits.h"

/* clamp(): @v limited to [@lo, @hi]. */
static inline s64 clamp_s64(s64 v, s64 lo, s64 hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* MAX_TICKADJ_SCALED: the adjtime() slew of 500 us/s, per NTP interval, ns << 32. */
static s64 max_tickadj_scaled(const struct ntp_data *ntp)
{
	return ((s64)(MAX_TICKADJ * NSEC_PER_USEC) << NTP_SCALE_SHIFT) / ntp->hz;
}

/**
 * ntp_update_frequency() - recompute the base tick length after a change
 * @ntp: the NTP state
 *
 * One second is tick_usec * USER_HZ us, plus the boot-time tick adjustment,
 * plus time_freq; the interval length is that divided by HZ.  The change is
 * applied to tick_length at once, keeping this second's phase and adjtime
 * slew, which second_overflow() recomputes at the next second.
 */
void ntp_update_frequency(struct ntp_data *ntp)
{
	u64 second_length, new_base;

	second_length = (u64)(ntp->tick_usec * NSEC_PER_USEC * USER_HZ) << NTP_SCALE_SHIFT;
	second_length += (u64)ntp->ntp_tick_adj;
	second_length += (u64)ntp->time_freq;
	new_base = second_length / ntp->hz;

	ntp->tick_length += new_base - ntp->tick_length_base;
	ntp->tick_length_base = new_base;
}

/**
 * ntp_clear() - forget the phase state, keep the frequency (__ntp_clear)
 * @ntp: the NTP state
 *
 * Called when the clock is set: the clock is unsynchronised, the pending
 * adjtime slew and phase offset are dropped, a pending leap is cancelled;
 * time_freq survives, as in the kernel.
 */
void ntp_clear(struct ntp_data *ntp)
{
	ntp->time_adjust = 0;
	ntp->time_status |= STA_UNSYNC;
	ntp->time_maxerror = NTP_PHASE_LIMIT;
	ntp->time_esterror = NTP_PHASE_LIMIT;
	ntp_update_frequency(ntp);
	ntp->tick_length = ntp->tick_length_base;
	ntp->time_offset = 0;
	ntp->ntp_next_leap_sec = TIME64_MAX;
}

/**
 * ntp_init() - the state of a freshly booted kernel
 * @ntp: the NTP state
 * @hz:  CONFIG_HZ of the system
 */
void ntp_init(struct ntp_data *ntp, unsigned int hz)
{
	*ntp = (struct ntp_data){
		.hz = hz,
		.tick_usec = USER_TICK_USEC,
		.time_state = TIME_OK,
		.time_status = STA_UNSYNC,
		.time_constant = 2,
		.time_maxerror = NTP_PHASE_LIMIT,
		.time_esterror = NTP_PHASE_LIMIT,
		.ntp_next_leap_sec = TIME64_MAX,
		.vdiffs = tk_profile_vdiffs(TK_PROFILE_LATEST),
	};
	ntp_clear(ntp);
}

/**
 * ntp_tick_length() - the length NTP wants for the current interval
 * @ntp: the NTP state
 *
 * Return: ns << 32 per NTP interval (1/HZ s).
 */
u64 ntp_tick_length(const struct ntp_data *ntp)
{
	return ntp->tick_length;
}

/**
 * ntp_get_next_leap() - the REALTIME of a pending leap insertion
 * @ntp: the NTP state
 *
 * Return: ns since the epoch, or KTIME_MAX when no insertion is armed.
 */
ktime_t ntp_get_next_leap(const struct ntp_data *ntp)
{
	if (ntp->time_state == TIME_INS && (ntp->time_status & STA_INS)) {
		/* ktime_set(): saturate rather than overflow near KTIME_SEC_MAX. */
		if (ntp->ntp_next_leap_sec >= KTIME_SEC_MAX)
			return KTIME_MAX;
		return ntp->ntp_next_leap_sec * NSEC_PER_SEC;
	}
	return KTIME_MAX;
}

/* ntp_offset_chunk(): the part of the phase offset this second absorbs. */
static s64 ntp_offset_chunk(const struct ntp_data *ntp, s64 offset)
{
	return shift_right(offset, SHIFT_PLL + (unsigned int)ntp->time_constant);
}

/* The leap-second state machine, once per second; returns the leap to apply. */
static int ntp_leap_state(struct ntp_data *ntp, time64_t secs)
{
	int leap = 0;
	time64_t rem;

	switch (ntp->time_state) {
	case TIME_OK:
		if (ntp->time_status & STA_INS) {
			ntp->time_state = TIME_INS;
			rem = secs % SECS_PER_DAY;
			ntp->ntp_next_leap_sec = secs + SECS_PER_DAY - rem;
		} else if (ntp->time_status & STA_DEL) {
			ntp->time_state = TIME_DEL;
			rem = (secs + 1) % SECS_PER_DAY;
			ntp->ntp_next_leap_sec = secs + SECS_PER_DAY - rem;
		}
		break;
	case TIME_INS:
		if (!(ntp->time_status & STA_INS)) {
			ntp->ntp_next_leap_sec = TIME64_MAX;
			ntp->time_state = TIME_OK;
		} else if (secs == ntp->ntp_next_leap_sec) {
			/* Insert 23:59:60: REALTIME steps back one second. */
			leap = -1;
			ntp->time_state = TIME_OOP;
		}
		break;
	case TIME_DEL:
		if (!(ntp->time_status & STA_DEL)) {
			ntp->ntp_next_leap_sec = TIME64_MAX;
			ntp->time_state = TIME_OK;
		} else if (secs == ntp->ntp_next_leap_sec) {
			/* Delete 23:59:59: REALTIME steps forward one second. */
			leap = 1;
			ntp->ntp_next_leap_sec = TIME64_MAX;
			ntp->time_state = TIME_WAIT;
		}
		break;
	case TIME_OOP:
		ntp->ntp_next_leap_sec = TIME64_MAX;
		ntp->time_state = TIME_WAIT;
		break;
	case TIME_WAIT:
		if (!(ntp->time_status & (STA_INS | STA_DEL)))
			ntp->time_state = TIME_OK;
		break;
	}
	return leap;
}

/**
 * second_overflow() - NTP's once-per-second work
 * @ntp:  the NTP state
 * @secs: the REALTIME second just reached (xtime_sec after the increment)
 *
 * Runs the leap-second state machine, grows maxerror by 500 us, and builds
 * the next second's tick length: the base, plus a 1/2^(SHIFT_PLL +
 * time_constant) share of the remaining phase offset, plus up to 500 us of
 * adjtime() slew.
 *
 * Return: the leap to apply to xtime_sec: -1 (insert), +1 (delete) or 0.
 */
int second_overflow(struct ntp_data *ntp, time64_t secs)
{
	int leap = ntp_leap_state(ntp, secs);
	s64 delta;

	/* Wrapping, as the kernel's long did before the v6.11 clamp of what adjtimex sets. */
	ntp->time_maxerror = (long)((unsigned long)ntp->time_maxerror + MAXFREQ / NSEC_PER_USEC);
	if (ntp->time_maxerror > NTP_PHASE_LIMIT) {
		ntp->time_maxerror = NTP_PHASE_LIMIT;
		ntp->time_status |= STA_UNSYNC;
	}

	ntp->tick_length = ntp->tick_length_base;
	delta = ntp_offset_chunk(ntp, ntp->time_offset);
	ntp->time_offset -= delta;
	ntp->tick_length += (u64)delta;

	if (ntp->time_adjust) {
		if (ntp->time_adjust > MAX_TICKADJ) {
			ntp->time_adjust -= MAX_TICKADJ;
			ntp->tick_length += (u64)max_tickadj_scaled(ntp);
		} else if (ntp->time_adjust < -MAX_TICKADJ) {
			ntp->time_adjust += MAX_TICKADJ;
			ntp->tick_length -= (u64)max_tickadj_scaled(ntp);
		} else {
			/* Multiply, not <<: a negative value must not be left-shifted in C. */
			ntp->tick_length +=
				(u64)ntp_mul_wrap(ntp->time_adjust * NSEC_PER_USEC / (s64)ntp->hz,
						  (s64)1 << NTP_SCALE_SHIFT);
			ntp->time_adjust = 0;
		}
	}
	ntp->nr_second_overflow++;
	ntp->leap_sum += leap;
	return leap;
}

/*
 * ntp_update_offset_fll(): the frequency-locked part.  Only when the update
 * interval is at least MINSEC and either STA_FLL asks for it or the
 * interval is beyond MAXSEC: then the frequency moves by offset / secs,
 * weighted 1/2^SHIFT_FLL, and STA_MODE says the FLL is in use.
 */
static s64 ntp_update_offset_fll(struct ntp_data *ntp, s64 offset64, long secs)
{
	ntp->time_status &= ~STA_MODE;
	if (secs < MINSEC)
		return 0;
	if (!(ntp->time_status & STA_FLL) && secs <= MAXSEC)
		return 0;
	ntp->time_status |= STA_MODE;
	/* offset << (32 - SHIFT_FLL), as a product: offset64 may be negative. */
	return offset64 * ((s64)1 << (NTP_SCALE_SHIFT - SHIFT_FLL)) / secs;
}

/**
 * ntp_update_offset() - the PLL/FLL update of an ADJ_OFFSET (kernel: static)
 * @ntp:       the NTP state
 * @offset:    measured offset: us, or ns with STA_NANO; positive = the
 *             clock is behind
 * @real_secs: REALTIME seconds now (__ktime_get_real_seconds(): xtime_sec)
 *
 * Nothing happens without STA_PLL.  The offset is clamped to +/-MAXPHASE
 * (0.5 s) and becomes the new phase error, absorbed over the following
 * seconds by second_overflow().  The frequency moves by the PLL term
 *   offset * secs / 2^(2 * (SHIFT_PLL + 2 + time_constant))
 * (secs = time since the last update, capped at 2^(SHIFT_PLL + 1 +
 * time_constant) to keep the loop stable with sparse updates), plus the FLL
 * term; the result is clamped to +/-MAXFREQ (500 ppm).
 */
void ntp_update_offset(struct ntp_data *ntp, long offset, time64_t real_secs)
{
	s64 freq_adj, offset64, scale;
	long secs;

	if (!(ntp->time_status & STA_PLL))
		return;

	if (!(ntp->time_status & STA_NANO)) {
		/* Clamp first, so that the multiplication cannot overflow. */
		offset = (long)clamp_s64(offset, -USEC_PER_SEC, USEC_PER_SEC);
		offset *= NSEC_PER_USEC;
	}
	offset = (long)clamp_s64(offset, -MAXPHASE, MAXPHASE);

	secs = (long)(real_secs - ntp->time_reftime);
	if (unlikely(ntp->time_status & STA_FREQHOLD))
		secs = 0;
	ntp->time_reftime = real_secs;

	offset64 = offset;
	freq_adj = ntp_update_offset_fll(ntp, offset64, secs);

	if (unlikely(secs > 1L << (SHIFT_PLL + 1 + ntp->time_constant)))
		secs = 1L << (SHIFT_PLL + 1 + ntp->time_constant);

	/*
	 * (offset64 * secs) << (32 - 2 * (SHIFT_PLL + 2 + tc)): a negative
	 * interval (the clock was set back) is not capped, and the kernel's
	 * product then wraps; so does this one, without C's undefined behaviour.
	 */
	scale = (s64)1 << (NTP_SCALE_SHIFT - 2 * (SHIFT_PLL + 2 + ntp->time_constant));
	freq_adj = (s64)((u64)freq_adj + (u64)ntp_mul_wrap(ntp_mul_wrap(offset64, secs), scale));

	freq_adj = (s64)((u64)freq_adj + (u64)ntp->time_freq);
	ntp->time_freq = clamp_s64(freq_adj, -MAXFREQ_SCALED, MAXFREQ_SCALED);

	ntp->time_offset = offset64 * ((s64)1 << NTP_SCALE_SHIFT) / (s64)ntp->hz;
}

/*
 * process_adj_status(): switching the PLL off resets the state machine and
 * marks the clock unsynchronised (and cancels a pending leap); switching it
 * on restarts the PLL's interval.  Only the writable bits are taken.
 */
static void process_adj_status(struct ntp_data *ntp, const struct tk_timex *txc, time64_t real_secs)
{
	if ((ntp->time_status & STA_PLL) && !(txc->status & STA_PLL)) {
		ntp->time_state = TIME_OK;
		ntp->time_status = STA_UNSYNC;
		ntp->ntp_next_leap_sec = TIME64_MAX;
	}
	if (!(ntp->time_status & STA_PLL) && (txc->status & STA_PLL))
		ntp->time_reftime = real_secs;

	ntp->time_status &= STA_RONLY;
	ntp->time_status |= txc->status & ~STA_RONLY;
}

/*
 * process_adjtimex_modes(): apply the modes in the kernel's order, which
 * matters when several come together: status first (so that ADJ_NANO /
 * ADJ_MICRO and the PLL state are set before the offset is read), then the
 * units, frequency, errors, time constant, TAI, offset and tick.  The
 * clamps of maxerror, esterror and the time constant are the 2024 fixes for
 * overflows syzkaller found.
 */
static void process_adjtimex_modes(struct ntp_data *ntp, const struct tk_timex *txc,
				   time64_t real_secs, s32 *time_tai)
{
	if (txc->modes & ADJ_STATUS)
		process_adj_status(ntp, txc, real_secs);

	if (txc->modes & ADJ_NANO)
		ntp->time_status |= STA_NANO;
	if (txc->modes & ADJ_MICRO)
		ntp->time_status &= ~STA_NANO;

	if (txc->modes & ADJ_FREQUENCY) {
		/* timekeeping_validate_timex() made sure this cannot overflow. */
		ntp->time_freq = clamp_s64(txc->freq * PPM_SCALE, -MAXFREQ_SCALED, MAXFREQ_SCALED);
	}

	/* Before v6.11 (TKV_NTP_CLAMP_ERRORS) the values were stored as given. */
	if (txc->modes & ADJ_MAXERROR)
		ntp->time_maxerror = tkv_has(ntp->vdiffs, TKV_NTP_CLAMP_ERRORS)
					     ? (long)clamp_s64(txc->maxerror, 0, NTP_PHASE_LIMIT)
					     : (long)txc->maxerror;
	if (txc->modes & ADJ_ESTERROR)
		ntp->time_esterror = tkv_has(ntp->vdiffs, TKV_NTP_CLAMP_ERRORS)
					     ? (long)clamp_s64(txc->esterror, 0, NTP_PHASE_LIMIT)
					     : (long)txc->esterror;

	if (txc->modes & ADJ_TIMECONST) {
		/*
		 * v6.11 (TKV_NTP_CONSTANT_SAFE) clamps before adding 4; before, the
		 * sum wrapped for a constant near LONG_MAX and the clamp gave 0.
		 */
		if (tkv_has(ntp->vdiffs, TKV_NTP_CONSTANT_SAFE))
			ntp->time_constant = (long)clamp_s64(txc->constant, 0, MAXTC);
		else
			ntp->time_constant = (long)txc->constant;
		/* In us mode the constant is 4 smaller (ntpd's convention). */
		if (!(ntp->time_status & STA_NANO))
			ntp->time_constant = (long)((unsigned long)ntp->time_constant + 4);
		ntp->time_constant = (long)clamp_s64(ntp->time_constant, 0, MAXTC);
	}

	if ((txc->modes & ADJ_TAI) && txc->constant >= 0 && txc->constant <= MAX_TAI_OFFSET)
		*time_tai = (s32)txc->constant;

	if (txc->modes & ADJ_OFFSET)
		ntp_update_offset(ntp, (long)txc->offset, real_secs);

	if (txc->modes & ADJ_TICK)
		ntp->tick_usec = (unsigned long)txc->tick;

	if (txc->modes & (ADJ_TICK | ADJ_FREQUENCY | ADJ_OFFSET))
		ntp_update_frequency(ntp);
}

/**
 * ntp_adjtimex() - NTP's part of adjtimex() (the kernel's __do_adjtimex)
 * @ntp:       the NTP state; tk_core.lock held
 * @txc:       the request, validated; filled with the result
 * @ts:        REALTIME now (read before the lock was taken)
 * @real_secs: xtime_sec now, what the kernel's __ktime_get_real_seconds() gives
 * @time_tai:  in: TAI - UTC; out: the new value if ADJ_TAI set one
 * @bugs:      injected writer-side bugs (vdso/bug_bits.h): BUG_NTP_OFFSET_U32
 *
 * adjtime(3) (ADJ_ADJTIME) only exchanges the slew still to apply.
 * Otherwise the modes are processed and the state is read back: offset in
 * us or ns (the remaining phase), freq in scaled ppm, errors, status,
 * constant, tick, TAI and the time.  Around a leap second the time is
 * fixed up for readers that come between the boundary and the tick that
 * applies it: an insertion shows 23:59:60 (TIME_OOP), a deletion skips
 * 23:59:59 (TIME_WAIT).
 *
 * Return: the clock state, TIME_OK ... TIME_WAIT, or TIME_ERROR while the
 * clock is unsynchronised.
 */
int ntp_adjtimex(struct ntp_data *ntp, struct tk_timex *txc, const struct timespec64 *ts,
		 time64_t real_secs, s32 *time_tai, u64 bugs)
{
	int result;

	if (txc->modes & ADJ_ADJTIME) {
		long save_adjust = ntp->time_adjust;

		if (!(txc->modes & ADJ_OFFSET_READONLY)) {
			/* adjtime() is independent of the PLL: a slew of time_adjust us. */
			ntp->time_adjust = (long)txc->offset;
			ntp_update_frequency(ntp);
		}
		txc->offset = save_adjust;
	} else {
		if (txc->modes)
			process_adjtimex_modes(ntp, txc, real_secs, time_tai);

		txc->offset = shift_right(ntp->time_offset * (s64)ntp->hz, NTP_SCALE_SHIFT);
		/*
		 * us mode: a signed division, truncating toward zero, so that
		 * -5000 ns reads back as -5 us.  Before v6.13 (f5807b0606da)
		 * the kernel divided through a (u32) cast and a negative
		 * remaining offset read back as some 4.29e6 us:
		 * BUG_NTP_OFFSET_U32 puts the cast back.
		 */
		if (!(ntp->time_status & STA_NANO)) {
			if (unlikely(bugs & BUG_NTP_OFFSET_U32))
				txc->offset = (u32)txc->offset / NSEC_PER_USEC;
			else
				txc->offset = txc->offset / (long long)NSEC_PER_USEC;
		}
	}

	result = ntp->time_state;
	if (ntp->time_status & (STA_UNSYNC | STA_CLOCKERR))
		result = TIME_ERROR;

	/* (time_freq >> 19) * PPM_SCALE_INV >> 32: scaled ppm, not a bit-exact round trip. */
	txc->freq = shift_right((ntp->time_freq >> PPM_SCALE_INV_SHIFT) * PPM_SCALE_INV,
				NTP_SCALE_SHIFT);
	txc->maxerror = ntp->time_maxerror;
	txc->esterror = ntp->time_esterror;
	txc->status = ntp->time_status;
	txc->constant = ntp->time_constant;
	txc->precision = 1;
	txc->tolerance = MAXFREQ_SCALED / PPM_SCALE;
	txc->tick = (long long)ntp->tick_usec;
	txc->tai = *time_tai;

	/* No PPS. */
	txc->ppsfreq = 0;
	txc->jitter = 0;
	txc->shift = 0;
	txc->stabil = 0;
	txc->jitcnt = 0;
	txc->calcnt = 0;
	txc->errcnt = 0;
	txc->stbcnt = 0;

	txc->time.tv_sec = ts->tv_sec;
	txc->time.tv_usec = ts->tv_nsec;
	if (!(ntp->time_status & STA_NANO))
		txc->time.tv_usec = ts->tv_nsec / NSEC_PER_USEC;

	/* The leap second, seen before the tick has applied it. */
	if (unlikely(ts->tv_sec >= ntp->ntp_next_leap_sec)) {
		if (ntp->time_state == TIME_INS && (ntp->time_status & STA_INS)) {
			result = TIME_OOP;
			txc->tai++;
			txc->time.tv_sec--;
		}
		if (ntp->time_state == TIME_DEL && (ntp->time_status & STA_DEL)) {
			result = TIME_WAIT;
			txc->tai--;
			txc->time.tv_sec++;
		}
		if (ntp->time_state == TIME_OOP && ts->tv_sec == ntp->ntp_next_leap_sec)
			result = TIME_WAIT;
	}
	return result;
}
