/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: `tksim run --m32-readers`, the 32-bit vDSO reader beside the 64-bit kernel. */
#ifndef TKSIM_TOOLS_RUN_RUN_M32_H
#define TKSIM_TOOLS_RUN_RUN_M32_H

/*
 * cmd_run.c keeps the run loop; this part has the options, and wires them to
 * the driver of sim/run/run_m32.h, which builds the system in shared memory,
 * starts tools/reader32/reader32.c (an i386 process) on its vvar page and
 * checks, at instants the engine picks, that every i386 entry point returns
 * what the kernel side gives, for every clock id, full width.
 *
 *   run_m32_defaults(&m);                 before option parsing
 *   run_m32_parse(&m, code, optarg);      for each RUN_OPT_M32_* code
 *   run_m32_configure(&m, &cfg);          before the system is built
 *   s = run_m32_system_new(&m, &cfg, &err);
 *   run_m32_start(&m, s);                 after it is built
 *   ... run_m32_check(&m, s, why, n) at each checked instant ...
 *   run_m32_summary(&m);  run_m32_system_free(&m, s);
 */

#include "sim/engine.h"
#include "sim/run/run_m32.h"
#include "tools/options.h"

/* Option codes (beyond the NTP and clocksource ones). */
enum run_m32_opt {
	RUN_OPT_M32_READERS = 1200,
	RUN_OPT_M32_INTERVAL,
	RUN_OPT_START_BEFORE_Y2038,
};

/* Their entries of struct tksim_option, to splice into cmd_run's table. */
#define RUN_M32_OPTIONS                                                                       \
	TKSIM_OPT_HEAD("32-bit readers:"),                                                    \
		TKSIM_OPT_FLAG("m32-readers", RUN_OPT_M32_READERS,                            \
			       "also run the vDSO as i386 code (tksim-reader32, a gcc -m32\n" \
			       "process on the same vvar page) and check every 32-bit\n"      \
			       "entry point against the kernel side; TKSIM_M32_RUNNER\n"      \
			       "runs it under a user-mode emulator (qemu-i386)"),             \
		TKSIM_OPT_ARG("m32-interval", RUN_OPT_M32_INTERVAL, "D",                      \
			      "virtual time between those checks", "1s"),                     \
		TKSIM_OPT_ARG("start-before-y2038", RUN_OPT_START_BEFORE_Y2038, "D",          \
			      "boot D before 2038-01-19T03:14:08Z, the first\n"               \
			      "second a 32-bit time_t cannot hold",                           \
			      NULL)

/**
 * struct run_m32 - the 32-bit reader options of a run, and the reader
 * @enabled:     --m32-readers
 * @interval_ns: virtual time between checks (--m32-interval, default 1 s)
 * @before_y2038_ns: boot this long before Y2038_SEC; 0: as configured
 * @r:           the reader and what it checked (used only when @enabled)
 */
struct run_m32 {
	bool enabled;
	u64 interval_ns;
	u64 before_y2038_ns;
	struct sim_run_m32 r;
};

void run_m32_defaults(struct run_m32 *m);
int run_m32_parse(struct run_m32 *m, int code, const char *arg);
int run_m32_configure(const struct run_m32 *m, struct sim_config *cfg);
struct sim_system *run_m32_system_new(struct run_m32 *m, const struct sim_config *cfg, int *err);
int run_m32_start(struct run_m32 *m, struct sim_system *s);
int run_m32_check(struct run_m32 *m, struct sim_system *s, char *why, size_t n);
void run_m32_summary(const struct run_m32 *m);
void run_m32_system_free(struct run_m32 *m, struct sim_system *s);

#endif /* TKSIM_TOOLS_RUN_RUN_M32_H */
