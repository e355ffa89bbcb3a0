// SPDX-License-Identifier: GPL-2.0
/* tksim's own: the simulated network of `tksim daemon`: virtual UDP sockets, NTP servers that
 * answer them, arrivals as events in virtual time (docs/daemons.md, "Virtual UDP sockets"). */

/*
 * The preload turns every UDP socket of the daemon into a virtual one
 * (tools/preload/preload_net.c): nothing of it reaches a real network.  A client
 * request sent to a server of --server gets the server's reply computed at
 * once from true time (sim/daemon/ntp_server.c) and put in flight with its arrival
 * instant: send instant + request path + reply path.  Waits stop at each
 * arrival to stamp the packet with the simulated REALTIME of that instant,
 * as the kernel stamps a packet in its receive path; a wait that watches
 * the socket ends there.
 */

#include "sim/daemon/daemon_net.h"

#include <errno.h>
#include <inttypes.h>
#include <string.h>
#include <sys/socket.h>

/* The simulated host's own address: documentation ranges (RFC 5737, RFC 3849). */
static const u8 sim_net_host4[4] = { 192, 0, 2, 2 };
static const u8 sim_net_host6[16] = { 0x20, 0x01, 0x0d, 0xb8, [15] = 2 };

/**
 * sim_daemon_net_init() - an empty network
 * @n:    zeroed and filled; add servers to @n->servers afterwards
 * @seed: the run's seed (the jitter draws from a stream of its own)
 */
void sim_daemon_net_init(struct sim_daemon_net *n, u64 seed)
{
	memset(n, 0, sizeof(*n));
	sim_rng_seed(&n->rng, seed ^ 0x6e6574776f726bULL); /* "network" */
	sim_rng_seed(&n->random, seed ^ 0x72616e646f6dULL); /* "random" */
	n->next_port = SIM_NET_PORT_FIRST;
}

static struct sim_net_sock *net_sock(struct sim_daemon_net *n, s32 fd)
{
	for (int i = 0; i < TKP_NET_SOCKS; i++)
		if (n->socks[i].used && n->socks[i].fd == fd)
			return &n->socks[i];
	return NULL;
}

static bool net_addr_unspecified(const struct tkp_net_addr *a)
{
	for (size_t i = 0; i < sizeof(a->addr); i++)
		if (a->addr[i])
			return false;
	return true;
}

static void net_drop_fd(struct sim_daemon_net *n, s32 fd)
{
	int j = 0;

	for (int i = 0; i < n->npkts; i++)
		if (n->pkts[i].fd != fd)
			n->pkts[j++] = n->pkts[i];
	n->npkts = j;
}

/**
 * sim_daemon_net_deliver() - stamp every packet whose arrival instant has come
 * @d: the server (@d->net set)
 *
 * The stamp is the simulated REALTIME as it reads now, as the kernel stamps
 * a packet in its receive path.
 */
void sim_daemon_net_deliver(struct sim_daemon *d)
{
	struct sim_daemon_net *n = d->net;
	struct timespec64 ts;
	bool read = false;

	for (int i = 0; i < n->npkts; i++) {
		struct sim_net_pkt *p = &n->pkts[i];

		if (p->arrived || p->at_ns > d->s->now_ns)
			continue;
		if (!read)
			sim_clock_gettime(d->s, SIM_PATH_SYSCALL, TK_CLOCK_REALTIME, &ts);
		read = true;
		p->arrived = true;
		p->rx_ns = (s64)ts_to_ns(&ts);
		n->delivered++;
	}
}

/* The first arrived packet for @fd (packets are in order of arrival), or -1. */
static int net_first(const struct sim_daemon_net *n, s32 fd)
{
	for (int i = 0; i < n->npkts; i++)
		if (n->pkts[i].fd == fd && n->pkts[i].arrived)
			return i;
	return -1;
}

/**
 * sim_daemon_net_ready() - a watched fd (@n->watch) has an arrived packet
 * @n: the network
 */
bool sim_daemon_net_ready(const struct sim_daemon_net *n)
{
	for (int i = 0; i < n->nwatch; i++)
		if (net_first(n, n->watch[i]) >= 0)
			return true;
	return false;
}

/**
 * sim_daemon_net_pending() - packets are in flight, fds or timers watched: waits must stop there
 * @d: the server
 */
bool sim_daemon_net_pending(const struct sim_daemon *d)
{
	const struct sim_daemon_net *n = d->net;

	if (!n)
		return false;
	for (int i = 0; i < n->npkts; i++)
		if (!n->pkts[i].arrived)
			return true;
	return n->nwatch > 0 || n->use_timers;
}

/**
 * sim_daemon_net_next_arrival_ns() - when the next packet in flight arrives
 * @n: the network
 *
 * Return: its virtual time (struct sim_system's now_ns), or UINT64_MAX for none.
 */
u64 sim_daemon_net_next_arrival_ns(const struct sim_daemon_net *n)
{
	u64 next = UINT64_MAX;

	for (int i = 0; i < n->npkts; i++)
		if (!n->pkts[i].arrived && n->pkts[i].at_ns < next)
			next = n->pkts[i].at_ns;
	return next;
}

/* Put @p in flight, keeping the queue in order of arrival (then of sending). */
static s64 net_enqueue(struct sim_daemon_net *n, const struct sim_net_pkt *p)
{
	int i = n->npkts;

	if (n->npkts == SIM_NET_MAX_PKTS)
		return -ENOBUFS;
	while (i > 0 && (n->pkts[i - 1].at_ns > p->at_ns ||
			 (n->pkts[i - 1].at_ns == p->at_ns && n->pkts[i - 1].seq > p->seq))) {
		n->pkts[i] = n->pkts[i - 1];
		i--;
	}
	n->pkts[i] = *p;
	n->npkts++;
	return 0;
}

static void net_autobind(struct sim_daemon_net *n, struct sim_net_sock *sk)
{
	if (!sk->local.family)
		sk->local.family = sk->family;
	if (!sk->local.port)
		sk->local.port = n->next_port++;
}

/* A one-way delay: the path's own, plus a uniform 0..jitter. */
static u64 net_delay(struct sim_daemon_net *n, s64 base, u64 jitter)
{
	return (u64)(base > 0 ? base : 0) + (jitter ? sim_rng_below(&n->rng, jitter + 1) : 0);
}

static s64 net_send(struct sim_daemon *d, struct sim_net_sock *sk, const struct tkp_net_msg *m,
		    const u8 *payload)
{
	struct sim_daemon_net *n = d->net;
	const struct tkp_net_addr *to = m->addr.family ? &m->addr : &sk->peer;
	struct sim_ntp_server *srv = NULL;
	struct sim_net_pkt p = { 0 };
	u64 out, back;
	s64 t2;

	if (!to->family)
		return -EDESTADDRREQ;
	net_autobind(n, sk);
	n->sent++;
	for (int i = 0; i < n->nservers; i++)
		if (to->family == n->servers[i].addr.family && to->port == SIM_NTP_PORT &&
		    !memcmp(to->addr, n->servers[i].addr.addr, sizeof(to->addr)))
			srv = &n->servers[i];
	out = srv ? net_delay(n, (s64)srv->delay_ns + srv->asym_ns, srv->jitter_ns) : 0;
	back = srv ? net_delay(n, (s64)srv->delay_ns, srv->jitter_ns) : 0;
	t2 = sim_daemon_true_ns(d) + (s64)out;
	p.len = srv ? (u32)sim_ntp_server_reply(payload, (size_t)m->len, t2, t2,
						(unsigned int)sim_daemon_leap_indicator(d, t2),
						p.data)
		    : 0;
	if (!p.len) {
		n->dropped++; /* to no server, or not a client request: UDP sends it and it is lost
			       */
		return m->len;
	}
	srv->requests++;
	p.at_ns = d->s->now_ns + out + back;
	p.seq = n->seq++;
	p.fd = sk->fd;
	p.src = srv->addr;
	p.src.port = SIM_NTP_PORT;
	if (net_enqueue(n, &p))
		n->dropped++; /* the socket's receive queue is full: the reply is lost */
	return m->len;
}

/* The answer's data: @m and its payload, then a bell for every fd with packets queued. */
static size_t net_answer(const struct sim_daemon_net *n, struct tkp_net_msg *m, const u8 *payload,
			 void *out)
{
	struct tkp_net_bell *b;
	u8 *o = out;

	m->nbells = 0;
	memcpy(o + sizeof(*m), payload, (size_t)m->len);
	b = (struct tkp_net_bell *)(o + sizeof(*m) + (size_t)m->len);
	for (int i = 0; i < TKP_NET_SOCKS; i++) {
		int q = 0;

		if (!n->socks[i].used)
			continue;
		for (int j = 0; j < n->npkts; j++)
			q += n->pkts[j].fd == n->socks[i].fd && n->pkts[j].arrived;
		if (q) {
			struct tkp_net_bell bell = { .fd = n->socks[i].fd, .queued = q };

			memcpy(&b[m->nbells++], &bell, sizeof(bell));
		}
	}
	memcpy(o, m, sizeof(*m));
	return sizeof(*m) + (size_t)m->len + (size_t)m->nbells * sizeof(*b);
}

/* Take (or with @rq->sec, MSG_PEEK, look at) the first arrived packet of @sk into @m and @payload.
 */
static s64 net_recv(struct sim_daemon_net *n, struct sim_net_sock *sk, const struct tkp_req *rq,
		    struct tkp_net_msg *m, u8 *payload)
{
	int i = net_first(n, sk->fd);

	if (i < 0)
		return -EAGAIN;
	m->addr = n->pkts[i].src;
	m->rx_sec = n->pkts[i].rx_ns / (s64)NSEC_PER_SEC;
	m->rx_nsec = n->pkts[i].rx_ns % (s64)NSEC_PER_SEC;
	m->len = (s32)n->pkts[i].len;
	memcpy(payload, n->pkts[i].data, n->pkts[i].len);
	if (!rq->sec) { /* not MSG_PEEK: take it off the queue */
		memmove(&n->pkts[i], &n->pkts[i + 1],
			(size_t)(n->npkts - i - 1) * sizeof(n->pkts[0]));
		n->npkts--;
		n->received++;
	}
	return m->len;
}

/*
 * TKP_NET_WAIT: TKP_WAIT watching the fds of the payload, and the timers;
 * the serve loop waits between this and net_wait_end().
 */
static void net_wait_begin(struct sim_daemon *d, const struct tkp_req *rq,
			   struct sim_daemon_net_call *call)
{
	struct sim_daemon_net *n = d->net;

	n->nwatch = 0;
	for (s32 i = 0; i + 4 <= call->m.len && n->nwatch < TKP_NET_SOCKS; i += 4)
		memcpy(&call->fds[n->nwatch++], call->payload + i, 4);
	n->watch = call->fds;
	n->woke = false;
	n->use_timers = true;
	d->requests--; /* one request, counted by sim_daemon_serve() */
	if (sim_clock_gettime(d->s, SIM_PATH_SYSCALL, rq->clock, &call->t0))
		memset(&call->t0, 0, sizeof(call->t0));
	call->wait = true;
}

/* The wait's result: woke 1, timers 2, their ids as payload; @sec.@nsec is the time left of a
 * relative wait, as Linux's select() leaves it in its timeout. */
static s64 net_wait_end(struct sim_daemon *d, const struct tkp_req *rq, struct tkp_rep *rp,
			struct sim_daemon_net_call *call)
{
	struct sim_daemon_net *n = d->net;
	struct timespec64 t1;
	__int128 left = 0;
	s64 ret;

	n->use_timers = false;
	if (rp->ret < 0)
		return rp->ret;
	ret = n->woke | (n->nfired ? 2 : 0);
	call->a.len = n->nfired * (s32)sizeof(s32);
	memcpy(call->payload, n->fired, (size_t)call->a.len);
	if (!rq->abs && rq->sec != INT64_MAX &&
	    !sim_clock_gettime(d->s, SIM_PATH_SYSCALL, rq->clock, &t1))
		left = (__int128)rq->sec * NSEC_PER_SEC + rq->nsec -
		       (ts_to_ns(&t1) - ts_to_ns(&call->t0));
	left = left > 0 ? left : 0;
	rp->sec = (s64)(left / NSEC_PER_SEC);
	rp->nsec = (s64)(left % NSEC_PER_SEC);
	return ret;
}

/**
 * sim_daemon_net_begin() - carry out one TKP_NET_* request, up to a wait it needs
 * @d:     the server (@d->net set)
 * @rq:    the request
 * @in:    its data message (struct tkp_net_msg and payload)
 * @inlen: that message's length
 * @rp:    the answer (zeroed)
 * @call:  the request in progress (filled), for sim_daemon_net_end()
 *
 * A blocking TKP_NET_RECV on an empty socket and TKP_NET_WAIT need virtual
 * time to pass: they set the fds (and timers) to watch and @call->wait,
 * and the serve loop waits (TKP_WAIT) before it ends the request; the
 * network never waits itself.
 *
 * Return: @call->wait.
 */
bool sim_daemon_net_begin(struct sim_daemon *d, const struct tkp_req *rq, const void *in,
			  size_t inlen, struct tkp_rep *rp, struct sim_daemon_net_call *call)
{
	struct sim_daemon_net *n = d->net;
	struct tkp_net_msg m = { 0 };
	u8 *payload = call->payload;
	struct sim_net_sock *sk;
	s64 ret = -EBADF;

	memset(rp, 0, sizeof(*rp));
	memset(&call->a, 0, sizeof(call->a));
	call->wait = false;
	call->sk = NULL;
	d->requests++;
	if (inlen >= sizeof(m))
		memcpy(&m, in, sizeof(m));
	call->m = m;
	if (inlen < sizeof(m) || m.len < 0 || m.len > TKP_NET_MAX_PAYLOAD ||
	    inlen != sizeof(m) + (size_t)m.len) {
		call->ret = -EINVAL; /* and no payload */
		return false;
	}
	memcpy(payload, (const u8 *)in + sizeof(m), (size_t)m.len);
	sim_daemon_net_deliver(d);
	sk = net_sock(n, rq->clock);
	switch (rq->op) {
	case TKP_NET_SOCKET:
		if (sk)
			memset(sk, 0, sizeof(*sk)); /* the fd was closed behind our back */
		for (int i = 0; i < TKP_NET_SOCKS && !sk; i++)
			if (!n->socks[i].used)
				sk = &n->socks[i];
		ret = -EMFILE;
		if (sk) {
			net_drop_fd(n, rq->clock);
			*sk = (struct sim_net_sock){ .used = true,
						     .fd = rq->clock,
						     .family = rq->abs };
			ret = 0;
		}
		break;
	case TKP_NET_CLOSE:
		if (sk) {
			net_drop_fd(n, sk->fd);
			sk->used = false;
			ret = 0;
		}
		break;
	case TKP_NET_BIND:
		if (sk) {
			sk->local = m.addr;
			net_autobind(n, sk);
			ret = 0;
		}
		break;
	case TKP_NET_CONNECT:
		if (sk) {
			sk->peer = m.addr;
			net_autobind(n, sk);
			/* Linux picks the route's source address for an unbound-address socket. */
			if (net_addr_unspecified(&sk->local))
				memcpy(sk->local.addr,
				       sk->family == AF_INET6 ? sim_net_host6 : sim_net_host4,
				       sk->family == AF_INET6 ? 16 : 4);
			ret = 0;
		}
		break;
	case TKP_NET_NAME:
		if (sk) {
			call->a.addr = rq->abs ? sk->peer : sk->local;
			if (!call->a.addr.family)
				call->a.addr.family = sk->family;
			ret = rq->abs && !sk->peer.family ? -ENOTCONN : 0;
		}
		break;
	case TKP_NET_SEND:
		if (sk)
			ret = net_send(d, sk, &m, payload);
		break;
	case TKP_NET_RECV:
		if (sk && net_first(n, sk->fd) < 0 && rq->abs) {
			/* A blocking read: a wait, forever, watching this socket. */
			n->watch = &sk->fd;
			n->nwatch = 1;
			call->sk = sk;
			call->wait = true;
		} else if (sk) {
			ret = net_recv(n, sk, rq, &call->a, payload);
		}
		break;
	case TKP_NET_WAIT:
		net_wait_begin(d, rq, call);
		break;
	case TKP_NET_SYNC:
		ret = 0;
		break;
	case TKP_TIMER_CREATE:
	case TKP_TIMER_SET:
	case TKP_TIMER_GET:
	case TKP_TIMER_DELETE:
		ret = sim_daemon_timer_op(n->timers, d->s, rq, payload, m.len, rp);
		break;
	case TKP_RANDOM:
		/* getrandom(): chronyd's and OpenSSL's randomness, replayed from the seed */
		call->a.len = (s32)(rq->sec < 0			    ? 0
				    : rq->sec > TKP_NET_MAX_PAYLOAD ? TKP_NET_MAX_PAYLOAD
								    : rq->sec);
		for (s32 i = 0; i < call->a.len; i += 8) {
			u64 r = sim_rng_next(&n->random);

			memcpy(payload + i, &r,
			       call->a.len - i < 8 ? (size_t)(call->a.len - i) : 8);
		}
		ret = call->a.len;
		break;
	default:
		ret = -EINVAL;
		break;
	}
	call->ret = ret;
	return call->wait;
}

/**
 * sim_daemon_net_end() - the answer to a request sim_daemon_net_begin() began
 * @d:    the server
 * @rq:   the request
 * @rp:   the answer (filled; after a wait, the wait's answer)
 * @call: the request in progress
 * @out:  the answer's data message (TKP_NET_MSG_MAX bytes)
 *
 * Return: the length of the answer's data message.
 */
size_t sim_daemon_net_end(struct sim_daemon *d, const struct tkp_req *rq, struct tkp_rep *rp,
			  struct sim_daemon_net_call *call, void *out)
{
	struct sim_daemon_net *n = d->net;
	s64 ret = call->ret;

	if (call->wait) {
		n->watch = NULL;
		n->nwatch = 0;
		if (rq->op == TKP_NET_WAIT)
			ret = net_wait_end(d, rq, rp, call);
		else
			ret = rp->quit ? -EINTR
				       : net_recv(n, call->sk, rq, &call->a, call->payload);
	}
	rp->ret = ret;
	if ((rq->op != TKP_NET_RECV && rq->op != TKP_RANDOM && rq->op != TKP_NET_WAIT) || ret < 0)
		call->a.len = 0;
	return net_answer(n, &call->a, call->payload, out);
}

/**
 * sim_daemon_net_summary() - one line: what went over the simulated network
 * @d: the server
 * @f: where
 */
void sim_daemon_net_summary(const struct sim_daemon *d, FILE *f)
{
	const struct sim_daemon_net *n = d->net;

	if (!n || (!n->nservers && !n->sent))
		return;
	fprintf(f,
		"network: sent %" PRIu64 " (dropped %" PRIu64 "), replies arrived %" PRIu64
		", read %" PRIu64 "\n",
		n->sent, n->dropped, n->delivered, n->received);
}
