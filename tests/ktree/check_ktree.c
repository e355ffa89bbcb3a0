// SPDX-License-Identifier: GPL-2.0
// tksim's own: the kernel-tree backend's API on 6.12: boot, ticks, both read paths, adjtimex,
// reset; and its speed.
/*
 * Needs the tree in the kernel cache (tests/ktree/ktree_run.sh fetches it
 * first; SKIP, 77, without).  Checks that the tree's mult and shift are the
 * registration arithmetic's for the frequency, that both paths read the same
 * time at every counter value, that ADJ_FREQUENCY reads back, and that
 * ktree_reset() gives back the state right after boot, every number of the
 * snapshot; then prints the tree's ticks/s, its read cost on both paths and resets/s.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "ktree/ktree.h"

static uint64_t cycles;
static int fail;

static uint64_t read_counter(void *ctx)
{
	(void)ctx;
	return cycles;
}

#define CHECK(cond, ...)                              \
	do {                                          \
		if (!(cond)) {                        \
			printf("FAIL: " __VA_ARGS__); \
			printf("\n");                 \
			fail = 1;                     \
		}                                     \
	} while (0)

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(void)
{
	struct ktree_config cfg = {
		.freq_hz = 2100000000ULL,
		.mask = ~0ULL,
		.hz = 1000,
		.wall_sec = 1767225600,
		.boot_sec = 10,
		.read = read_counter,
	};
	struct tk_snapshot boot, snap;
	struct ktree_timex tx = { .modes = 0x0002 /* ADJ_FREQUENCY */, .freq = 100 << 16 };
	char err[2048];
	struct ktree *kt;
	enum ktree_status st = ktree_open("6.12", &kt, err, sizeof(err));
	double t0, t1;
	long n;

	if (st == KTREE_UNAVAILABLE) {
		printf("SKIP: %s\n", err);
		return 77;
	}
	if (st != KTREE_OK) {
		printf("FAIL: %s\n", err);
		return 1;
	}
	printf("tree %s\n", ktree_release(kt));
	if (ktree_boot(kt, &cfg, err, sizeof(err))) {
		printf("FAIL: boot: %s\n", err);
		return 1;
	}
	ktree_snapshot(kt, &boot);
	/* clocks_calc_mult_shift() for 2.1 GHz over 600 s: shift 24, mult 2^24 / 2.1 rounded */
	CHECK(boot.shift == 24 && boot.mult == 7989150, "mult %u shift %u", boot.mult, boot.shift);
	CHECK(boot.xtime_sec == 1767225600, "xtime_sec %" PRIu64, boot.xtime_sec);
	CHECK(boot.tick_length == (uint64_t)1000000 << 32, "tick_length %" PRIu64,
	      boot.tick_length);
	for (int i = 0; i < 2500; i++) {
		int64_t s0, s1;
		long n0, n1;

		cycles += 2100000 + (i % 7) * 1000;
		if (i % 3)
			ktree_tick(kt);
		for (int c = 0; c < 8; c++) {
			if (c == 2 || c == 3)
				continue; /* the CPU-time clocks */
			int r0 = ktree_clock_gettime(kt, KTREE_PATH_VDSO, c, &s0, &n0);
			int r1 = ktree_clock_gettime(kt, KTREE_PATH_SYSCALL, c, &s1, &n1);

			CHECK(!r0 && !r1 && s0 == s1 && n0 == n1,
			      "clock %d at %" PRIu64 ": vDSO %" PRId64
			      ".%09ld, kernel-side %" PRId64 ".%09ld",
			      c, cycles, s0, n0, s1, n1);
		}
	}
	/* TIME_ERROR: STA_UNSYNC is still set, as after every boot */
	n = ktree_adjtimex(kt, 0, &tx);
	CHECK(n == 5 && tx.freq == 100 << 16, "adjtimex %ld, freq %lld", n, tx.freq);
	ktree_snapshot(kt, &snap);
	CHECK(snap.time_freq != 0 && snap.xtime_sec > boot.xtime_sec, "the kernel did not move");
	ktree_reset(kt);
	ktree_snapshot(kt, &snap);
	CHECK(!memcmp(&snap, &boot, sizeof(snap)), "ktree_reset() did not restore the boot state");
	CHECK(ktree_warnings(kt) == 0, "%lu WARN()s", ktree_warnings(kt));

	cycles = 0;
	t0 = now_s();
	for (n = 0; n < 500000; n++) {
		cycles += 2100000;
		ktree_tick(kt);
	}
	t1 = now_s();
	printf("ticks: %.2f M/s (update_wall_time() of the tree)\n", n / (t1 - t0) / 1e6);
	for (int path = 0; path < 2; path++) {
		int64_t sec;
		long nsec;

		t0 = now_s();
		for (n = 0; n < 1000000; n++)
			ktree_clock_gettime(kt, path, 1, &sec, &nsec);
		t1 = now_s();
		printf("%s CLOCK_MONOTONIC: %.1f ns a read\n",
		       path == KTREE_PATH_VDSO ? "the tree's vDSO" : "its kernel-side getter",
		       (t1 - t0) / n * 1e9);
	}
	t0 = now_s();
	for (n = 0; n < 200000; n++)
		ktree_reset(kt);
	t1 = now_s();
	printf("resets: %.0f /s (a fresh kernel per fuzz input)\n", n / (t1 - t0));
	ktree_close(kt);

	/* Opened again in this process (tksim bench's two tree rows): a fresh kernel, not the last
	 * one's data (its object stays mapped), booting to the same numbers. */
	st = ktree_open("6.12", &kt, err, sizeof(err));
	CHECK(st == KTREE_OK, "open again: %s", err);
	cycles = 0;
	if (st == KTREE_OK) {
		CHECK(!ktree_boot(kt, &cfg, err, sizeof(err)), "boot again: %s", err);
		ktree_snapshot(kt, &snap);
		CHECK(!memcmp(&snap, &boot, sizeof(snap)),
		      "a second open booted to other numbers: xtime_sec %" PRIu64 ", mult %u",
		      snap.xtime_sec, snap.mult);
		ktree_close(kt);
	}
	return fail;
}
