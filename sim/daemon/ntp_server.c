// SPDX-License-Identifier: GPL-2.0
/* tksim's own: a simulated NTP server's reply (RFC 5905 section 7.3 packet, section 9 server
 * mode), computed from true time: a perfect stratum-1 server. */

#include "sim/daemon/ntp_server.h"

#include <string.h>

/* Seconds from the NTP era 0 epoch (1900-01-01) to the Unix epoch. */
#define SIM_NTP_UNIX_OFFSET 2208988800LL

/**
 * sim_ntp_put_ts() - write an NTP timestamp (32.32 fixed point seconds since 1900, era 0)
 * @p:       8 bytes, network byte order
 * @unix_ns: the instant in ns since the Unix epoch
 *
 * The fraction is rounded to nearest: 2^-32 s is 0.23 ns, below the clock's 1 ns.
 */
void sim_ntp_put_ts(u8 *p, s64 unix_ns)
{
	s64 sec = unix_ns / (s64)NSEC_PER_SEC, ns = unix_ns % (s64)NSEC_PER_SEC;
	u64 frac, v;

	if (ns < 0) {
		ns += NSEC_PER_SEC;
		sec--;
	}
	frac = (((u64)ns << 32) + NSEC_PER_SEC / 2) / NSEC_PER_SEC;
	v = ((u64)(sec + SIM_NTP_UNIX_OFFSET) << 32) + frac; /* era wrap: mod 2^64 */
	for (int i = 7; i >= 0; i--, v >>= 8)
		p[i] = (u8)v;
}

/**
 * sim_ntp_server_reply() - the server's answer to one packet
 * @req:   the packet as the client sent it
 * @len:   its length
 * @t2_ns: true time at which it reached the server (ns since the Unix epoch): the receive
 *         timestamp
 * @t3_ns: true time at which the answer leaves: the transmit timestamp
 * @li:    the leap indicator to announce (0 none, 1 insert, 2 delete at the end of the day)
 * @out:   SIM_NTP_PACKET_LEN bytes for the answer
 *
 * Return: the answer's length, or 0 when @req is not an NTPv1..4 client request (mode 3):
 * the server ignores it, as a real one ignores what it does not serve.
 */
size_t sim_ntp_server_reply(const u8 *req, size_t len, s64 t2_ns, s64 t3_ns, unsigned int li,
			    u8 *out)
{
	unsigned int vn, mode;

	if (len < SIM_NTP_PACKET_LEN)
		return 0;
	vn = (req[0] >> 3) & 7;
	mode = req[0] & 7;
	if (mode != 3 || vn < 1 || vn > 4)
		return 0;
	memset(out, 0, SIM_NTP_PACKET_LEN);
	out[0] = (u8)(((li & 3) << 6) | (vn << 3) | 4); /* LI, the client's version, server */
	out[1] = 1; /* stratum 1: a primary server */
	out[2] = req[2]; /* poll: the client's */
	out[3] = (u8)-20; /* precision: 2^-20 s, about 1 us */
	/* root delay 0; root dispersion 2^-16 s (15 us), as a good primary server reports */
	out[8 + 2] = 0;
	out[8 + 3] = 1;
	memcpy(out + 12, "TKSM", 4); /* reference id of a stratum-1 server: its source */
	sim_ntp_put_ts(out + 16, t2_ns - t2_ns % (s64)NSEC_PER_SEC - 16 * (s64)NSEC_PER_SEC);
	memcpy(out + 24, req + 40, 8); /* origin: the client's transmit timestamp, as sent */
	sim_ntp_put_ts(out + 32, t2_ns);
	sim_ntp_put_ts(out + 40, t3_ns);
	return SIM_NTP_PACKET_LEN;
}
