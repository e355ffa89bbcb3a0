/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: `tksim run`'s injected bugs and the conditions that expose them. */
#ifndef TKSIM_TOOLS_RUN_RUN_BUGS_H
#define TKSIM_TOOLS_RUN_RUN_BUGS_H

/*
 * Every deterministic bug of sim/bugs.c shows in `tksim run` given the
 * condition it needs; these options create them:
 *
 *   --inject LIST    the bugs (the threaded ones belong to tksim torture)
 *   --fix LIST       the proposed kernel fixes (sim/fixes.h), the inverse
 *                    of --inject
 *   --stall T:D      at T the tick stops for D while the counter runs (a
 *                    paused VM; D may pass max_idle_ns and max_cycles)
 *   --suspend T:D    at T the system suspends for D: the simulated world
 *                    (virtual time, the counter) stands still and the resume
 *                    injects D, as a persistent clock would report it;
 *                    REALTIME then runs D ahead of the daemon's reference
 *
 * and a frequency change at a chosen instant is --adjtimex T:freq=PPM,
 * checked by the op executor and sim_run_unmoved_end() (sim/run/run_calls.h).
 */

#include "sim/engine.h"
#include "sim/ops/ops.h"
#include "tools/options.h"

/* Option codes, beyond run_ntp's, run_cs's and run_m32's. */
enum run_bugs_opt {
	RUN_OPT_INJECT = 1300,
	RUN_OPT_STALL,
	RUN_OPT_SUSPEND,
	RUN_OPT_FIX,
	RUN_OPT_KNOWN_FAIL,
};

#define RUN_BUGS_OPTIONS                                                                     \
	TKSIM_OPT_HEAD("Injected bugs (see `tksim bugs`, which gives each its command):"),   \
		TKSIM_OPT_MORE(TKSIM_OPT_BUGS, "inject", RUN_OPT_INJECT, "LIST",             \
			       "historical bugs to switch on, comma-separated; the ones\n"   \
			       "only real threads show belong to tksim torture",             \
			       NULL),                                                        \
		TKSIM_OPT_MORE(TKSIM_OPT_FIXES, "fix", RUN_OPT_FIX, "LIST",                  \
			       "proposed kernel fixes to switch on, comma-separated (the\n"  \
			       "inverse of --inject; tksim bugs lists them)",                \
			       NULL),                                                        \
		TKSIM_OPT_FLAG("known-fail", RUN_OPT_KNOWN_FAIL,                             \
			       "the op executor's known kernel bugs and behaviours are\n"    \
			       "violations too (tksim fuzz --known-fail): a fuzz finding\n"  \
			       "replays to its own signature"),                              \
		TKSIM_OPT_ARG("stall", RUN_OPT_STALL, "T:D",                                 \
			      "at time T the tick stops for D while the counter runs on\n"   \
			      "(a paused VM; D may pass max_idle_ns), one check at its end", \
			      NULL),                                                         \
		TKSIM_OPT_ARG("suspend", RUN_OPT_SUSPEND, "T:D",                             \
			      "at time T the system suspends for D: the resume injects D\n"  \
			      "(the simulated world stands still; REALTIME ends D ahead\n"   \
			      "of the daemon's reference)",                                  \
			      NULL)

/**
 * struct run_gap - one stall or suspend
 * @t_ns: when it begins (virtual time)
 * @d_ns: how long
 * @done: it has happened
 */
struct run_gap {
	u64 t_ns;
	u64 d_ns;
	bool done;
};

/**
 * struct run_bugs - the bug options of a run
 * @inject:  BUG_* bits
 * @fix:     FIX_* bits
 * @known_fail: --known-fail
 * @stall:   the paused-VM gap, if @stall.d_ns
 * @suspend: the suspend, if @suspend.d_ns
 */
struct run_bugs {
	u64 inject;
	u64 fix;
	bool known_fail;
	struct run_gap stall;
	struct run_gap suspend;
};

int run_bugs_parse(struct run_bugs *b, int code, const char *arg);
int run_bugs_start(const struct run_bugs *b, struct sim_system *s, u64 duration_ns,
		   const struct tksim_optset *opts);
int run_bugs_check_ops(const struct run_bugs *b, const struct sim_op_list *ops,
		       const struct tksim_optset *opts);
int run_bugs_gap(struct run_bugs *b, struct sim_system *s, char *why, size_t n);
int run_bugs_check_system(const struct sim_system *s, const struct tksim_optset *opts);

#endif /* TKSIM_TOOLS_RUN_RUN_BUGS_H */
