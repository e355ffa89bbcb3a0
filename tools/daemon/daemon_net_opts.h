/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: `tksim daemon --server` and the simulated network's side of the protocol loop
 * (tools/daemon/daemon_net_opts.c). */
#ifndef TKSIM_TOOLS_DAEMON_DAEMON_NET_OPTS_H
#define TKSIM_TOOLS_DAEMON_DAEMON_NET_OPTS_H

#include "sim/daemon/daemon_net.h"

/**
 * daemon_parse_server() - one `--server ADDR[,delay=DUR][,jitter=DUR][,asym=TIME]`
 * @arg: the option's value
 * @n:   the network; the server is added to it
 * Return: 0, or the exit status of a usage error (reported).
 */
int daemon_parse_server(const char *arg, struct sim_daemon_net *n);

/**
 * daemon_serve_net() - answer one TKP_NET_* request: read its data message, answer both
 * @d:    the server
 * @sock: the protocol socket
 * @rq:   the request, already read
 * Return: 0, or -1 when the socket failed (the daemon is gone).
 */
int daemon_serve_net(struct sim_daemon *d, int sock, const struct tkp_req *rq);

/**
 * daemon_net_summary() - with --server: what went over the network
 * @d: the server
 * @f: where
 */
void daemon_net_summary(struct sim_daemon *d, FILE *f);

#endif /* TKSIM_TOOLS_DAEMON_DAEMON_NET_OPTS_H */
