/* SPDX-License-Identifier: GPL-2.0 */
/* Mirrors: include/uapi/linux/timex.h and do_adjtimex() of kernel/time/timekeeping.c (v6.18). */
#ifndef TKSIM_TIMEKEEPER_ADJTIMEX_H
#define TKSIM_TIMEKEEPER_ADJTIMEX_H

#include "timekeeper/timekeeper.h"

/* modes bits (include/uapi/linux/timex.h). */
#define ADJ_OFFSET 0x0001
#define ADJ_FREQUENCY 0x0002
#define ADJ_MAXERROR 0x0004
#define ADJ_ESTERROR 0x0008
#define ADJ_STATUS 0x0010
#define ADJ_TIMECONST 0x0020
#define ADJ_TAI 0x0080
#define ADJ_SETOFFSET 0x0100
#define ADJ_MICRO 0x1000
#define ADJ_NANO 0x2000
#define ADJ_TICK 0x4000
/*
 * Kernel-internal (include/linux/timex.h): adjtime(3) through adjtimex.  The
 * kernel spells the 0x0001 bit ADJ_OFFSET_SINGLESHOT inside ADJ_ADJTIME
 * requests; tksim keeps that name for the user value below and calls the
 * bit ADJ_OFFSET_SS_BIT.
 */
#define ADJ_ADJTIME 0x8000
#define ADJ_OFFSET_SS_BIT 0x0001
#define ADJ_OFFSET_READONLY 0x2000
/* User-space spellings of the adjtime modes. */
#define ADJ_OFFSET_SINGLESHOT 0x8001
#define ADJ_OFFSET_SS_READ 0xa001

/**
 * struct tk_timex - struct __kernel_timex: adjtimex()'s argument and result
 *
 * Every field as in the kernel's 64-bit ABI.  @offset is in us, or ns with
 * STA_NANO; @freq and @ppsfreq in scaled ppm (ppm << 16); @time.tv_usec is
 * us, or ns with STA_NANO / ADJ_NANO.
 */
struct tk_timex {
	unsigned int modes;
	long long offset;
	long long freq;
	long long maxerror;
	long long esterror;
	int status;
	long long constant;
	long long precision;
	long long tolerance;
	struct {
		long long tv_sec;
		long long tv_usec;
	} time;
	long long tick;
	long long ppsfreq;
	long long jitter;
	int shift;
	long long stabil;
	long long jitcnt;
	long long calcnt;
	long long errcnt;
	long long stbcnt;
	int tai;
};

int timekeeping_validate_timex(const struct tk_timex *txc, bool privileged);
int do_adjtimex(struct tk_kernel *k, struct tk_timex *txc, bool privileged);

#endif /* TKSIM_TIMEKEEPER_ADJTIMEX_H */
