// SPDX-License-Identifier: GPL-2.0
// tksim's own: the oracle's properties of the auxiliary clocks (see sim/oracle_aux.h).
#include "sim/oracle_aux.h"

#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "sim/clocks.h"
#include "sim/oracle.h"
#include "timekeeper/ntp.h"
#include "timekeeper/timekeeping_aux.h"

/** oracle_aux_enabled_mask() - the aux clocks enabled now (bit n: CLOCK_AUX + n). */
unsigned int oracle_aux_enabled_mask(const struct sim_system *s)
{
	unsigned int mask = 0;

	for (unsigned int i = 0; i < TK_MAX_AUX_CLOCKS; i++)
		if (tk_aux_clock_enabled(&s->k, i))
			mask |= 1U << i;
	return mask;
}

/* Unwrapped cycles of @c (NULL: the engine's counter) now. */
static unsigned __int128 cycles_now(const struct sim_system *s, const struct sim_counter *c)
{
	return sim_counter_elapsed(c ? c : &s->counter, s->now_ns);
}

/**
 * oracle_aux_init() - the aux checks for system @s: the clocks enabled now, each based now
 * @a: the memory
 * @s: the system
 * @c: the counter under the system clocksource (NULL: the engine's)
 */
void oracle_aux_init(struct oracle_aux *a, struct sim_system *s, const struct sim_counter *c)
{
	memset(a, 0, sizeof(*a));
	a->seen = a->on = oracle_aux_enabled_mask(s);
	for (unsigned int i = 0; i < TK_MAX_AUX_CLOCKS; i++)
		if (a->seen & (1U << i))
			oracle_aux_rebase(a, s, i, c);
}

/**
 * oracle_aux_stepped() - aux clock @idx was enabled, disabled or set: its history starts again
 * @a:   the memory
 * @s:   the system, just after the call
 * @idx: the aux clock
 * @c:   the counter under the system clocksource (NULL: the engine's)
 */
void oracle_aux_stepped(struct oracle_aux *a, struct sim_system *s, unsigned int idx,
			const struct sim_counter *c)
{
	if (idx >= TK_MAX_AUX_CLOCKS)
		return;
	a->seen |= 1U << idx;
	a->wrapped &= ~(1U << idx);
	a->has_last[idx] = false;
	oracle_aux_rebase(a, s, idx, c);
}

/*
 * The NTP state an aux clock is enabled with: tick_length is NTP_INTERVAL_LENGTH in
 * NTP-scaled ns, no phase or adjtime slew pending and ntp_error 0.  Then
 * timekeeping_adjust() finds mult exact (ntp_tick - xtime_remainder is
 * cycle_interval * mult) and never moves it, so every interval adds exactly
 * cycle_interval * mult shifted ns.  Where HZ does not divide 10^9 the
 * cleared tick_length is not NTP_INTERVAL_LENGTH's and mult dithers: no base.
 */
static bool ntp_quiet(const struct sim_system *s, const struct timekeeper *tk,
		      const struct ntp_data *ntp)
{
	return ntp && ntp_tick_length(ntp) == tk_ntp_interval_length(&s->k) << NTP_SCALE_SHIFT &&
	       !ntp->time_offset && !ntp->time_adjust && !tk->ntp_error && tk->tkr_mono.clock &&
	       tk->tkr_mono.mult == tk->tkr_mono.clock->mult;
}

/**
 * oracle_aux_rebase() - raw-exact of aux clock @idx runs on from its value now
 * @a:   the memory
 * @s:   the system
 * @idx: the aux clock
 * @c:   the counter under the system clocksource (NULL: the engine's)
 *
 * The base is the kernel-side value now and the sub-ns remainder the aux
 * timekeeper holds beside it: ((now - cycle_last) * mult + xtime_nsec) below
 * the shift.  It holds only while the aux clock runs on the system
 * clocksource, enabled, with the NTP state it was enabled with.
 */
void oracle_aux_rebase(struct oracle_aux *a, struct sim_system *s, unsigned int idx,
		       const struct sim_counter *c)
{
	const struct sim_counter *ctr = c ? c : &s->counter;
	const struct ntp_data *ntp = NULL;
	struct timekeeper tk;
	struct timespec64 ts;
	unsigned __int128 sns;
	u64 d0;

	if (idx >= TK_MAX_AUX_CLOCKS)
		return;
	a->exact &= ~(1U << idx);
	if (!tk_aux_clock_enabled(&s->k, idx) ||
	    !ktime_get_aux_ts64(&s->k, TK_CLOCK_AUX + (s32)idx, &ts))
		return;
	tk_aux_snapshot(&s->k, idx, &tk, &ntp);
	if (tk.tkr_mono.clock != &ctr->cs || !ntp_quiet(s, &tk, ntp))
		return;
	d0 = (sim_counter_cycles_at(ctr, s->now_ns) - tk.tkr_mono.cycle_last) & tk.tkr_mono.mask;
	sns = (unsigned __int128)d0 * tk.tkr_mono.mult + tk.tkr_mono.xtime_nsec;
	a->base_ns[idx] = ts_to_ns(&ts);
	a->frac[idx] = (u64)(sns & (((unsigned __int128)1 << tk.tkr_mono.shift) - 1));
	a->cycles0[idx] = cycles_now(s, c);
	a->mult[idx] = tk.tkr_mono.mult;
	a->shift[idx] = tk.tkr_mono.shift;
	a->exact |= 1U << idx;
}

/** oracle_aux_steered() - aux clock @idx's NTP state was changed: no raw-exact base until a step.
 */
void oracle_aux_steered(struct oracle_aux *a, unsigned int idx)
{
	if (idx < TK_MAX_AUX_CLOCKS)
		a->exact &= ~(1U << idx);
}

static void name_clock(char *clock, unsigned int idx)
{
	strcpy(clock, sim_clock_by_id(TK_CLOCK_AUX + (s32)idx)->name);
}

/*
 * One aux clock through both paths, errno included; @v its vDSO value and @k its
 * kernel-side value when enabled.  The page's aux base is whole ns: the kernel's
 * update of it (kernel/time/vsyscall.c, vdso_time_update_aux()) adds
 * monotonic_to_aux to xtime_nsec >> shift and shifts the sum back, dropping
 * the sub-ns remainder that ktime_get_aux() keeps.  So the vDSO reads the
 * kernel side's value or 1 ns less, never more.  That is also why the vDSO
 * alone can step back 1 ns: it reads the kernel side's value before an update
 * and 1 ns less after it, when the update's timekeeping_adjust() moved the
 * remainder; monotonicity is checked on the kernel side.
 */
static enum oracle_aux_prop check_pair(struct sim_system *s, unsigned int idx, bool enabled,
				       __int128 *v, __int128 *k, char *why, size_t n)
{
	s32 id = TK_CLOCK_AUX + (s32)idx;
	const char *name = sim_clock_by_id(id)->name;
	struct timespec64 vts = { 0 }, kts = { 0 };
	int rv = sim_clock_gettime(s, SIM_PATH_VDSO, id, &vts);
	int rk = sim_clock_gettime(s, SIM_PATH_SYSCALL, id, &kts);
	char a[48], b[48];

	if (!enabled) {
		if (rv == -ENODEV && rk == -ENODEV)
			return ORACLE_AUX_OK;
		snprintf(why, n, "CLOCK_%s is disabled but reads vdso %d, syscall %d (not -ENODEV)",
			 name, rv, rk);
		return ORACLE_AUX_VDSO_EQ;
	}
	if (rv || rk) {
		snprintf(why, n, "CLOCK_%s failed: vdso %d, syscall %d", name, rv, rk);
		return ORACLE_AUX_VDSO_EQ;
	}
	*v = ts_to_ns(&vts);
	*k = ts_to_ns(&kts);
	if (*k - *v == 0 || *k - *v == 1)
		return ORACLE_AUX_OK;
	oracle_format_ns(a, sizeof(a), *v);
	oracle_format_ns(b, sizeof(b), *k);
	snprintf(why, n, "CLOCK_%s: vdso %s is not syscall %s or 1 ns less", name, a, b);
	return ORACLE_AUX_VDSO_EQ;
}

/* Raw-exact of aux clock @idx, read @v now. */
static enum oracle_aux_prop check_exact(struct oracle_aux *a, struct sim_system *s,
					const struct sim_counter *c, unsigned int idx, __int128 v,
					char *why, size_t n)
{
	unsigned __int128 d = cycles_now(s, c) - a->cycles0[idx];
	__int128 want =
		a->base_ns[idx] + (__int128)((d * a->mult[idx] + a->frac[idx]) >> a->shift[idx]);
	char x[48], y[48];

	a->evals[ORACLE_AUX_RAW_EXACT]++;
	if (v == want)
		return ORACLE_AUX_OK;
	oracle_format_ns(x, sizeof(x), v);
	oracle_format_ns(y, sizeof(y), want);
	snprintf(why, n,
		 "CLOCK_%s %s != exact conversion %s of the counter from its last step (not "
		 "steered since)",
		 sim_clock_by_id(TK_CLOCK_AUX + (s32)idx)->name, x, y);
	return ORACLE_AUX_RAW_EXACT;
}

/**
 * oracle_aux_check() - every instant property of every aux clock seen
 * @a:     the memory
 * @s:     the system (the counter does not move between the reads)
 * @c:     the counter under the system clocksource (NULL: the engine's)
 * @clock: the clock a violation concerns (at least 24 bytes)
 * @why:   what was seen
 * @n:     size of @why
 *
 * Return: ORACLE_AUX_OK, or the first property violated.
 */
enum oracle_aux_prop oracle_aux_check(struct oracle_aux *a, struct sim_system *s,
				      const struct sim_counter *c, char *clock, char *why, size_t n)
{
	for (unsigned int i = 0; i < TK_MAX_AUX_CLOCKS; i++) {
		bool enabled;
		enum oracle_aux_prop p;
		__int128 v = 0, k = 0;

		if (!(a->seen & (1U << i)))
			continue;
		enabled = tk_aux_clock_enabled(&s->k, i);
		a->evals[ORACLE_AUX_VDSO_EQ]++;
		p = check_pair(s, i, enabled, &v, &k, why, n);
		/*
		 * On the kernel side, which is exact: the vDSO's whole-ns base may put it
		 * 1 ns behind right after it read the kernel side's value (check_pair()).
		 */
		if (!p && enabled) {
			a->evals[ORACLE_AUX_MONOTONIC]++;
			if (a->has_last[i] && k < a->last[i]) {
				char x[48], y[48];

				oracle_format_ns(x, sizeof(x), a->last[i]);
				oracle_format_ns(y, sizeof(y), k);
				snprintf(why, n, "CLOCK_%s went back: %s then %s",
					 sim_clock_by_id(TK_CLOCK_AUX + (s32)i)->name, x, y);
				p = ORACLE_AUX_MONOTONIC;
			}
			a->last[i] = k;
			a->has_last[i] = true;
		}
		/* Against the kernel side, which keeps the remainder the base was taken with. */
		if (!p && enabled && (a->exact & (1U << i)))
			p = check_exact(a, s, c, i, k, why, n);
		if (p) {
			name_clock(clock, i);
			return p;
		}
	}
	return ORACLE_AUX_OK;
}

/**
 * oracle_aux_snapshot() - the aux clocks of @mask through one path, at one instant
 * @s:    the system
 * @path: SIM_PATH_VDSO or SIM_PATH_SYSCALL
 * @mask: which (bit n: CLOCK_AUX + n)
 * @snap: out
 */
void oracle_aux_snapshot(struct sim_system *s, enum sim_path path, unsigned int mask,
			 struct oracle_aux_snap *snap)
{
	memset(snap, 0, sizeof(*snap));
	snap->mask = mask;
	for (unsigned int i = 0; i < TK_MAX_AUX_CLOCKS; i++) {
		struct timespec64 ts;

		if (!(mask & (1U << i)))
			continue;
		snap->ret[i] = sim_clock_gettime(s, path, TK_CLOCK_AUX + (s32)i, &ts);
		if (!snap->ret[i])
			snap->ns[i] = ts_to_ns(&ts);
	}
}

/**
 * oracle_aux_unchanged() - the aux clocks of both snapshots read the same
 * @a:     before a call, at the same instant (and counter value) as @b
 * @b:     after it; only the clocks of both masks are compared
 * @slack: how many ns a clock may read more or less after: 1 for the vDSO path,
 *         whose reads are the kernel side's or 1 ns less (check_pair()), before
 *         and after a call that republishes the page; 0 for the kernel side
 * @why:   the first that moved
 * @n:     size of @why
 *
 * Return: 0, or -1 with @why.
 */
int oracle_aux_unchanged(const struct oracle_aux_snap *a, const struct oracle_aux_snap *b,
			 int slack, char *why, size_t n)
{
	for (unsigned int i = 0; i < TK_MAX_AUX_CLOCKS; i++) {
		const char *name = sim_clock_by_id(TK_CLOCK_AUX + (s32)i)->name;
		char x[48], y[48];

		if (!(a->mask & b->mask & (1U << i)))
			continue;
		if (a->ret[i] != b->ret[i]) {
			snprintf(why, n, "CLOCK_%s read %d, then %d at the same counter value",
				 name, a->ret[i], b->ret[i]);
			return -1;
		}
		if (b->ns[i] - a->ns[i] >= -slack && b->ns[i] - a->ns[i] <= slack)
			continue;
		oracle_format_ns(x, sizeof(x), a->ns[i]);
		oracle_format_ns(y, sizeof(y), b->ns[i]);
		snprintf(why, n, "CLOCK_%s stepped %s to %s at the same counter value", name, x, y);
		return -1;
	}
	return 0;
}
