/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the oracle's properties inside a time namespace. */
#ifndef TKSIM_SIM_ORACLE_TIMENS_H
#define TKSIM_SIM_ORACLE_TIMENS_H

#include "sim/oracle.h"
#include "timekeeper/namespace.h"

int oracle_check_timens(struct sim_system *s, const struct time_namespace *ns,
			struct oracle_mono *m, char *why, size_t n);

#endif /* TKSIM_SIM_ORACLE_TIMENS_H */
