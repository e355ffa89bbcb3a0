// SPDX-License-Identifier: GPL-2.0
// Mirrors: kernel/time/ntp.c (v6.14, struct ntp_data): tick length and second_overflow().
/*
 * The clock-steering half of NTP: what the timekeeper asks for every tick
 * (ntp_tick_length()) and every second (second_overflow()).  The adjtimex()
 * half that feeds it lives beside it (timekeeper/adjtimex.c, when present).
 */
#include "timekeeper/ntp.h"

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
	if (ntp->time_state == TIME_INS && (ntp->time_status & STA_INS))
		return ntp->ntp_next_leap_sec * NSEC_PER_SEC;
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

	ntp->time_maxerror += MAXFREQ / NSEC_PER_USEC;
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
			ntp->tick_length += (u64)((s64)(ntp->time_adjust * NSEC_PER_USEC / ntp->hz) *
						  ((s64)1 << NTP_SCALE_SHIFT));
			ntp->time_adjust = 0;
		}
	}
	return leap;
}
