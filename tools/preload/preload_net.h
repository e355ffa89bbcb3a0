/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: what the virtual UDP sockets of libtksim-preload.so share
 * (tools/preload/preload_net.c, tools/preload/preload_netrx.c), and the request with a data
 * message that the timers and the waits above them send too. */
#ifndef TKSIM_TOOLS_PRELOAD_PRELOAD_NET_H
#define TKSIM_TOOLS_PRELOAD_PRELOAD_NET_H

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

/* The virtual socket of @fd, or NULL for any other fd. */
struct tkp_vsock *tkp_vsock(int fd);
/* @newfd is a duplicate of @fd (dup, dup2, fcntl F_DUPFD) */
void tkp_net_dup(int fd, int newfd);
/**
 * tkp_net_unref() - @fd is closed: forget that it is a virtual socket
 * @fd:        any fd
 * @realclose: libc's close(), for the bell's end of the socket
 *
 * The socket's last fd closes it: tksim's socket and the bell's end.
 */
void tkp_net_unref(int fd, int (*realclose)(int));
/**
 * tkp_net_open() - any virtual socket open
 *
 * Return: nonzero while one is.
 */
int tkp_net_open(void);
/* Ring the bells of packets that arrived since the last answer (before a real readiness check). */
void tkp_net_sync(void);
/* One TKP_NET_* request (@rq, @m and @m->len bytes of @data); the answer in @rp, @a and @out. */
int64_t tkp_net_call(struct tkp_req *rq, struct tkp_net_msg *m, const void *data,
		     struct tkp_rep *rp, struct tkp_net_msg *a, void *out);
/* A request with no payload either way; @a may be NULL. */
int64_t tkp_net_op(int op, int fd, int abs, const struct tkp_net_addr *addr, struct tkp_net_msg *a);
/* tksim's address as a sockaddr in @sa (@len in: its room, out: the address's length). */
void tkp_addr_out(const struct tkp_net_addr *a, struct sockaddr *sa, socklen_t *len);

#endif /* TKSIM_TOOLS_PRELOAD_PRELOAD_NET_H */
