// SPDX-License-Identifier: GPL-2.0
/* tksim's own: libtksim-preload.so, receiving on virtual UDP sockets and their options: the
 * receive timestamps as Linux v6.15 net/socket.c (__sock_recv_timestamp) and net/ipv4/ip_sockglue.c
 * (ip_cmsg_recv) put them (docs/daemons.md, "Virtual UDP sockets"). */

#define _GNU_SOURCE
#include "tools/preload/preload_net.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/errqueue.h>
#include <linux/net_tstamp.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/time.h>

/* ------------------------------------------------------------- options */

TKP_EXPORT int setsockopt(int fd, int level, int opt, const void *val, socklen_t len);
int setsockopt(int fd, int level, int opt, const void *val, socklen_t len)
{
	static int (*real)(int, int, int, const void *, socklen_t);
	struct tkp_vsock *vs = tkp_vsock(fd);
	int v = 0;

	if (!vs) {
		if (!real)
			real = tkp_real("setsockopt");
		return real(fd, level, opt, val, len);
	}
	if (!tkp_null(val) && len >= (socklen_t)sizeof(int))
		memcpy(&v, val, sizeof(v));
	if (level == SOL_SOCKET && opt == SO_TIMESTAMP)
		vs->tsmode = v ? TKP_TS_US : TKP_TS_NONE; /* clears SOCK_RCVTSTAMPNS either way */
	else if (level == SOL_SOCKET && opt == SO_TIMESTAMPNS)
		vs->tsmode = v ? TKP_TS_NS : TKP_TS_NONE;
	else if (level == SOL_SOCKET && opt == SO_TIMESTAMPING)
		vs->tsflags = v; /* int, or struct so_timestamping: its first member */
	else if ((level == IPPROTO_IP && opt == IP_PKTINFO) ||
		 (level == IPPROTO_IPV6 && opt == IPV6_RECVPKTINFO))
		vs->pktinfo = v != 0;
	/* Everything else (SO_REUSEADDR, IP_TOS, IPV6_V6ONLY, buffer sizes...) changes nothing a
	 * virtual socket models: accepted. */
	return 0;
}

TKP_EXPORT int getsockopt(int fd, int level, int opt, void *restrict val, socklen_t *restrict len);
int getsockopt(int fd, int level, int opt, void *restrict val, socklen_t *restrict len)
{
	static int (*real)(int, int, int, void *, socklen_t *);
	struct tkp_vsock *vs = tkp_vsock(fd);
	int v = 0;

	if (!vs) {
		if (!real)
			real = tkp_real("getsockopt");
		return real(fd, level, opt, val, len);
	}
	if (tkp_null(val) || tkp_null(len) || *len < (socklen_t)sizeof(int)) {
		errno = EINVAL;
		return -1;
	}
	if (level == SOL_SOCKET) {
		switch (opt) {
		case SO_TYPE:
			v = SOCK_DGRAM;
			break;
		case SO_DOMAIN:
			v = vs->family;
			break;
		case SO_PROTOCOL:
			v = IPPROTO_UDP;
			break;
		case SO_TIMESTAMP:
			v = vs->tsmode == TKP_TS_US;
			break;
		case SO_TIMESTAMPNS:
			v = vs->tsmode == TKP_TS_NS;
			break;
		case SO_TIMESTAMPING:
			v = vs->tsflags;
			break;
		case SO_RCVBUF:
		case SO_SNDBUF:
			v = 212992; /* net.core.rmem_default, doubled as the kernel reports it */
			break;
		default:
			break;
		}
	}
	memcpy(val, &v, sizeof(v));
	*len = sizeof(v);
	return 0;
}

/* ------------------------------------------------------------- receiving */

/* Append one control message if it fits, else mark the message truncated (MSG_CTRUNC). */
static void tkp_cmsg(struct msghdr *msg, size_t *used, int level, int type, const void *data,
		     size_t len)
{
	struct cmsghdr *c = (struct cmsghdr *)((char *)msg->msg_control + *used);

	if (!msg->msg_control || *used + CMSG_SPACE(len) > msg->msg_controllen) {
		msg->msg_flags |= MSG_CTRUNC;
		return;
	}
	c->cmsg_level = level;
	c->cmsg_type = type;
	c->cmsg_len = CMSG_LEN(len);
	memcpy(CMSG_DATA(c), data, len);
	*used += CMSG_SPACE(len);
}

/* The control messages of one packet, in the kernel's order: timestamps, then pktinfo. */
static void tkp_cmsgs(struct tkp_vsock *vs, struct msghdr *msg, const struct tkp_net_msg *a)
{
	struct timespec rx = { .tv_sec = a->rx_sec, .tv_nsec = a->rx_nsec };
	size_t used = 0;

	if (vs->tsmode == TKP_TS_US) {
		struct timeval tv = { .tv_sec = rx.tv_sec, .tv_usec = rx.tv_nsec / 1000 };

		tkp_cmsg(msg, &used, SOL_SOCKET, SCM_TIMESTAMP, &tv, sizeof(tv));
	} else if (vs->tsmode == TKP_TS_NS) {
		tkp_cmsg(msg, &used, SOL_SOCKET, SCM_TIMESTAMPNS, &rx, sizeof(rx));
	}
	/* A software receive timestamp is generated (RX_SOFTWARE) and reported (SOFTWARE). */
	if ((vs->tsflags & SOF_TIMESTAMPING_SOFTWARE) &&
	    (vs->tsflags & SOF_TIMESTAMPING_RX_SOFTWARE)) {
		struct scm_timestamping tss = { .ts = { rx } };

		tkp_cmsg(msg, &used, SOL_SOCKET, SCM_TIMESTAMPING, &tss, sizeof(tss));
	}
	if (vs->pktinfo) {
		struct tkp_net_msg me;
		struct sockaddr_in6 s6;
		socklen_t n = sizeof(s6);

		if (tkp_net_op(TKP_NET_NAME, vs->id, 0, NULL, &me) >= 0) {
			tkp_addr_out(&me.addr, (struct sockaddr *)&s6, &n);
			if (vs->family == AF_INET6) {
				struct in6_pktinfo pi = { .ipi6_addr = s6.sin6_addr,
							  .ipi6_ifindex = 1 };

				tkp_cmsg(msg, &used, IPPROTO_IPV6, IPV6_PKTINFO, &pi, sizeof(pi));
			} else {
				struct in_pktinfo pi = { .ipi_ifindex = 1 };

				memcpy(&pi.ipi_addr, me.addr.addr, 4);
				pi.ipi_spec_dst = pi.ipi_addr;
				tkp_cmsg(msg, &used, IPPROTO_IP, IP_PKTINFO, &pi, sizeof(pi));
			}
		}
	}
	msg->msg_controllen = used;
}

static ssize_t tkp_recvmsg(int fd, struct tkp_vsock *vs, struct msghdr *msg, int flags)
{
	static int (*realfcntl)(int, int, ...);
	static unsigned char data[TKP_NET_MAX_PAYLOAD];
	struct tkp_req rq = { .op = TKP_NET_RECV, .clock = vs->id };
	struct tkp_net_msg m = { 0 }, a;
	struct tkp_rep rp;
	size_t off = 0;
	int64_t ret;
	char bell;

	if (flags & MSG_ERRQUEUE) {
		errno = EAGAIN; /* no transmit timestamps, no ICMP errors: the error queue is empty
				 */
		return -1;
	}
	if (!realfcntl)
		realfcntl = tkp_real("fcntl");
	rq.abs = !(flags & MSG_DONTWAIT) && !(realfcntl(fd, F_GETFL) & O_NONBLOCK);
	rq.sec = (flags & MSG_PEEK) != 0;
	ret = tkp_net_call(&rq, &m, NULL, &rp, &a, data);
	if (ret < 0)
		return tkp_errno(ret);
	if (!(flags & MSG_PEEK) && vs->bells > 0 && tkp_recvr(fd, &bell, 1, MSG_DONTWAIT) == 1)
		vs->bells--;
	msg->msg_flags = 0;
	for (size_t i = 0; i < msg->msg_iovlen && off < (size_t)a.len; i++) {
		size_t k = (size_t)a.len - off;

		if (k > msg->msg_iov[i].iov_len)
			k = msg->msg_iov[i].iov_len;
		memcpy(msg->msg_iov[i].iov_base, data + off, k);
		off += k;
	}
	if (off < (size_t)a.len)
		msg->msg_flags |= MSG_TRUNC;
	if (msg->msg_name)
		tkp_addr_out(&a.addr, msg->msg_name, &msg->msg_namelen);
	tkp_cmsgs(vs, msg, &a);
	return (flags & MSG_TRUNC) ? a.len : (ssize_t)off;
}

TKP_EXPORT ssize_t recvmsg(int fd, struct msghdr *msg, int flags);
ssize_t recvmsg(int fd, struct msghdr *msg, int flags)
{
	static ssize_t (*real)(int, struct msghdr *, int);
	struct tkp_vsock *vs = tkp_vsock(fd);

	if (!vs) {
		if (!real)
			real = tkp_real("recvmsg");
		return real(fd, msg, flags);
	}
	if (tkp_null(msg)) {
		errno = EFAULT;
		return -1;
	}
	return tkp_recvmsg(fd, vs, msg, flags);
}

TKP_EXPORT ssize_t recvfrom(int fd, void *restrict buf, size_t len, int flags,
			    struct sockaddr *restrict sa, socklen_t *restrict salen);
ssize_t recvfrom(int fd, void *restrict buf, size_t len, int flags, struct sockaddr *restrict sa,
		 socklen_t *restrict salen)
{
	static ssize_t (*real)(int, void *, size_t, int, struct sockaddr *, socklen_t *);
	struct iovec iov = { .iov_base = buf, .iov_len = len };
	struct msghdr msg = {
		.msg_name = sa, .msg_namelen = salen ? *salen : 0, .msg_iov = &iov, .msg_iovlen = 1
	};
	struct tkp_vsock *vs = tkp_vsock(fd);
	ssize_t n;

	if (!vs) {
		if (!real)
			real = tkp_real("recvfrom");
		return real(fd, buf, len, flags, sa, salen);
	}
	if (!salen)
		msg.msg_name = NULL;
	n = tkp_recvmsg(fd, vs, &msg, flags);
	if (n >= 0 && salen)
		*salen = msg.msg_namelen;
	return n;
}

TKP_EXPORT ssize_t recv(int fd, void *buf, size_t len, int flags);
ssize_t recv(int fd, void *buf, size_t len, int flags)
{
	if (!tkp_vsock(fd))
		return tkp_recvr(fd, buf, len, flags);
	return recvfrom(fd, buf, len, flags, NULL, NULL);
}

TKP_EXPORT int recvmmsg(int fd, struct mmsghdr *vec, unsigned int n, int flags,
			struct timespec *timeout);
int recvmmsg(int fd, struct mmsghdr *vec, unsigned int n, int flags, struct timespec *timeout)
{
	static int (*real)(int, struct mmsghdr *, unsigned int, int, struct timespec *);
	struct tkp_vsock *vs = tkp_vsock(fd);
	unsigned int i;

	if (!vs) {
		if (!real)
			real = tkp_real("recvmmsg");
		return real(fd, vec, n, flags, timeout);
	}
	/* After the first packet, take only what is there (MSG_WAITFORONE; @timeout is not
	 * modelled: the kernel's own is checked only after each packet anyway). */
	for (i = 0; i < n; i++) {
		ssize_t r = tkp_recvmsg(fd, vs, &vec[i].msg_hdr,
					(flags & ~MSG_WAITFORONE) | (i ? MSG_DONTWAIT : 0));

		if (r < 0)
			return i ? (int)i : -1;
		vec[i].msg_len = (unsigned int)r;
	}
	return (int)i;
}
