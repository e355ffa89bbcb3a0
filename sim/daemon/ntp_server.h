/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: a simulated NTP server answering a real daemon's client requests (RFC 5905 wire
 * format; docs/daemons.md, "chronyd with an NTP server"). */
#ifndef TKSIM_SIM_DAEMON_NTP_SERVER_H
#define TKSIM_SIM_DAEMON_NTP_SERVER_H

#include <stddef.h>

#include "sim/daemon/daemon_proto.h"
#include "vdso/types.h"

/* An NTP packet without extension fields or MAC (RFC 5905, figure 8). */
#define SIM_NTP_PACKET_LEN 48
#define SIM_NTP_PORT 123

/**
 * struct sim_ntp_server - one server on the simulated network
 * @addr:      its address (port 123)
 * @delay_ns:  one-way delay of the reply's path
 * @jitter_ns: each one-way delay adds a uniform random 0..@jitter_ns (the seeded RNG)
 * @asym_ns:   the request's path is this much longer than the reply's (may be negative): a
 *             client's offset then errs by @asym_ns / 2
 * @requests:  client requests it answered
 */
struct sim_ntp_server {
	struct tkp_net_addr addr;
	u64 delay_ns;
	u64 jitter_ns;
	s64 asym_ns;
	u64 requests;
};

size_t sim_ntp_server_reply(const u8 *req, size_t len, s64 t2_ns, s64 t3_ns, unsigned int li,
			    u8 *out);
void sim_ntp_put_ts(u8 *p, s64 unix_ns);

#endif /* TKSIM_SIM_DAEMON_NTP_SERVER_H */
