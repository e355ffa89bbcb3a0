// SPDX-License-Identifier: GPL-2.0
/* tksim's own: libtksim-preload.so, reading, setting and adjusting the clocks (docs/daemons.md,
 * "What is interposed"). */

#define _GNU_SOURCE
#include "tools/preload/preload.h"
#include "tools/preload/preload_vdso.h"

#include <errno.h>
#include <string.h>
#include <sys/time.h>
#include <sys/timex.h>
#include <time.h>

/* ------------------------------------------------------------- reading the clocks */

TKP_EXPORT int clock_gettime(clockid_t clk, struct timespec *ts);
int clock_gettime(clockid_t clk, struct timespec *ts)
{
	static int (*real)(clockid_t, struct timespec *);

	if (tkp_cpu_clock(clk)) {
		if (!real)
			real = tkp_real("clock_gettime");
		return real(clk, ts);
	}
	return tkp_errno(tkp_clock_read(clk, ts, TKP_GETTIME));
}

TKP_EXPORT int clock_getres(clockid_t clk, struct timespec *res);
int clock_getres(clockid_t clk, struct timespec *res)
{
	static int (*real)(clockid_t, struct timespec *);

	if (tkp_cpu_clock(clk)) {
		if (!real)
			real = tkp_real("clock_getres");
		return real(clk, res);
	}
	return tkp_errno(tkp_clock_read(clk, res, TKP_GETRES));
}

TKP_EXPORT int gettimeofday(struct timeval *restrict tv, void *restrict tz);
int gettimeofday(struct timeval *restrict tv, void *restrict tz)
{
	struct timespec ts;

	if (tkp_errno(tkp_clock_read(CLOCK_REALTIME, &ts, TKP_GETTIME)) < 0)
		return -1;
	if (!tkp_null(tv)) {
		tv->tv_sec = ts.tv_sec;
		tv->tv_usec = ts.tv_nsec / 1000;
	}
	if (tz)
		memset(tz, 0, sizeof(struct timezone)); /* the kernel's sys_tz, never set here */
	return 0;
}

TKP_EXPORT time_t time(time_t *t);
time_t time(time_t *t)
{
	struct timespec ts = { 0 };

	tkp_clock_read(CLOCK_REALTIME, &ts, TKP_GETTIME);
	if (t)
		*t = ts.tv_sec;
	return ts.tv_sec;
}

/* ------------------------------------------------------------- setting and adjusting */

TKP_EXPORT int clock_settime(clockid_t clk, const struct timespec *ts);
int clock_settime(clockid_t clk, const struct timespec *ts)
{
	struct tkp_req rq = { .op = TKP_SETTIME, .clock = clk };
	struct tkp_rep rp;

	if (tkp_null(ts)) {
		errno = EFAULT;
		return -1;
	}
	rq.sec = ts->tv_sec;
	rq.nsec = ts->tv_nsec;
	tkp_call(&rq, &rp);
	return tkp_errno(rp.ret);
}

TKP_EXPORT int settimeofday(const struct timeval *tv, const struct timezone *tz);
int settimeofday(const struct timeval *tv, const struct timezone *tz)
{
	struct timespec ts;

	(void)tz; /* sys_tz only: nothing of the clock */
	if (tkp_null(tv))
		return 0;
	if (tv->tv_usec < 0 || tv->tv_usec >= 1000000) {
		errno = EINVAL;
		return -1;
	}
	ts.tv_sec = tv->tv_sec;
	ts.tv_nsec = tv->tv_usec * 1000;
	return clock_settime(CLOCK_REALTIME, &ts);
}

#define TKP_TIMEX_FIELDS(X)                                                                      \
	X(modes)                                                                                 \
	X(offset)                                                                                \
	X(freq)                                                                                  \
	X(maxerror)                                                                              \
	X(esterror) X(status) X(constant) X(precision) X(tolerance) X(tick) X(ppsfreq) X(jitter) \
		X(shift) X(stabil) X(jitcnt) X(calcnt) X(errcnt) X(stbcnt) X(tai)

TKP_EXPORT int clock_adjtime(clockid_t clk, struct timex *tx);
int clock_adjtime(clockid_t clk, struct timex *tx)
{
	struct tkp_req rq = { .op = TKP_ADJTIME, .clock = clk };
	struct tkp_rep rp;

	if (tkp_null(tx)) {
		errno = EFAULT;
		return -1;
	}
#define TKP_TO(f) rq.tx.f = tx->f;
	TKP_TIMEX_FIELDS(TKP_TO)
#undef TKP_TO
	rq.tx.time_sec = tx->time.tv_sec;
	rq.tx.time_usec = tx->time.tv_usec;
	tkp_call(&rq, &rp);
	if (rp.ret >= 0) {
#define TKP_FROM(f) tx->f = rp.tx.f;
		TKP_TIMEX_FIELDS(TKP_FROM)
#undef TKP_FROM
		tx->time.tv_sec = rp.tx.time_sec;
		tx->time.tv_usec = rp.tx.time_usec;
	}
	return tkp_errno(rp.ret);
}

TKP_EXPORT int adjtimex(struct timex *tx);
int adjtimex(struct timex *tx)
{
	return clock_adjtime(CLOCK_REALTIME, tx);
}

TKP_EXPORT int ntp_adjtime(struct timex *tx);
int ntp_adjtime(struct timex *tx)
{
	return clock_adjtime(CLOCK_REALTIME, tx);
}
