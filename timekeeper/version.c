// SPDX-License-Identifier: GPL-2.0
// tksim's own: the version profiles and the one table of their named differences.
#include "timekeeper/version.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "timekeeper/timekeeper.h"
#include "vdso/bug_bits.h"

/*
 * Commit ids are mainline's, 12 digits, each seen in stored kernel history
 * (tip-bot mails, stable review mails quoting "upstream commit", release
 * shortlogs); a subject without a verified id says "commit not found".
 */
const struct tk_vdiff_desc tk_vdiffs[TKV_NR] = {
	[TKV_NTP_CLAMP_ERRORS] = {
		.id = TKV_NTP_CLAMP_ERRORS,
		.name = "ntp-clamp-errors",
		.since = TK_PROFILE_6_12,
		.release = "v6.11",
		.commit = "87d571d6fb77 ntp: Clamp maxerror and esterror to operating range",
		.what = "adjtimex clamps ADJ_MAXERROR and ADJ_ESTERROR to 0..NTP_PHASE_LIMIT, "
			"where they were stored as given (and maxerror could wrap)",
		.bug = 0,
		.stable = "4.19.y to 6.10.y (6.1.y has it)",
	},
	[TKV_NTP_CONSTANT_SAFE] = {
		.id = TKV_NTP_CONSTANT_SAFE,
		.name = "ntp-constant-safe",
		.since = TK_PROFILE_6_12,
		.release = "v6.11",
		.commit = "06c03c8edce3 ntp: Safeguard against time_constant overflow",
		.what = "adjtimex clamps ADJ_TIMECONST before adding 4 in us mode, where a "
			"constant near LONG_MAX wrapped and was clamped to 0",
		.bug = 0,
		.stable = "5.4.y to 6.10.y (6.1.y has it)",
	},
	[TKV_DELTA_OVERFLOW_SAFE] = {
		.id = TKV_DELTA_OVERFLOW_SAFE,
		.name = "delta-overflow-safe",
		.since = TK_PROFILE_6_12,
		.release = "v6.10",
		.commit = "456e3788bc71 vdso: Make delta calculation overflow safe",
		.what = "a vDSO delta past max_cycles is multiplied in 128 bits, not wrapped in 64",
		.bug = BUG_DELTA_OVERFLOW,
		.stable = "",
		.tree_file = "include/vdso/datapage.h",
		.tree_text = "max_cycles;",
	},
	[TKV_NEG_MOTION_MAX_DELTA] = {
		.id = TKV_NEG_MOTION_MAX_DELTA,
		.name = "neg-motion-max-delta",
		.since = TK_PROFILE_6_15,
		.release = "v6.13",
		.commit = "76031d9536a0 clocksource: Make negative motion detection more robust",
		.what = "the tick takes a delta as negative motion above max_raw_delta (7/8 of the "
			"mask), not above half the mask",
		.bug = BUG_NEG_MOTION_HALF,
		.stable = "6.12.5 (Debian's 6.12.117 has it)",
		.tree_file = "kernel/time/timekeeping.c",
		.tree_text = "max_raw_delta",
	},
	[TKV_NTP_OFFSET_DIV_S64] = {
		.id = TKV_NTP_OFFSET_DIV_S64,
		.name = "ntp-offset-div-s64",
		.since = TK_PROFILE_6_15,
		.release = "v6.13",
		.commit = "f5807b0606da ntp: Remove invalid cast in time offset math",
		.what = "adjtimex reads a negative remaining offset back in us as a signed "
			"division (-5 us), not through a (u32) cast (4294962 us)",
		.bug = BUG_NTP_OFFSET_U32,
		.stable = "6.12.y and 6.1.y (Debian's 6.12.117 and 6.1.192 have it: tksim diff "
			  "--kernel reads -5 us back there)",
		.tree_file = "kernel/time/ntp.c",
		.tree_text = "div_s64(txc->offset, NSEC_PER_USEC)",
	},
	[TKV_REFUSED_SET_NO_UPDATE] = {
		.id = TKV_REFUSED_SET_NO_UPDATE,
		.name = "refused-set-no-update",
		.since = TK_PROFILE_6_15,
		.release = "v6.13",
		.commit = "bba9898ef399 timekeeping: Rework do_settimeofday64() to use "
			  "shadow_timekeeper (with 82214756d35f for timekeeping_inject_offset())",
		.what = "a settimeofday, clock_settime or ADJ_SETOFFSET refused after the time was "
			"forwarded drops the shadow timekeeper's changes, where it cleared NTP and "
			"bumped clock_was_set_seq (tksim diff --kernel 6.12 found it)",
		.bug = BUG_REFUSED_SET_UPDATE,
		.stable = "not in 6.12.y (Debian's 6.12.117 clears NTP: "
			  "docs/findings/failed-set-clears-ntp-6.12.md)",
		.tree_file = "kernel/time/timekeeping.c",
		.tree_text = "timekeeping_restore_shadow",
	},
	[TKV_COARSE_NSEC] = {
		.id = TKV_COARSE_NSEC,
		.name = "coarse-nsec",
		.since = TK_PROFILE_6_15,
		.release = "v6.15",
		.commit = "b71f9804f66c timekeeping: Prevent coarse clocks going backwards",
		.what = "the coarse clocks read coarse_nsec, moved only when time is accumulated or "
			"set, not xtime_nsec, which a TK_ADV_FREQ adjustment may lower",
		.bug = BUG_COARSE_PRE615,
		.stable = "6.14.7; other series not checked",
		.tree_file = "include/linux/timekeeper_internal.h",
		.tree_text = "coarse_nsec",
	},
	[TKV_ADJUST_NO_NTP_ERROR] = {
		.id = TKV_ADJUST_NO_NTP_ERROR,
		.name = "adjust-no-ntp-error",
		.since = TK_PROFILE_6_15,
		.release = "v6.15",
		.commit = "commit not found: tksim diff --kernel 6.12 found it (Debian's 6.12 "
			  "tree has the term; the model's 6.15 and 6.18 do not; which release "
			  "dropped it is not checked)",
		.what = "timekeeping_apply_adjustment() no longer adds offset << ntp_error_shift to "
			"ntp_error when it changes mult (v6.12 does, so a TK_ADV_FREQ adjustment "
			"mid-tick moves ntp_error)",
		.bug = 0,
		.stable = "",
	},
	[TKV_VDSO_TIME_DATA] = {
		.id = TKV_VDSO_TIME_DATA,
		.name = "vdso-time-data",
		.since = TK_PROFILE_6_15,
		.release = "v6.15",
		.commit = "9882ccb7c589 vdso: Rework struct vdso_time_data and introduce struct "
			  "vdso_clock",
		.what = "the vvar page is one struct vdso_time_data with clock_data[CS_BASES], not "
			"the array struct vdso_data[CS_BASES] (a layout: the values readers get "
			"are the same)",
		.bug = 0,
		.stable = "",
	},
	[TKV_ADJTIMEX_LOCKED_STEP] = {
		.id = TKV_ADJTIMEX_LOCKED_STEP,
		.name = "adjtimex-locked-step",
		.since = TK_PROFILE_6_18,
		.release = "v6.17",
		.commit = "7e55b6ba1fe6 timekeeping: Avoid double notification in do_adjtimex()",
		.what = "ADJ_SETOFFSET is injected inside the NTP section, after REALTIME was read: "
			"the time adjtimex returns is the time before the step",
		.bug = 0,
		.stable = "",
	},
	[TKV_AUX_CLOCKS] = {
		.id = TKV_AUX_CLOCKS,
		.name = "aux-clocks",
		.since = TK_PROFILE_6_18,
		.release = "v6.17",
		.commit = "22c62b9a84b8 timekeeping: Introduce auxiliary timekeepers",
		.what = "eight auxiliary clocks CLOCK_AUX .. CLOCK_AUX_LAST (16..23), each its own "
			"timekeeper and NTP state, enabled through sysfs",
		.bug = 0,
		.stable = "",
	},
};

const struct tk_profile_desc tk_profiles[] = {
	{ TK_PROFILE_6_18, "6.18", "v6.18" },
	{ TK_PROFILE_6_15, "6.15", "v6.15" },
	{ TK_PROFILE_6_12, "6.12", "v6.12" },
	{ TK_PROFILE_6_1, "6.1", "v6.1" },
};
const unsigned int tk_nr_profiles = sizeof(tk_profiles) / sizeof(tk_profiles[0]);

/** tk_profile_resolve() - @p, with TK_PROFILE_DEFAULT (or a bad value) as TK_PROFILE_LATEST. */
enum tk_profile tk_profile_resolve(enum tk_profile p)
{
	return p > TK_PROFILE_DEFAULT && p < TK_NR_PROFILES ? p : TK_PROFILE_LATEST;
}

/**
 * tk_profile_parse() - a --profile value
 * @s: "6.18", "v6.18", ... (tk_profiles[])
 * @p: out: the profile
 *
 * Return: 0, or -EINVAL for a release that is not a profile (@p unchanged).
 */
int tk_profile_parse(const char *s, enum tk_profile *p)
{
	if (s[0] == 'v')
		s++;
	for (unsigned int i = 0; i < tk_nr_profiles; i++) {
		if (!strcmp(s, tk_profiles[i].name)) {
			*p = tk_profiles[i].profile;
			return 0;
		}
	}
	return -EINVAL;
}

static const struct tk_profile_desc *profile_desc(enum tk_profile p)
{
	p = tk_profile_resolve(p);
	for (unsigned int i = 0; i < tk_nr_profiles; i++)
		if (tk_profiles[i].profile == p)
			return &tk_profiles[i];
	return &tk_profiles[0];
}

/** tk_profile_name() - "6.18": what --profile takes for @p. */
const char *tk_profile_name(enum tk_profile p)
{
	return profile_desc(p)->name;
}

/** tk_profile_release() - "v6.18": the release @p models. */
const char *tk_profile_release(enum tk_profile p)
{
	return profile_desc(p)->release;
}

/**
 * tk_profile_list() - the profiles' names, newest first: "6.18, 6.15, 6.12, 6.1"
 * @buf: output
 * @n:   its size
 *
 * Return: 0, or -ENOSPC if @buf was too small (it is truncated).
 */
int tk_profile_list(char *buf, size_t n)
{
	size_t len = 0;

	if (!n)
		return -ENOSPC;
	buf[0] = '\0';
	for (unsigned int i = 0; i < tk_nr_profiles; i++) {
		int w = snprintf(buf + len, n - len, "%s%s", i ? ", " : "", tk_profiles[i].name);

		if (w < 0 || (size_t)w >= n - len)
			return -ENOSPC;
		len += (size_t)w;
	}
	return 0;
}

/** tk_profile_has() - whether profile @p has difference @d (the release is at or after it). */
bool tk_profile_has(enum tk_profile p, enum tk_vdiff d)
{
	return d < TKV_NR && tk_profile_resolve(p) >= tk_vdiffs[d].since;
}

/** tk_profile_vdiffs() - the set of differences profile @p has: bit (1 << d) for each. */
u32 tk_profile_vdiffs(enum tk_profile p)
{
	u32 set = 0;

	for (unsigned int d = 0; d < TKV_NR; d++)
		if (tk_profile_has(p, (enum tk_vdiff)d))
			set |= (u32)1 << d;
	return set;
}

/**
 * tk_profile_bugs() - the BUG_* bits profile @p implies
 * @p: the profile
 *
 * Return: the bug bit of every difference @p does not have: its older behaviour.
 */
u64 tk_profile_bugs(enum tk_profile p)
{
	u64 bugs = 0;

	for (unsigned int d = 0; d < TKV_NR; d++)
		if (!tk_profile_has(p, (enum tk_vdiff)d))
			bugs |= tk_vdiffs[d].bug;
	return bugs;
}

/**
 * tk_profile_apply() - make a booted kernel the release @p
 * @k: the kernel; no reader may be using it yet
 * @p: the profile
 *
 * Sets @k->profile and @k->vdiffs (and NTP's copy), and switches on the bug bits the profile
 * implies, less @k->backports: the writer's in @k->bugs, the reader's in the vvar page.  Bits
 * already on stay on (an --inject on top of a profile).  The vvar page's
 * arch_data.no_aux says whether the profile's vDSO serves the aux ids.
 */
void tk_profile_apply(struct tk_kernel *k, enum tk_profile p)
{
	u64 bugs = tk_profile_bugs(p) & ~k->backports;

	k->profile = tk_profile_resolve(p);
	k->vdiffs = tk_profile_vdiffs(p);
	k->ntp.vdiffs = k->vdiffs;
	k->bugs |= bugs & BUG_WRITER_MASK;
	WRITE_ONCE(k->vdata.arch_data.bugs,
		   READ_ONCE(k->vdata.arch_data.bugs) | (bugs & BUG_READER_MASK));
	/* The vDSO of a release before the aux clocks does not serve their ids. */
	WRITE_ONCE(k->vdata.arch_data.no_aux, !tkv_has(k->vdiffs, TKV_AUX_CLOCKS));
}
