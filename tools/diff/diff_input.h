/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: what `tksim diff` compares: a scenario's settings, timed calls and `at` lines, or
 * a fuzz input, as one op list. */
#ifndef TKSIM_TOOLS_DIFF_DIFF_INPUT_H
#define TKSIM_TOOLS_DIFF_DIFF_INPUT_H

#include "sim/ops/ops.h"
#include "tools/options.h"
#include "tools/scenario/scenario.h"
#include "tools/sys_opts.h"

/** enum diff_input_opt - option codes of the scenario settings (a range of their own) */
enum diff_input_opt {
	DIFF_OPT_DURATION = 1500,
	DIFF_OPT_NTPD,
	DIFF_OPT_ADJTIMEX,
	DIFF_OPT_SETTIMEOFDAY,
};

/* The settings of a `tksim run` scenario that `tksim diff` takes, with their meaning there. */
#define DIFF_INPUT_OPTIONS                                                                        \
	TKSIM_OPT_HEAD("Scenario settings, as tksim run takes them:"),                            \
		TKSIM_OPT_ARG("duration", DIFF_OPT_DURATION, "D",                                 \
			      "compare up to this time (every clock read there)", "the last op"), \
		SYS_OPTIONS,                                                                      \
		TKSIM_OPT_ENUM("ntpd", DIFF_OPT_NTPD, "off",                                      \
			       "the NTP daemon model is tksim run's: diff replays calls", "off",  \
			       "off"),                                                            \
		TKSIM_OPT_ARG("adjtimex", DIFF_OPT_ADJTIMEX, "T:KEY=VAL[,...]",                   \
			      "adjtimex at virtual time T, as tksim run takes it\n(repeatable)",  \
			      NULL),                                                              \
		TKSIM_OPT_ARG("settimeofday", DIFF_OPT_SETTIMEOFDAY, "T:SEC[.FRAC]",              \
			      "settimeofday at virtual time T (repeatable)", NULL)

/**
 * struct diff_input - the op list being built, and where each op came from
 * @opts:        the command's options, and where each was given
 * @scn:         the scenario file (its text holds the option values)
 * @list:        the result: the system and every op in time order
 * @lines:       the scenario line of each op of @list (0: none, e.g. the end read)
 * @at:          the `at` lines so far
 * @at_lines:    their lines
 * @calls:       the timed calls so far (adjtimex, settimeofday)
 * @call_lines:  their lines
 * @duration_ns: the duration setting, 0 for none
 */
struct diff_input {
	struct tksim_optset opts;
	struct scenario scn;
	struct sim_op_list list;
	unsigned int *lines;
	struct sim_op_list at;
	unsigned int *at_lines;
	struct sim_op_list calls;
	unsigned int *call_lines;
	u64 duration_ns;
};

void diff_input_init(struct diff_input *in, const struct tksim_option *table);
int diff_input_scenario(struct diff_input *in, const char *name, scenario_apply_fn *fn, void *ctx);
int diff_input_parse(struct diff_input *in, int code, const char *value);
int diff_input_finish(struct diff_input *in);
int diff_input_read_bytes(struct diff_input *in, const char *path);
void diff_input_free(struct diff_input *in);

#endif /* TKSIM_TOOLS_DIFF_DIFF_INPUT_H */
