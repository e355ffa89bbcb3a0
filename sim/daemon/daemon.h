/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the simulated system's side of `tksim daemon`: answers to a real daemon's time
 * calls. */
#ifndef TKSIM_SIM_DAEMON_DAEMON_H
#define TKSIM_SIM_DAEMON_DAEMON_H

/*
 * The serve loop: one request of the preload at a time, time calls
 * (sim_daemon_serve()) and the virtual network's (sim_daemon_net_serve()),
 * and the waits between them.  It is the top of sim/daemon/: the state
 * (daemon_state.h), the sampling (daemon_sample.h), the shared vvar page
 * (daemon_vvar.h), the network and its timers (daemon_net.h) are leaves it
 * calls; none of them calls back.
 */

#include "sim/daemon/daemon_net.h"
#include "sim/daemon/daemon_sample.h"
#include "sim/daemon/daemon_state.h"
#include "sim/daemon/daemon_vvar.h"

void sim_daemon_serve(struct sim_daemon *d, const struct tkp_req *rq, struct tkp_rep *rp);

#endif /* TKSIM_SIM_DAEMON_DAEMON_H */
