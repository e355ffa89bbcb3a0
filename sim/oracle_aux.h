/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the oracle's properties of the auxiliary clocks (v6.17 CLOCK_AUX + n). */
#ifndef TKSIM_SIM_ORACLE_AUX_H
#define TKSIM_SIM_ORACLE_AUX_H

/*
 * An aux clock is a timekeeper of its own on the system clocksource: enabled
 * at 0, stepped by clock_settime() and ADJ_SETOFFSET, steered by its own NTP
 * state through clock_adjtime().  Between two steps it never goes back; the
 * vDSO (do_aux()) reads what the kernel side reads, or 1 ns less (the page's
 * aux base is whole ns: sim/oracle_aux.c says why); and while its NTP state
 * is the one it was enabled with (no clock_adjtime steering since), its tick
 * accumulates exactly cycle_interval * mult per interval, so it advances as
 * the exact conversion of the counter from its last step, like MONOTONIC_RAW
 * from boot.  A disabled aux clock fails with -ENODEV through both paths.
 * The caller says when a clock was stepped, steered or re-based; the checks
 * here read only.
 */

#include "sim/engine.h"

/** enum oracle_aux_prop - the aux clocks' instant properties (0: all held) */
enum oracle_aux_prop {
	ORACLE_AUX_OK,
	ORACLE_AUX_VDSO_EQ, /* vDSO == kernel side or 1 ns less, errno included */
	ORACLE_AUX_MONOTONIC, /* never back between two steps */
	ORACLE_AUX_RAW_EXACT, /* an unsteered aux clock is the exact conversion from its base */
	ORACLE_AUX_NR,
};

/**
 * struct oracle_aux - what the aux checks remember across instants
 * @seen:     the aux clocks read at every check (bit n: CLOCK_AUX + n), those
 *            enabled at some point: a disabled one must then read -ENODEV
 * @on:       the aux_clock_enable knobs as last noted (oracle_aux_init(), the
 *            op list's oracle after every op): an enable of an enabled clock
 *            changes nothing in the kernel, and is no step
 * @exact:    of those, the ones whose raw-exact base holds (unsteered since)
 * @wrapped:  of those, the ones a sleep beyond max_idle_ns left unaccumulated
 *            (oracle_ops_aux_after()): not raw-exact until a step (the
 *            counter may have wrapped meanwhile); still monotonic, which the
 *            kernel breaks there (aux-stale-after-resume, sim/ops/oracle_known.c)
 * @evals:    times each property was evaluated, by enum oracle_aux_prop
 * @last:     last kernel-side value read (ns), valid where @has_last
 * @has_last: a value since the last step
 * @base_ns:  the kernel-side value at the base (ns)
 * @frac:     its sub-ns remainder then (shifted ns, below 1 << @shift)
 * @cycles0:  the counter's unwrapped cycles then
 * @mult:     the aux timekeeper's tkr_mono.mult then (the clocksource's)
 * @shift:    its shift
 */
struct oracle_aux {
	unsigned int seen;
	unsigned int on;
	unsigned int exact;
	unsigned int wrapped;
	u64 evals[ORACLE_AUX_NR];
	__int128 last[TK_MAX_AUX_CLOCKS];
	bool has_last[TK_MAX_AUX_CLOCKS];
	__int128 base_ns[TK_MAX_AUX_CLOCKS];
	u64 frac[TK_MAX_AUX_CLOCKS];
	unsigned __int128 cycles0[TK_MAX_AUX_CLOCKS];
	u32 mult[TK_MAX_AUX_CLOCKS];
	u32 shift[TK_MAX_AUX_CLOCKS];
};

/**
 * struct oracle_aux_snap - the aux clocks of a mask through one path at one instant
 * @mask: which (bit n: CLOCK_AUX + n)
 * @ret:  each read's result, 0 or a negative errno
 * @ns:   each value (ns) where @ret is 0
 */
struct oracle_aux_snap {
	unsigned int mask;
	int ret[TK_MAX_AUX_CLOCKS];
	__int128 ns[TK_MAX_AUX_CLOCKS];
};

unsigned int oracle_aux_enabled_mask(const struct sim_system *s);
void oracle_aux_init(struct oracle_aux *a, struct sim_system *s, const struct sim_counter *c);
void oracle_aux_stepped(struct oracle_aux *a, struct sim_system *s, unsigned int idx,
			const struct sim_counter *c);
void oracle_aux_rebase(struct oracle_aux *a, struct sim_system *s, unsigned int idx,
		       const struct sim_counter *c);
void oracle_aux_steered(struct oracle_aux *a, unsigned int idx);
enum oracle_aux_prop oracle_aux_check(struct oracle_aux *a, struct sim_system *s,
				      const struct sim_counter *c, char *clock, char *why,
				      size_t n);
void oracle_aux_snapshot(struct sim_system *s, enum sim_path path, unsigned int mask,
			 struct oracle_aux_snap *snap);
int oracle_aux_unchanged(const struct oracle_aux_snap *a, const struct oracle_aux_snap *b,
			 int slack, char *why, size_t n);

#endif /* TKSIM_SIM_ORACLE_AUX_H */
