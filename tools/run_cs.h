/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the clocksource options of `tksim run` (hardware, watchdog, counter events). */
#ifndef TKSIM_TOOLS_RUN_CS_H
#define TKSIM_TOOLS_RUN_CS_H

/*
 * cmd_run.c keeps the run loop; this part parses the clocksource options,
 * attaches the clocksources to the built system, and reports on them.
 *
 *   run_cs_parse(&c, code, optarg);     for each RUN_OPT_CS_* code
 *   run_cs_start(&c, s);                after the system is built
 *   run_cs_raw_exact_checkable(&c, s)   before oracle_check_raw_exact()
 *   run_cs_violation(&c)                after every check
 *   run_cs_summary(&c, s);
 */

#include <getopt.h>
#include <stdio.h>

#include "sim/clocksources.h"

/* getopt_long codes of the clocksource options (beyond the NTP ones). */
enum run_cs_opt {
	RUN_OPT_CLOCKSOURCES = 1100,
	RUN_OPT_WATCHDOG,
	RUN_OPT_COUNTER_EVENT,
};

/* The entries of struct option for them, to splice into cmd_run's table. */
#define RUN_CS_LONGOPTS                                                         \
	{ "clocksources", required_argument, NULL, RUN_OPT_CLOCKSOURCES },      \
		{ "watchdog", required_argument, NULL, RUN_OPT_WATCHDOG },      \
	{                                                                       \
		"counter-event", required_argument, NULL, RUN_OPT_COUNTER_EVENT \
	}

/**
 * struct run_cs - the clocksource part of a run's options, and its state
 * @enabled:  --clocksources was given (the run has a watchdog)
 * @params:   the hardware
 * @wd_name:  --watchdog's value (storage for @params.watchdog)
 * @ev:       --counter-event's, in command-line order
 * @nr_ev:    how many
 * @css:      the clocksources once attached
 */
struct run_cs {
	bool enabled;
	struct sim_css_params params;
	char wd_name[16];
	struct sim_counter_event ev[SIM_COUNTER_MAX_EVENTS];
	unsigned int nr_ev;
	struct sim_css css;
};

int run_cs_parse(struct run_cs *c, int code, const char *arg);
int run_cs_start(struct run_cs *c, struct sim_system *s);
bool run_cs_raw_exact_checkable(const struct run_cs *c, const struct sim_system *s);
const char *run_cs_violation(const struct run_cs *c);
void run_cs_help(void);
void run_cs_summary(const struct run_cs *c, struct sim_system *s);

#endif /* TKSIM_TOOLS_RUN_CS_H */
