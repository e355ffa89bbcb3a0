/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: what the virtual UDP sockets of libtksim-preload.so share
 * (tools/preload/preload_net.c, tools/preload/preload_netrx.c, the waits of
 * tools/preload/preload_wait.c). */
#ifndef TKSIM_TOOLS_PRELOAD_PRELOAD_NET_H
#define TKSIM_TOOLS_PRELOAD_PRELOAD_NET_H

#include <poll.h>
#include <signal.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/types.h>

#include "tools/preload/preload.h"

/* SO_TIMESTAMP / SO_TIMESTAMPNS: which control message a receive carries. */
enum { TKP_TS_NONE, TKP_TS_US, TKP_TS_NS };

/**
 * struct tkp_vsock - what the preload keeps of a virtual socket (shared by its dup()s)
 * @virt:    the entry is a virtual socket
 * @id:      its name in tksim's requests (its index in the preload's table)
 * @refs:    fds that refer to it (dup, fcntl F_DUPFD: ntpd moves its sockets up)
 * @family:  AF_INET or AF_INET6
 * @peer:    the other end of the AF_UNIX pair: the bell
 * @bells:   bells rung and not yet taken
 * @tsmode:  SO_TIMESTAMP(NS) as set
 * @tsflags: SO_TIMESTAMPING as set
 * @pktinfo: IP_PKTINFO / IPV6_RECVPKTINFO as set
 */
struct tkp_vsock {
	int virt, id, refs, family, peer, bells, tsmode, tsflags, pktinfo;
};

/* @fd was closed: forget it as an epoll instance (tools/preload/preload_epoll.c). */
void tkp_epoll_forget(int fd);
/* The virtual socket of @fd, or NULL for any other fd. */
struct tkp_vsock *tkp_vsock(int fd);
/* @newfd is a duplicate of @fd (dup, dup2, fcntl F_DUPFD) */
void tkp_net_dup(int fd, int newfd);
/* @fd is closed: forget that it is a virtual socket; close the socket (tksim's, and its bell's
 * end with @realclose) with its last fd. */
void tkp_net_unref(int fd, int (*realclose)(int));
/* Any virtual socket open. */
int tkp_net_open(void);
/* Any virtual socket open or POSIX timer created: the waits must ask tksim about packets and
 * expiries (TKP_NET_WAIT). */
int tkp_net_active(void);
/* Ring the bells of packets that arrived since the last answer (before a real readiness check). */
void tkp_net_sync(void);
/*
 * Wait @ts of MONOTONIC (NULL: forever) or until a packet reaches one of @fds or a timerfd
 * marked by tkp_tfd_watch() expires; 1 if one did, -EINTR if a timer's signal or the run's end
 * (SIGTERM raised) ended it; the time left of @ts in @left (may be NULL).
 */
int tkp_net_wait(const int32_t *fds, int n, const struct timespec *ts, struct timespec *left);
/* The same, watching the virtual fds of a select() read set or of poll()'s POLLIN. */
int tkp_net_wait_select(int nfds, const fd_set *r, const struct timespec *ts,
			struct timespec *left);
int tkp_net_wait_poll(const struct pollfd *p, nfds_t np, const struct timespec *ts);
/* pselect()'s mask while it waits, else NULL: signals raised in the wait are delivered under it. */
extern const sigset_t *tkp_wait_mask;
/* Any POSIX timer created (tools/preload/preload_timer.c). */
int tkp_timers_active(void);
/* The signal timer @id raises when it expires; 0 for none (SIGEV_NONE, a timerfd, no timer). */
int tkp_timer_signal(int id);
/*
 * Raise the signals of the timers @ids that expired in a wait, under tkp_wait_mask, and mark
 * timerfds readable; bit 0: a signal was raised, bit 1: a watched timerfd expired.
 */
int tkp_timers_raise(const int32_t *ids, int n);
/* A new timer on @clk raising @signo (0: none) in tksim's table: its id, or -errno. */
int tkp_timer_new(clockid_t clk, int signo);
/*
 * Arm timer @id with @v (@abs: it_value is a time of its clock): the set of timer_settime(),
 * timerfd_settime() and setitimer(); @old (may be NULL) gets the time left and the interval
 * before.  The interval is kept, armed or not.  0 or -errno.
 */
int64_t tkp_timer_arm(int id, int abs, const struct itimerspec *v, struct itimerspec *old);
/* Timer @id's time left and interval in @v: 0 or -errno. */
int64_t tkp_timer_read(int id, struct itimerspec *v);
/* Delete timer @id: 0 or -errno. */
int tkp_timer_free(int id);
/* One TKP_TIMER_* request: @value (@abs), @interval ns; the time left in @left (may be NULL). */
int64_t tkp_timer_call(int op, int id, int abs, const struct timespec *value, int64_t interval,
		       struct timespec *left);
/* Timerfds (tools/preload/preload_timerfd.c): timer @id expired: -1 if it is no timerfd, else
 * whether the wait watches it; which fds the next wait watches, and forgetting them after it. */
int tkp_timer_fire_fd(int id);
/* The timer id of timerfd @fd, or -1; whether timerfd @id was made TFD_NONBLOCK. */
int tkp_tfd_of(int fd);
int tkp_tfd_nonblock(int id);
/* libc's read(), past the preload's own (tools/preload/preload_wait.c: a timerfd's blocking
 * read waits in virtual time). */
ssize_t tkp_readr(int fd, void *buf, size_t n);
int tkp_tfd_is(int fd);
void tkp_tfd_watch(int fd);
void tkp_tfd_unwatch(void);
/* @fd was closed: forget it as a timerfd, and delete its timer. */
void tkp_tfd_closed(int fd);
/* One TKP_NET_* request (@rq, @m and @m->len bytes of @data); the answer in @rp, @a and @out. */
int64_t tkp_net_call(struct tkp_req *rq, struct tkp_net_msg *m, const void *data,
		     struct tkp_rep *rp, struct tkp_net_msg *a, void *out);
/* A request with no payload either way; @a may be NULL. */
int64_t tkp_net_op(int op, int fd, int abs, const struct tkp_net_addr *addr, struct tkp_net_msg *a);
/* tksim's address as a sockaddr in @sa (@len in: its room, out: the address's length). */
void tkp_addr_out(const struct tkp_net_addr *a, struct sockaddr *sa, socklen_t *len);

#endif /* TKSIM_TOOLS_PRELOAD_PRELOAD_NET_H */
