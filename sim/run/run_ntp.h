/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the NTP daemon model's part in a run: the boot it sets, its checked poll. */
#ifndef TKSIM_SIM_RUN_RUN_NTP_H
#define TKSIM_SIM_RUN_RUN_NTP_H

/*
 * The daemon of sim/ntpd.h beside a run's system:
 *
 *   sim_ntpd_params_default(&p);  ... p as the run wants it ...
 *   sim_run_ntp_boot(&cfg, &p, leap, before_midnight_ns);   before the system is built
 *   s = sim_system_new(&cfg, &err);  sim_ntpd_init(&d, &p, s);
 *   ... sim_run_ntp_poll_checked(&d, s, why, n) when a poll is due (sim/run/run_step.c) ...
 *   sim_run_ntp_read(s, &tx);              the kernel's NTP state, for a report
 */

#include <stddef.h>

#include "sim/engine.h"
#include "sim/ntpd.h"

int sim_run_ntp_boot(struct sim_config *cfg, struct sim_ntpd_params *p, int leap,
		     u64 before_midnight_ns);
int sim_run_ntp_poll_checked(struct sim_ntpd *d, struct sim_system *s, char *why, size_t n);
int sim_run_ntp_read(struct sim_system *s, struct tk_timex *tx);

#endif /* TKSIM_SIM_RUN_RUN_NTP_H */
