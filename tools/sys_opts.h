/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the simulated hardware's options, shared by `tksim run` and `tksim explain`. */
#ifndef TKSIM_TOOLS_SYS_OPTS_H
#define TKSIM_TOOLS_SYS_OPTS_H

#include "sim/engine.h"

/*
 * --hz, --freq, --ppm, --bits, --start and --profile describe the system to simulate;
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
	SYS_OPT_PROFILE,
};

#define SYS_OPTIONS                                                                             \
	TKSIM_OPT_ARG("hz", SYS_OPT_HZ, "N", "CONFIG_HZ, ticks per second", "1000"),            \
		TKSIM_OPT_ARG("freq", SYS_OPT_FREQ, "HZ", "nominal counter frequency in Hz",    \
			      "2100000000"),                                                    \
		TKSIM_OPT_ARG("ppm", SYS_OPT_PPM, "X",                                          \
			      "true frequency error of the counter in ppm", "35"),              \
		TKSIM_OPT_ARG("bits", SYS_OPT_BITS, "N", "counter width in bits, 1..64", "64"), \
		TKSIM_OPT_ARG("start", SYS_OPT_START, "N", "counter value at boot", "0"),       \
		TKSIM_OPT_ARG("profile", SYS_OPT_PROFILE, "VERSION",                            \
			      "the kernel release to model: 6.18, 6.15, 6.12 or 6.1\n"          \
			      "(tksim bugs --profiles lists what differs)",                     \
			      "6.18")

int sys_opt_parse(struct sim_config *cfg, const char *cmd, int code, const char *arg);

#endif /* TKSIM_TOOLS_SYS_OPTS_H */
