// SPDX-License-Identifier: GPL-2.0
/* tksim's own: libtksim-preload.so, libc's other clock functions: ntp_gettime(x), timespec_get,
 * ftime, __adjtimex (docs/daemons.md, "What is interposed"). */

/*
 * glibc implements these over its internal clock_gettime and adjtimex, which the preload's
 * interposers never see: timespec_get() and ftime() read the host's vDSO.  Each is rewritten
 * here over the preload's own functions, as glibc 2.36 writes it (misc/ntp_gettime.c,
 * misc/ntp_gettimex.c, time/timespec_get.c, time/ftime.c).  Beside preload_clock.c: it calls
 * only those.
 */

#define _GNU_SOURCE
#include "tools/preload/preload.h"

#include <string.h>
#include <sys/time.h>
#include <sys/timeb.h>
#include <sys/timex.h>
#include <time.h>

/* The old ntp_gettime() ABI (x86_64's header renames the call to ntp_gettimex): no tai. */
struct tkp_ntptimeval_old {
	struct timeval time;
	long maxerror;
	long esterror;
};

TKP_EXPORT int __adjtimex(struct timex *tx);
int __adjtimex(struct timex *tx)
{
	return clock_adjtime(CLOCK_REALTIME, tx);
}

TKP_EXPORT int tkp_ntp_gettimex(struct ntptimeval *nt) __asm__("ntp_gettimex");
int tkp_ntp_gettimex(struct ntptimeval *nt)
{
	struct timex tx = { .modes = 0 };
	int ret = clock_adjtime(CLOCK_REALTIME, &tx);

	nt->time = tx.time;
	nt->maxerror = tx.maxerror;
	nt->esterror = tx.esterror;
	nt->tai = tx.tai;
	nt->__glibc_reserved1 = 0;
	nt->__glibc_reserved2 = 0;
	nt->__glibc_reserved3 = 0;
	nt->__glibc_reserved4 = 0;
	return ret;
}

TKP_EXPORT int tkp_ntp_gettime(struct tkp_ntptimeval_old *nt) __asm__("ntp_gettime");
int tkp_ntp_gettime(struct tkp_ntptimeval_old *nt)
{
	struct ntptimeval x;
	int ret = tkp_ntp_gettimex(&x);

	nt->time = x.time;
	nt->maxerror = x.maxerror;
	nt->esterror = x.esterror;
	return ret;
}

TKP_EXPORT int timespec_get(struct timespec *ts, int base);
int timespec_get(struct timespec *ts, int base)
{
	return base == TIME_UTC && !clock_gettime(CLOCK_REALTIME, ts) ? base : 0;
}

TKP_EXPORT int timespec_getres(struct timespec *ts, int base);
int timespec_getres(struct timespec *ts, int base)
{
	return base == TIME_UTC && !clock_getres(CLOCK_REALTIME, ts) ? base : 0;
}

TKP_EXPORT int ftime(struct timeb *tb);
int ftime(struct timeb *tb)
{
	struct timespec ts = { 0 };

	clock_gettime(CLOCK_REALTIME, &ts);
	tb->time = ts.tv_sec;
	tb->millitm = (unsigned short)(ts.tv_nsec / 1000000);
	tb->timezone = 0; /* the kernel's sys_tz, never set here */
	tb->dstflag = 0;
	return 0;
}
