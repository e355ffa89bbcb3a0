// SPDX-License-Identifier: GPL-2.0
// tksim's own: the i386 vDSO reader (tools/reader32) on the aux clocks (v6.17 CLOCK_AUX + n):
// every entry point for every id up to CLOCK_AUX_LAST + 1 against the 64-bit kernel side.
/*
 * Aux clocks 0 and 1 are enabled, 2..7 not: the reader's do_aux() serves
 * the enabled ones from aux_clock_data[] and falls back (one syscall, which
 * tksim answers -ENODEV) for the others; getres of every aux id is the
 * vDSO's own 1 ns.  Over 1 s of virtual time, at every 10 ms, while aux
 * clock 0 gets a frequency of +300 ppm and then a step, sim_run_m32_check()
 * compares every result, return value and fallback count, full width.
 * SKIP (77) where the model cannot enable an aux clock, no reader was
 * built or this host runs no i386 program (not natively, not under
 * qemu-i386).
 */
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sim/run/run_m32.h"
#include "timekeeper/adjtimex.h"
#include "timekeeper/timekeeping.h"
#include "timekeeper/timekeeping_aux.h"

#define SKIP 77

/* The reader beside $TKSIM (tools/tksim-reader32), unless $TKSIM_READER32 names one. */
static void find_reader(void)
{
	const char *tksim = getenv("TKSIM");
	char dir[PATH_MAX], path[PATH_MAX + 32];

	if (getenv("TKSIM_READER32") || !tksim || strlen(tksim) >= sizeof(dir))
		return;
	strcpy(dir, tksim);
	snprintf(path, sizeof(path), "%s/tksim-reader32", dirname(dir));
	setenv("TKSIM_READER32", path, 0);
}

int main(void)
{
	struct sim_run_m32 m;
	struct sim_config cfg;
	struct sim_system *s;
	char why[512];
	int err, ret = 0;

	find_reader();
	sim_run_m32_init(&m);
	sim_config_default(&cfg);
	s = sim_run_m32_system_new(&m, &cfg, &err);
	if (!s) {
		printf("FAIL: cannot build the system (%d)\n", err);
		return 1;
	}
	if (tk_aux_clock_enable(&s->k, 0, true) || tk_aux_clock_enable(&s->k, 1, true)) {
		printf("SKIP: the model cannot enable an aux clock (tk_aux_clock_enable() "
		       "fails)\n");
		sim_run_m32_system_free(&m, s);
		return SKIP;
	}
	if (sim_run_m32_spawn(&m, s, why, sizeof(why))) {
		if (getenv("TKSIM_M32_RUNNER") || access("/usr/bin/qemu-i386", X_OK)) {
			printf("SKIP: %s\n", why);
			sim_run_m32_system_free(&m, s);
			return SKIP;
		}
		setenv("TKSIM_M32_RUNNER", "qemu-i386", 1);
		printf("# the i386 reader runs under qemu-i386 (user-mode emulation)\n");
		if (sim_run_m32_spawn(&m, s, why, sizeof(why))) {
			printf("SKIP: %s\n", why);
			sim_run_m32_system_free(&m, s);
			return SKIP;
		}
	}
	for (int i = 0; i < 100 && !ret; i++) {
		sim_advance_ns(s, 10 * NSEC_PER_MSEC);
		if (i == 30) {
			struct tk_timex tx = { .modes = ADJ_FREQUENCY, .freq = 300LL << 16 };

			if ((err = tk_sys_clock_adjtime(&s->k, TK_CLOCK_AUX, &tx, true)) < 0) {
				printf("FAIL: clock_adjtime(CLOCK_AUX, ADJ_FREQUENCY): %d\n", err);
				ret = 1;
			}
		}
		if (i == 70) {
			struct timespec64 t = { 1234, 5678 };

			if ((err = tk_sys_clock_settime(&s->k, TK_CLOCK_AUX, &t, true))) {
				printf("FAIL: clock_settime(CLOCK_AUX): %d\n", err);
				ret = 1;
			}
		}
		if (!ret && sim_run_m32_check(&m, s, 10 * NSEC_PER_MSEC, why, sizeof(why))) {
			printf("FAIL: at %d ms: %s\n", (i + 1) * 10, why);
			ret = 1;
		}
	}
	/* 26 ids (-1 .. 24) x 4 per-clock entry points + gettimeofday + time, at each instant. */
	if (!ret && m.calls != m.instants * (26 * 4 + 2)) {
		printf("FAIL: %llu calls in %llu instants: not every aux id was checked\n",
		       (unsigned long long)m.calls, (unsigned long long)m.instants);
		ret = 1;
	}
	if (!ret)
		printf("PASS: %llu instants, %llu i386 calls (%llu fallbacks) equal to the kernel "
		       "side, aux ids 16..23 among them\n",
		       (unsigned long long)m.instants, (unsigned long long)m.calls,
		       (unsigned long long)m.syscalls);
	sim_run_m32_system_free(&m, s);
	return ret;
}
