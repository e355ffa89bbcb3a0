// SPDX-License-Identifier: GPL-2.0
/* tksim's own: `tksim daemon --server` and the data messages of the simulated network's
 * requests (docs/daemons.md, "Virtual UDP sockets"). */

#define _GNU_SOURCE
#include "tools/daemon/daemon_net_opts.h"

#include <arpa/inet.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "tools/parse.h"
#include "tools/tksim.h"

/* A default path: 1 ms each way, as to a server in the same region. */
#define DMN_SERVER_DELAY_NS 1000000

int daemon_parse_server(const char *arg, struct sim_daemon_net *n)
{
	struct sim_ntp_server *srv;
	char buf[256], *p, *save = NULL;

	if (n->nservers == SIM_NET_MAX_SERVERS)
		return tksim_usage_error("daemon", "at most %d --server", SIM_NET_MAX_SERVERS);
	if (snprintf(buf, sizeof(buf), "%s", arg) >= (int)sizeof(buf))
		return tksim_usage_error("daemon", "--server '%s' is too long", arg);
	srv = &n->servers[n->nservers];
	memset(srv, 0, sizeof(*srv));
	srv->delay_ns = DMN_SERVER_DELAY_NS;
	p = strtok_r(buf, ",", &save);
	if (p && inet_pton(AF_INET, p, srv->addr.addr) == 1)
		srv->addr.family = AF_INET;
	else if (p && inet_pton(AF_INET6, p, srv->addr.addr) == 1)
		srv->addr.family = AF_INET6;
	else
		return tksim_usage_error(
			"daemon", "--server wants a numeric IPv4 or IPv6 address first, not '%s'",
			p ? p : "");
	srv->addr.port = SIM_NTP_PORT;
	while ((p = strtok_r(NULL, ",", &save))) {
		char *v = strchr(p, '=');
		s64 t;

		if (v)
			*v++ = 0;
		if (v && !strcmp(p, "delay") && !tksim_parse_duration_ns(v, &srv->delay_ns) &&
		    srv->delay_ns <= NSEC_PER_SEC)
			continue;
		if (v && !strcmp(p, "jitter") && !tksim_parse_duration_ns(v, &srv->jitter_ns) &&
		    srv->jitter_ns <= NSEC_PER_SEC)
			continue;
		if (v && !strcmp(p, "asym") && !tksim_parse_time_ns(v, NSEC_PER_SEC, &t) &&
		    t >= -(s64)NSEC_PER_SEC && t <= (s64)NSEC_PER_SEC) {
			srv->asym_ns = t;
			continue;
		}
		return tksim_usage_error(
			"daemon",
			"--server: bad '%s%s%s' (delay=DUR, jitter=DUR, asym=TIME, "
			"each within 1s)",
			p, v ? "=" : "", v ? v : "");
	}
	if (srv->asym_ns < -(s64)srv->delay_ns)
		return tksim_usage_error("daemon",
					 "--server: asym=%lld ns makes the request's path "
					 "negative (delay=%llu ns)",
					 (long long)srv->asym_ns,
					 (unsigned long long)srv->delay_ns);
	n->nservers++;
	return 0;
}

static ssize_t dmn_recv(int sock, void *buf, size_t len)
{
	ssize_t n;

	do
		n = recv(sock, buf, len, 0);
	while (n < 0 && errno == EINTR);
	return n;
}

int daemon_serve_net(struct sim_daemon *d, int sock, const struct tkp_req *rq)
{
	static unsigned char in[TKP_NET_MSG_MAX], out[TKP_NET_MSG_MAX];
	struct tkp_rep rp;
	ssize_t n = dmn_recv(sock, in, sizeof(in));
	size_t outlen;

	if (n < 0)
		return -1;
	outlen = sim_daemon_net_serve(d, rq, in, (size_t)n, &rp, out);
	if (send(sock, &rp, sizeof(rp), MSG_NOSIGNAL) != (ssize_t)sizeof(rp) ||
	    send(sock, out, outlen, MSG_NOSIGNAL) != (ssize_t)outlen)
		return -1;
	return 0;
}

void daemon_net_summary(struct sim_daemon *d, FILE *f)
{
	if (d->net && d->net->nservers)
		sim_daemon_net_summary(d, f);
}
