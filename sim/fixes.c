// SPDX-License-Identifier: GPL-2.0
// tksim's own: the proposed kernel fixes (fix variants), each with the bug it fixes.
#include "sim/fixes.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

const struct sim_fix sim_fixes[] = {
	{
		.name = "coarse-sec",
		.bit = FIX_COARSE_SEC,
		.what = "the coarse clocks keep their own second, set with coarse_nsec whenever "
			"time is accumulated or set; a TK_ADV_FREQ pass that accumulated "
			"nothing moves neither (unless its carry applied a leap second)",
		.changes = "timekeeping_advance(), tk_update_coarse_nsecs(), tk_xtime_coarse(), "
			   "update_vsyscall() (kernel/time/timekeeping.c, kernel/time/vsyscall.c)",
		.why = "since v6.15 (b71f9804f66c) a TK_ADV_FREQ pass that accumulates nothing "
		       "keeps coarse_nsec but may carry (accumulate_nsecs_to_secs()) or borrow "
		       "(timekeeping_adjust()) a second in xtime_sec, which the coarse clocks "
		       "read: they jump a second, and MONOTONIC_COARSE goes back.  Refreshing "
		       "coarse_nsec on the carry instead would bring back what b71f9804f66c "
		       "fixed (coarse time re-derived from an xtime_nsec lowered by "
		       "offset * delta-mult)",
		.finding = "coarse-second-step",
		.report = "docs/findings/coarse-clock-step.md",
		.shows = "tksim run --fix coarse-sec scenarios/coarse-second-step.scn",
	},
};

const unsigned int sim_nr_fixes = sizeof(sim_fixes) / sizeof(sim_fixes[0]);

/** sim_fix_find() - the fix named @name, or NULL. */
const struct sim_fix *sim_fix_find(const char *name)
{
	for (unsigned int i = 0; i < sim_nr_fixes; i++)
		if (!strcmp(sim_fixes[i].name, name))
			return &sim_fixes[i];
	return NULL;
}

/* The fix whose name is the @len bytes at @s, "none" (mask 0) or "all". */
static int fix_word(const char *s, size_t len, u64 *m)
{
	if (len == 4 && !strncmp(s, "none", 4))
		return 0;
	if (len == 3 && !strncmp(s, "all", 3)) {
		*m |= FIX_MASK;
		return 0;
	}
	for (unsigned int i = 0; i < sim_nr_fixes; i++)
		if (strlen(sim_fixes[i].name) == len && !strncmp(sim_fixes[i].name, s, len)) {
			*m |= sim_fixes[i].bit;
			return 0;
		}
	return -EINVAL;
}

/**
 * sim_fixes_parse() - a comma-separated list of fix names
 * @list: e.g. "coarse-sec", "none" or "all"
 * @mask: out, the FIX_* bits (ORed into what is there)
 *
 * Return: 0, or -EINVAL for an unknown or empty name (nothing is changed then).
 */
int sim_fixes_parse(const char *list, u64 *mask)
{
	u64 m = 0;

	for (const char *s = list;; s++) {
		size_t len = strcspn(s, ",");

		if (!len || fix_word(s, len, &m))
			return -EINVAL;
		s += len;
		if (!*s)
			break;
	}
	*mask |= m;
	return 0;
}

/**
 * sim_fixes_format() - the names of the fixes in @mask, comma-separated
 * @mask: FIX_* bits
 * @buf:  output ("none" for 0)
 * @n:    its size
 *
 * Return: 0, or -ENOSPC if @buf was too small (it is truncated).
 */
int sim_fixes_format(u64 mask, char *buf, size_t n)
{
	size_t len = 0;

	if (!n)
		return -ENOSPC;
	snprintf(buf, n, "none");
	for (unsigned int i = 0; i < sim_nr_fixes; i++) {
		if (!(mask & sim_fixes[i].bit))
			continue;
		if (len >= n)
			return -ENOSPC;
		len += (size_t)snprintf(buf + len, len < n ? n - len : 0, "%s%s", len ? "," : "",
					sim_fixes[i].name);
	}
	return len < n ? 0 : -ENOSPC;
}

/**
 * sim_fixes_apply() - switch fixes on (and every other one off) in a kernel
 * @k:    a booted kernel; no thread may be using it yet
 * @mask: FIX_* bits
 */
void sim_fixes_apply(struct tk_kernel *k, u64 mask)
{
	k->fixes = mask & FIX_MASK;
}
