/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the NTP options of `tksim run` (daemon model, scripted adjtimex, leap second). */
#ifndef TKSIM_TOOLS_RUN_RUN_NTP_H
#define TKSIM_TOOLS_RUN_RUN_NTP_H

/*
 * cmd_run.c keeps the run loop; this part parses the NTP options, sets up
 * the daemon and the scripted calls (tools/run/run_ntp.c; the calls' text in
 * tools/run/run_ntp_calls.c), and reports on them (tools/run/run_ntp_report.c).
 *
 *   run_ntp_defaults(&n);                         before option parsing
 *   run_ntp_parse(&n, code, value);               for each RUN_OPT_* code
 *   run_ntp_configure(&n, &cfg, &opts);           before the system is built
 *   run_ntp_start(&n, &ntpd, s);                  after it is built
 *   ... sim_run_step() polls the daemon in the loop (sim/run/run_step.c) ...
 *   run_ntp_summary(&n, &ntpd, s);  sim_run_calls_free(&n.calls);
 */

#include <stdio.h>

#include "sim/ntpd.h"
#include "sim/run/run_calls.h"
#include "tools/options.h"

/* Option codes of the NTP options (beyond any character). */
enum run_ntp_opt {
	RUN_OPT_NTPD = 1000,
	RUN_OPT_POLL,
	RUN_OPT_FLL,
	RUN_OPT_NOISE,
	RUN_OPT_WANDER,
	RUN_OPT_WANDER_INTERVAL,
	RUN_OPT_DRIFT,
	RUN_OPT_BOOT_ERROR,
	RUN_OPT_ADJTIMEX,
	RUN_OPT_SETTIMEOFDAY,
	RUN_OPT_LEAP,
	RUN_OPT_START_BEFORE_MIDNIGHT,
};

/* Their entries of struct tksim_option, to splice into cmd_run's table. */
#define RUN_NTP_OPTIONS                                                                       \
	{ "ntpd", RUN_OPT_NTPD, TKSIM_OPT_VALUE }, { "poll", RUN_OPT_POLL, TKSIM_OPT_VALUE }, \
		{ "fll", RUN_OPT_FLL, 0 }, { "noise", RUN_OPT_NOISE, TKSIM_OPT_VALUE },       \
		{ "wander", RUN_OPT_WANDER, TKSIM_OPT_VALUE },                                \
		{ "wander-interval", RUN_OPT_WANDER_INTERVAL, TKSIM_OPT_VALUE },              \
		{ "drift", RUN_OPT_DRIFT, TKSIM_OPT_VALUE },                                  \
		{ "boot-error", RUN_OPT_BOOT_ERROR, TKSIM_OPT_VALUE },                        \
		{ "adjtimex", RUN_OPT_ADJTIMEX, TKSIM_OPT_VALUE },                            \
		{ "settimeofday", RUN_OPT_SETTIMEOFDAY, TKSIM_OPT_VALUE },                    \
		{ "leap", RUN_OPT_LEAP, TKSIM_OPT_VALUE },                                    \
	{                                                                                     \
		"start-before-midnight", RUN_OPT_START_BEFORE_MIDNIGHT, TKSIM_OPT_VALUE       \
	}

/**
 * struct run_ntp - the NTP part of a run's options
 * @daemon:          the daemon's parameters (enabled, poll, noise, ...)
 * @wander_ppb:      counter random walk per interval (ppb)
 * @wander_interval: interval of the walk and the drift (ns)
 * @drift_ppb_h:     counter drift (ppb per hour)
 * @leap:            +1 insert, -1 delete, 0 none
 * @before_midnight: boot this long before the next UTC midnight (ns); 0: as configured
 * @calls:           the timed calls (--adjtimex, --settimeofday, --leap without
 *                   the daemon), ops run by the op executor (sim/run/run_calls.h)
 */
struct run_ntp {
	struct sim_ntpd_params daemon;
	u64 wander_ppb;
	u64 wander_interval;
	s64 drift_ppb_h;
	int leap;
	u64 before_midnight;
	struct sim_run_calls calls;
};

/* Calls on the command line, at most (a timeline has no limit). */
#define RUN_MAX_CALLS 64

/**
 * run_calls_add() - sim_run_calls_add(), by the name run_ntp_parse() calls it
 * @rc:   the calls
 * @op:   the op
 * @name: its name in reports
 * @text: what the user wrote (kept, not copied)
 *
 * Return: 0, or -ENOMEM.
 */
static inline int run_calls_add(struct sim_run_calls *rc, const struct sim_op *op, const char *name,
				const char *text)
{
	return sim_run_calls_add(rc, op, name, text);
}

void run_ntp_defaults(struct run_ntp *n);
int run_ntp_parse(struct run_ntp *n, int code, const char *arg);
int run_ntp_parse_adjtimex(struct sim_op *op, const char *arg);
int run_ntp_parse_settimeofday(struct sim_op *op, const char *arg);
int run_ntp_configure(struct run_ntp *n, struct sim_config *cfg, const struct tksim_optset *opts);
int run_ntp_start(struct run_ntp *n, struct sim_ntpd *d, struct sim_system *s);
void run_ntp_help(void);
void run_ntp_csv_header(FILE *f);
void run_ntp_csv_row(FILE *f, const struct sim_ntpd *d, struct sim_system *s);
void run_ntp_summary(const struct run_ntp *n, const struct sim_ntpd *d, struct sim_system *s);

#endif /* TKSIM_TOOLS_RUN_RUN_NTP_H */
