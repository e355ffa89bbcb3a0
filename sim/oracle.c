// SPDX-License-Identifier: GPL-2.0
// tksim's own: the oracle (see sim/oracle.h); properties from the kernel's timer and vDSO
// selftests.
#include "sim/oracle.h"

#include <inttypes.h>

const s32 oracle_clocks[] = {
	TK_CLOCK_REALTIME,
	TK_CLOCK_MONOTONIC,
	TK_CLOCK_MONOTONIC_RAW,
	TK_CLOCK_REALTIME_COARSE,
	TK_CLOCK_MONOTONIC_COARSE,
	TK_CLOCK_BOOTTIME,
	TK_CLOCK_TAI,
};
const unsigned int oracle_nr_clocks = sizeof(oracle_clocks) / sizeof(oracle_clocks[0]);

/** oracle_clock_name() - the CLOCK_* name of a clock id, "invalid" otherwise. */
const char *oracle_clock_name(s32 clock)
{
	static const char *const names[VDSO_BASES] = {
		[TK_CLOCK_REALTIME] = "REALTIME",
		[TK_CLOCK_MONOTONIC] = "MONOTONIC",
		[TK_CLOCK_PROCESS_CPUTIME_ID] = "PROCESS_CPUTIME_ID",
		[TK_CLOCK_THREAD_CPUTIME_ID] = "THREAD_CPUTIME_ID",
		[TK_CLOCK_MONOTONIC_RAW] = "MONOTONIC_RAW",
		[TK_CLOCK_REALTIME_COARSE] = "REALTIME_COARSE",
		[TK_CLOCK_MONOTONIC_COARSE] = "MONOTONIC_COARSE",
		[TK_CLOCK_BOOTTIME] = "BOOTTIME",
		[TK_CLOCK_REALTIME_ALARM] = "REALTIME_ALARM",
		[TK_CLOCK_BOOTTIME_ALARM] = "BOOTTIME_ALARM",
		[TK_CLOCK_SGI_CYCLE] = "SGI_CYCLE",
		[TK_CLOCK_TAI] = "TAI",
	};

	if (clock < 0 || clock >= VDSO_BASES)
		return "invalid";
	return names[clock];
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
	__int128 v = ts_to_ns(ts);
	int ret = 0;

	if (clock < 0 || clock >= VDSO_BASES)
		return 0;
	if (m->seen[clock] && oracle_clock_is_monotonic(clock) && v < m->last[clock]) {
		char a[48], b[48];

		oracle_format_ns(a, sizeof(a), m->last[clock]);
		oracle_format_ns(b, sizeof(b), v);
		snprintf(why, n, "CLOCK_%s went back: %s then %s", oracle_clock_name(clock), a, b);
		ret = -1;
	}
	m->last[clock] = v;
	m->seen[clock] = true;
	return ret;
}

static __int128 abs128(__int128 v)
{
	return v < 0 ? -v : v;
}

/* A pair of clocks where @lo must never be ahead of @hi. */
static int check_le(s32 lo_clk, const struct timespec64 *lo, s32 hi_clk,
		    const struct timespec64 *hi, char *why, size_t n)
{
	char a[48], b[48];

	if (ts_to_ns(lo) <= ts_to_ns(hi))
		return 0;
	oracle_format_ns(a, sizeof(a), ts_to_ns(lo));
	oracle_format_ns(b, sizeof(b), ts_to_ns(hi));
	snprintf(why, n, "CLOCK_%s %s is ahead of CLOCK_%s %s", oracle_clock_name(lo_clk), a,
		 oracle_clock_name(hi_clk), b);
	return -1;
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
	struct timespec64 v[VDSO_BASES], k;
	time64_t t;

	for (unsigned int i = 0; i < oracle_nr_clocks; i++) {
		s32 c = oracle_clocks[i];
		__int128 d;
		int rv = sim_clock_gettime(s, SIM_PATH_VDSO, c, &v[c]);
		int rk = sim_clock_gettime(s, SIM_PATH_SYSCALL, c, &k);

		if (rv || rk) {
			snprintf(why, n, "CLOCK_%s failed: vdso %d, syscall %d",
				 oracle_clock_name(c), rv, rk);
			return -1;
		}
		d = ts_to_ns(&v[c]) - ts_to_ns(&k);
		if (st && abs128(d) > st->max_vdso_diff_ns)
			st->max_vdso_diff_ns = abs128(d);
		if (d != 0) {
			char a[48], b[48];

			oracle_format_ns(a, sizeof(a), ts_to_ns(&v[c]));
			oracle_format_ns(b, sizeof(b), ts_to_ns(&k));
			snprintf(why, n, "CLOCK_%s: vdso %s != syscall %s", oracle_clock_name(c), a,
				 b);
			return -1;
		}
		if (m && oracle_mono_check(m, c, &v[c], why, n))
			return -1;
	}
	if (check_le(TK_CLOCK_REALTIME_COARSE, &v[TK_CLOCK_REALTIME_COARSE], TK_CLOCK_REALTIME,
		     &v[TK_CLOCK_REALTIME], why, n) ||
	    check_le(TK_CLOCK_MONOTONIC_COARSE, &v[TK_CLOCK_MONOTONIC_COARSE], TK_CLOCK_MONOTONIC,
		     &v[TK_CLOCK_MONOTONIC], why, n))
		return -1;
	t = sim_time(s, SIM_PATH_VDSO);
	if (t > v[TK_CLOCK_REALTIME].tv_sec) {
		snprintf(why, n, "time() %" PRId64 " is ahead of CLOCK_REALTIME seconds %" PRId64,
			 t, v[TK_CLOCK_REALTIME].tv_sec);
		return -1;
	}
	if (st)
		st->checks++;
	return 0;
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
	const struct clocksource *cs = s->k.tk_core.timekeeper.tkr_raw.clock;
	unsigned __int128 want = (sim_raw_cycles_since_boot(s) * cs->mult) >> cs->shift;
	struct timespec64 ts;
	char a[48], b[48];

	if (sim_clock_gettime(s, SIM_PATH_VDSO, TK_CLOCK_MONOTONIC_RAW, &ts)) {
		snprintf(why, n, "CLOCK_MONOTONIC_RAW failed");
		return -1;
	}
	if (ts_to_ns(&ts) == (__int128)want)
		return 0;
	oracle_format_ns(a, sizeof(a), ts_to_ns(&ts));
	oracle_format_ns(b, sizeof(b), (__int128)want);
	snprintf(why, n, "CLOCK_MONOTONIC_RAW %s != exact conversion %s", a, b);
	return -1;
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
