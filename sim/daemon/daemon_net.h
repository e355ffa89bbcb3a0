/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the simulated network of `tksim daemon`: virtual UDP sockets and NTP servers
 * (docs/daemons.md, "Virtual UDP sockets"). */
#ifndef TKSIM_SIM_DAEMON_DAEMON_NET_H
#define TKSIM_SIM_DAEMON_DAEMON_NET_H

#include <stdio.h>

#include "sim/daemon/daemon_state.h"
#include "sim/daemon/daemon_timer.h"
#include "sim/daemon/ntp_server.h"

#define SIM_NET_MAX_SERVERS 4
/* Packets in flight or arrived and unread, all sockets together (a full queue drops). */
#define SIM_NET_MAX_PKTS 256
/* Ephemeral ports, as Linux's ip_local_port_range begins. */
#define SIM_NET_PORT_FIRST 32768

/**
 * struct sim_net_pkt - a server's reply on its way to a socket, or arrived and unread
 * @at_ns:   virtual time of its arrival (struct sim_system's now_ns)
 * @seq:     order of sending, to break ties of @at_ns
 * @fd:      the socket it goes to
 * @arrived: @at_ns has passed; @rx_ns is its receive timestamp
 * @rx_ns:   the simulated REALTIME at arrival (ns)
 * @src:     the server's address
 * @len:     payload bytes
 * @data:    payload
 */
struct sim_net_pkt {
	u64 at_ns;
	u64 seq;
	s32 fd;
	bool arrived;
	s64 rx_ns;
	struct tkp_net_addr src;
	u32 len;
	u8 data[SIM_NTP_PACKET_LEN];
};

/**
 * struct sim_net_sock - a virtual UDP socket of the daemon
 * @used:      the entry is a socket
 * @fd:        its fd in the daemon
 * @family:    AF_INET or AF_INET6
 * @local:     its address (port 0: not bound yet)
 * @peer:      the connected peer (family 0: not connected)
 */
struct sim_net_sock {
	bool used;
	s32 fd;
	s32 family;
	struct tkp_net_addr local;
	struct tkp_net_addr peer;
};

/**
 * struct sim_daemon_net - the simulated network of one daemon
 * @servers:   the NTP servers (--server)
 * @nservers:  how many
 * @socks:     virtual sockets
 * @pkts:      packets in flight or arrived, in order of arrival
 * @npkts:     how many
 * @rng:       delay jitter (seeded from the run's seed, apart from the SHM noise)
 * @random:    the daemon's getrandom() bytes (another stream of the same seed)
 * @seq:       packets sent
 * @next_port: the next ephemeral port
 * @watch:     during a TKP_NET_WAIT, the fds it watches
 * @nwatch:    how many
 * @woke:      the last wait ended at a packet's arrival on a watched fd
 * @timers:    the daemon's POSIX timers (sim/daemon/daemon_timer.c)
 * @use_timers: the wait in progress ends when a timer expires (TKP_NET_WAIT)
 * @fired:     the timers that ended it
 * @nfired:    how many
 * @sent:      packets the daemon sent
 * @dropped:   of which to no server, or not a client request, or on a full queue
 * @delivered: replies that arrived
 * @received:  replies the daemon read
 */
struct sim_daemon_net {
	struct sim_ntp_server servers[SIM_NET_MAX_SERVERS];
	int nservers;
	struct sim_net_sock socks[TKP_NET_SOCKS];
	struct sim_net_pkt pkts[SIM_NET_MAX_PKTS];
	int npkts;
	struct sim_rng rng;
	struct sim_rng random;
	u64 seq;
	u32 next_port;
	const s32 *watch;
	int nwatch;
	bool woke;
	struct sim_daemon_timer timers[TKP_TIMERS];
	bool use_timers;
	s32 fired[TKP_TIMERS];
	int nfired;
	u64 sent, dropped, delivered, received;
};

/**
 * struct sim_daemon_net_call - a TKP_NET_* request between sim_daemon_net_begin() and
 *                              sim_daemon_net_end()
 * @m:       the request's data message
 * @a:       the answer's
 * @payload: the request's payload, then the answer's
 * @sk:      a blocking TKP_NET_RECV's socket
 * @fds:     the fds a TKP_NET_WAIT watches
 * @t0:      the waited clock when a TKP_NET_WAIT began
 * @ret:     the answer's @ret, unless a wait decides it
 * @wait:    the serve loop must wait (TKP_WAIT) before the request can end
 */
struct sim_daemon_net_call {
	struct tkp_net_msg m;
	struct tkp_net_msg a;
	u8 payload[TKP_NET_MAX_PAYLOAD];
	struct sim_net_sock *sk;
	s32 fds[TKP_NET_SOCKS];
	struct timespec64 t0;
	s64 ret;
	bool wait;
};

void sim_daemon_net_init(struct sim_daemon_net *n, u64 seed);
bool sim_daemon_net_begin(struct sim_daemon *d, const struct tkp_req *rq, const void *in,
			  size_t inlen, struct tkp_rep *rp, struct sim_daemon_net_call *call);
size_t sim_daemon_net_end(struct sim_daemon *d, const struct tkp_req *rq, struct tkp_rep *rp,
			  struct sim_daemon_net_call *call, void *out);
void sim_daemon_net_deliver(struct sim_daemon *d);
bool sim_daemon_net_pending(const struct sim_daemon *d);
bool sim_daemon_net_ready(const struct sim_daemon_net *n);
u64 sim_daemon_net_next_arrival_ns(const struct sim_daemon_net *n);
void sim_daemon_net_summary(const struct sim_daemon *d, FILE *f);

/* The serve loop's entry for a TKP_NET_* request (sim/daemon/daemon.c): begin, wait, end. */
size_t sim_daemon_net_serve(struct sim_daemon *d, const struct tkp_req *rq, const void *in,
			    size_t inlen, struct tkp_rep *rp, void *out);

#endif /* TKSIM_SIM_DAEMON_DAEMON_NET_H */
