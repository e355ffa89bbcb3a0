// SPDX-License-Identifier: GPL-2.0
// tksim's own: the known findings, kernel behaviours the oracle reports but that are not tksim
// bugs.
/*
 * Each entry is a finding signature, "PROPERTY CLOCK OPKIND" ("*" matches
 * any one word), whether it is a kernel bug (with the versions affected and
 * the report) or a kernel behaviour by design, and the explanation, with the
 * kernel source it comes from.
 * `tksim fuzz` and the fuzz targets report a known finding as known, not as
 * a failure (`tksim fuzz --known-fail` treats them as failures).  Add an
 * entry only with the kernel lines that show the behaviour is the kernel's.
 */
#include <string.h>

#include "sim/ops/oracle_ops.h"

static const struct oracle_known known[] = {
	{ "coarse-second-step *_COARSE *", ORACLE_KNOWN_KERNEL_BUG,
	  "v6.15 (b71f9804f66c) to v6.18 at least", "docs/findings/coarse-clock-step.md",
	  "the coarse clocks step a second: do_adjtimex() (kernel/time/timekeeping.c) runs "
	  "timekeeping_advance(TK_ADV_FREQ) for ADJ_FREQUENCY and ADJ_TICK, which accumulates "
	  "nothing less than an interval after the last tick but still calls "
	  "timekeeping_adjust() and accumulate_nsecs_to_secs(); timekeeping_apply_adjustment()'s "
	  "\"xtime_nsec -= offset * mult_adj\" may cross a second, and then "
	  "accumulate_nsecs_to_secs() carries one into xtime_sec (\"while (xtime_nsec >= nsecps) "
	  "{ ... xtime_sec++\") or timekeeping_adjust() borrows one (\"if (unlikely((s64)"
	  "xtime_nsec < 0)) { ... xtime_sec--\"), while coarse_nsec stays: b71f9804f66c's "
	  "\"if (orig_offset != offset) tk_update_coarse_nsecs(tk);\" refreshes it only when time "
	  "was accumulated.  The coarse clocks read {xtime_sec, coarse_nsec} (tk_xtime_coarse(), "
	  "update_vsyscall()): a second ahead after a carry, behind after a borrow, vDSO and "
	  "syscall alike, until something refreshes coarse_nsec: the next tick, or any path "
	  "through timekeeping_forward_now(), tk_set_xtime() or tk_xtime_add() (a clocksource "
	  "switch, suspend and resume, settimeofday, clock_settime, ADJ_SETOFFSET), which may come "
	  "after a stall; MONOTONIC_COARSE goes back at the borrow, or at the refresh after a "
	  "carry.  Seen by every property that reads a coarse clock meanwhile, whichever op "
	  "reads it first; recognised by the state, coarse time a second from xtime "
	  "(sim/ops/ops_finding.c).  The proposed fix: tksim run --fix coarse-sec" },
	{ "aux-past-ktime-max * *", ORACLE_KNOWN_KERNEL_BUG,
	  "v6.17 (aux clocks) and later, as the model reads the code; not run on a tree of "
	  "v6.17+ (Debian 12 ships 6.12 and 6.1)",
	  "docs/fuzzing.md",
	  "an aux clock past KTIME_MAX a tick after an ADJ_SETOFFSET step: "
	  "__timekeeping_inject_offset() (kernel/time/timekeeping.c) bounds an aux "
	  "timekeeper's step only below (\"Prevent that the resulting time becomes negative\": "
	  "\"if (ktime_add(now, offs) < 0)\"), while timespec64_to_ktime() saturates a huge step "
	  "to KTIME_MAX; so the step is taken, and as the clock runs on, ktime_get_aux()'s "
	  "ktime_add(tkr_mono.base + ns, offs_aux) wraps: the kernel side reads negative, the "
	  "vDSO (do_aux() adds seconds and ns, no ktime_t) reads past 2262, and the clock goes "
	  "back.  REALTIME cannot get there: its step must pass timespec64_valid_strict()" },
	{ "aux-stale-after-resume * *", ORACLE_KNOWN_KERNEL_BUG,
	  "v6.17 (aux clocks) to v6.18 and later, as the model reads the code; not run on a tree "
	  "of v6.17+ (Debian 12 ships 6.12 and 6.1)",
	  "docs/findings/aux-stale-after-resume.md",
	  "an aux clock goes back after a suspend on a counter that wraps: timekeeping_suspend() "
	  "forwards and timekeeping_resume() re-bases tk_core alone (kernel/time/timekeeping.c: "
	  "\"tks->tkr_mono.cycle_last = cycle_now\" on &tk_core.shadow_timekeeper); no path "
	  "forwards or re-bases an aux timekeeper, so its first delta after resume "
	  "(__timekeeping_advance(): clocksource_delta(now, cycle_last, mask, max_raw_delta)) is "
	  "the sleep modulo the counter's wrap.  Past max_raw_delta the tick takes it for negative "
	  "motion and accumulates nothing, while ktime_get_aux() and do_aux() add it in full "
	  "(timekeeping_cycles_to_ns(): max_cycles is the whole mask of a narrow counter); once "
	  "the counter passes the stale cycle_last the delta is small again and the clock is up "
	  "to one wrap behind what it read.  A clock_adjtime() of ADJ_FREQUENCY or ADJ_TICK "
	  "meanwhile (__timekeeping_advance(TK_ADV_FREQ), offset 0 as well) moves mult under the "
	  "whole unaccumulated delta: the clock jumps, off the time the call handed back.  Below "
	  "max_raw_delta the clock keeps the sleep modulo the wrap, neither the sleep nor none of "
	  "it.  Recognised by the history: an aux clock "
	  "enabled across a suspend (sim/ops/ops_finding.c)" },
	{ "tz-kept-on-refused-time - settimeofday", ORACLE_KNOWN_BY_DESIGN, "all", NULL,
	  "settimeofday(tv, tz) with a valid time zone and a valid time before boot (REALTIME "
	  "below MONOTONIC): do_sys_settimeofday64() (kernel/time/time.c) stores sys_tz and "
	  "updates the vvar page's tz fields, then do_settimeofday64() (kernel/time/timekeeping.c) "
	  "refuses the time with -EINVAL (\"if (timespec64_compare(&tk->wall_to_monotonic, "
	  "&ts_delta) > 0)\"): the call fails with the time zone changed" },
	{ "mult-beyond-maxadj-wrap * *", ORACLE_KNOWN_KERNEL_BUG,
	  "v6.10 (the chunked timekeeping_forward_now()) and later; privileged callers only",
	  "tests/fuzz/regress/mult-beyond-maxadj-wrap-at-suspend.scn",
	  "a clock off by whole 2^64 >> shift ns after a long tickless span, with mult beyond "
	  "maxadj: clocks_calc_max_nsecs() sizes max_cycles as U64_MAX / (mult + maxadj) "
	  "(kernel/time/clocksource.c), which holds only while NTP keeps mult within maxadj; "
	  "NTP can take it further (the \"more than 11%\" warning below), and then "
	  "timekeeping_forward_now() (kernel/time/timekeeping.c v6.10+, the loop of chunks of "
	  "max_cycles: \"tk->tkr_mono.xtime_nsec += incr * tk->tkr_mono.mult\") wraps 2^64 once "
	  "per chunk when a stall longer than max_cycles ends in suspend, settimeofday, "
	  "clock_settime, ADJ_SETOFFSET or a clocksource switch (change_clocksource() forwards "
	  "the old clocksource, then tk_setup_internals() resets mult): the clocks step back by "
	  "2^64 >> shift ns per wrap.  Reads are safe meanwhile (timekeeping_cycles_to_ns() "
	  "takes the 128-bit path past max_cycles).  Found by the libFuzzer campaign of "
	  "2026-11-30" },
	{ "mult-within-maxadj - *", ORACLE_KNOWN_BY_DESIGN, "all", NULL,
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

/** oracle_known_find() - the known finding @sig is, or NULL if it is not one. */
const struct oracle_known *oracle_known_find(const char *sig)
{
	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (sig_match(known[i].sig, sig))
			return &known[i];
	return NULL;
}

/** oracle_known_explain() - the explanation of a known finding, or NULL if @sig is not one. */
const char *oracle_known_explain(const char *sig)
{
	const struct oracle_known *k = oracle_known_find(sig);

	return k ? k->why : NULL;
}

/**
 * oracle_known_list() - print every known finding and its explanation
 * @f: where
 *
 * Kernel bugs first, with the versions affected and the report, then the
 * kernel behaviours by design.
 */
void oracle_known_list(FILE *f)
{
	static const char *const heading[] = {
		[ORACLE_KNOWN_KERNEL_BUG] = "kernel bugs (counted apart from findings):",
		[ORACLE_KNOWN_BY_DESIGN] = "kernel behaviours by design:",
	};

	for (unsigned int kind = ORACLE_KNOWN_KERNEL_BUG; kind <= ORACLE_KNOWN_BY_DESIGN; kind++) {
		fprintf(f, "%s%s\n", kind == ORACLE_KNOWN_KERNEL_BUG ? "" : "\n", heading[kind]);
		for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++) {
			if ((unsigned int)known[i].kind != kind)
				continue;
			fprintf(f, "%s\n", known[i].sig);
			if (kind == ORACLE_KNOWN_KERNEL_BUG)
				fprintf(f, "    versions: %s; report: %s\n", known[i].versions,
					known[i].report);
			fprintf(f, "    %s\n", known[i].why);
		}
	}
}
