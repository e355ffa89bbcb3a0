/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the --json report of `tksim run` (schema in docs/output.md). */
#ifndef TKSIM_TOOLS_RUN_RUN_JSON_H
#define TKSIM_TOOLS_RUN_RUN_JSON_H

#include <stdio.h>

#include "sim/ntpd.h"
#include "sim/oracle.h"
#include "sim/run/run_calls.h"

/**
 * struct run_result - what a run found, for the report
 * @seed:         the seed of the run
 * @st:           the oracle's counts
 * @wall_s:       wall-clock seconds the run took (the only host-dependent number)
 * @violation:    the violated property in words, or NULL when all held
 * @violation_ns: the simulated time of the violation
 * @signal:       the signal that interrupted the run ("SIGTERM"), or NULL
 * @calls:        the timed calls and their results
 * @aux:          the aux clocks of the run (bit n: CLOCK_AUX + n): each enabled one is a
 *                "clocks" entry after the system clocks
 */
struct run_result {
	u64 seed;
	const struct oracle_stats *st;
	double wall_s;
	const char *violation;
	u64 violation_ns;
	const char *signal;
	const struct sim_run_calls *calls;
	unsigned int aux;
};

void run_print_json(FILE *f, struct sim_system *s, const struct sim_ntpd *d,
		    const struct run_result *r);

#endif /* TKSIM_TOOLS_RUN_RUN_JSON_H */
