// SPDX-License-Identifier: GPL-2.0
// tksim's own: `tksim bugs --profiles`: the table of timekeeper/version.c, printed.
#include "tools/bugs/bugs_profiles.h"

#include <stdio.h>

#include "sim/bugs.h"
#include "timekeeper/version.h"
#include "tools/tksim.h"

/* The names of the differences profile @p has (@has) or lacks, comma-separated. */
static void print_set(enum tk_profile p, bool has)
{
	bool first = true;

	for (unsigned int d = 0; d < TKV_NR; d++) {
		if (tk_profile_has(p, (enum tk_vdiff)d) != has)
			continue;
		printf("%s%s", first ? "" : ", ", tk_vdiffs[d].name);
		first = false;
	}
	printf("%s\n", first ? "none" : "");
}

/**
 * bugs_list_profiles() - print the profiles, then one block per named difference
 * @names: only the profiles' names, one a line (what --profile takes)
 *
 * Return: TKSIM_EXIT_OK.
 */
int bugs_list_profiles(bool names)
{
	for (unsigned int i = 0; i < tk_nr_profiles; i++) {
		enum tk_profile p = tk_profiles[i].profile;

		if (names) {
			printf("%s\n", tk_profiles[i].name);
			continue;
		}
		printf("%s  (Linux %s%s)\n", tk_profiles[i].name, tk_profiles[i].release,
		       p == TK_PROFILE_LATEST ? ", the default" : "");
		printf("    lacks      ");
		print_set(p, false);
	}
	if (names)
		return TKSIM_EXIT_OK;

	for (unsigned int d = 0; d < TKV_NR; d++) {
		const struct tk_vdiff_desc *v = &tk_vdiffs[d];
		const struct sim_bug *b = v->bug ? sim_bug_by_bit(v->bug) : NULL;

		printf("\n%s  (%s; profiles %s and later)\n", v->name, v->release,
		       tk_profile_name(v->since));
		printf("    changes    %s\n", v->what);
		printf("    commit     %s\n", v->commit);
		if (b)
			printf("    before     the bug %s: older profiles switch it on\n", b->name);
		if (v->stable[0])
			printf("    stable     %s\n", v->stable);
	}
	return TKSIM_EXIT_OK;
}
