/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: libtksim-preload.so's virtual wait, which every wait of the program ends in
 * (tools/preload/preload_vwait.c). */
#ifndef TKSIM_TOOLS_PRELOAD_PRELOAD_VWAIT_H
#define TKSIM_TOOLS_PRELOAD_PRELOAD_VWAIT_H

#include <signal.h>
#include <stdint.h>
#include <time.h>

/* pselect()'s mask while it waits, else NULL: signals raised in the wait are delivered under it. */
extern const sigset_t *tkp_wait_mask;

/**
 * tkp_wait() - advance virtual time
 * @clk: the clock of @ts
 * @ts:  until @clk reads it (@abs), or for @ts of MONOTONIC; NULL: forever (tksim runs to the
 *       end and asks to stop)
 * @abs: @ts is a time of @clk
 *
 * Return: 0, -EINTR when the run ended (SIGTERM raised), -EINVAL for a bad timespec.
 */
int tkp_wait(clockid_t clk, const struct timespec *ts, int abs);

/**
 * tkp_net_active() - whether the waits must ask tksim about packets and expiries
 *
 * Return: nonzero while a virtual socket is open or a POSIX timer exists (TKP_NET_WAIT).
 */
int tkp_net_active(void);

/**
 * tkp_net_wait() - wait for a packet, a timer or a deadline
 * @fds:  the virtual sockets (tksim's ids) whose packets end the wait
 * @n:    how many
 * @ts:   the time to wait, MONOTONIC; NULL: forever
 * @left: the time left of @ts (may be NULL)
 *
 * A timerfd marked by tkp_tfd_watch() ends the wait when it expires; one not
 * marked only becomes readable, and the wait goes on.
 *
 * Return: 1 if a packet or a watched timerfd ended it, 0 when @ts ran out, or
 * a negative errno: -EINTR if a timer's signal or the run's end (SIGTERM
 * raised) ended it.
 */
int tkp_net_wait(const int32_t *fds, int n, const struct timespec *ts, struct timespec *left);

#endif /* TKSIM_TOOLS_PRELOAD_PRELOAD_VWAIT_H */
