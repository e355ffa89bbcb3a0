// SPDX-License-Identifier: GPL-2.0
// tksim's own: the 64-bit side of the 32-bit vDSO reader: options, the shared system, the summary.
/*
 * The system is built inside a memfd mapping, so that its vvar page
 * (s->k.vdata) and its counter page (s->counter.page) are the very pages
 * the i386 reader maps: the reader reads what update_vsyscall() wrote and
 * the counter value the engine published for the current instant, nothing
 * copied.  At each check tksim calls every i386 entry point for every clock
 * id and compares the result, full width, with the kernel side at the same
 * instant under the i386 ABI rules (v6.15):
 *
 *   clock_gettime, clock_getres   old_timespec32: tv_sec truncated to s32,
 *                                 no -EOVERFLOW (__cvdso_clock_gettime32 and
 *                                 __put_old_timespec32 both truncate)
 *   gettimeofday, time            32-bit long: truncated likewise
 *   clock_gettime64               __kernel_timespec: full 64-bit seconds
 *   clock_getres_time64           no vDSO entry in v6.15: syscall 406
 *
 * and that the reader entered the kernel exactly where the i386 vDSO does.
 *
 * This file: the options, the system in shared memory, the summary.  The
 * reader process is sim/run/run_m32_proc.c, the check sim/run/run_m32_check.c.
 */
#define _GNU_SOURCE
#include "tools/run/run_m32.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "sim/oracle.h"
#include "timekeeper/time64.h"
#include "tools/tksim.h"

/** run_m32_defaults() - no 32-bit reader; checks once a simulated second when enabled. */
void run_m32_defaults(struct run_m32 *m)
{
	memset(m, 0, sizeof(*m));
	m->interval_ns = NSEC_PER_SEC;
	m->memfd = m->to_fd = m->from_fd = -1;
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
	if (m->before_y2038_ns)
		cfg->wall_time = set_normalized_timespec64(Y2038_SEC, -(s64)m->before_y2038_ns);
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
	long page = sysconf(_SC_PAGESIZE);
	struct sim_system *s;

	if (!m->enabled)
		return sim_system_new(cfg, err);
	m->map_size = (sizeof(*s) + (size_t)page - 1) & ~((size_t)page - 1);
	m->memfd = memfd_create("tksim-vvar", 0);
	if (m->memfd < 0 || ftruncate(m->memfd, (off_t)m->map_size)) {
		*err = -errno;
		return NULL;
	}
	m->map = mmap(NULL, m->map_size, PROT_READ | PROT_WRITE, MAP_SHARED, m->memfd, 0);
	if (m->map == MAP_FAILED) {
		*err = -errno;
		m->map = NULL;
		return NULL;
	}
	s = m->map;
	*err = sim_system_init(s, cfg);
	return *err ? NULL : s;
}

/**
 * run_m32_start() - run_m32_spawn() for `tksim run`
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
	ret = run_m32_spawn(m, s, why, sizeof(why));
	if (!ret)
		return 0;
	if (ret == -ENOENT || ret == -ENOEXEC) {
		fprintf(stderr, "tksim run: skipped: --m32-readers: %s\n", why);
		return TKSIM_EXIT_SKIP;
	}
	return tksim_usage_error("run", "--m32-readers: %s", why);
}

/** run_m32_summary() - what the 32-bit reader checked, and REALTIME through both entries. */
void run_m32_summary(const struct run_m32 *m)
{
	char b[48];

	if (!m->enabled)
		return;
	oracle_format_ns(b, sizeof(b), (__int128)m->rt64.w[3] * NSEC_PER_SEC + m->rt64.w[4]);
	printf("\n  32-bit reader                i386 process, %" PRIu64 " instants x %" PRIu64
	       " calls, %" PRIu64 " fallbacks\n",
	       m->instants, m->instants ? m->calls / m->instants : 0, m->syscalls);
	printf("  32-bit past 2038-01-19       %" PRIu64 " instants\n", m->after_y2038);
	printf("  32-bit clock_gettime         tv_sec %" PRId64 ", tv_nsec %" PRId64
	       " (REALTIME, old_timespec32)\n",
	       m->rt32.w[3], m->rt32.w[4]);
	printf("  32-bit clock_gettime64       %s (REALTIME)\n", b);
}

/** run_m32_system_free() - stop the reader and free the system. */
void run_m32_system_free(struct run_m32 *m, struct sim_system *s)
{
	if (!m->enabled) {
		sim_system_free(s);
		return;
	}
	run_m32_stop(m);
	if (s)
		sim_system_destroy(s);
	if (m->map)
		munmap(m->map, m->map_size);
	if (m->memfd >= 0)
		close(m->memfd);
	m->map = NULL;
	m->memfd = -1;
}

/** run_m32_help() - the options' lines of `tksim run --help`. */
void run_m32_help(void)
{
	printf("32-bit readers:\n"
	       "  --m32-readers     also run the vDSO as i386 code (tksim-reader32, a gcc -m32\n"
	       "                    process on the same vvar page) and check every 32-bit\n"
	       "                    entry point against the kernel side; TKSIM_M32_RUNNER\n"
	       "                    runs it under a user-mode emulator (qemu-i386)\n"
	       "  --m32-interval D  virtual time between those checks (default 1s)\n"
	       "  --start-before-y2038 D  boot D before 2038-01-19T03:14:08Z, the first\n"
	       "                    second a 32-bit time_t cannot hold\n");
}
