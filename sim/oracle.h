/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the properties the kernel promises, checked on a simulated system. */
#ifndef TKSIM_SIM_ORACLE_H
#define TKSIM_SIM_ORACLE_H

/*
 * One module holds the properties, for tests, the run command, torture and
 * fuzzing alike.  Every check compares full-width values (ns as 128-bit
 * integers), never seconds and nanoseconds apart.  A check returns 0 when the
 * property holds, or -1 and a one-line explanation in @why.
 */

#include <stdio.h>

#include "sim/engine.h"

/* The clocks the simulated kernel serves (SIM_VDSO_CLOCKS()), in clock id order. */
extern const s32 oracle_clocks[];
extern const unsigned int oracle_nr_clocks;
const char *oracle_clock_name(s32 clock);

/**
 * struct oracle_mono - per-reader memory of the last value of each clock
 * @last: last value seen (ns)
 * @seen: whether @last is set
 */
struct oracle_mono {
	__int128 last[VDSO_BASES];
	bool seen[VDSO_BASES];
};

/** oracle_clock_is_monotonic() - MONOTONIC, RAW, BOOTTIME and MONOTONIC_COARSE never go back. */
static inline bool oracle_clock_is_monotonic(s32 clock)
{
	return clock == TK_CLOCK_MONOTONIC || clock == TK_CLOCK_MONOTONIC_RAW ||
	       clock == TK_CLOCK_MONOTONIC_COARSE || clock == TK_CLOCK_BOOTTIME;
}

int oracle_mono_check(struct oracle_mono *m, s32 clock, const struct timespec64 *ts, char *why,
		      size_t n);

/**
 * struct oracle_stats - what the instant checks saw
 * @checks:           instants checked
 * @max_vdso_diff_ns: largest |vDSO - kernel-side| over every clock (ns)
 */
struct oracle_stats {
	u64 checks;
	__int128 max_vdso_diff_ns;
};

int oracle_check_instant(struct sim_system *s, struct oracle_mono *m, struct oracle_stats *st,
			 char *why, size_t n);
int oracle_check_instant_values(struct sim_system *s, struct oracle_mono *m,
				struct oracle_stats *st, char *why, size_t n, __int128 *v);
int oracle_check_raw_exact(struct sim_system *s, char *why, size_t n);
int oracle_check_tick(struct sim_system *s, struct oracle_mono *m, struct oracle_stats *st,
		      char *why, size_t n);
void oracle_format_ns(char *buf, size_t n, __int128 ns);

/**
 * struct oracle_snapshot - every clock through one path at one instant
 * @ns: value of each clock id in oracle_clocks[] (ns, full width)
 */
struct oracle_snapshot {
	__int128 ns[VDSO_BASES];
};

int oracle_snapshot(struct sim_system *s, enum sim_path path, struct oracle_snapshot *snap,
		    char *why, size_t n);
int oracle_check_unchanged(const struct oracle_snapshot *before,
			   const struct oracle_snapshot *after, char *why, size_t n);

#endif /* TKSIM_SIM_ORACLE_H */
