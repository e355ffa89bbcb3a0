/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: helpers shared by the NTP, adjtimex and timer-selftest suites. */
#ifndef TKSIM_TESTS_TIMEKEEPER_CHECK_NTP_UTIL_H
#define TKSIM_TESTS_TIMEKEEPER_CHECK_NTP_UTIL_H

#include "tests/check_util.h"
#include "sim/ntpd.h"
#include "timekeeper/adjtimex.h"

/*
 * NTP_CHECK() - ck_assert_msg() for hot loops.  Check's assertions record
 * the location of every passing check through a pipe to the parent; in a
 * loop of millions of reads that costs more than the simulation.  This one
 * only calls into Check when the condition fails.
 */
#define NTP_CHECK(cond, ...)                       \
	do {                                       \
		if (unlikely(!(cond)))             \
			ck_abort_msg(__VA_ARGS__); \
	} while (0)

/* A clock read that must succeed, as full-width ns (test_read_ns() for hot loops). */
static inline __int128 clock_ns(struct sim_system *s, enum sim_path path, s32 clock)
{
	struct timespec64 ts;
	int ret = sim_clock_gettime(s, path, clock, &ts);

	NTP_CHECK(ret == 0, "CLOCK_%s failed: %d", oracle_clock_name(clock), ret);
	return ts_to_ns(&ts);
}

/* The default system at another HZ (2.1 GHz counter, +35 ppm, booted 2026-01-01). */
static inline struct sim_system *ntp_system(unsigned int hz)
{
	struct sim_config cfg;

	sim_config_default(&cfg);
	cfg.hz = hz;
	return test_system(&cfg);
}

/* adjtimex() as root: the clock state or a negative errno. */
static inline int tx_do(struct sim_system *s, struct tk_timex *tx)
{
	return do_adjtimex(&s->k, tx, true);
}

/* A read-only adjtimex(): modes = 0, the state read back into @tx. */
static inline int tx_read(struct sim_system *s, struct tk_timex *tx)
{
	*tx = (struct tk_timex){ 0 };
	return do_adjtimex(&s->k, tx, false);
}

/* One adjtimex() with @modes and the one value it needs; returns the state. */
static inline int tx_set(struct sim_system *s, unsigned int modes, long long freq, long long tick,
			 int status)
{
	struct tk_timex tx = { .modes = modes, .freq = freq, .tick = tick, .status = status };

	return tx_do(s, &tx);
}

/**
 * consistency_check() - inconsistency-check.c over every clock, deterministic
 * @s:          the system
 * @rng:        the sampling instants
 * @duration:   virtual time to cover (ns)
 * @max_gap:    largest step between two samples (ns)
 * @monotonic:  also require REALTIME, REALTIME_COARSE and TAI not to go back
 *              (true unless the clock is set or a leap second happens)
 * @seed:       printed on failure
 *
 * At each instant every clock is read back to back (the same counter value,
 * as in a tight loop) through the vDSO and the kernel side; the oracle
 * checks vDSO == kernel, coarse <= fine, time() <= REALTIME, and every clock
 * must not go back from the previous instant.
 */
static inline void consistency_check(struct sim_system *s, struct sim_rng *rng, u64 duration,
				     u64 max_gap, bool monotonic, u64 seed)
{
	struct oracle_mono m = { 0 };
	__int128 last[VDSO_BASES];
	bool seen[VDSO_BASES] = { false };
	u64 end = s->now_ns + duration;
	char why[256];

	while (s->now_ns < end) {
		sim_advance_ns(s, sim_rng_below(rng, max_gap) + 1);
		NTP_CHECK(oracle_check_instant(s, &m, NULL, why, sizeof(why)) == 0,
			  "seed %" PRIu64 " at %" PRIu64 " ns: %s", seed, s->now_ns, why);
		if (!monotonic)
			continue;
		for (s32 c = 0; c < 12; c++) {
			struct timespec64 ts;
			__int128 v;

			if (c == TK_CLOCK_SGI_CYCLE ||
			    sim_clock_gettime(s, SIM_PATH_SYSCALL, c, &ts) != 0)
				continue;
			v = clock_ns(s, SIM_PATH_VDSO, c);
			NTP_CHECK(!seen[c] || v >= last[c],
				  "seed %" PRIu64 ": CLOCK_%s went back by %" PRId64
				  " ns at %" PRIu64 " ns",
				  seed, oracle_clock_name(c), (s64)(last[c] - v), s->now_ns);
			last[c] = v;
			seen[c] = true;
		}
	}
}

#endif /* TKSIM_TESTS_TIMEKEEPER_CHECK_NTP_UTIL_H */
