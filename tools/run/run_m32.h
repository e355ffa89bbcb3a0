/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: `tksim run --m32-readers`, the 32-bit vDSO reader beside the 64-bit kernel. */
#ifndef TKSIM_TOOLS_RUN_RUN_M32_H
#define TKSIM_TOOLS_RUN_RUN_M32_H

/*
 * cmd_run.c keeps the run loop; this part builds the system in shared
 * memory, starts tools/reader32/reader32.c (an i386 process) on its vvar page and
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

#include <sys/types.h>

#include "sim/engine.h"
#include "tools/options.h"
#include "sim/run/reader32_proto.h"

/* Option codes (beyond the NTP and clocksource ones). */
enum run_m32_opt {
	RUN_OPT_M32_READERS = 1200,
	RUN_OPT_M32_INTERVAL,
	RUN_OPT_START_BEFORE_Y2038,
};

/* Their entries of struct tksim_option, to splice into cmd_run's table. */
#define RUN_M32_OPTIONS                                                           \
	{ "m32-readers", RUN_OPT_M32_READERS, 0 },                                \
		{ "m32-interval", RUN_OPT_M32_INTERVAL, TKSIM_OPT_VALUE },        \
	{                                                                         \
		"start-before-y2038", RUN_OPT_START_BEFORE_Y2038, TKSIM_OPT_VALUE \
	}

/* 2038-01-19T03:14:08Z: the first second a signed 32-bit time_t cannot hold. */
#define Y2038_SEC ((time64_t)1 << 31)

/**
 * struct run_m32 - the 32-bit reader of a run
 * @enabled:     --m32-readers
 * @interval_ns: virtual time between checks (--m32-interval, default 1 s)
 * @before_y2038_ns: boot this long before Y2038_SEC; 0: as configured
 * @map:         the shared memory the system lives in (NULL without readers)
 * @map_size:    its size
 * @memfd:       its file, passed down to the reader
 * @pid:         the reader process
 * @to_fd:       pipe to the reader's stdin
 * @from_fd:     pipe from the reader's stdout
 * @next_ns:     virtual time of the next check
 * @instants:    instants checked
 * @calls:       entry-point calls checked
 * @syscalls:    fallbacks the reader made
 * @after_y2038: instants checked with REALTIME past Y2038_SEC
 * @rt32:        the last clock_gettime(REALTIME) through the time32 entry
 * @rt64:        the last one through clock_gettime64
 */
struct run_m32 {
	bool enabled;
	u64 interval_ns;
	u64 before_y2038_ns;
	void *map;
	size_t map_size;
	int memfd;
	pid_t pid;
	int to_fd;
	int from_fd;
	u64 next_ns;
	u64 instants;
	u64 calls;
	u64 syscalls;
	u64 after_y2038;
	struct m32_msg rt32;
	struct m32_msg rt64;
};

void run_m32_defaults(struct run_m32 *m);
int run_m32_parse(struct run_m32 *m, int code, const char *arg);
int run_m32_configure(const struct run_m32 *m, struct sim_config *cfg);
struct sim_system *run_m32_system_new(struct run_m32 *m, const struct sim_config *cfg, int *err);
int run_m32_spawn(struct run_m32 *m, struct sim_system *s, char *why, size_t n);
void run_m32_stop(struct run_m32 *m);
int run_m32_start(struct run_m32 *m, struct sim_system *s);
int run_m32_call(struct run_m32 *m, struct sim_system *s, int op, s32 arg, struct m32_msg *res);
int run_m32_request(struct run_m32 *m, struct sim_system *s, const struct m32_msg *req,
		    struct m32_msg *res);
int run_m32_check(struct run_m32 *m, struct sim_system *s, char *why, size_t n);
void run_m32_summary(const struct run_m32 *m);
void run_m32_system_free(struct run_m32 *m, struct sim_system *s);
void run_m32_help(void);

#endif /* TKSIM_TOOLS_RUN_RUN_M32_H */
