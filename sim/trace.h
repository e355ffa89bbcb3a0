/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: a per-tick trace of every number the timekeeper keeps (for teaching and diffing). */
#ifndef TKSIM_SIM_TRACE_H
#define TKSIM_SIM_TRACE_H

#include <stdio.h>

#include "sim/engine.h"

const char *sim_time_state_name(int state);
void sim_trace_header(FILE *f, unsigned int aux);
void sim_trace_row(FILE *f, const struct sim_system *s, unsigned int aux);

#endif /* TKSIM_SIM_TRACE_H */
