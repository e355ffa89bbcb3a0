/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the words of `tksim torture`'s name lists and their bits. */
#ifndef TKSIM_TOOLS_TORTURE_CMD_TORTURE_NAMES_H
#define TKSIM_TOOLS_TORTURE_CMD_TORTURE_NAMES_H

#include <stddef.h>

#include "vdso/types.h"

/* One name of a --checks, --churn, --clocks or --paths list and its bit. */
struct torture_name {
	const char *name;
	u32 bit;
};

extern const struct torture_name torture_check_names[], torture_churn_names[],
	torture_clock_names[], torture_path_names[];
extern const size_t torture_ncheck_names, torture_nchurn_names, torture_nclock_names,
	torture_npath_names;

/* A table and its length, for cmd_torture_format_list(). */
#define TORTURE_NAMES(t) torture_##t##_names, torture_n##t##_names

void cmd_torture_format_list(char *buf, size_t len, const struct torture_name *t, size_t n, u32 m);

#endif /* TKSIM_TOOLS_TORTURE_CMD_TORTURE_NAMES_H */
