// SPDX-License-Identifier: GPL-2.0
// Mirrors: the CONFIG_POSIX_AUX_CLOCKS part of kernel/time/timekeeping.c (v6.18).
/*
 * The auxiliary clocks.  This first version is the API only: every aux
 * clock is absent (disabled, and cannot be enabled yet).
 */
#include "timekeeper/timekeeping_aux.h"

#include <errno.h>
#include <string.h>

int tk_aux_clock_enable(struct tk_kernel *k, unsigned int idx, bool enable)
{
	(void)k;
	(void)enable;
	return idx < TK_MAX_AUX_CLOCKS ? -ENODEV : -EINVAL;
}

bool tk_aux_clock_enabled(const struct tk_kernel *k, unsigned int idx)
{
	(void)k;
	(void)idx;
	return false;
}

bool ktime_get_aux_ts64(const struct tk_kernel *k, s32 clock, struct timespec64 *ts)
{
	(void)k;
	(void)clock;
	(void)ts;
	return false;
}

void tk_aux_snapshot(const struct tk_kernel *k, unsigned int idx, struct timekeeper *tk,
		     const struct ntp_data **ntp)
{
	(void)k;
	(void)idx;
	memset(tk, 0, sizeof(*tk));
	*ntp = NULL;
}
