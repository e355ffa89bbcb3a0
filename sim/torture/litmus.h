/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: cross-CPU causality litmus tests in the style of Lutomirski's evil-clock-test. */
#ifndef TKSIM_SIM_TORTURE_LITMUS_H
#define TKSIM_SIM_TORTURE_LITMUS_H

/*
 * A thread that observes a timestamp another thread published must then
 * read a clock value at least as large: the read is after the observation
 * in program order, and rdtsc_ordered() keeps the counter read after every
 * earlier load.  Plain rdtsc may execute before the load that observed the
 * timestamp, and reads an older value.  Each test runs real threads over
 * the simulated vDSO of one system (whatever its counter) and reports, as
 * evil-clock-test does, the worst error and the number of samples:
 *
 *   Now    two threads each load the latest published value, read the
 *          clock and publish it; a read must not be older than a value
 *          the other thread published before the load.
 *   Load   one thread publishes clock reads, another loads and then reads.
 *   Load3  as Load, relayed through a third thread (transitivity).
 *   Store  each of two threads stores a flag, reads the clock, loads the
 *          other's flag (store buffering).  If one missed the other's
 *          store, its clock read should be the earlier; x86-TSO lets both
 *          miss, so this is expected to fail on x86.
 */

#include "vdso/datapage.h"

/** enum litmus_test - the four tests */
enum litmus_test {
	LITMUS_NOW,
	LITMUS_LOAD,
	LITMUS_LOAD3,
	LITMUS_STORE,
	LITMUS_NR,
};

/**
 * struct litmus_result - what one test saw
 * @samples:  causally ordered pairs of (published, later read) checked
 * @failures: pairs where the later read was older
 * @worst_ns: largest amount by which a later read was older (ns), 0 if none
 * @margin_ns: smallest slack of a passing pair (ns), U64_MAX if none
 */
struct litmus_result {
	u64 samples;
	u64 failures;
	u64 worst_ns;
	u64 margin_ns;
};

/**
 * struct litmus_params - how to run a test
 * @vd:          the vvar page of the system under test
 * @clock:       the clock (e.g. TK_CLOCK_MONOTONIC)
 * @duration_ns: wall time to run (ns)
 * @max_samples: stop after this many samples, 0 for no limit
 * @cpu:         the simulated CPU of each thread (vdso_this_cpu): per-CPU skew
 * @seed:        seed of the random delays that make the Store threads race
 * @gettime:     NULL, or the clock read to use instead of the model's vDSO over
 *               @vd (a kernel tree's own vDSO): 0 or a negative errno
 * @gettime_arg: its first argument
 */
struct litmus_params {
	const struct vdso_time_data *vd;
	int (*gettime)(void *arg, s32 clock, struct timespec64 *ts);
	void *gettime_arg;
	s32 clock;
	u64 duration_ns;
	u64 max_samples;
	unsigned int cpu[3];
	u64 seed;
};

const char *litmus_name(enum litmus_test t);
bool litmus_expected_to_fail(enum litmus_test t);
int litmus_run(enum litmus_test t, const struct litmus_params *p, struct litmus_result *r);

#endif /* TKSIM_SIM_TORTURE_LITMUS_H */
