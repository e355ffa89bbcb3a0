/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the clocksource and time-namespace options of `tksim run`. */
#ifndef TKSIM_TOOLS_RUN_RUN_CS_H
#define TKSIM_TOOLS_RUN_RUN_CS_H

/*
 * cmd_run.c keeps the run loop; this part parses the clocksource options,
 * attaches the clocksources to the built system, and reports on them.
 *
 *   run_cs_parse(&c, code, optarg);     for each RUN_OPT_CS_* code
 *   run_cs_start(&c, s);                after the system is built
 *   run_cs_raw_exact_checkable(&c, s)   before oracle_check_raw_exact()
 *   run_cs_check(&c, s, why, n)         at every checked instant: continuity
 *                                       across a switch, the namespace's clocks
 *   run_cs_summary(&c, s);
 */

#include <stdio.h>

#include "sim/clocksources.h"
#include "sim/oracle_timens.h"
#include "tools/options.h"

/* Option codes of the clocksource options (beyond the NTP ones). */
enum run_cs_opt {
	RUN_OPT_CLOCKSOURCES = 1100,
	RUN_OPT_WATCHDOG,
	RUN_OPT_COUNTER_EVENT,
	RUN_OPT_TIMENS,
};

/* Their entries of struct tksim_option, to splice into cmd_run's table. */
#define RUN_CS_OPTIONS                                                                         \
	TKSIM_OPT_HEAD("Clocksources (see docs/clocksources.md):"),                            \
		TKSIM_OPT_ARG("clocksources", RUN_OPT_CLOCKSOURCES, "L",                       \
			      "the machine's clocksources: tsc (the counter above) and\n"      \
			      "any of hpet, acpi_pm; jiffies is always there.  Starts\n"       \
			      "the clocksource watchdog",                                      \
			      NULL),                                                           \
		TKSIM_OPT_ENUM("watchdog", RUN_OPT_WATCHDOG, "NAME",                           \
			       "the only watchdog candidate: hpet, acpi_pm or jiffies",        \
			       "the kernel's choice, the best rated", "hpet acpi_pm jiffies"), \
		TKSIM_OPT_ARG("counter-event", RUN_OPT_COUNTER_EVENT,                          \
			      "T:drift=PPM|T:stop|T:jump=[-]D",                                \
			      "at virtual time T the\n"                                        \
			      "TSC's frequency changes by PPM, it stops, or it jumps\n"        \
			      "by D (repeatable)",                                             \
			      NULL),                                                           \
		TKSIM_OPT_ARG("timens", RUN_OPT_TIMENS, "MONO,BOOT",                           \
			      "also read every clock from inside a time namespace\n"           \
			      "whose MONOTONIC and BOOTTIME offsets are MONO and BOOT\n"       \
			      "(1h,2d; as /proc/PID/timens_offsets would set them)",           \
			      NULL)

/**
 * struct run_cs - the clocksource part of a run's options, and its state
 * @enabled:  --clocksources was given (the run has a watchdog)
 * @params:   the hardware
 * @wd_name:  --watchdog's value (storage for @params.watchdog)
 * @ev:       --counter-event's, in command-line order
 * @nr_ev:    how many
 * @css:      the clocksources once attached
 * @timens:   --timens was given
 * @ns_off:   its MONOTONIC and BOOTTIME offsets
 * @ns:       the namespace once entered
 * @ns_mono:  the namespace reader's monotonicity memory
 * @ns_checks: instants checked inside the namespace
 */
struct run_cs {
	bool enabled;
	struct sim_css_params params;
	char wd_name[16];
	struct sim_counter_event ev[SIM_COUNTER_MAX_EVENTS];
	unsigned int nr_ev;
	struct sim_css css;
	bool timens;
	struct proc_timens_offset ns_off[2];
	struct time_namespace ns;
	struct oracle_mono ns_mono;
	u64 ns_checks;
};

int run_cs_parse(struct run_cs *c, int code, const char *arg);
int run_cs_start(struct run_cs *c, struct sim_system *s, const struct tksim_optset *opts);
bool run_cs_raw_exact_checkable(const struct run_cs *c, const struct sim_system *s);
int run_cs_check(struct run_cs *c, struct sim_system *s, char *why, size_t n);
void run_cs_summary(const struct run_cs *c, struct sim_system *s);

#endif /* TKSIM_TOOLS_RUN_RUN_CS_H */
