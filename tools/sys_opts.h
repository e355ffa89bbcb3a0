/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the simulated hardware's options, shared by `tksim run` and `tksim explain`. */
#ifndef TKSIM_TOOLS_SYS_OPTS_H
#define TKSIM_TOOLS_SYS_OPTS_H

#include "sim/engine.h"

/*
 * --hz, --freq, --ppm, --bits and --start describe the system to simulate;
 * every command that builds one takes them with one meaning and one set of
 * limits.  A command puts SYS_OPTIONS in its option table and hands the
 * codes to sys_opt_parse().
 */

/** enum sys_opt - option codes (a range of their own, after run_bugs.h's) */
enum sys_opt {
	SYS_OPT_HZ = 1400,
	SYS_OPT_FREQ,
	SYS_OPT_PPM,
	SYS_OPT_BITS,
	SYS_OPT_START,
};

#define SYS_OPTIONS                                                                       \
	{ "hz", SYS_OPT_HZ, TKSIM_OPT_VALUE }, { "freq", SYS_OPT_FREQ, TKSIM_OPT_VALUE }, \
		{ "ppm", SYS_OPT_PPM, TKSIM_OPT_VALUE },                                  \
		{ "bits", SYS_OPT_BITS, TKSIM_OPT_VALUE },                                \
	{                                                                                 \
		"start", SYS_OPT_START, TKSIM_OPT_VALUE                                   \
	}

int sys_opt_parse(struct sim_config *cfg, const char *cmd, int code, const char *arg);

#endif /* TKSIM_TOOLS_SYS_OPTS_H */
