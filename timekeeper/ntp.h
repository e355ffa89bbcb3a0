/* SPDX-License-Identifier: GPL-2.0 */
/* Mirrors: kernel/time/ntp.c, kernel/time/ntp_internal.h, include/linux/timex.h (v6.18). */
#ifndef TKSIM_TIMEKEEPER_NTP_H
#define TKSIM_TIMEKEEPER_NTP_H

#include "vdso/types.h"

#define NTP_SCALE_SHIFT 32
#define SHIFT_PLL 2
#define SHIFT_FLL 2
#define MAXTC 10
#define SHIFT_USEC 16
#define PPM_SCALE ((s64)NSEC_PER_USEC << (NTP_SCALE_SHIFT - SHIFT_USEC))
#define PPM_SCALE_INV_SHIFT 19
#define PPM_SCALE_INV ((1LL << (PPM_SCALE_INV_SHIFT + NTP_SCALE_SHIFT)) / PPM_SCALE + 1)
#define MAXPHASE 500000000L /* ns */
#define MAXFREQ 500000 /* ns/s = 500 ppm */
#define MAXFREQ_SCALED ((s64)MAXFREQ << NTP_SCALE_SHIFT)
#define MINSEC 256
#define MAXSEC 2048
#define NTP_PHASE_LIMIT ((MAXPHASE / NSEC_PER_USEC) << 5) /* us */
#define MAX_TICKADJ 500L /* us per second */
#define MAX_TAI_OFFSET 100000
#define SECS_PER_DAY 86400
#define USER_HZ 100
#define USER_TICK_USEC ((1000000UL + USER_HZ / 2) / USER_HZ)

/* Clock states, as adjtimex returns them (include/uapi/linux/timex.h). */
#define TIME_OK 0
#define TIME_INS 1
#define TIME_DEL 2
#define TIME_OOP 3
#define TIME_WAIT 4
#define TIME_ERROR 5

/* time_status bits. */
#define STA_PLL 0x0001
#define STA_PPSFREQ 0x0002
#define STA_PPSTIME 0x0004
#define STA_FLL 0x0008
#define STA_INS 0x0010
#define STA_DEL 0x0020
#define STA_UNSYNC 0x0040
#define STA_FREQHOLD 0x0080
#define STA_PPSSIGNAL 0x0100
#define STA_PPSJITTER 0x0200
#define STA_PPSWANDER 0x0400
#define STA_PPSERROR 0x0800
#define STA_CLOCKERR 0x1000
#define STA_NANO 0x2000
#define STA_MODE 0x4000
#define STA_CLK 0x8000
#define STA_RONLY                                                                                 \
	(STA_PPSSIGNAL | STA_PPSJITTER | STA_PPSWANDER | STA_PPSERROR | STA_CLOCKERR | STA_NANO | \
	 STA_MODE | STA_CLK)

/**
 * struct ntp_data - the NTP state of one simulated kernel (kernel/time/ntp.c)
 * @hz:                NTP_INTERVAL_FREQ of this system (CONFIG_HZ)
 * @tick_usec:         us per USER_HZ tick (ADJ_TICK), default 10000
 * @tick_length:       ns << 32 per NTP interval (1/HZ s), including this
 *                     second's phase and adjtime slew: ntp_tick_length()
 * @tick_length_base:  ns << 32 per interval from tick_usec, ntp_tick_adj and
 *                     time_freq only
 * @time_state:        leap-second state (TIME_OK ...)
 * @time_status:       STA_* bits
 * @time_offset:       remaining phase correction, ns << 32 per interval
 * @time_constant:     PLL time constant, 0..MAXTC
 * @time_maxerror:     maximum error (us)
 * @time_esterror:     estimated error (us)
 * @time_freq:         frequency offset ((ns/s) << 32)
 * @time_reftime:      REALTIME seconds of the last ADJ_OFFSET
 * @time_adjust:       adjtime() slew still to apply (us)
 * @ntp_tick_adj:      constant adjustment ((ns/s) << 32), the ntp_tick_adj= boot option
 * @ntp_next_leap_sec: REALTIME second at which a pending leap fires, or TIME64_MAX
 * @nr_second_overflow: tksim's own: second_overflow() calls, for the oracle's
 *                     once-per-accumulated-second property (sim/ops/oracle_ops.c)
 * @leap_sum:          tksim's own: sum of the leaps second_overflow() returned
 * @vdiffs:            tksim's own: the named differences of the kernel's version
 *                     profile (timekeeper/version.h), for the tests NTP's code makes;
 *                     the latest release's after ntp_init(), the profile's after
 *                     tk_profile_apply()
 */
struct ntp_data {
	unsigned int hz;
	unsigned long tick_usec;
	u64 tick_length;
	u64 tick_length_base;
	int time_state;
	int time_status;
	s64 time_offset;
	long time_constant;
	long time_maxerror;
	long time_esterror;
	s64 time_freq;
	time64_t time_reftime;
	long time_adjust;
	s64 ntp_tick_adj;
	time64_t ntp_next_leap_sec;
	u64 nr_second_overflow;
	s64 leap_sum;
	u32 vdiffs;
};

/** shift_right() - arithmetic shift that rounds negative values toward zero, as ntp.c's macro. */
static inline s64 shift_right(s64 x, unsigned int s)
{
	return x < 0 ? -((-x) >> s) : x >> s;
}

/**
 * ntp_mul_wrap() - a signed product that wraps on overflow
 * @a: factor
 * @b: factor
 *
 * The kernel's arithmetic wraps (it is built with -fno-strict-overflow).
 * Used where the kernel shifts or multiplies a signed value that user input
 * controls: in C a signed overflow, or a left shift of a negative value, is
 * undefined.
 *
 * Return: @a * @b modulo 2^64, as s64.
 */
static inline s64 ntp_mul_wrap(s64 a, s64 b)
{
	return (s64)((u64)a * (u64)b);
}

struct tk_timex;

void ntp_init(struct ntp_data *ntp, unsigned int hz);
void ntp_clear(struct ntp_data *ntp);
void ntp_update_frequency(struct ntp_data *ntp);
u64 ntp_tick_length(const struct ntp_data *ntp);
ktime_t ntp_get_next_leap(const struct ntp_data *ntp);
int second_overflow(struct ntp_data *ntp, time64_t secs);
void ntp_update_offset(struct ntp_data *ntp, long offset, time64_t real_secs);
int ntp_adjtimex(struct ntp_data *ntp, struct tk_timex *txc, const struct timespec64 *ts,
		 time64_t real_secs, s32 *time_tai, u64 bugs);

#endif /* TKSIM_TIMEKEEPER_NTP_H */
