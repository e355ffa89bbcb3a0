/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: libtksim-preload.so's POSIX timers, which timerfds and ITIMER_REAL are made of
 * (tools/preload/preload_timer.c). */
#ifndef TKSIM_TOOLS_PRELOAD_PRELOAD_TIMER_H
#define TKSIM_TOOLS_PRELOAD_PRELOAD_TIMER_H

#include <stdint.h>
#include <time.h>

/**
 * tkp_timers_active() - any POSIX timer created
 *
 * Return: nonzero while one exists: the waits must then ask tksim for expiries.
 */
int tkp_timers_active(void);

/**
 * tkp_timer_signal() - the signal a timer raises when it expires
 * @id: tksim's id of the timer
 *
 * Return: the signal; 0 for none (SIGEV_NONE, a timerfd, no such timer).
 */
int tkp_timer_signal(int id);

/**
 * tkp_timer_new() - a new timer in tksim's table
 * @clk:   its clock
 * @signo: the signal it raises, 0 for none
 *
 * Return: its id, or a negative errno.
 */
int tkp_timer_new(clockid_t clk, int signo);

/**
 * tkp_timer_arm() - the set of timer_settime(), timerfd_settime() and setitimer()
 * @id:  the timer
 * @abs: @v->it_value is a time of the timer's clock, not a span
 * @v:   the expiry and the interval; the interval is kept, armed or not
 * @old: the time left and the interval before (may be NULL)
 *
 * Return: 0 or a negative errno.
 */
int64_t tkp_timer_arm(int id, int abs, const struct itimerspec *v, struct itimerspec *old);

/**
 * tkp_timer_read() - a timer's time left and interval
 * @id: the timer
 * @v:  both, out
 *
 * Return: 0 or a negative errno.
 */
int64_t tkp_timer_read(int id, struct itimerspec *v);

/**
 * tkp_timer_free() - delete a timer
 * @id: the timer
 *
 * Return: 0 or a negative errno.
 */
int tkp_timer_free(int id);

/**
 * tkp_timer_call() - one TKP_TIMER_* request
 * @op:       the request
 * @id:       the timer
 * @abs:      @value is a time of the timer's clock
 * @value:    the expiry (may be NULL)
 * @interval: the interval, ns
 * @left:     the time left (may be NULL)
 *
 * Return: tksim's answer, the kernel-style result.
 */
int64_t tkp_timer_call(int op, int id, int abs, const struct timespec *value, int64_t interval,
		       struct timespec *left);

#endif /* TKSIM_TOOLS_PRELOAD_PRELOAD_TIMER_H */
