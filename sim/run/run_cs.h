/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: a run's clocksources and time namespace: entering it, when RAW is exact. */
#ifndef TKSIM_SIM_RUN_RUN_CS_H
#define TKSIM_SIM_RUN_RUN_CS_H

#include <stdbool.h>

#include "sim/engine.h"
#include "timekeeper/namespace.h"

int sim_run_cs_timens(struct time_namespace *ns, struct sim_system *s,
		      const struct proc_timens_offset off[2]);
bool sim_run_cs_raw_exact(const struct sim_system *s, u64 first_event_ns);

#endif /* TKSIM_SIM_RUN_RUN_CS_H */
