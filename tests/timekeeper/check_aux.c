// SPDX-License-Identifier: GPL-2.0
// Tests of timekeeper/timekeeping_aux.c: the v6.17 aux clocks on the kernel side.
/*
 * The sysfs knob's semantics, the errnos of the four syscalls on CLOCK_AUX
 * + n in the kernel's order, the independence of aux and system clocks in
 * both directions (each against a twin system that did not do the other
 * thing), one NTP state per aux clock, and tk_aux_advance()'s accumulation
 * checked exactly against the raw counter.
 */
#include <errno.h>

#include "tests/check_util.h"
#include "timekeeper/adjtimex.h"
#include "timekeeper/timekeeping_aux.h"
#include "vdso/bug_bits.h"

#define AUX0 TK_CLOCK_AUX
#define AUX3 (TK_CLOCK_AUX + 3)

static struct sim_system *aux_system(void)
{
	struct sim_config cfg;
	struct sim_system *s;

	sim_config_default(&cfg);
	s = test_system(&cfg);
	sim_advance_ns(s, 2 * NSEC_PER_SEC + 333);
	return s;
}

/* A kernel-side aux read that must succeed, in ns. */
static __int128 aux_ns(struct sim_system *s, s32 clock)
{
	struct timespec64 ts;

	ck_assert_int_eq(tk_sys_clock_gettime(&s->k, clock, &ts), 0);
	return ts_to_ns(&ts);
}

static int aux_adj(struct sim_system *s, s32 clock, struct tk_timex tx)
{
	return tk_sys_clock_adjtime(&s->k, clock, &tx, true);
}

/* The knob: out of range -ENOENT; enabled reads from 0; disabled -ENODEV; same state no-op. */
START_TEST(test_enable_disable)
{
	struct sim_system *s = aux_system();
	struct timespec64 ts, res;

	ck_assert_int_eq(tk_aux_clock_enable(&s->k, TK_MAX_AUX_CLOCKS, true), -ENOENT);
	for (s32 c = TK_CLOCK_AUX; c <= TK_CLOCK_AUX_LAST; c++) {
		ck_assert(!tk_aux_clock_enabled(&s->k, (unsigned int)(c - TK_CLOCK_AUX)));
		ck_assert_int_eq(tk_sys_clock_gettime(&s->k, c, &ts), -ENODEV);
		ck_assert(!ktime_get_aux_ts64(&s->k, c, &ts));
		/* getres: 1 ns whether enabled or not. */
		ck_assert_int_eq(tk_sys_clock_getres(&s->k, c, &res), 0);
		ck_assert(res.tv_sec == 0 && res.tv_nsec == 1);
	}
	ck_assert_int_eq(tk_aux_clock_enable(&s->k, 3, true), 0);
	ck_assert(tk_aux_clock_enabled(&s->k, 3) && s->k.aux_timekeepers == BIT(3));
	/* Enabling starts the clock at 0 at the counter now. */
	ck_assert(aux_ns(s, AUX3) == 0);
	ck_assert_int_eq(tk_sys_clock_gettime(&s->k, AUX0, &ts), -ENODEV);
	sim_advance_ns(s, NSEC_PER_SEC);
	/* 1 s of the counter at the clocksource's nominal mult: within its error (35 ppm). */
	ck_assert(aux_ns(s, AUX3) > NSEC_PER_SEC - 100000 &&
		  aux_ns(s, AUX3) < NSEC_PER_SEC + 100000);
	/* Writing 1 again changes nothing: no restart. */
	ck_assert_int_eq(tk_aux_clock_enable(&s->k, 3, true), 0);
	ck_assert(aux_ns(s, AUX3) > NSEC_PER_SEC - 100000);
	ck_assert_int_eq(tk_aux_clock_enable(&s->k, 3, false), 0);
	ck_assert(!tk_aux_clock_enabled(&s->k, 3) && s->k.aux_timekeepers == 0);
	ck_assert_int_eq(tk_sys_clock_gettime(&s->k, AUX3, &ts), -ENODEV);
	ck_assert_int_eq(s->k.vdata.aux_clock_data[3].clock_mode, VDSO_CLOCKMODE_NONE);
	ck_assert_int_eq(tk_aux_clock_enable(&s->k, 3, false), 0);
	/* Enabled again: from 0 again. */
	sim_advance_ns(s, NSEC_PER_SEC);
	ck_assert_int_eq(tk_aux_clock_enable(&s->k, 3, true), 0);
	ck_assert(aux_ns(s, AUX3) == 0);
	sim_system_free(s);
}
END_TEST

/* settime and adjtime errnos, in the kernel's order; a refused call changes nothing. */
START_TEST(test_errnos)
{
	struct sim_system *s = aux_system();
	const struct timespec64 bad = { 5, NSEC_PER_SEC }, t = { 1234, 5678 };
	struct tk_timex tx;
	__int128 before;

	/* Disabled: an invalid time is -EINVAL first, a valid one -ENODEV. */
	ck_assert_int_eq(tk_sys_clock_settime(&s->k, AUX0, &bad, true), -EINVAL);
	ck_assert_int_eq(tk_sys_clock_settime(&s->k, AUX0, &t, true), -ENODEV);
	ck_assert_int_eq(aux_adj(s, AUX0, (struct tk_timex){ .modes = 0 }), -ENODEV);
	/* The validation comes before the clock's state: -EINVAL / -EPERM on a disabled clock. */
	ck_assert_int_eq(aux_adj(s, AUX0, (struct tk_timex){ .modes = ADJ_TAI, .constant = 37 }),
			 -EINVAL);
	tx = (struct tk_timex){ .modes = ADJ_FREQUENCY, .freq = 1 << 16 };
	ck_assert_int_eq(tk_sys_clock_adjtime(&s->k, AUX0, &tx, false), -EPERM);

	ck_assert_int_eq(tk_aux_clock_enable(&s->k, 0, true), 0);
	sim_advance_ns(s, 10 * NSEC_PER_SEC);
	before = aux_ns(s, AUX0);
	/* No leap seconds, no TAI offset, no PPS; the status bits count even with modes 0. */
	ck_assert_int_eq(
		aux_adj(s, AUX0, (struct tk_timex){ .modes = ADJ_STATUS, .status = STA_INS }),
		-EINVAL);
	ck_assert_int_eq(
		aux_adj(s, AUX0, (struct tk_timex){ .modes = ADJ_STATUS, .status = STA_DEL }),
		-EINVAL);
	ck_assert_int_eq(aux_adj(s, AUX0, (struct tk_timex){ .modes = 0, .status = STA_INS }),
			 -EINVAL);
	ck_assert_int_eq(aux_adj(s, AUX0, (struct tk_timex){ .modes = ADJ_TAI, .constant = 37 }),
			 -EINVAL);
	ck_assert_int_eq(
		aux_adj(s, AUX0, (struct tk_timex){ .modes = ADJ_STATUS, .status = STA_PPSFREQ }),
		-EINVAL);
	ck_assert_int_eq(
		aux_adj(s, AUX0, (struct tk_timex){ .modes = ADJ_STATUS, .status = STA_PPSTIME }),
		-EINVAL);
	/* ADJ_SETOFFSET that would make the clock negative, and a bad ns part. */
	ck_assert_int_eq(aux_adj(s, AUX0,
				 (struct tk_timex){ .modes = ADJ_SETOFFSET | ADJ_NANO,
						    .time = { .tv_sec = -11, .tv_usec = 0 } }),
			 -EINVAL);
	ck_assert_int_eq(
		aux_adj(s, AUX0,
			(struct tk_timex){ .modes = ADJ_SETOFFSET | ADJ_NANO,
					   .time = { .tv_sec = 1, .tv_usec = NSEC_PER_SEC } }),
		-EINVAL);
	ck_assert_int_eq(tk_sys_clock_settime(&s->k, AUX0, &bad, true), -EINVAL);
	ck_assert(aux_ns(s, AUX0) == before);
	/* A read-only call works and reads back the aux clock's own time. */
	tx = (struct tk_timex){ .modes = 0 };
	ck_assert_int_ge(tk_sys_clock_adjtime(&s->k, AUX0, &tx, false), 0);
	ck_assert(tx.time.tv_sec == 10 && (tx.status & STA_UNSYNC));
	/* v6.17/v6.18 aux_clock_set() checks no capability: unprivileged works. */
	ck_assert_int_eq(tk_sys_clock_settime(&s->k, AUX0, &t, false), 0);
	ck_assert(aux_ns(s, AUX0) == ts_to_ns(&t));
	sim_system_free(s);
}
END_TEST

/* The core clocks of @s and @twin read the same at the same counter value. */
static void assert_core_equal(struct sim_system *s, struct sim_system *twin, const char *what)
{
	static const s32 ids[] = {
		TK_CLOCK_REALTIME, TK_CLOCK_MONOTONIC, TK_CLOCK_MONOTONIC_RAW,
		TK_CLOCK_BOOTTIME, TK_CLOCK_TAI,       TK_CLOCK_REALTIME_COARSE
	};

	for (size_t i = 0; i < sizeof(ids) / sizeof(ids[0]); i++)
		for (int p = SIM_PATH_VDSO; p <= SIM_PATH_SYSCALL; p++)
			ck_assert_msg(test_read_ns(s, p, ids[i]) == test_read_ns(twin, p, ids[i]),
				      "%s moved %s", what, oracle_clock_name(ids[i]));
}

/* Steps and frequency changes of an aux clock leave the system clocks exactly as a twin's. */
START_TEST(test_aux_leaves_core)
{
	struct sim_system *s = aux_system(), *twin = aux_system();
	const struct timespec64 t = { 1700000000, 1 };

	ck_assert_int_eq(tk_aux_clock_enable(&s->k, 0, true), 0);
	ck_assert_int_eq(tk_aux_clock_enable(&s->k, 5, true), 0);
	sim_advance_ns(s, NSEC_PER_SEC);
	sim_advance_ns(twin, NSEC_PER_SEC);
	ck_assert_int_eq(tk_sys_clock_settime(&s->k, AUX0, &t, true), 0);
	ck_assert_int_ge(
		aux_adj(s, AUX0, (struct tk_timex){ .modes = ADJ_FREQUENCY, .freq = 300 << 16 }),
		0);
	ck_assert_int_ge(aux_adj(s, TK_CLOCK_AUX + 5,
				 (struct tk_timex){ .modes = ADJ_SETOFFSET | ADJ_NANO,
						    .time = { .tv_sec = 100, .tv_usec = 7 } }),
			 0);
	ck_assert_int_ge(aux_adj(s, AUX0,
				 (struct tk_timex){ .modes = ADJ_OFFSET | ADJ_STATUS | ADJ_NANO,
						    .status = STA_PLL | STA_NANO,
						    .offset = 400000 }),
			 0);
	assert_core_equal(s, twin, "aux steps");
	for (int i = 0; i < 50; i++) {
		sim_advance_ns(s, 97 * NSEC_PER_MSEC);
		sim_advance_ns(twin, 97 * NSEC_PER_MSEC);
		assert_core_equal(s, twin, "aux NTP");
	}
	ck_assert_int_eq(tk_aux_clock_enable(&s->k, 0, false), 0);
	assert_core_equal(s, twin, "aux disable");
	/* The core's NTP state is the twin's too. */
	ck_assert(ntp_tick_length(&s->k.ntp) == ntp_tick_length(&twin->k.ntp));
	sim_system_free(s);
	sim_system_free(twin);
}
END_TEST

/* settimeofday, adjtimex and NTP on the system clock leave an aux clock as a twin's. */
START_TEST(test_core_leaves_aux)
{
	struct sim_system *s = aux_system(), *twin = aux_system();
	const struct timespec64 t = { 2000000000, 0 };
	struct tk_timex tx;

	ck_assert_int_eq(tk_aux_clock_enable(&s->k, 2, true), 0);
	ck_assert_int_eq(tk_aux_clock_enable(&twin->k, 2, true), 0);
	sim_advance_ns(s, NSEC_PER_SEC);
	sim_advance_ns(twin, NSEC_PER_SEC);
	ck_assert_int_eq(tk_sys_clock_settime(&s->k, TK_CLOCK_REALTIME, &t, true), 0);
	tx = (struct tk_timex){ .modes = ADJ_FREQUENCY, .freq = -400 * 65536 };
	ck_assert_int_ge(do_adjtimex(&s->k, &tx, true), 0);
	tx = (struct tk_timex){ .modes = ADJ_SETOFFSET | ADJ_NANO, .time = { 3, 5 } };
	ck_assert_int_ge(do_adjtimex(&s->k, &tx, true), 0);
	for (int i = 0; i < 40; i++) {
		sim_advance_ns(s, 131 * NSEC_PER_MSEC);
		sim_advance_ns(twin, 131 * NSEC_PER_MSEC);
		ck_assert_msg(aux_ns(s, TK_CLOCK_AUX + 2) == aux_ns(twin, TK_CLOCK_AUX + 2),
			      "the system clock's steering moved the aux clock");
	}
	ck_assert(test_read_ns(s, SIM_PATH_SYSCALL, TK_CLOCK_REALTIME) >
		  test_read_ns(twin, SIM_PATH_SYSCALL, TK_CLOCK_REALTIME));
	sim_system_free(s);
	sim_system_free(twin);
}
END_TEST

/* One NTP state per aux clock: a frequency set on one is read back there only. */
START_TEST(test_ntp_per_clock)
{
	struct sim_system *s = aux_system();
	struct tk_timex tx;
	const struct ntp_data *ntp;
	struct timekeeper tk;

	ck_assert_int_eq(tk_aux_clock_enable(&s->k, 0, true), 0);
	ck_assert_int_eq(tk_aux_clock_enable(&s->k, 1, true), 0);
	tx = (struct tk_timex){ .modes = ADJ_FREQUENCY, .freq = 123 << 16 };
	ck_assert_int_ge(tk_sys_clock_adjtime(&s->k, AUX0, &tx, true), 0);
	ck_assert(tx.freq == 123 << 16);
	tx = (struct tk_timex){ .modes = 0 };
	ck_assert_int_ge(tk_sys_clock_adjtime(&s->k, AUX0, &tx, false), 0);
	ck_assert_msg(tx.freq == 123 << 16, "aux 0 reads back %lld", tx.freq);
	tx = (struct tk_timex){ .modes = 0 };
	ck_assert_int_ge(tk_sys_clock_adjtime(&s->k, TK_CLOCK_AUX + 1, &tx, false), 0);
	ck_assert(tx.freq == 0);
	tx = (struct tk_timex){ .modes = 0 };
	ck_assert_int_ge(do_adjtimex(&s->k, &tx, false), 0);
	ck_assert(tx.freq == 0);
	tk_aux_snapshot(&s->k, 0, &tk, &ntp);
	ck_assert_ptr_eq(ntp, &s->k.aux[0].ntp);
	ck_assert(ntp_tick_length(ntp) > ntp_tick_length(&s->k.ntp));
	ck_assert(tk.id == TIMEKEEPER_AUX_FIRST && tk.clock_valid);
	/* Applied at once (TK_ADV_FREQ): aux 0's mult is already above the raw one. */
	ck_assert_uint_gt(tk.tkr_mono.mult, tk.tkr_raw.mult);
	/* A step clears the clock's NTP state (TK_UPDATE_ALL) but ntp_clear() keeps time_freq. */
	ck_assert_int_ge(
		aux_adj(s, AUX0, (struct tk_timex){ .modes = ADJ_STATUS, .status = STA_PLL }), 0);
	ck_assert_int_eq(tk_sys_clock_settime(&s->k, AUX0, &(struct timespec64){ 9, 0 }, true), 0);
	tx = (struct tk_timex){ .modes = 0 };
	ck_assert_int_ge(tk_sys_clock_adjtime(&s->k, AUX0, &tx, false), 0);
	ck_assert(tx.freq == 123 << 16 && (tx.status & STA_UNSYNC));
	/* So does a disable and enable: the clock restarts at 0 at the frequency it had. */
	ck_assert_int_eq(tk_aux_clock_enable(&s->k, 0, false), 0);
	ck_assert_int_eq(tk_aux_clock_enable(&s->k, 0, true), 0);
	tx = (struct tk_timex){ .modes = 0 };
	ck_assert_int_ge(tk_sys_clock_adjtime(&s->k, AUX0, &tx, false), 0);
	ck_assert(tx.freq == 123 << 16);
	sim_system_free(s);
}
END_TEST

/* (cycles * mult) >> shift, the exact conversion of the clocksource's own mult. */
static __int128 conv(const struct sim_system *s, unsigned __int128 cycles)
{
	const struct clocksource *cs = s->k.tk_core.timekeeper.tkr_raw.clock;

	return (__int128)((cycles * cs->mult) >> cs->shift);
}

/*
 * tk_aux_advance(): with no frequency given, an aux clock is the exact raw
 * conversion of the cycles since it was enabled, at every tick and between
 * ticks, through NOHZ gaps; after a step, the step plus the cycles since.
 */
START_TEST(test_advance_exact)
{
	struct sim_system *s = aux_system();
	unsigned __int128 c0, c1;
	const struct ntp_data *ntp;
	struct timekeeper tk;
	struct sim_rng r;
	s64 d;
	__int128 at1;

	sim_rng_seed(&r, test_seed());
	ck_assert_int_eq(tk_aux_clock_enable(&s->k, 7, true), 0);
	c0 = sim_raw_cycles_since_boot(s);
	for (int i = 0; i < 2000; i++) {
		u64 step = sim_rng_below(&r, 5) ? sim_rng_below(&r, 3 * NSEC_PER_MSEC) + 1
						: sim_rng_below(&r, 2 * NSEC_PER_SEC);

		if (sim_rng_below(&r, 4))
			sim_advance_ns(s, step);
		else
			sim_idle_ns(s, step);
		/* The tick accumulated it: its cycle_last is within an interval of the core's. */
		tk_aux_snapshot(&s->k, 7, &tk, &ntp);
		d = (s64)(s->k.tk_core.timekeeper.tkr_mono.cycle_last - tk.tkr_mono.cycle_last);
		ck_assert_msg((d < 0 ? -d : d) < (s64)tk.cycle_interval,
			      "seed %" PRIu64 " step %d: aux 7 was not advanced by the tick",
			      test_seed(), i);
	}
	ck_assert_int_eq(
		tk_sys_clock_settime(&s->k, TK_CLOCK_AUX + 7, &(struct timespec64){ 77, 7 }, true),
		0);
	c1 = sim_raw_cycles_since_boot(s);
	at1 = 77 * (__int128)NSEC_PER_SEC + 7;
	for (int i = 0; i < 200; i++) {
		sim_advance_ns(s, sim_rng_below(&r, 50 * NSEC_PER_MSEC) + 1);
		/* The step keeps the sub-ns fraction of the clock where it was: floor differences.
		 */
		ck_assert(aux_ns(s, TK_CLOCK_AUX + 7) ==
			  at1 + conv(s, sim_raw_cycles_since_boot(s) - c0) - conv(s, c1 - c0));
	}
	sim_system_free(s);
}
END_TEST

/* ADJ_FREQUENCY on an aux clock: its rate against the raw conversion is what was asked. */
START_TEST(test_frequency_rate)
{
	struct sim_system *s = aux_system();
	__int128 a0, r0, da, dr;

	ck_assert_int_eq(tk_aux_clock_enable(&s->k, 4, true), 0);
	ck_assert_int_ge(aux_adj(s, TK_CLOCK_AUX + 4,
				 (struct tk_timex){ .modes = ADJ_FREQUENCY, .freq = -250 * 65536 }),
			 0);
	sim_advance_ns(s, NSEC_PER_SEC);
	a0 = aux_ns(s, TK_CLOCK_AUX + 4);
	r0 = test_read_ns(s, SIM_PATH_SYSCALL, TK_CLOCK_MONOTONIC_RAW);
	sim_advance_ns(s, 100 * NSEC_PER_SEC);
	da = aux_ns(s, TK_CLOCK_AUX + 4) - a0;
	dr = test_read_ns(s, SIM_PATH_SYSCALL, TK_CLOCK_MONOTONIC_RAW) - r0;
	/* -250 ppm of 100 s is -25 ms; allow 10 us for NTP's dithering. */
	ck_assert_msg(da - dr > -25 * NSEC_PER_MSEC - 10000 &&
			      da - dr < -25 * NSEC_PER_MSEC + 10000,
		      "aux ran %lld ns off raw over 100 s", (long long)(da - dr));
	sim_system_free(s);
}
END_TEST

/* BUG_AUX_OFFS_NS: a clock set back puts the pre-762af5a2aa0a vDSO base 2^64 ns ahead. */
START_TEST(test_bug_aux_offs_ns)
{
	for (int bug = 0; bug <= 1; bug++) {
		struct sim_system *s = aux_system();
		__int128 v, k;

		s->k.bugs = bug ? BUG_AUX_OFFS_NS : 0;
		ck_assert_int_eq(tk_aux_clock_enable(&s->k, 1, true), 0);
		sim_advance_ns(s, 5 * NSEC_PER_SEC);
		/* 5 s in, set to 1 s: offs_aux is about -4 s. */
		ck_assert_int_eq(tk_sys_clock_settime(&s->k, TK_CLOCK_AUX + 1,
						      &(struct timespec64){ 1, 0 }, true),
				 0);
		sim_advance_ns(s, 10 * NSEC_PER_MSEC);
		k = test_read_ns(s, SIM_PATH_SYSCALL, TK_CLOCK_AUX + 1);
		v = test_read_ns(s, SIM_PATH_VDSO, TK_CLOCK_AUX + 1);
		if (bug)
			ck_assert_msg(v - k > (__int128)18446744073 * NSEC_PER_SEC,
				      "the bug shows: vDSO %lld s ahead",
				      (long long)((v - k) / NSEC_PER_SEC));
		else
			ck_assert_msg(v <= k && k - v <= 1, "vDSO %lld, kernel %lld", (long long)v,
				      (long long)k);
		sim_system_free(s);
	}
}
END_TEST

/* A clocksource change moves the enabled aux clocks with it, continuously. */
START_TEST(test_change_clocksource)
{
	struct sim_system *s = aux_system();
	struct clocksource *cs = s->k.tk_core.timekeeper.tkr_mono.clock;
	__int128 before, after;

	ck_assert_int_eq(tk_aux_clock_enable(&s->k, 6, true), 0);
	sim_advance_ns(s, 3 * NSEC_PER_SEC + 17);
	before = aux_ns(s, TK_CLOCK_AUX + 6);
	/* The same clocksource again: tk_setup_internals() from scratch, nothing else moves. */
	ck_assert_int_eq(change_clocksource(&s->k, cs), 0);
	after = aux_ns(s, TK_CLOCK_AUX + 6);
	ck_assert_msg(after >= before && after - before <= 1, "jumped %lld ns",
		      (long long)(after - before));
	ck_assert(s->k.aux[6].tkd.timekeeper.cs_was_changed_seq == 2);
	sim_system_free(s);
}
END_TEST

static Suite *aux_suite(void)
{
	Suite *s = suite_create("aux");
	TCase *tc = tcase_create("kernel");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_enable_disable);
	tcase_add_test(tc, test_errnos);
	tcase_add_test(tc, test_aux_leaves_core);
	tcase_add_test(tc, test_core_leaves_aux);
	tcase_add_test(tc, test_ntp_per_clock);
	tcase_add_test(tc, test_advance_exact);
	tcase_add_test(tc, test_frequency_rate);
	tcase_add_test(tc, test_bug_aux_offs_ns);
	tcase_add_test(tc, test_change_clocksource);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	test_seed();
	return test_run_suite(aux_suite());
}
