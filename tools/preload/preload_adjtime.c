// SPDX-License-Identifier: GPL-2.0
/* tksim's own: libtksim-preload.so, BSD adjtime() as glibc builds it on adjtimex (glibc
 * sysdeps/unix/sysv/linux/adjtime.c): ADJ_OFFSET_SINGLESHOT into the simulated kernel. */

/*
 * ntpd slews with adjtime() while it measures its frequency: without this
 * the call would reach the real kernel (EPERM: the daemon really runs
 * unprivileged, docs/daemons.md "Safety").
 */

#define _GNU_SOURCE
#include "tools/preload/preload.h"

#include <errno.h>
#include <limits.h>
#include <sys/time.h>
#include <sys/timex.h>

/* glibc's bounds: the offset in us must fit a long with room. */
#define TKP_ADJTIME_MAX_SEC (INT_MAX / 1000000L - 2)
#define TKP_ADJTIME_MIN_SEC (INT_MIN / 1000000L + 2)

TKP_EXPORT int adjtime(const struct timeval *delta, struct timeval *olddelta);
int adjtime(const struct timeval *delta, struct timeval *olddelta)
{
	struct timex tx = { .modes = ADJ_OFFSET_SS_READ };

	if (delta) {
		long sec = delta->tv_sec + delta->tv_usec / 1000000L;
		long usec = delta->tv_usec % 1000000L;

		if (sec > TKP_ADJTIME_MAX_SEC || sec < TKP_ADJTIME_MIN_SEC) {
			errno = EINVAL;
			return -1;
		}
		tx.offset = usec + sec * 1000000L;
		tx.modes = ADJ_OFFSET_SINGLESHOT;
	}
	if (adjtimex(&tx) < 0)
		return -1;
	if (olddelta) {
		long off = tx.offset < 0 ? -tx.offset : tx.offset;

		olddelta->tv_sec = (tx.offset < 0 ? -1 : 1) * (off / 1000000L);
		olddelta->tv_usec = (tx.offset < 0 ? -1 : 1) * (off % 1000000L);
	}
	return 0;
}
