// SPDX-License-Identifier: GPL-2.0
// tksim's own: a probe run under `tksim daemon --aux-clocks 2`: it steers and reads aux clock 0
// (CLOCK_AUX) through the libc calls and the raw syscalls, and checks the errnos of a disabled one.
/*
 * The probe enables nothing itself: the daemon's --aux-clocks does, as root
 * would through /sys/kernel/time/aux_clocks/N/aux_clock_enable.  It prints
 * one line per fact; tests/daemon/daemon_aux.sh checks them.  The checks of
 * the v6.17 auxclock selftest (tools/testing/selftests/timers/auxclock.c)
 * are the model: getres 1 ns, ENODEV on a disabled clock, settime then
 * gettime progression, ADJ_FREQUENCY read back, and here also that steering
 * the aux clock leaves REALTIME's frequency alone and that the aux clock runs
 * at the frequency it was given against MONOTONIC over a virtual sleep.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/timex.h>
#include <time.h>
#include <unistd.h>

#define CLOCK_AUX 16 /* include/uapi/linux/time.h, v6.17 */
#define NSEC_PER_SEC 1000000000LL

static long long ns(const struct timespec *t)
{
	return (long long)t->tv_sec * NSEC_PER_SEC + t->tv_nsec;
}

static const char *err(int r)
{
	return r == 0		 ? "0"
	       : errno == ENODEV ? "ENODEV"
	       : errno == EINVAL ? "EINVAL"
				 : strerror(errno);
}

int main(void)
{
	struct timespec a0, a1, m0, m1, t = { 0 }, set = { 1234, 5678 };
	struct timex tx = { 0 };
	int r;

	r = clock_getres(CLOCK_AUX, &t);
	printf("getres aux0: %s %lld ns\n", err(r), ns(&t));
	r = clock_gettime(CLOCK_AUX + 2, &t);
	printf("gettime aux2: %s\n", err(r));
	r = (int)syscall(SYS_clock_gettime, CLOCK_AUX + 2, &t);
	printf("syscall gettime aux2: %s\n", err(r));
	r = clock_adjtime(CLOCK_AUX + 2, &tx);
	printf("adjtime aux2: %s\n", r < 0 ? err(r) : "ok");
	r = clock_settime(CLOCK_AUX + 2, &set);
	printf("settime aux2: %s\n", err(r));
	r = clock_gettime(CLOCK_AUX + 8, &t);
	printf("gettime aux8: %s\n", err(r));

	r = clock_gettime(CLOCK_AUX, &t);
	printf("gettime aux0 at boot: %s %lld ns\n", err(r), ns(&t));
	r = clock_settime(CLOCK_AUX, &set);
	printf("settime aux0 1234.000005678: %s\n", err(r));
	r = clock_gettime(CLOCK_AUX, &a0);
	printf("gettime aux0 after settime: %s %lld ns\n", err(r), ns(&a0) - ns(&set));
	r = (int)syscall(SYS_clock_gettime, CLOCK_AUX, &t);
	printf("syscall gettime aux0 after libc: %s %s\n", err(r),
	       r == 0 && ns(&t) >= ns(&a0) ? "in order" : "BACK");
	r = clock_settime(CLOCK_AUX, &(struct timespec){ 1, NSEC_PER_SEC });
	printf("settime aux0 nsec 1e9: %s\n", err(r));

	tx = (struct timex){ 0 };
	r = clock_adjtime(CLOCK_REALTIME, &tx);
	printf("adjtime realtime read before: freq %ld\n", r < 0 ? -1L : tx.freq);
	/* +100 ppm: freq is scaled ppm (ppm << 16). */
	tx = (struct timex){ .modes = ADJ_FREQUENCY, .freq = 100 << 16 };
	r = clock_adjtime(CLOCK_AUX, &tx);
	printf("adjtime aux0 ADJ_FREQUENCY: %s\n", r < 0 ? err(r) : "ok");
	tx = (struct timex){ 0 };
	r = clock_adjtime(CLOCK_AUX, &tx);
	printf("adjtime aux0 read: freq %ld\n", r < 0 ? -1L : tx.freq);
	tx = (struct timex){ 0 };
	r = clock_adjtime(CLOCK_REALTIME, &tx);
	printf("adjtime realtime read after: freq %ld\n", r < 0 ? -1L : tx.freq);

	clock_gettime(CLOCK_AUX, &a0);
	clock_gettime(CLOCK_MONOTONIC, &m0);
	sleep(10);
	clock_gettime(CLOCK_AUX, &a1);
	clock_gettime(CLOCK_MONOTONIC, &m1);
	/* aux - monotonic over the sleep, in ns: +100 ppm of ~10 s is ~1 ms */
	printf("slept: monotonic %lld ns, aux0 - monotonic %lld ns\n", ns(&m1) - ns(&m0),
	       (ns(&a1) - ns(&a0)) - (ns(&m1) - ns(&m0)));
	return 0;
}
