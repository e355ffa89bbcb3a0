/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: POSIX timers of a real daemon in virtual time (sim/daemon/daemon_timer.c). */
#ifndef TKSIM_SIM_DAEMON_DAEMON_TIMER_H
#define TKSIM_SIM_DAEMON_DAEMON_TIMER_H

#include "sim/daemon/daemon_proto.h"
#include "sim/engine.h"

/**
 * struct sim_daemon_timer - one timer_create() timer
 * @used:        created and not deleted
 * @armed:       set to expire
 * @clock:       the clock it runs on
 * @expires:     when that clock reads this (ns), it expires
 * @interval_ns: then again this much later (0: once)
 */
struct sim_daemon_timer {
	bool used;
	bool armed;
	s32 clock;
	__int128 expires;
	u64 interval_ns;
};

s64 sim_daemon_timer_op(struct sim_daemon_timer *timers, struct sim_system *s,
			const struct tkp_req *rq, const u8 *payload, s32 len, struct tkp_rep *rp);
bool sim_daemon_timer_nearest(const struct sim_daemon_timer *timers, struct sim_system *s,
			      s32 *clock, __int128 *target);
int sim_daemon_timer_fire(struct sim_daemon_timer *timers, struct sim_system *s, s32 *ids);

#endif /* TKSIM_SIM_DAEMON_DAEMON_TIMER_H */
