/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the request/response protocol between `tksim daemon` and its preload library. */
#ifndef TKSIM_SIM_DAEMON_DAEMON_PROTO_H
#define TKSIM_SIM_DAEMON_DAEMON_PROTO_H

/*
 * The daemon runs as a child of `tksim daemon` with libtksim-preload.so in
 * LD_PRELOAD.  Each time call of the daemon becomes one request on a
 * SOCK_SEQPACKET socket (fd number in TKSIM_PRELOAD_FD) and waits for its
 * answer: the child never runs while tksim works, and tksim never runs
 * while the child does, so the pair is one deterministic program.  Virtual
 * time moves only inside TKP_WAIT.  This header is shared by both sides and
 * includes nothing of tksim's: the preload must not link the simulator.
 */

#include <stdint.h>

#define TKSIM_PRELOAD_FD_ENV "TKSIM_PRELOAD_FD"
#define TKSIM_PRELOAD_SHMID_ENV "TKSIM_PRELOAD_SHMID"
#define TKSIM_PRELOAD_PROTO_VERSION 2

/* The SysV key chrony and ntpd use for SHM unit 0 ("NTP0"); units follow. */
#define TKP_SHM_KEY_BASE 0x4e545030
#define TKP_SHM_UNITS 4

/* Requests. */
enum tkp_op {
	TKP_HELLO = 1, /* the preload is loaded; @clock is the protocol version */
	TKP_GETTIME, /* clock_gettime(@clock) through the simulated vDSO */
	TKP_GETRES, /* clock_getres(@clock) */
	TKP_SETTIME, /* clock_settime(@clock, @sec.@nsec) */
	TKP_ADJTIME, /* clock_adjtime(@clock, @tx): do_adjtimex() for REALTIME */
	TKP_WAIT, /* wait until @clock reads @sec.@nsec (@abs) or for that long */
	TKP_REFUSE, /* the daemon did something the preload refuses: log, then exit 2 */
	/*
	 * Version 2: virtual UDP sockets (sim/daemon/daemon_net.c, tools/preload/preload_net.c).
	 * Each of these requests is followed by one data message (struct tkp_net_msg and its
	 * payload) and answered by struct tkp_rep and one data message; @clock is the fd.
	 */
	TKP_NET_SOCKET, /* a new virtual UDP socket; @abs: its family */
	TKP_NET_CLOSE,
	TKP_NET_BIND, /* to the message's @addr */
	TKP_NET_CONNECT, /* to the message's @addr */
	TKP_NET_NAME, /* answer @addr: the local address (@abs 0) or the peer's (@abs 1) */
	TKP_NET_SEND, /* the payload to @addr (family 0: the connected peer) */
	TKP_NET_RECV, /* the first packet that arrived; @abs: block; @sec: MSG_PEEK */
	TKP_NET_WAIT, /* TKP_WAIT, ending early when a packet reaches a watched fd
		       * (payload: the watched fds, int32_t each); ret 1 when it did */
	TKP_NET_SYNC, /* nothing but the bells: packets that arrived since the last answer */
	TKP_RANDOM, /* @sec random bytes (at most TKP_NET_MAX_PAYLOAD) from the run's seed */
	/*
	 * POSIX timers (sim/daemon/daemon_timer.c): they expire in TKP_NET_WAIT, whose answer then
	 * has bit 1 of @ret set and the expired timers' ids (int32_t each) as its payload.
	 */
	TKP_TIMER_CREATE, /* on clock @abs; answer: its id */
	/* timer @clock: at @sec.@nsec (@abs: TIMER_ABSTIME; 0.0 disarms), then every
	 * interval (payload: int64_t ns); answer @sec.@nsec: the time it had left */
	TKP_TIMER_SET,
	TKP_TIMER_GET, /* timer @clock: answer @sec.@nsec: the time left */
	TKP_TIMER_DELETE, /* timer @clock */
};

/* POSIX timers of the daemon at once. */
#define TKP_TIMERS 8

/* Virtual UDP sockets: at most this many at once, this much payload in one packet. */
#define TKP_NET_SOCKS 64
#define TKP_NET_MAX_PAYLOAD 2048
#define TKP_NET_BELLS TKP_NET_SOCKS

/** struct tkp_net_addr - an IPv4 or IPv6 address and port (network byte order in @addr) */
struct tkp_net_addr {
	int32_t family; /* AF_INET, AF_INET6, or 0: none */
	uint32_t port; /* host byte order */
	uint8_t addr[16];
};

/** struct tkp_net_bell - @queued packets have arrived for @fd and are not read yet */
struct tkp_net_bell {
	int32_t fd;
	int32_t queued;
};

/**
 * struct tkp_net_msg - the data message of a TKP_NET_* request or answer
 * @len:    payload bytes that follow (then, in an answer, @nbells struct tkp_net_bell)
 * @nbells: in an answer, every virtual fd with packets queued
 * @addr:   the address of the request; in a received packet, its source
 * @rx_sec, @rx_nsec: in a received packet, the simulated REALTIME at its arrival
 */
struct tkp_net_msg {
	int32_t len;
	int32_t nbells;
	struct tkp_net_addr addr;
	int64_t rx_sec;
	int64_t rx_nsec;
};

/* The largest data message: a header, a packet, every bell. */
#define TKP_NET_MSG_MAX                                     \
	(sizeof(struct tkp_net_msg) + TKP_NET_MAX_PAYLOAD + \
	 TKP_NET_BELLS * sizeof(struct tkp_net_bell))

/** struct tkp_timex - struct timex's fields, all widened (the two sides convert) */
struct tkp_timex {
	int64_t modes, offset, freq, maxerror, esterror, status, constant, precision, tolerance;
	int64_t time_sec, time_usec, tick, ppsfreq, jitter, shift, stabil, jitcnt, calcnt, errcnt,
		stbcnt, tai;
};

/** struct tkp_req - one request of the preload */
struct tkp_req {
	int32_t op;
	int32_t clock;
	int32_t abs;
	int32_t pad;
	int64_t sec;
	int64_t nsec;
	struct tkp_timex tx;
	char what[128];
};

/** struct tkp_rep - tksim's answer: @ret is >= 0 or -errno; @quit asks the daemon to stop */
struct tkp_rep {
	int64_t ret;
	int32_t quit;
	int32_t pad;
	int64_t sec;
	int64_t nsec;
	struct tkp_timex tx;
};

/**
 * struct tkp_shm_time - the SHM refclock segment, as chrony's refclock_shm.c and ntpd's
 * refclock_shm.c read it ("struct shmTime"; the layout is their ABI, not tksim's)
 */
struct tkp_shm_time {
	int mode; /* 1: @count brackets each update */
	volatile int count;
	long clock_sec; /* true time of the sample (clockTimeStampSec) */
	int clock_usec;
	long receive_sec; /* the system clock at the sample (receiveTimeStampSec) */
	int receive_usec;
	int leap;
	int precision;
	int nsamples;
	volatile int valid;
	unsigned int clock_nsec;
	unsigned int receive_nsec;
	int dummy[8];
};

#endif /* TKSIM_SIM_DAEMON_DAEMON_PROTO_H */
