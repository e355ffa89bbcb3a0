// SPDX-License-Identifier: GPL-2.0
// tksim's own: tksim-coarse-repro, the coarse-clock second step
// (docs/findings/coarse-clock-step.md) on a kernel.
/*
 * A standalone program (libc and pthread only, dynamically linked) that
 * makes the kernel bug of docs/findings/coarse-clock-step.md happen and
 * watches for it: after each REALTIME second boundary it lowers (a carry)
 * or raises (a borrow) the tick with adjtimex(ADJ_TICK) by 10 %, or the
 * frequency by 500 ppm with --freq, a fraction of a tick after the boundary,
 * and reads the clocks before, right after and after restoring the tick:
 * CLOCK_MONOTONIC_COARSE must never go back, and the coarse clocks must stay
 * within two ticks behind the fine ones (never ahead, never a second off).
 *
 * It changes the clock of the machine it runs on, so on a real kernel it
 * refuses to run without --disturb-real-clock.  Under `tksim daemon` (the
 * preload's uname() says "-tksim" and TKSIM_PRELOAD_FD is set) every call
 * reaches the simulated kernel only and no option is needed; the raw
 * syscall path is never used there (the preload does not see it).
 *
 * Exit status: 0 nothing seen, 1 the coarse clocks misbehaved, 2 usage,
 * refusal or a failed call.  The tick, frequency and status it found are
 * restored at exit and on SIGINT, SIGTERM and SIGHUP.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/timex.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#define NSEC_PER_SEC 1000000000LL

static struct timex saved; /* the state found at the start (modes 0) */
static volatile sig_atomic_t have_saved;
static atomic_int anomalies;
static atomic_bool stop_reader;
static long long max_mono_coarse = -1;
static long long res_ns;

static long long ns_of(clockid_t c)
{
	struct timespec ts;

	clock_gettime(c, &ts);
	return (long long)ts.tv_sec * NSEC_PER_SEC + ts.tv_nsec;
}

/* Put back the tick, frequency and status found at the start. */
static void restore(void)
{
	struct timex tx = { 0 };

	if (!have_saved)
		return;
	tx.modes = ADJ_TICK | ADJ_FREQUENCY | ADJ_STATUS;
	tx.tick = saved.tick;
	tx.freq = saved.freq;
	tx.status = saved.status;
	adjtimex(&tx);
}

static void on_signal(int sig)
{
	restore();
	signal(sig, SIG_DFL);
	raise(sig);
}

/*
 * One look at the clocks: MONOTONIC_COARSE against the largest value seen
 * before (@last: the caller's own history), the coarse clocks against the
 * fine ones.  Returns true on an anomaly, printed with @when.
 */
static bool check(const char *when, long long *last, bool quiet)
{
	long long mc0 = ns_of(CLOCK_MONOTONIC_COARSE), rc = ns_of(CLOCK_REALTIME_COARSE);
	long long rt = ns_of(CLOCK_REALTIME), mono = ns_of(CLOCK_MONOTONIC);
	long long mc1 = ns_of(CLOCK_MONOTONIC_COARSE);
	const char *what = NULL;
	long long a = 0, b = 0;

	if (*last >= 0 && mc0 < *last)
		what = "CLOCK_MONOTONIC_COARSE went back", a = *last, b = mc0;
	else if (mc1 < mc0)
		what = "CLOCK_MONOTONIC_COARSE went back", a = mc0, b = mc1;
	else if (rc > rt)
		what = "CLOCK_REALTIME_COARSE is ahead of CLOCK_REALTIME", a = rc, b = rt;
	else if (mc0 > mono)
		what = "CLOCK_MONOTONIC_COARSE is ahead of CLOCK_MONOTONIC", a = mc0, b = mono;
	else if (rt - rc > 2 * res_ns + NSEC_PER_SEC / 100)
		what = "CLOCK_REALTIME_COARSE lags CLOCK_REALTIME by more than two ticks", a = rc,
		b = rt;
	if (mc1 > *last)
		*last = mc1;
	if (!what)
		return false;
	if (!quiet)
		printf("%s %s: %lld.%09lld then %lld.%09lld\n", when, what, a / NSEC_PER_SEC,
		       a % NSEC_PER_SEC, b / NSEC_PER_SEC, b % NSEC_PER_SEC);
	atomic_fetch_add(&anomalies, 1);
	return true;
}

/* --reader-thread: the same checks from another thread, with a history of its own. */
static void *reader(void *arg)
{
	long long last = -1;

	(void)arg;
	while (!atomic_load(&stop_reader))
		if (check("reader thread:", &last, false))
			usleep(1000);
	return NULL;
}

static int change(bool freq, int dir, const struct timex *base)
{
	struct timex tx = { 0 };

	if (freq) {
		tx.modes = ADJ_FREQUENCY;
		tx.freq = base->freq + dir * 500L * 65536;
	} else {
		tx.modes = ADJ_TICK;
		tx.tick = base->tick + dir * base->tick / 10;
	}
	return adjtimex(&tx) < 0 ? -errno : 0;
}

static void usage(void)
{
	fprintf(stderr, "usage: tksim-coarse-repro [--attempts N] [--freq] [--reader-thread]\n"
			"                          [--disturb-real-clock]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	bool freq = false, thread = false, real_ok = false, simulated;
	int attempts = 20, seen = 0;
	struct utsname u;
	struct timespec res;
	pthread_t tid;
	size_t len;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--freq"))
			freq = true;
		else if (!strcmp(argv[i], "--reader-thread"))
			thread = true;
		else if (!strcmp(argv[i], "--disturb-real-clock"))
			real_ok = true;
		else if (!strcmp(argv[i], "--attempts") && i + 1 < argc)
			attempts = atoi(argv[++i]);
		else
			usage();
	}
	if (attempts < 1)
		usage();
	uname(&u);
	len = strlen(u.release);
	simulated = len > 6 && !strcmp(u.release + len - 6, "-tksim");
	if (simulated != (getenv("TKSIM_PRELOAD_FD") != NULL)) {
		fprintf(stderr,
			"tksim-coarse-repro: uname says %s but TKSIM_PRELOAD_FD is %s: "
			"neither clearly simulated nor clearly real; refusing\n",
			u.release, getenv("TKSIM_PRELOAD_FD") ? "set" : "unset");
		return 2;
	}
	if (simulated) {
		printf("under tksim daemon: the simulated kernel %s, no real clock is touched\n",
		       u.release);
	} else if (!real_ok) {
		fprintf(stderr,
			"tksim-coarse-repro changes this machine's clock: adjtimex(ADJ_TICK) +/-10 "
			"%% "
			"(or ADJ_FREQUENCY +/-500 ppm with --freq) for a fraction of a tick at a "
			"time, %d times each way, then restores the tick, frequency and status it "
			"found.  Run it as root in a disposable VM (kernel 6.15 or later), with "
			"chronyd or ntpd stopped; give --disturb-real-clock to go ahead.\n",
			attempts);
		return 2;
	}
	if (adjtimex(&saved) < 0) {
		perror("tksim-coarse-repro: adjtimex");
		return 2;
	}
	have_saved = 1;
	atexit(restore);
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	signal(SIGHUP, on_signal);
	clock_getres(CLOCK_MONOTONIC_COARSE, &res);
	res_ns = (long long)res.tv_sec * NSEC_PER_SEC + res.tv_nsec;
	printf("tick %ld us, coarse resolution %lld ns, %d attempts each way with %s\n", saved.tick,
	       res_ns, attempts, freq ? "ADJ_FREQUENCY +/-500 ppm" : "ADJ_TICK +/-10 %");
	/* Threads would make the simulated run depend on scheduling: not under tksim. */
	if (thread && !simulated && pthread_create(&tid, NULL, reader, NULL))
		thread = false;
	for (int n = 0; n < 2 * attempts; n++) {
		int dir = n & 1 ? 1 : -1; /* lower (carry), then raise (borrow) */
		long long now = ns_of(CLOCK_REALTIME),
			  u_ns = res_ns / 2 + (n / 2 % 10) * res_ns / 20;
		struct timespec at = { .tv_sec = now / NSEC_PER_SEC + 1,
				       .tv_nsec = (long)(u_ns % NSEC_PER_SEC) };
		char when[64];
		int err;

		clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &at, NULL);
		check("before the change:", &max_mono_coarse, false);
		err = change(freq, dir, &saved);
		if (err) {
			fprintf(stderr, "tksim-coarse-repro: adjtimex: %s%s\n", strerror(-err),
				err == -EPERM ? " (needs CAP_SYS_TIME)" : "");
			return 2;
		}
		snprintf(when, sizeof(when),
			 "after %s the %s at %lld.%09lld:", dir < 0 ? "lowering" : "raising",
			 freq ? "frequency" : "tick", (long long)at.tv_sec, (long long)at.tv_nsec);
		seen += check(when, &max_mono_coarse, false);
		restore();
		seen += check("after restoring it:", &max_mono_coarse, false);
	}
	if (thread && !simulated) {
		atomic_store(&stop_reader, true);
		pthread_join(tid, NULL);
	}
	restore();
	printf("%d anomal%s of the coarse clocks in %d changes (%d seen by all checks); "
	       "frequency, tick and status restored\n",
	       seen, seen == 1 ? "y" : "ies", 2 * attempts, atomic_load(&anomalies));
	return atomic_load(&anomalies) ? 1 : 0;
}
