/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: libtksim-preload.so's timerfds, as the waits watch and fire them
 * (tools/preload/preload_timerfd.c). */
#ifndef TKSIM_TOOLS_PRELOAD_PRELOAD_TIMERFD_H
#define TKSIM_TOOLS_PRELOAD_PRELOAD_TIMERFD_H

#include <stddef.h>
#include <sys/types.h>

/**
 * tkp_timer_fire_fd() - timer @id expired: if it is a timerfd's, add one expiry to its eventfd
 * @id: the timer
 *
 * Return: -1 if it is no timerfd's, else whether the wait watches it.
 */
int tkp_timer_fire_fd(int id);

/**
 * tkp_tfd_of() - the timer of a timerfd
 * @fd: any fd
 *
 * Return: the timer's id, or -1 if @fd is no timerfd.
 */
int tkp_tfd_of(int fd);

/**
 * tkp_tfd_nonblock() - whether a timerfd was made TFD_NONBLOCK
 * @id: its timer (tkp_tfd_of())
 *
 * Return: nonzero for a non-blocking timerfd.
 */
int tkp_tfd_nonblock(int id);

/**
 * tkp_readr() - libc's read(), past the preload's own
 * @fd:  the fd
 * @buf: the bytes read
 * @n:   room in @buf
 *
 * A timerfd's blocking read waits in virtual time (tools/preload/preload_wait.c).
 *
 * Return: as read().
 */
ssize_t tkp_readr(int fd, void *buf, size_t n);

/**
 * tkp_tfd_is() - whether @fd is a timerfd
 * @fd: any fd
 *
 * Return: nonzero for a timerfd.
 */
int tkp_tfd_is(int fd);

/**
 * tkp_tfd_watch() - the next wait ends when timerfd @fd expires
 * @fd: any fd; nothing happens if it is no timerfd
 */
void tkp_tfd_watch(int fd);

/**
 * tkp_tfd_unwatch() - after a wait: no timerfd is watched any more
 */
void tkp_tfd_unwatch(void);

/**
 * tkp_tfd_closed() - @fd was closed: forget it as a timerfd, and delete its timer
 * @fd: any fd; nothing happens if it is no timerfd
 */
void tkp_tfd_closed(int fd);

#endif /* TKSIM_TOOLS_PRELOAD_PRELOAD_TIMERFD_H */
