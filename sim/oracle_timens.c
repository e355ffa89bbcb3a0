// SPDX-License-Identifier: GPL-2.0
// tksim's own: the oracle inside a time namespace (see sim/oracle_timens.h); the properties of
// the kernel's tools/testing/selftests/timens tests (timens.c, clock_nanosleep, gettime_perf).
#include "sim/oracle_timens.h"

#include <inttypes.h>
#include <string.h>

#include "vdso/gettimeofday.h"

/*
 * The offset a namespace applies to @clock, derived here from the offsets
 * alone (not through the kernel's code): monotonic for the three
 * MONOTONIC clocks, boottime for BOOTTIME, nothing for the rest.
 */
static __int128 timens_expected_offset_ns(const struct time_namespace *ns, s32 clock)
{
	switch (clock) {
	case TK_CLOCK_MONOTONIC:
	case TK_CLOCK_MONOTONIC_RAW:
	case TK_CLOCK_MONOTONIC_COARSE:
		return ts_to_ns(&ns->offsets.monotonic);
	case TK_CLOCK_BOOTTIME:
		return ts_to_ns(&ns->offsets.boottime);
	default:
		return 0;
	}
}

/**
 * oracle_check_timens() - every property inside a namespace, at one instant
 * @s:   the system (virtual time does not move during the reads)
 * @ns:  the namespace; its vvar page is set (a task has entered)
 * @m:   the namespace reader's monotonicity memory
 * @why: explanation on failure
 * @n:   size of @why
 *
 * For each clock: the vDSO through the namespace page equals the
 * namespace's clock_gettime(), both equal the host's clock plus the
 * namespace's offset of that clock, and monotonic clocks do not go back;
 * then coarse <= fine and time() <= REALTIME seconds inside the namespace.
 *
 * Return: 0, or -1 on the first violated property.
 */
int oracle_check_timens(struct sim_system *s, const struct time_namespace *ns,
			struct oracle_mono *m, char *why, size_t n)
{
	struct timespec64 v[VDSO_BASES];
	char a[48], b[48];

	for (unsigned int i = 0; i < oracle_nr_clocks; i++) {
		s32 c = oracle_clocks[i];
		struct timespec64 k, host;
		int rv = cvdso_clock_gettime(&ns->vvar_page, c, &v[c]);
		int rk = timens_clock_gettime(ns, c, &k);
		int rh = sim_clock_gettime(s, SIM_PATH_SYSCALL, c, &host);
		__int128 want = ts_to_ns(&host) + timens_expected_offset_ns(ns, c);

		if (rv || rk || rh) {
			snprintf(why, n, "timens CLOCK_%s failed: vdso %d, syscall %d, host %d",
				 oracle_clock_name(c), rv, rk, rh);
			return -1;
		}
		if (ts_to_ns(&v[c]) != ts_to_ns(&k) || ts_to_ns(&k) != want) {
			oracle_format_ns(a, sizeof(a), ts_to_ns(&v[c]));
			oracle_format_ns(b, sizeof(b), ts_to_ns(&k));
			snprintf(why, n, "timens CLOCK_%s: vdso %s, syscall %s, host + offset ",
				 oracle_clock_name(c), a, b);
			oracle_format_ns(a, sizeof(a), want);
			snprintf(why + strlen(why), n - strlen(why), "%s", a);
			return -1;
		}
		if (oracle_mono_check(m, c, &v[c], why, n))
			return -1;
	}
	if (ts_to_ns(&v[TK_CLOCK_MONOTONIC_COARSE]) > ts_to_ns(&v[TK_CLOCK_MONOTONIC]) ||
	    ts_to_ns(&v[TK_CLOCK_REALTIME_COARSE]) > ts_to_ns(&v[TK_CLOCK_REALTIME])) {
		snprintf(why, n, "timens: a coarse clock is ahead of its fine clock");
		return -1;
	}
	if (cvdso_time(&ns->vvar_page, NULL) > v[TK_CLOCK_REALTIME].tv_sec) {
		snprintf(why, n, "timens: time() is ahead of CLOCK_REALTIME seconds");
		return -1;
	}
	return 0;
}
