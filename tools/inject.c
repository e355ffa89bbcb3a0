// SPDX-License-Identifier: GPL-2.0
// tksim's own: refusing to inject a bug that the deterministic commands cannot show.
#include "tools/usage.h"

#include "sim/bugs.h"

/**
 * tksim_refuse_unseen_bugs() - refuse to inject a bug this command cannot show
 * @cmd:  the command name
 * @mask: the bugs asked for (BUG_* bits)
 *
 * Return: 0, or TKSIM_EXIT_USAGE after naming the bug and the command that does show it.
 */
int tksim_refuse_unseen_bugs(const char *cmd, u64 mask)
{
	const char *why, *file, *q;
	const struct sim_bug *bug = sim_bugs_unseen(mask, &why);
	unsigned int line;

	if (!bug)
		return 0;
	/* In a file the command to use is quoted, so that its options keep their dashes. */
	tksim_get_input(&file, &line);
	q = file ? "'" : "";
	return tksim_usage_error(cmd, "--inject %s: %s; %s%s%s%s", bug->name, why, q, bug->shows, q,
				 bug->concurrent ? " does" : "");
}
