// SPDX-License-Identifier: GPL-2.0
/* tksim's own: libtksim-preload.so, virtual UDP sockets (docs/daemons.md, "Virtual UDP
 * sockets"). */

/*
 * Every IPv4/IPv6 UDP socket of the daemon is virtual: its fd is one end of
 * a local AF_UNIX datagram pair, so nothing it does can reach a network,
 * and tksim (sim/daemon/daemon_net.c) holds its address and its packets.  The
 * other end rings a "bell" (a one-byte datagram) for each packet tksim has
 * delivered and the daemon has not read, so the real select/poll of the
 * waits see the fd readable exactly when a packet is there.  Sending,
 * receiving and the socket's name go to tksim; receive timestamps come from
 * the simulated REALTIME at the packet's arrival.  A socket the preload
 * cannot make virtual (raw, packet) is refused, and so is a real socket
 * (TCP) aimed at port 123.
 */

#define _GNU_SOURCE
#include "tools/preload/preload_net.h"

#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

/* fds the table covers: a virtual socket beyond it is refused. */
#define TKP_NET_FDS 1024

/* The sockets, and which of them each fd refers to (its id + 1; 0: not a virtual socket). */
static struct tkp_vsock tkp_sk[TKP_NET_SOCKS];
static unsigned char tkp_fdsock[TKP_NET_FDS];
static int tkp_nvirt;

struct tkp_vsock *tkp_vsock(int fd)
{
	return fd >= 0 && fd < TKP_NET_FDS && tkp_fdsock[fd] ? &tkp_sk[tkp_fdsock[fd] - 1] : NULL;
}

void tkp_net_unref(int fd, int (*realclose)(int))
{
	struct tkp_vsock *vs = tkp_vsock(fd);

	if (!vs)
		return;
	tkp_fdsock[fd] = 0;
	if (--vs->refs)
		return;
	tkp_net_op(TKP_NET_CLOSE, vs->id, 0, NULL, NULL);
	realclose(vs->peer);
	memset(vs, 0, sizeof(*vs));
	tkp_nvirt--;
}

void tkp_net_dup(int fd, int newfd)
{
	struct tkp_vsock *vs = tkp_vsock(fd);
	static int (*real)(int);

	if (!real)
		real = tkp_real("close");
	if (newfd < 0 || newfd == fd)
		return;
	tkp_net_unref(newfd, real); /* dup2 onto a virtual socket closed it */
	if (!vs)
		return;
	if (newfd >= TKP_NET_FDS)
		tkp_refuse("a virtual socket's fd is beyond the preload's table");
	tkp_fdsock[newfd] = (unsigned char)(vs->id + 1);
	vs->refs++;
}

int tkp_net_open(void)
{
	return tkp_nvirt > 0;
}

/* Ring a bell for each packet tksim delivered that the fd does not show yet. */
static void tkp_net_bells(const struct tkp_net_msg *m, const unsigned char *bells)
{
	for (int i = 0; i < m->nbells; i++) {
		struct tkp_net_bell b;
		struct tkp_vsock *vs;

		memcpy(&b, bells + (size_t)i * sizeof(b), sizeof(b));
		vs = b.fd >= 0 && b.fd < TKP_NET_SOCKS && tkp_sk[b.fd].virt ? &tkp_sk[b.fd] : NULL;
		while (vs && vs->bells < b.queued && tkp_sendr(vs->peer, "", 1, MSG_DONTWAIT) == 1)
			vs->bells++;
	}
}

int64_t tkp_net_call(struct tkp_req *rq, struct tkp_net_msg *m, const void *data,
		     struct tkp_rep *rp, struct tkp_net_msg *a, void *out)
{
	static unsigned char buf[TKP_NET_MSG_MAX];
	ssize_t n;

	m->len = m->len < 0 ? 0 : m->len;
	memcpy(buf, m, sizeof(*m));
	if (m->len)
		memcpy(buf + sizeof(*m), data, (size_t)m->len);
	/* the request, its data message, and the answer in tkp_call() order */
	n = tkp_sendr(tkp_fd, rq, sizeof(*rq), 0);
	if (n == (ssize_t)sizeof(*rq))
		n = tkp_sendr(tkp_fd, buf, sizeof(*m) + (size_t)m->len, 0);
	if (n != (ssize_t)(sizeof(*m) + (size_t)m->len))
		_exit(2); /* tksim is gone */
	if (tkp_recvr(tkp_fd, rp, sizeof(*rp), 0) != (ssize_t)sizeof(*rp))
		_exit(2);
	n = tkp_recvr(tkp_fd, buf, sizeof(buf), 0);
	if (n < (ssize_t)sizeof(*a))
		_exit(2);
	memcpy(a, buf, sizeof(*a));
	if (a->len < 0 || a->len > TKP_NET_MAX_PAYLOAD || a->nbells < 0 ||
	    (size_t)n !=
		    sizeof(*a) + (size_t)a->len + (size_t)a->nbells * sizeof(struct tkp_net_bell))
		_exit(2);
	if (out && a->len)
		memcpy(out, buf + sizeof(*a), (size_t)a->len);
	tkp_net_bells(a, buf + sizeof(*a) + (size_t)a->len);
	return rp->ret;
}

int64_t tkp_net_op(int op, int fd, int abs, const struct tkp_net_addr *addr, struct tkp_net_msg *a)
{
	struct tkp_req rq = { .op = op, .clock = fd, .abs = abs };
	struct tkp_net_msg m = { 0 }, dummy;
	struct tkp_rep rp;

	if (addr)
		m.addr = *addr;
	return tkp_net_call(&rq, &m, NULL, &rp, a ? a : &dummy, NULL);
}

void tkp_net_sync(void)
{
	if (tkp_nvirt)
		tkp_net_op(TKP_NET_SYNC, -1, 0, NULL, NULL);
}

/* ------------------------------------------------------------- addresses */

/* A sockaddr as tksim's address; -EAFNOSUPPORT / -EINVAL for what is not IPv4/IPv6. */
static int tkp_addr_in(const struct sockaddr *sa, socklen_t len, struct tkp_net_addr *a)
{
	memset(a, 0, sizeof(*a));
	if (tkp_null(sa) || len < (socklen_t)sizeof(sa_family_t))
		return -EINVAL;
	if (sa->sa_family == AF_UNSPEC)
		return 0;
	if (sa->sa_family == AF_INET && len >= (socklen_t)sizeof(struct sockaddr_in)) {
		const struct sockaddr_in *s4 = (const struct sockaddr_in *)sa;

		a->family = AF_INET;
		a->port = ntohs(s4->sin_port);
		memcpy(a->addr, &s4->sin_addr, 4);
		return 0;
	}
	if (sa->sa_family == AF_INET6 && len >= (socklen_t)sizeof(struct sockaddr_in6)) {
		const struct sockaddr_in6 *s6 = (const struct sockaddr_in6 *)sa;

		a->family = AF_INET6;
		a->port = ntohs(s6->sin6_port);
		memcpy(a->addr, &s6->sin6_addr, 16);
		return 0;
	}
	return sa->sa_family == AF_INET || sa->sa_family == AF_INET6 ? -EINVAL : -EAFNOSUPPORT;
}

void tkp_addr_out(const struct tkp_net_addr *a, struct sockaddr *sa, socklen_t *len)
{
	struct sockaddr_in6 s6 = { .sin6_family = AF_INET6, .sin6_port = htons((uint16_t)a->port) };
	struct sockaddr_in s4 = { .sin_family = AF_INET, .sin_port = htons((uint16_t)a->port) };
	const void *src = &s4;
	socklen_t n = sizeof(s4);

	if (tkp_null(sa) || tkp_null(len))
		return;
	if (a->family == AF_INET6) {
		memcpy(&s6.sin6_addr, a->addr, 16);
		src = &s6;
		n = sizeof(s6);
	} else {
		memcpy(&s4.sin_addr, a->addr, 4);
	}
	memcpy(sa, src, *len < n ? *len : n);
	*len = n;
}

/* ------------------------------------------------------------- creating and closing */

TKP_EXPORT int socket(int domain, int type, int protocol);
int socket(int domain, int type, int protocol)
{
	static int (*real)(int, int, int);
	static int (*realpair)(int, int, int, int *);
	static int (*realfcntl)(int, int, ...);
	static int (*realclose)(int);
	int base = type & 0xf, sv[2];
	struct tkp_vsock *vs = NULL;
	int64_t ret;

	if (!real) {
		real = tkp_real("socket");
		realpair = tkp_real("socketpair");
		realfcntl = tkp_real("fcntl");
		realclose = tkp_real("close");
	}
	if (domain == AF_PACKET || ((domain == AF_INET || domain == AF_INET6) && base == SOCK_RAW))
		tkp_refuse("a raw or packet socket would reach the real network");
	if ((domain != AF_INET && domain != AF_INET6) || base != SOCK_DGRAM ||
	    (protocol && protocol != IPPROTO_UDP))
		return real(domain, type, protocol);
	if (realpair(AF_UNIX, SOCK_DGRAM | (type & (SOCK_NONBLOCK | SOCK_CLOEXEC)), 0, sv))
		return -1;
	for (int i = 0; i < TKP_NET_SOCKS && !vs; i++)
		if (!tkp_sk[i].virt)
			vs = &tkp_sk[i];
	if (sv[0] >= TKP_NET_FDS || !vs)
		tkp_refuse("more virtual sockets than the preload's table holds");
	realfcntl(sv[1], F_SETFD, FD_CLOEXEC);
	realfcntl(sv[1], F_SETFL, O_NONBLOCK);
	*vs = (struct tkp_vsock){
		.virt = 1, .id = (int)(vs - tkp_sk), .refs = 1, .family = domain, .peer = sv[1]
	};
	tkp_fdsock[sv[0]] = (unsigned char)(vs->id + 1);
	tkp_nvirt++;
	ret = tkp_net_op(TKP_NET_SOCKET, vs->id, domain, NULL, NULL);
	if (ret < 0) { /* undone as close() would: the new fd is no epoll set and no timerfd */
		tkp_net_unref(sv[0], realclose);
		realclose(sv[0]);
		return tkp_errno(ret);
	}
	return sv[0];
}

/* ------------------------------------------------------------- addresses of a socket */

/* Real IPv4/IPv6 sockets (TCP: the virtual ones are UDP) must not reach an NTP port. */
static void tkp_net_guard(int fd, const struct sockaddr *sa, socklen_t len)
{
	struct tkp_net_addr a;

	if (!tkp_vsock(fd) && sa && !tkp_addr_in(sa, len, &a) && a.port == 123)
		tkp_refuse("a real socket to port 123 would reach the real network");
}

TKP_EXPORT int bind(int fd, const struct sockaddr *sa, socklen_t len);
int bind(int fd, const struct sockaddr *sa, socklen_t len)
{
	static int (*real)(int, const struct sockaddr *, socklen_t);
	struct tkp_net_addr a;
	int ret;

	if (!tkp_vsock(fd)) {
		if (!real)
			real = tkp_real("bind");
		return real(fd, sa, len);
	}
	ret = tkp_addr_in(sa, len, &a);
	if (!ret && a.family && a.family != tkp_vsock(fd)->family)
		ret = -EINVAL;
	return tkp_errno(ret ? ret : tkp_net_op(TKP_NET_BIND, tkp_vsock(fd)->id, 0, &a, NULL));
}

TKP_EXPORT int connect(int fd, const struct sockaddr *sa, socklen_t len);
int connect(int fd, const struct sockaddr *sa, socklen_t len)
{
	static int (*real)(int, const struct sockaddr *, socklen_t);
	struct tkp_net_addr a;
	int ret;

	if (!tkp_vsock(fd)) {
		tkp_net_guard(fd, sa, len);
		if (!real)
			real = tkp_real("connect");
		return real(fd, sa, len);
	}
	ret = tkp_addr_in(sa, len, &a);
	return tkp_errno(ret ? ret : tkp_net_op(TKP_NET_CONNECT, tkp_vsock(fd)->id, 0, &a, NULL));
}

static int tkp_name(int fd, int peer, struct sockaddr *sa, socklen_t *len)
{
	struct tkp_net_msg a;
	int64_t ret = tkp_net_op(TKP_NET_NAME, tkp_vsock(fd)->id, peer, NULL, &a);

	if (ret < 0)
		return tkp_errno(ret);
	tkp_addr_out(&a.addr, sa, len);
	return 0;
}

TKP_EXPORT int getsockname(int fd, struct sockaddr *sa, socklen_t *len);
int getsockname(int fd, struct sockaddr *sa, socklen_t *len)
{
	static int (*real)(int, struct sockaddr *, socklen_t *);

	if (tkp_vsock(fd))
		return tkp_name(fd, 0, sa, len);
	if (!real)
		real = tkp_real("getsockname");
	return real(fd, sa, len);
}

TKP_EXPORT int getpeername(int fd, struct sockaddr *sa, socklen_t *len);
int getpeername(int fd, struct sockaddr *sa, socklen_t *len)
{
	static int (*real)(int, struct sockaddr *, socklen_t *);

	if (tkp_vsock(fd))
		return tkp_name(fd, 1, sa, len);
	if (!real)
		real = tkp_real("getpeername");
	return real(fd, sa, len);
}

/* ------------------------------------------------------------- sending */

TKP_EXPORT ssize_t sendmsg(int fd, const struct msghdr *msg, int flags);
ssize_t sendmsg(int fd, const struct msghdr *msg, int flags)
{
	static ssize_t (*real)(int, const struct msghdr *, int);
	static unsigned char data[TKP_NET_MAX_PAYLOAD];
	struct tkp_req rq = { .op = TKP_NET_SEND };
	struct tkp_net_msg m = { 0 }, a;
	struct tkp_rep rp;
	size_t len = 0;
	int ret;

	if (!tkp_vsock(fd)) {
		if (!tkp_null(msg))
			tkp_net_guard(fd, msg->msg_name, msg->msg_namelen);
		if (!real)
			real = tkp_real("sendmsg");
		return real(fd, msg, flags);
	}
	if (tkp_null(msg)) {
		errno = EFAULT;
		return -1;
	}
	rq.clock = tkp_vsock(fd)->id;
	if (msg->msg_name && msg->msg_namelen) {
		ret = tkp_addr_in(msg->msg_name, msg->msg_namelen, &m.addr);
		if (ret)
			return tkp_errno(ret);
	}
	for (size_t i = 0; i < msg->msg_iovlen; i++) {
		if (len + msg->msg_iov[i].iov_len > sizeof(data)) {
			errno = EMSGSIZE;
			return -1;
		}
		memcpy(data + len, msg->msg_iov[i].iov_base, msg->msg_iov[i].iov_len);
		len += msg->msg_iov[i].iov_len;
	}
	m.len = (int32_t)len;
	return tkp_errno(tkp_net_call(&rq, &m, data, &rp, &a, NULL));
}

TKP_EXPORT ssize_t sendto(int fd, const void *buf, size_t len, int flags, const struct sockaddr *sa,
			  socklen_t salen);
ssize_t sendto(int fd, const void *buf, size_t len, int flags, const struct sockaddr *sa,
	       socklen_t salen)
{
	struct iovec iov = { .iov_base = (void *)buf, .iov_len = len };
	struct msghdr msg = { .msg_name = (void *)sa,
			      .msg_namelen = sa ? salen : 0,
			      .msg_iov = &iov,
			      .msg_iovlen = 1 };

	return sendmsg(fd, &msg, flags);
}

TKP_EXPORT ssize_t send(int fd, const void *buf, size_t len, int flags);
ssize_t send(int fd, const void *buf, size_t len, int flags)
{
	if (!tkp_vsock(fd))
		return tkp_sendr(fd, buf, len, flags);
	return sendto(fd, buf, len, flags, NULL, 0);
}

TKP_EXPORT int sendmmsg(int fd, struct mmsghdr *vec, unsigned int n, int flags);
int sendmmsg(int fd, struct mmsghdr *vec, unsigned int n, int flags)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		ssize_t r = sendmsg(fd, &vec[i].msg_hdr, flags);

		if (r < 0)
			return i ? (int)i : -1;
		vec[i].msg_len = (unsigned int)r;
	}
	return (int)i;
}
