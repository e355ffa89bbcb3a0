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

#include "sim/ops/oracle_ops.h"

static const struct {
	const char *sig;
	const char *why;
} known[] = {
	{ "coarse-second-step *_COARSE *",
	  "v6.15 coarse-clock second step: an immediate frequency change (do_adjtimex -> "
	  "timekeeping_advance(TK_ADV_FREQ) -> timekeeping_adjust) lowers mult and so raises "
	  "xtime_nsec by offset * adj; if that carries xtime_nsec past a second, "
	  "accumulate_nsecs_to_secs() moves xtime_sec while coarse_nsec, refreshed only by "
	  "tk_update_coarse_nsecs() when time is accumulated, keeps its old value: *_COARSE "
	  "runs a second ahead of the fine clock until the next tick (kernel/time/timekeeping.c "
	  "v6.15, commit b71f9804f66c; see docs/design.md and scenarios/coarse-second-step.scn).  "
	  "The mirror image: a correction that pulls xtime_nsec below zero borrows a second "
	  "(timekeeping_adjust(): xtime_sec--) and *_COARSE falls a second behind.  Seen by "
	  "every property that reads a coarse clock until the next tick: coarse ahead of fine, "
	  "a coarse clock a second back or forward at the frequency change, a monotonic coarse "
	  "clock going back at the next tick, whichever op reads it first" },
	{ "tz-kept-on-refused-time - settimeofday",
	  "settimeofday(tv, tz) with a valid time zone and a valid time before boot (REALTIME "
	  "below MONOTONIC): do_sys_settimeofday64() (kernel/time/time.c) stores sys_tz and "
	  "updates the vvar page's tz fields, then do_settimeofday64() (kernel/time/timekeeping.c) "
	  "refuses the time with -EINVAL (\"if (timespec64_compare(&tk->wall_to_monotonic, "
	  "&ts_delta) > 0)\"): the call fails with the time zone changed" },
	{ "mult-beyond-maxadj-wrap * *",
	  "a clock off by whole 2^64 >> shift ns after a long tickless span, with mult beyond "
	  "maxadj: clocks_calc_max_nsecs() sizes max_cycles as U64_MAX / (mult + maxadj) "
	  "(kernel/time/clocksource.c), which holds only while NTP keeps mult within maxadj; "
	  "NTP can take it further (the \"more than 11%\" warning below), and then "
	  "timekeeping_forward_now() (kernel/time/timekeeping.c v6.10+, the loop of chunks of "
	  "max_cycles: xtime_nsec += incr * mult) wraps 2^64 once per chunk when a stall longer "
	  "than max_cycles ends in suspend, settimeofday or clock_settime: the clocks step back "
	  "by 2^64 >> shift ns per wrap.  Reads are safe meanwhile (timekeeping_cycles_to_ns() "
	  "takes the 128-bit path past max_cycles).  Found by the libFuzzer campaign of "
	  "2026-11-30; tests/fuzz/regress/mult-beyond-maxadj-wrap-at-suspend.scn" },
	{ "mult-within-maxadj - *",
	  "the kernel's own \"Adjusting %s more than 11%\" warning (timekeeping_adjust(), "
	  "kernel/time/timekeeping.c, printk_once), reachable by a privileged caller: NTP may ask "
	  "for ADJ_TICK's +/-10 %, 500 ppm of frequency, 500 ppm of adjtime slew and a phase "
	  "chunk of up to MAXPHASE >> SHIFT_PLL = 125 ms in one second (ntp_offset_chunk() "
	  "with time_constant 0 in nano mode), 12.5 % on its own; the kernel warns and applies "
	  "it.  A signal, not a failure" },
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
