// SPDX-License-Identifier: GPL-2.0
/* tksim's own: an NTP client of our own for tests/daemon/daemon_net.sh: what a UDP socket sees
 * under `tksim daemon --server`. */

/*
 *   daemon_udp ADDR         send one NTPv4 client request to ADDR:123, wait in select() up to
 *                           10 s, print the reply and its receive timestamps
 *   daemon_udp ADDR epoll   the same, waiting in epoll_wait() instead of select()
 *   daemon_udp ADDR tcp     connect a TCP socket to ADDR:123 (the preload must refuse it)
 * Every value printed is simulated, so two runs print the same bytes.
 */

#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <linux/errqueue.h>
#include <linux/net_tstamp.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define NTP_UNIX 2208988800LL

static long long ns_of(const struct timespec *ts)
{
	return ts->tv_sec * 1000000000LL + ts->tv_nsec;
}

static void put_ts(unsigned char *p, long long ns)
{
	uint64_t v = ((uint64_t)(ns / 1000000000 + NTP_UNIX) << 32) +
		     (((uint64_t)(ns % 1000000000) << 32) + 500000000) / 1000000000;

	for (int i = 7; i >= 0; i--, v >>= 8)
		p[i] = (unsigned char)v;
}

static long long get_ts(const unsigned char *p)
{
	uint64_t v = 0;

	for (int i = 0; i < 8; i++)
		v = (v << 8) | p[i];
	return ((long long)(v >> 32) - NTP_UNIX) * 1000000000LL +
	       (long long)(((v & 0xffffffffULL) * 1000000000ULL + (1ULL << 31)) >> 32);
}

int main(int argc, char **argv)
{
	struct sockaddr_in srv = { .sin_family = AF_INET, .sin_port = htons(123) };
	struct sockaddr_in from, me;
	unsigned char req[48] = { 0x23 }, rep[128]; /* LI 0, VN 4, mode 3 */
	char ctrl[256], buf[64];
	struct iovec iov = { .iov_base = rep, .iov_len = sizeof(rep) };
	struct msghdr msg = { .msg_name = &from,
			      .msg_namelen = sizeof(from),
			      .msg_iov = &iov,
			      .msg_iovlen = 1,
			      .msg_control = ctrl,
			      .msg_controllen = sizeof(ctrl) };
	struct timeval tv = { .tv_sec = 10 };
	struct timespec t1;
	socklen_t len = sizeof(me);
	int fd, on = 1, flags = SOF_TIMESTAMPING_RX_SOFTWARE | SOF_TIMESTAMPING_SOFTWARE, n;
	fd_set r;
	ssize_t got;

	if (argc < 2 || inet_pton(AF_INET, argv[1], &srv.sin_addr) != 1)
		return 2;
	if (argc > 2 && !strcmp(argv[2], "tcp")) {
		fd = socket(AF_INET, SOCK_STREAM, 0);
		n = connect(fd, (struct sockaddr *)&srv, sizeof(srv));
		printf("tcp connect to port 123 returned %d\n", n);
		return 0;
	}
	fd = socket(AF_INET, SOCK_DGRAM, 0);
	setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPNS, &on, sizeof(on));
	setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPING, &flags, sizeof(flags));
	got = recv(fd, rep, sizeof(rep), MSG_DONTWAIT);
	printf("recv before sending: %zd %s\n", got, got < 0 ? strerror(errno) : "");
	connect(fd, (struct sockaddr *)&srv, sizeof(srv));
	getsockname(fd, (struct sockaddr *)&me, &len);
	printf("local %s:%u\n", inet_ntop(AF_INET, &me.sin_addr, buf, sizeof(buf)),
	       ntohs(me.sin_port));
	clock_gettime(CLOCK_REALTIME, &t1);
	put_ts(req + 40, ns_of(&t1));
	send(fd, req, sizeof(req), 0);
	if (argc > 2 && !strcmp(argv[2], "epoll")) {
		struct epoll_event ev = { .events = EPOLLIN }, out;
		int ep = epoll_create1(0);
		struct timespec t0, t;

		epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev);
		clock_gettime(CLOCK_MONOTONIC, &t0);
		n = epoll_wait(ep, &out, 1, 10000);
		clock_gettime(CLOCK_MONOTONIC, &t);
		printf("epoll_wait %d after %lld ns\n", n, ns_of(&t) - ns_of(&t0));
	} else {
		FD_ZERO(&r);
		FD_SET(fd, &r);
		n = select(fd + 1, &r, NULL, NULL, &tv);
		printf("select %d left %ld.%06ld\n", n, (long)tv.tv_sec, (long)tv.tv_usec);
	}
	if (n != 1)
		return 1;
	got = recvmsg(fd, &msg, 0);
	printf("reply %zd bytes from %s:%u mode %d stratum %d origin %s\n", got,
	       inet_ntop(AF_INET, &from.sin_addr, buf, sizeof(buf)), ntohs(from.sin_port),
	       rep[0] & 7, rep[1], memcmp(rep + 24, req + 40, 8) ? "differs" : "echoed");
	for (struct cmsghdr *c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c)) {
		struct timespec ts;

		if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_TIMESTAMPNS) {
			memcpy(&ts, CMSG_DATA(c), sizeof(ts));
			printf("SCM_TIMESTAMPNS rx-t1 %lld\n", ns_of(&ts) - ns_of(&t1));
		}
		if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_TIMESTAMPING) {
			memcpy(&ts, CMSG_DATA(c), sizeof(ts));
			printf("SCM_TIMESTAMPING rx-t1 %lld\n", ns_of(&ts) - ns_of(&t1));
		}
	}
	printf("t2-t1 %lld t3-t2 %lld\n", get_ts(rep + 32) - ns_of(&t1),
	       get_ts(rep + 40) - get_ts(rep + 32));
	close(fd);
	return 0;
}
