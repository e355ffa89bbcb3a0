/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: a seeded PRNG for scenarios and property tests (no kernel counterpart). */
#ifndef TKSIM_SIM_RNG_H
#define TKSIM_SIM_RNG_H

#include "vdso/types.h"

/**
 * struct sim_rng - splitmix64: small, fast, and every value a pure function
 * of the seed, so a printed seed replays a run exactly.
 * @state: the generator state
 */
struct sim_rng {
	u64 state;
};

static inline void sim_rng_seed(struct sim_rng *r, u64 seed)
{
	r->state = seed;
}

/** sim_rng_next() - the next 64 random bits. */
static inline u64 sim_rng_next(struct sim_rng *r)
{
	u64 z = (r->state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/** sim_rng_below() - uniform in [0, n) (n > 0), by 128-bit multiply. */
static inline u64 sim_rng_below(struct sim_rng *r, u64 n)
{
	return (u64)(((unsigned __int128)sim_rng_next(r) * n) >> 64);
}

/** sim_rng_range() - uniform in [lo, hi] (lo <= hi). */
static inline s64 sim_rng_range(struct sim_rng *r, s64 lo, s64 hi)
{
	return lo + (s64)sim_rng_below(r, (u64)(hi - lo) + 1);
}

#endif /* TKSIM_SIM_RNG_H */
