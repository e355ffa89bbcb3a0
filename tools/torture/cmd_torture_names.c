// SPDX-License-Identifier: GPL-2.0
// tksim's own: the words of `tksim torture`'s --checks, --churn, --clocks and --paths lists.
#include "tools/torture/cmd_torture_names.h"

#include <stdio.h>

#include "sim/clocks.h"
#include "sim/torture/torture.h"

const struct torture_name torture_check_names[] = {
	{ "seqcount", TORTURE_CHECK_SEQCOUNT },
	{ "inconsistency", TORTURE_CHECK_INCONSISTENCY },
	{ "threadtest", TORTURE_CHECK_THREADTEST },
	{ "sandwich", TORTURE_CHECK_SANDWICH },
	{ "litmus", TORTURE_CHECK_LITMUS },
};
const struct torture_name torture_churn_names[] = {
	{ "freq", TORTURE_CHURN_FREQ },
	{ "offset", TORTURE_CHURN_OFFSET },
	{ "settime", TORTURE_CHURN_SETTIME },
	{ "aux", TORTURE_CHURN_AUX },
};
#define TORTURE_CLOCK(id, name, arg, vdsotest) { arg, BIT(id) },
const struct torture_name torture_clock_names[] = { SIM_VDSO_CLOCKS(TORTURE_CLOCK) };
#undef TORTURE_CLOCK
const struct torture_name torture_path_names[] = {
	{ "vdso", TORTURE_PATH_VDSO },
	{ "syscall", TORTURE_PATH_SYSCALL },
};

#define N(t) sizeof(t) / sizeof((t)[0])
const size_t torture_ncheck_names = N(torture_check_names),
	     torture_nchurn_names = N(torture_churn_names),
	     torture_nclock_names = N(torture_clock_names),
	     torture_npath_names = N(torture_path_names);
#undef N

/**
 * cmd_torture_format_list() - the names of the bits of a mask, comma-separated, or "none"
 * @buf: room for the list
 * @len: its size
 * @t:   the name table
 * @n:   its length
 * @m:   the mask
 */
void cmd_torture_format_list(char *buf, size_t len, const struct torture_name *t, size_t n, u32 m)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		if ((m & t[i].bit) && used < len)
			used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? "," : "",
						 t[i].name);
	}
	if (!used)
		snprintf(buf, len, "none");
}
