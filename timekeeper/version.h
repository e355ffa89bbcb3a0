/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: version profiles, the kernel releases the model can be, and their named differences.
 */
#ifndef TKSIM_TIMEKEEPER_VERSION_H
#define TKSIM_TIMEKEEPER_VERSION_H

/*
 * A version profile is a mainline kernel release (v6.18, v6.15, v6.12,
 * v6.1) that the model behaves as.  Every behaviour that differs between
 * the profiles is one *named difference* in the table of version.c: its
 * name, the release that brought it, the commit, one line of what changes,
 * and, where the older behaviour is one of the injectable historical bugs
 * (sim/bugs.c), that bug's BUG_* bit.
 *
 * The model tests a difference by name, never by a version number:
 *
 *   if (tk_has(k, TKV_ADJTIMEX_LOCKED_STEP)) ...   // v6.17+ behaviour
 *
 * A difference with a bug bit has one switch, the bit: a profile without
 * the difference boots with the bit on (tk_profile_apply()), and the code
 * keeps testing the bit as it did (k->bugs, or arch_data.bugs in the vvar
 * page for the reader's bits).  tk_has() answers for those too.
 *
 * Profiles are the releases as Linus tagged them (x.y.0); a stable series
 * may carry a difference earlier (its table entry says so in @stable), so
 * a distribution's x.y.z tree can differ from the x.y profile by exactly
 * those entries.
 */

#include <stdbool.h>

#include "vdso/types.h"

struct tk_kernel;

/**
 * enum tk_profile - the kernel releases the model can be
 * @TK_PROFILE_DEFAULT: the default, v6.18 (0, so that a zeroed config is the default)
 * @TK_PROFILE_6_1:     v6.1
 * @TK_PROFILE_6_12:    v6.12
 * @TK_PROFILE_6_15:    v6.15
 * @TK_PROFILE_6_18:    v6.18
 * @TK_NR_PROFILES:     the number of values
 *
 * The real releases are in ascending order: a difference brought by a
 * release is in its profile and every later one.
 */
enum tk_profile {
	TK_PROFILE_DEFAULT,
	TK_PROFILE_6_1,
	TK_PROFILE_6_12,
	TK_PROFILE_6_15,
	TK_PROFILE_6_18,
	TK_NR_PROFILES,
};

/** TK_PROFILE_LATEST - what TK_PROFILE_DEFAULT stands for */
#define TK_PROFILE_LATEST TK_PROFILE_6_18

/**
 * enum tk_vdiff - the named differences, oldest release first
 * @TKV_NTP_CLAMP_ERRORS:      v6.11: adjtimex clamps maxerror and esterror to
 *                             0..NTP_PHASE_LIMIT (before: stored as given)
 * @TKV_NTP_CONSTANT_SAFE:     v6.11: adjtimex clamps the time constant before adding 4
 *                             (before: the sum wrapped near LONG_MAX)
 * @TKV_DELTA_OVERFLOW_SAFE:   v6.10: the vDSO multiplies a delta past max_cycles in 128 bits
 *                             (before: bug delta-overflow-pre-6.10)
 * @TKV_NEG_MOTION_MAX_DELTA:  v6.13: the tick's negative-motion cut-off is max_raw_delta
 *                             (87.5 % of the mask), not half the mask (before: bug
 *                             neg-motion-half)
 * @TKV_NTP_OFFSET_DIV_S64:    v6.13: adjtimex reads a negative us offset back signed
 *                             (before: bug ntp-offset-u32)
 * @TKV_REFUSED_SET_NO_UPDATE: v6.13: a refused clock set publishes nothing (before: bug
 *                             refused-set-update-pre-6.13, NTP cleared)
 * @TKV_COARSE_NSEC:           v6.15: the coarse clocks read coarse_nsec, moved only when
 *                             time is accumulated or set (before: bug coarse-pre-6.15)
 * @TKV_ADJUST_NO_NTP_ERROR:   after v6.12: a mult change no longer adds its offset term to
 *                             ntp_error (v6.12: ntp_error += offset << ntp_error_shift)
 * @TKV_VDSO_TIME_DATA:        v6.15: the vvar page is struct vdso_time_data with
 *                             clock_data[] of struct vdso_clock (before: struct vdso_data[])
 * @TKV_ADJTIMEX_LOCKED_STEP:  v6.17: do_adjtimex() injects ADJ_SETOFFSET inside its locked
 *                             NTP section, after it read REALTIME
 * @TKV_AUX_CLOCKS:            v6.17: auxiliary clocks CLOCK_AUX .. CLOCK_AUX_LAST
 * @TKV_NR:                    the number of differences
 */
enum tk_vdiff {
	TKV_NTP_CLAMP_ERRORS,
	TKV_NTP_CONSTANT_SAFE,
	TKV_DELTA_OVERFLOW_SAFE,
	TKV_NEG_MOTION_MAX_DELTA,
	TKV_NTP_OFFSET_DIV_S64,
	TKV_REFUSED_SET_NO_UPDATE,
	TKV_COARSE_NSEC,
	TKV_ADJUST_NO_NTP_ERROR,
	TKV_VDSO_TIME_DATA,
	TKV_ADJTIMEX_LOCKED_STEP,
	TKV_AUX_CLOCKS,
	TKV_NR,
};

/**
 * struct tk_vdiff_desc - one named difference
 * @id:      its enum tk_vdiff value (the table is indexed by it)
 * @name:    its name in listings and docs, e.g. "coarse-nsec"
 * @since:   the first profile that has it
 * @release: the mainline release that brought it, e.g. "v6.15"
 * @commit:  12 hex digits and the subject of the commit, or "commit not found: ..."
 * @what:    what changes, one line
 * @bug:     the BUG_* bit (vdso/bug_bits.h) that is the behaviour before, or 0
 * @stable:  stable series that carry it before @release, "" for none known
 * @tree_file: a file of a kernel tree, and @tree_text a fragment of a line only a tree with the
 *           difference has there: how the kernel-tree backend finds a stable backport in a
 *           distribution's tree (sim_ktree_backports()); NULL where not looked for
 */
struct tk_vdiff_desc {
	enum tk_vdiff id;
	const char *name;
	enum tk_profile since;
	const char *release;
	const char *commit;
	const char *what;
	u64 bug;
	const char *stable;
	const char *tree_file;
	const char *tree_text;
};

/**
 * struct tk_profile_desc - one version profile
 * @profile: its enum tk_profile value
 * @name:    what --profile takes: "6.18"
 * @release: the release it models: "v6.18"
 */
struct tk_profile_desc {
	enum tk_profile profile;
	const char *name;
	const char *release;
};

extern const struct tk_vdiff_desc tk_vdiffs[TKV_NR];
extern const struct tk_profile_desc tk_profiles[];
extern const unsigned int tk_nr_profiles;

enum tk_profile tk_profile_resolve(enum tk_profile p);
int tk_profile_parse(const char *s, enum tk_profile *p);
const char *tk_profile_name(enum tk_profile p);
const char *tk_profile_release(enum tk_profile p);
int tk_profile_list(char *buf, size_t n);
bool tk_profile_has(enum tk_profile p, enum tk_vdiff d);
u64 tk_profile_bugs(enum tk_profile p);
u32 tk_profile_vdiffs(enum tk_profile p);
void tk_profile_apply(struct tk_kernel *k, enum tk_profile p);

/**
 * tkv_has() - whether a set of differences (struct tk_kernel.vdiffs) holds @d
 * @vdiffs: bit (1 << d) for each difference the profile has
 * @d:      the difference
 *
 * For code that has the set but not the kernel (timekeeper/ntp.c).
 */
static inline bool tkv_has(u32 vdiffs, enum tk_vdiff d)
{
	return (vdiffs >> d) & 1;
}

#endif /* TKSIM_TIMEKEEPER_VERSION_H */
