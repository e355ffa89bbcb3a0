/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the `clocksource` op of the op language (see sim/ops/ops.h). */
#ifndef TKSIM_SIM_OPS_OPS_CS_H
#define TKSIM_SIM_OPS_OPS_CS_H

#include "sim/clocksources.h"
#include "sim/ops/oracle_ops.h"

const struct sim_counter *sim_ops_cs_counter(const struct sim_system *s);
int sim_ops_cs_switch(struct sim_system *s, struct oracle_ops *o, struct sim_css **owned, s64 index,
		      char *why, size_t n);
void sim_ops_cs_free(struct sim_system *s, struct sim_css *owned);

#endif /* TKSIM_SIM_OPS_OPS_CS_H */
