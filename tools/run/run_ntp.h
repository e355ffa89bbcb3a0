/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the NTP options of `tksim run` (daemon model, scripted adjtimex, leap second). */
#ifndef TKSIM_TOOLS_RUN_RUN_NTP_H
#define TKSIM_TOOLS_RUN_RUN_NTP_H

/*
 * cmd_run.c keeps the run loop; this part parses the NTP options, sets up
 * the daemon and the scripted calls (tools/run/run_ntp.c; the calls' text in
 * tools/timed_calls.c), and reports on them (tools/run/run_ntp_report.c).
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
#include "tools/timed_calls.h"

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
#define RUN_NTP_OPTIONS                                                                           \
	TKSIM_OPT_HEAD("NTP (see docs/ntp.md):"),                                                 \
		TKSIM_OPT_ENUM("ntpd", RUN_OPT_NTPD, "on|off",                                    \
			       "the NTP daemon model: measures REALTIME against the\n"            \
			       "truth every poll and steers the kernel's PLL",                    \
			       "on", "on off"),                                                   \
		TKSIM_OPT_ARG("poll", RUN_OPT_POLL, "N",                                          \
			      "poll interval 2^N s, 0..17, also the time constant", "4"),         \
		TKSIM_OPT_FLAG("fll", RUN_OPT_FLL,                                                \
			       "let the kernel's FLL take part (STA_FLL; polls >= 2^8 s)"),       \
		TKSIM_OPT_ARG("noise", RUN_OPT_NOISE, "NS",                                       \
			      "measurement noise, standard deviation: 500, 20us, 1ms", NULL),     \
		TKSIM_OPT_ARG("boot-error", RUN_OPT_BOOT_ERROR, "NS",                             \
			      "REALTIME at boot this far from the truth: 50ms, -2s", NULL),       \
		TKSIM_OPT_ARG("wander", RUN_OPT_WANDER, "PPB",                                    \
			      "counter frequency random walk per --wander-interval (ppb)", NULL), \
		TKSIM_OPT_ARG("drift", RUN_OPT_DRIFT, "PPB",                                      \
			      "counter frequency drift, ppb per hour", NULL),                     \
		TKSIM_OPT_ARG("wander-interval", RUN_OPT_WANDER_INTERVAL, "D",                    \
			      "how often wander and drift act", "60s"),                           \
		TKSIM_OPT_ARG("adjtimex", RUN_OPT_ADJTIMEX, "T:KEY=VAL[,...]",                    \
			      "an adjtimex call at virtual time T, exact to the\n"                \
			      "ns, checked by the fuzz oracle (repeatable);\n"                    \
			      "keys: freq=PPM tick=US offset=NS setoffset=NS adjtime=US\n"        \
			      "status=pll+ins|8193 maxerror=US esterror=US constant=N\n"          \
			      "tai=N, and the flags nano, micro",                                 \
			      NULL),                                                              \
		TKSIM_OPT_ARG("settimeofday", RUN_OPT_SETTIMEOFDAY, "T:SEC[.FRAC]",               \
			      "settimeofday at virtual time T (repeatable)", NULL),               \
		TKSIM_OPT_ENUM("leap", RUN_OPT_LEAP, "insert|delete",                             \
			       "a leap second at the next UTC midnight", NULL, "insert delete"),  \
		TKSIM_OPT_ARG("start-before-midnight", RUN_OPT_START_BEFORE_MIDNIGHT, "D",        \
			      "boot D before the next UTC midnight", "with --leap: 60s")

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

void run_ntp_defaults(struct run_ntp *n);
int run_ntp_parse(struct run_ntp *n, int code, const char *arg);
int run_ntp_configure(struct run_ntp *n, struct sim_config *cfg, const struct tksim_optset *opts);
int run_ntp_start(struct run_ntp *n, struct sim_ntpd *d, struct sim_system *s);
void run_ntp_csv_header(FILE *f);
void run_ntp_csv_row(FILE *f, const struct sim_ntpd *d, struct sim_system *s);
void run_ntp_summary(const struct run_ntp *n, const struct sim_ntpd *d, struct sim_system *s);

#endif /* TKSIM_TOOLS_RUN_RUN_NTP_H */
