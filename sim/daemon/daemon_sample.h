/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: what `tksim daemon` records while the daemon runs (sim/daemon/daemon_sample.c). */
#ifndef TKSIM_SIM_DAEMON_DAEMON_SAMPLE_H
#define TKSIM_SIM_DAEMON_DAEMON_SAMPLE_H

#include <stdio.h>

#include "vdso/types.h"

struct sim_daemon;

void sim_daemon_print_state(struct sim_daemon *d, FILE *f);
u64 sim_daemon_next_sample_ns(const struct sim_daemon *d);
void sim_daemon_sample(struct sim_daemon *d);
void sim_daemon_csv_header(struct sim_daemon *d);
double sim_daemon_clock_freq_ppm(const struct sim_daemon *d);

#endif /* TKSIM_SIM_DAEMON_DAEMON_SAMPLE_H */
