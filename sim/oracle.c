// SPDX-License-Identifier: GPL-2.0
// tksim's own: the oracle (see sim/oracle.h); properties from the kernel's timer and vDSO
// selftests.
#include "sim/oracle.h"

#include "sim/clocks.h"

#include <inttypes.h>

#define ORACLE_CLOCK(id, name, arg, vdsotest) id,
const s32 oracle_clocks[] = { SIM_VDSO_CLOCKS(ORACLE_CLOCK) };
#undef ORACLE_CLOCK
const unsigned int oracle_nr_clocks = sizeof(oracle_clocks) / sizeof(oracle_clocks[0]);

/** oracle_clock_name() - the CLOCK_* name of a clock id (sim/clocks.c), "invalid" otherwise. */
const char *oracle_clock_name(s32 clock)
{
	const struct sim_clock_desc *c = sim_clock_by_id(clock);

	return c ? c->name : "invalid";
}

/**
 * oracle_format_ns() - print signed ns as "s.nnnnnnnnn" (128-bit safe)
 * @buf: output
 * @n:   its size
 * @ns:  the value
 */
void oracle_format_ns(char *buf, size_t n, __int128 ns)
{
	const char *sign = ns < 0 ? "-" : "";
	unsigned __int128 a = ns < 0 ? (unsigned __int128)-ns : (unsigned __int128)ns;

	snprintf(buf, n, "%s%" PRIu64 ".%09" PRIu64, sign, (u64)(a / NSEC_PER_SEC),
		 (u64)(a % NSEC_PER_SEC));
}

/* Cold: the explanation of a clock that went back (a violation; never on the fast path). */
static __attribute__((cold, noinline)) int mono_went_back(s32 clock, __int128 last, __int128 v,
							  char *why, size_t n)
{
	char a[48], b[48];

	oracle_format_ns(a, sizeof(a), last);
	oracle_format_ns(b, sizeof(b), v);
	snprintf(why, n, "CLOCK_%s went back: %s then %s", oracle_clock_name(clock), a, b);
	return -1;
}

/* oracle_mono_check() on a value already in ns; inlined into the per-instant loop. */
static inline int mono_check_ns(struct oracle_mono *m, s32 clock, __int128 v, char *why, size_t n)
{
	int ret = 0;

	if (m->seen[clock] && oracle_clock_is_monotonic(clock) && v < m->last[clock])
		ret = mono_went_back(clock, m->last[clock], v, why, n);
	m->last[clock] = v;
	m->seen[clock] = true;
	return ret;
}

/**
 * oracle_mono_check() - a monotonic clock must not go back for one reader
 * @m:     the reader's memory
 * @clock: clock id (non-monotonic clocks are only remembered)
 * @ts:    the value just read
 * @why:   explanation on failure
 * @n:     size of @why
 *
 * Return: 0, or -1 if @ts is before the last value of the same clock.
 */
int oracle_mono_check(struct oracle_mono *m, s32 clock, const struct timespec64 *ts, char *why,
		      size_t n)
{
	if (clock < 0 || clock >= VDSO_BASES)
		return 0;
	return mono_check_ns(m, clock, ts_to_ns(ts), why, n);
}

static __int128 abs128(__int128 v)
{
	return v < 0 ? -v : v;
}

/* Cold: the explanation of @lo_clk ahead of @hi_clk. */
static __attribute__((cold, noinline)) int le_failed(s32 lo_clk, __int128 lo, s32 hi_clk,
						     __int128 hi, char *why, size_t n)
{
	char a[48], b[48];

	oracle_format_ns(a, sizeof(a), lo);
	oracle_format_ns(b, sizeof(b), hi);
	snprintf(why, n, "CLOCK_%s %s is ahead of CLOCK_%s %s", oracle_clock_name(lo_clk), a,
		 oracle_clock_name(hi_clk), b);
	return -1;
}

/* A pair of clocks where @lo must never be ahead of @hi (values in ns). */
static inline int check_le(s32 lo_clk, __int128 lo, s32 hi_clk, __int128 hi, char *why, size_t n)
{
	if (likely(lo <= hi))
		return 0;
	return le_failed(lo_clk, lo, hi_clk, hi, why, n);
}

/* Cold: a failed read, or the vDSO disagreeing with the kernel side. */
static __attribute__((cold, noinline)) int pair_failed(s32 c, int rv, int rk,
						       const struct timespec64 *v,
						       const struct timespec64 *k, char *why,
						       size_t n)
{
	char a[48], b[48];

	if (rv || rk) {
		snprintf(why, n, "CLOCK_%s failed: vdso %d, syscall %d", oracle_clock_name(c), rv,
			 rk);
		return -1;
	}
	oracle_format_ns(a, sizeof(a), ts_to_ns(v));
	oracle_format_ns(b, sizeof(b), ts_to_ns(k));
	snprintf(why, n, "CLOCK_%s: vdso %s != syscall %s", oracle_clock_name(c), a, b);
	return -1;
}

/*
 * oracle_check_instant() with the values read: @v[clock] (vDSO) for each
 * clock of oracle_clocks[], in ns.
 */
static int check_instant(struct sim_system *s, struct oracle_mono *m, struct oracle_stats *st,
			 char *why, size_t n, __int128 *v)
{
	struct timespec64 vts[VDSO_BASES];
	time64_t t;

	for (unsigned int i = 0; i < oracle_nr_clocks; i++) {
		s32 c = oracle_clocks[i];
		struct timespec64 k;
		int rv = sim_clock_gettime(s, SIM_PATH_VDSO, c, &vts[c]);
		int rk = sim_clock_gettime(s, SIM_PATH_SYSCALL, c, &k);

		if (unlikely(rv || rk))
			return pair_failed(c, rv, rk, &vts[c], &k, why, n);
		v[c] = ts_to_ns(&vts[c]);
		/*
		 * Equal fields give a zero difference (nothing to record); only
		 * unequal ones need the full-width difference, which may still
		 * be zero for a timespec that is not normalised.
		 */
		if (unlikely(vts[c].tv_sec != k.tv_sec || vts[c].tv_nsec != k.tv_nsec)) {
			__int128 d = v[c] - ts_to_ns(&k);

			if (st && abs128(d) > st->max_vdso_diff_ns)
				st->max_vdso_diff_ns = abs128(d);
			if (d != 0)
				return pair_failed(c, 0, 0, &vts[c], &k, why, n);
		}
		if (m && mono_check_ns(m, c, v[c], why, n))
			return -1;
	}
	if (check_le(TK_CLOCK_REALTIME_COARSE, v[TK_CLOCK_REALTIME_COARSE], TK_CLOCK_REALTIME,
		     v[TK_CLOCK_REALTIME], why, n) ||
	    check_le(TK_CLOCK_MONOTONIC_COARSE, v[TK_CLOCK_MONOTONIC_COARSE], TK_CLOCK_MONOTONIC,
		     v[TK_CLOCK_MONOTONIC], why, n))
		return -1;
	t = sim_time(s, SIM_PATH_VDSO);
	if (unlikely(t > vts[TK_CLOCK_REALTIME].tv_sec)) {
		snprintf(why, n, "time() %" PRId64 " is ahead of CLOCK_REALTIME seconds %" PRId64,
			 t, vts[TK_CLOCK_REALTIME].tv_sec);
		return -1;
	}
	if (st)
		st->checks++;
	return 0;
}

/**
 * oracle_check_instant() - every property that holds at one virtual instant
 * @s:   the system (the counter does not move between the reads)
 * @m:   monotonicity memory (may be NULL)
 * @st:  statistics to update (may be NULL)
 * @why: explanation on failure
 * @n:   size of @why
 *
 * For each clock: the vDSO equals the kernel-side path exactly (the same
 * counter value and the same arithmetic), and monotonic clocks did not go
 * back; then coarse <= fine for each pair, and time() <= REALTIME seconds.
 *
 * Return: 0, or -1 on the first violated property.
 */
int oracle_check_instant(struct sim_system *s, struct oracle_mono *m, struct oracle_stats *st,
			 char *why, size_t n)
{
	__int128 v[VDSO_BASES];

	return check_instant(s, m, st, why, n, v);
}

/**
 * oracle_check_instant_values() - oracle_check_instant(), keeping what the vDSO read
 * @s, @m, @st, @why, @n: as oracle_check_instant()
 * @v:   out: the vDSO value of each clock of oracle_clocks[] (ns), for further
 *       checks at the same instant without reading again
 *
 * Return: 0, or -1 on the first violated property.
 */
int oracle_check_instant_values(struct sim_system *s, struct oracle_mono *m,
				struct oracle_stats *st, char *why, size_t n, __int128 *v)
{
	return check_instant(s, m, st, why, n, v);
}

/* oracle_check_raw_exact() on the MONOTONIC_RAW value @raw_ns read at this instant. */
static int check_raw_exact(struct sim_system *s, __int128 raw_ns, char *why, size_t n)
{
	const struct clocksource *cs = s->k.tk_core.timekeeper.tkr_raw.clock;
	unsigned __int128 want = (sim_raw_cycles_since_boot(s) * cs->mult) >> cs->shift;
	char a[48], b[48];

	if (likely(raw_ns == (__int128)want))
		return 0;
	oracle_format_ns(a, sizeof(a), raw_ns);
	oracle_format_ns(b, sizeof(b), (__int128)want);
	snprintf(why, n, "CLOCK_MONOTONIC_RAW %s != exact conversion %s", a, b);
	return -1;
}

/**
 * oracle_check_raw_exact() - MONOTONIC_RAW is the exact conversion of the counter
 * @s:   the system; its clocksource must not have changed since boot
 * @why: explanation on failure
 * @n:   size of @why
 *
 * Raw time is accumulated in shifted ns without loss (since v4.13), so at
 * any instant it must equal (cycles since boot * mult) >> shift, computed
 * here in 128 bits from the unwrapped counter, plus the RAW value at boot
 * (zero).  Equality is exact: one lost sub-ns fraction shows.
 *
 * Return: 0 or -1.
 */
int oracle_check_raw_exact(struct sim_system *s, char *why, size_t n)
{
	struct timespec64 ts;

	if (sim_clock_gettime(s, SIM_PATH_VDSO, TK_CLOCK_MONOTONIC_RAW, &ts)) {
		snprintf(why, n, "CLOCK_MONOTONIC_RAW failed");
		return -1;
	}
	return check_raw_exact(s, ts_to_ns(&ts), why, n);
}

/**
 * oracle_check_tick() - every check `tksim run` makes at one instant
 * @s:   the system; its clocksource must not have changed since boot
 * @m:   monotonicity memory (may be NULL)
 * @st:  statistics to update (may be NULL)
 * @why: explanation on failure
 * @n:   size of @why
 *
 * oracle_check_instant(), then oracle_check_raw_exact() on the
 * MONOTONIC_RAW value the instant check read through the vDSO (the same
 * instant and the same counter value: a second read would return it again).
 *
 * Return: 0, or -1 on the first violated property.
 */
int oracle_check_tick(struct sim_system *s, struct oracle_mono *m, struct oracle_stats *st,
		      char *why, size_t n)
{
	__int128 v[VDSO_BASES];

	if (check_instant(s, m, st, why, n, v))
		return -1;
	return check_raw_exact(s, v[TK_CLOCK_MONOTONIC_RAW], why, n);
}

/**
 * oracle_snapshot() - read every clock through one path, at one instant
 * @s:    the system (virtual time does not move during the reads)
 * @path: SIM_PATH_VDSO or SIM_PATH_SYSCALL
 * @snap: out
 * @why:  explanation on failure
 * @n:    size of @why
 *
 * Return: 0, or -1 if a clock could not be read.
 */
int oracle_snapshot(struct sim_system *s, enum sim_path path, struct oracle_snapshot *snap,
		    char *why, size_t n)
{
	for (unsigned int i = 0; i < oracle_nr_clocks; i++) {
		s32 c = oracle_clocks[i];
		struct timespec64 ts;
		int ret = sim_clock_gettime(s, path, c, &ts);

		if (ret) {
			snprintf(why, n, "CLOCK_%s failed: %d", oracle_clock_name(c), ret);
			return -1;
		}
		snap->ns[c] = ts_to_ns(&ts);
	}
	return 0;
}

/**
 * oracle_check_unchanged() - a change of rate at one instant moves no clock
 * @before: the clocks just before the change
 * @after:  the same clocks just after, at the same counter value
 * @why:    explanation on failure
 * @n:      size of @why
 *
 * When mult changes with unaccumulated cycles pending, the timekeeper
 * corrects xtime_nsec so that the time now stays the same (the continuity
 * term of timekeeping_apply_adjustment()): every counter-based clock must
 * read exactly what it read before.  Coarse clocks move only when whole
 * intervals are accumulated, never back (the v6.15 coarse_nsec fix).
 *
 * Return: 0 or -1.
 */
int oracle_check_unchanged(const struct oracle_snapshot *before,
			   const struct oracle_snapshot *after, char *why, size_t n)
{
	for (unsigned int i = 0; i < oracle_nr_clocks; i++) {
		s32 c = oracle_clocks[i];
		bool coarse = c == TK_CLOCK_REALTIME_COARSE || c == TK_CLOCK_MONOTONIC_COARSE;
		char a[48], b[48];

		if (coarse ? after->ns[c] >= before->ns[c] : after->ns[c] == before->ns[c])
			continue;
		oracle_format_ns(a, sizeof(a), before->ns[c]);
		oracle_format_ns(b, sizeof(b), after->ns[c]);
		snprintf(why, n, "CLOCK_%s %s %s to %s at the same counter value",
			 oracle_clock_name(c), coarse ? "went back" : "stepped", a, b);
		return -1;
	}
	return 0;
}
