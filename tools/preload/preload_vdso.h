/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: libtksim-preload.so's clock reads in the process, through the simulated vDSO over
 * the vvar page tksim shares (tools/preload/preload_vdso.c, docs/daemons.md "Speed"). */
#ifndef TKSIM_TOOLS_PRELOAD_PRELOAD_VDSO_H
#define TKSIM_TOOLS_PRELOAD_PRELOAD_VDSO_H

#include <stdint.h>
#include <time.h>

/**
 * tkp_vdso_init() - map the vvar page tksim shares, if any
 *
 * Called by the constructor before the first request; sets tkp_after_call so that every
 * answer refreshes the private copy of the page.
 */
void tkp_vdso_init(void);

/**
 * tkp_clock_read() - read a clock in the process, as the vDSO would
 * @clk: the clock
 * @ts:  its value (may be NULL)
 * @op:  TKP_GETTIME or TKP_GETRES: the request when the page cannot serve the read
 *
 * Return: the kernel-style result (0 or a negative errno); a request to tksim
 * (tkp_gettime()) when there is no page, the clock is not the vDSO's, or the
 * read would reach the next tick or event.
 */
int64_t tkp_clock_read(clockid_t clk, struct timespec *ts, int op);

#endif /* TKSIM_TOOLS_PRELOAD_PRELOAD_VDSO_H */
