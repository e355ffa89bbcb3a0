// SPDX-License-Identifier: GPL-2.0
// tksim's own: `tksim run --m32-readers`: the options, their wiring to sim/run/run_m32.h, the
// summary.
#include "tools/run/run_m32.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "sim/oracle.h"
#include "timekeeper/time64.h"
#include "tools/tksim.h"

/** run_m32_defaults() - no 32-bit reader; checks once a simulated second when enabled. */
void run_m32_defaults(struct run_m32 *m)
{
	memset(m, 0, sizeof(*m));
	m->interval_ns = NSEC_PER_SEC;
	sim_run_m32_init(&m->r);
}

/**
 * run_m32_parse() - one RUN_OPT_M32_* option
 * @m:    the options
 * @code: its code
 * @arg:  its value (NULL for a flag)
 *
 * Return: 0, or the usage error's exit status.
 */
int run_m32_parse(struct run_m32 *m, int code, const char *arg)
{
	switch (code) {
	case RUN_OPT_M32_READERS:
		m->enabled = true;
		return 0;
	case RUN_OPT_M32_INTERVAL:
		if (tksim_parse_duration_ns(arg, &m->interval_ns) || !m->interval_ns)
			return tksim_usage_error("run", "bad --m32-interval '%s'", arg);
		return 0;
	case RUN_OPT_START_BEFORE_Y2038:
		if (tksim_parse_duration_ns(arg, &m->before_y2038_ns) || !m->before_y2038_ns ||
		    m->before_y2038_ns > (u64)Y2038_SEC * NSEC_PER_SEC)
			return tksim_usage_error("run", "bad --start-before-y2038 '%s'", arg);
		return 0;
	default:
		return tksim_usage_error("run", "unknown option");
	}
}

/**
 * run_m32_configure() - boot before the 32-bit time_t boundary if asked
 * @m:   the options
 * @cfg: the system to build; its REALTIME at boot is set
 *
 * Return: 0.
 */
int run_m32_configure(const struct run_m32 *m, struct sim_config *cfg)
{
	/*
	 * Whole seconds first: set_normalized_timespec64() moves the ns into the
	 * seconds one second a step, as the kernel's does for its small
	 * remainders; 2000000000 s before took 2*10^9 steps (0.65 s of CPU).
	 */
	if (m->before_y2038_ns)
		cfg->wall_time = set_normalized_timespec64(
			Y2038_SEC - (s64)(m->before_y2038_ns / NSEC_PER_SEC),
			-(s64)(m->before_y2038_ns % NSEC_PER_SEC));
	return 0;
}

/**
 * run_m32_system_new() - build the system, in shared memory with readers
 * @m:   the options
 * @cfg: the configuration
 * @err: out: 0 or a negative errno
 *
 * Return: the system (free with run_m32_system_free()), or NULL.
 */
struct sim_system *run_m32_system_new(struct run_m32 *m, const struct sim_config *cfg, int *err)
{
	if (!m->enabled)
		return sim_system_new(cfg, err);
	return sim_run_m32_system_new(&m->r, cfg, err);
}

/**
 * run_m32_start() - sim_run_m32_spawn() for `tksim run`
 * @m: the options and state
 * @s: the system, from run_m32_system_new()
 *
 * Return: 0; exit status 4 (skipped) with the reason when this tksim or this
 * host cannot run 32-bit code (nothing could be observed); 2 for other errors.
 */
int run_m32_start(struct run_m32 *m, struct sim_system *s)
{
	char why[PATH_MAX + 200];
	int ret;

	if (!m->enabled)
		return 0;
	ret = sim_run_m32_spawn(&m->r, s, why, sizeof(why));
	if (!ret)
		return 0;
	if (ret == -ENOENT || ret == -ENOEXEC || ret == -ETIMEDOUT) {
		fprintf(stderr, "tksim run: skipped: --m32-readers: %s\n", why);
		return TKSIM_EXIT_SKIP;
	}
	return tksim_usage_error("run", "--m32-readers: %s", why);
}

/**
 * run_m32_check() - sim_run_m32_check() at --m32-interval, with --m32-readers
 * @m:   the options and the reader
 * @s:   the system, stopped at the instant to check
 * @why: the evidence on failure
 * @n:   size of @why
 *
 * Return: 0, or -1 with @why (sim_run_m32_check()).
 */
int run_m32_check(struct run_m32 *m, struct sim_system *s, char *why, size_t n)
{
	if (!m->enabled)
		return 0;
	return sim_run_m32_check(&m->r, s, m->interval_ns, why, n);
}

/** run_m32_summary() - what the 32-bit reader checked, and REALTIME through both entries. */
void run_m32_summary(const struct run_m32 *m)
{
	const struct sim_run_m32 *r = &m->r;
	char b[48];

	if (!m->enabled)
		return;
	oracle_format_ns(b, sizeof(b), (__int128)r->rt64.w[3] * NSEC_PER_SEC + r->rt64.w[4]);
	printf("\n  32-bit reader                i386 process, %" PRIu64 " instants x %" PRIu64
	       " calls, %" PRIu64 " fallbacks\n",
	       r->instants, r->instants ? r->calls / r->instants : 0, r->syscalls);
	printf("  32-bit past 2038-01-19       %" PRIu64 " instants\n", r->after_y2038);
	printf("  32-bit clock_gettime         tv_sec %" PRId64 ", tv_nsec %" PRId64
	       " (REALTIME, old_timespec32)\n",
	       r->rt32.w[3], r->rt32.w[4]);
	printf("  32-bit clock_gettime64       %s (REALTIME)\n", b);
}

/** run_m32_system_free() - stop the reader and free the system. */
void run_m32_system_free(struct run_m32 *m, struct sim_system *s)
{
	if (!m->enabled) {
		sim_system_free(s);
		return;
	}
	sim_run_m32_system_free(&m->r, s);
}
