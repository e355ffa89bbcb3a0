// SPDX-License-Identifier: GPL-2.0
// tksim's own: the known findings, kernel behaviours the oracle reports but that are not tksim
// bugs.
/*
 * Each entry is a finding signature, "PROPERTY CLOCK OPKIND" ("*" matches
 * any one word), and the explanation, with the kernel source it comes from.
 * `tksim fuzz` and the fuzz targets report a known finding as known, not as
 * a failure (`tksim fuzz --known-fail` treats them as failures).  Add an
 * entry only with the kernel lines that show the behaviour is the kernel's.
 */
#include <string.h>

#include "sim/oracle_ops.h"

static const struct {
	const char *sig;
	const char *why;
} known[] = {
	{ "coarse-not-ahead *_COARSE adjtimex",
	  "v6.15 coarse-clock second step: an immediate frequency change (do_adjtimex -> "
	  "timekeeping_advance(TK_ADV_FREQ) -> timekeeping_adjust) lowers mult and so raises "
	  "xtime_nsec by offset * adj; if that carries xtime_nsec past a second, "
	  "accumulate_nsecs_to_secs() moves xtime_sec while coarse_nsec, refreshed only by "
	  "tk_update_coarse_nsecs() when time is accumulated, keeps its old value: *_COARSE "
	  "runs a second ahead of the fine clock until the next tick (kernel/time/timekeeping.c "
	  "v6.15, commit b71f9804f66c; see docs/design.md and scenarios/coarse-second-step.scn)" },
	{ "coarse-not-ahead *_COARSE clock_adjtime",
	  "the same v6.15 coarse-clock second step, reached through clock_adjtime(CLOCK_REALTIME)" },
};

/* One word of a signature against one word of a pattern ("*", or "*_X" matching a suffix). */
static bool word_match(const char *pat, size_t pl, const char *w, size_t wl)
{
	if (pl == 1 && pat[0] == '*')
		return true;
	if (pl > 1 && pat[0] == '*')
		return wl >= pl - 1 && !memcmp(w + wl - (pl - 1), pat + 1, pl - 1);
	return pl == wl && !memcmp(pat, w, pl);
}

static bool sig_match(const char *pat, const char *sig)
{
	while (*pat && *sig) {
		size_t pl = strcspn(pat, " "), wl = strcspn(sig, " ");

		if (!word_match(pat, pl, sig, wl))
			return false;
		pat += pl + (pat[pl] == ' ');
		sig += wl + (sig[wl] == ' ');
	}
	return !*pat && !*sig;
}

/** oracle_known_explain() - the explanation of a known finding, or NULL if @sig is not one. */
const char *oracle_known_explain(const char *sig)
{
	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (sig_match(known[i].sig, sig))
			return known[i].why;
	return NULL;
}

/** oracle_known_list() - print every known finding and its explanation. */
void oracle_known_list(FILE *f)
{
	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		fprintf(f, "%s\n    %s\n", known[i].sig, known[i].why);
}
