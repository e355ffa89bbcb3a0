// SPDX-License-Identifier: GPL-2.0
// Tests of do_aux() and the aux groups of the vvar page (vdso/gettimeofday.c, v6.18).
/*
 * The vDSO's aux read path against the kernel side at the same counter
 * value, its fallback for a disabled clock, the time-namespace rule (the
 * real page's group, no offset), the per-clock seqcount, and getres.
 */
#include <errno.h>

#include "tests/check_util.h"
#include "timekeeper/adjtimex.h"
#include "timekeeper/namespace.h"
#include "timekeeper/timekeeping_aux.h"
#include "vdso/gettimeofday.h"

static struct sim_system *aux_system(void)
{
	struct sim_config cfg;
	struct sim_system *s;

	sim_config_default(&cfg);
	s = test_system(&cfg);
	sim_advance_ns(s, NSEC_PER_SEC + 1);
	return s;
}

static __int128 vdso_ns(struct sim_system *s, const struct vdso_time_data *vd, s32 clock)
{
	struct timespec64 ts;

	(void)s;
	ck_assert_int_eq(cvdso_clock_gettime(vd, clock, &ts), 0);
	return ts_to_ns(&ts);
}

/*
 * do_aux() == ktime_get_aux() at the same counter value, through steps,
 * offsets and frequency changes: equal, or 1 ns behind, because the kernel's
 * vdso_time_update_aux() drops xtime_nsec's sub-ns fraction from the base.
 * Both cases must occur.
 */
START_TEST(test_do_aux_equals_kernel)
{
	struct sim_system *s = aux_system();
	unsigned int behind = 0, equal = 0;
	struct sim_rng r;

	sim_rng_seed(&r, test_seed());
	for (unsigned int i = 0; i < 3; i++)
		ck_assert_int_eq(tk_aux_clock_enable(&s->k, i, true), 0);
	for (int n = 0; n < 3000; n++) {
		s32 c = TK_CLOCK_AUX + (s32)sim_rng_below(&r, 3);
		struct tk_timex tx = { .modes = 0 };

		switch (sim_rng_below(&r, 40)) {
		case 0:
			tx.modes = ADJ_FREQUENCY;
			tx.freq = (long long)sim_rng_below(&r, 1000 << 16) - (500 << 16);
			break;
		case 1:
			tx.modes = ADJ_SETOFFSET | ADJ_NANO;
			tx.time.tv_sec = (long long)sim_rng_below(&r, 100);
			tx.time.tv_usec = (long long)sim_rng_below(&r, NSEC_PER_SEC);
			break;
		case 2: {
			struct timespec64 t = { (time64_t)sim_rng_below(&r, 2000000000),
						(long)sim_rng_below(&r, NSEC_PER_SEC) };

			ck_assert_int_eq(tk_sys_clock_settime(&s->k, c, &t, true), 0);
			break;
		}
		default:
			break;
		}
		if (tx.modes)
			ck_assert_int_ge(tk_sys_clock_adjtime(&s->k, c, &tx, true), 0);
		sim_advance_ns(s, sim_rng_below(&r, 20 * NSEC_PER_MSEC) + 1);
		for (s32 a = TK_CLOCK_AUX; a < TK_CLOCK_AUX + 3; a++) {
			__int128 k = test_read_ns(s, SIM_PATH_SYSCALL, a);
			__int128 v = vdso_ns(s, &s->k.vdata, a);

			ck_assert_msg(v == k || v == k - 1,
				      "seed %" PRIu64 " op %d aux %d: vDSO %lld, kernel %lld",
				      test_seed(), n, a - TK_CLOCK_AUX, (long long)v, (long long)k);
			behind += v == k - 1;
			equal += v == k;
		}
	}
	printf("# do_aux(): %u reads equal to the kernel side, %u 1 ns behind\n", equal, behind);
	ck_assert(equal > 0 && behind > 0);
	sim_system_free(s);
}
END_TEST

/* A disabled clock: clock_mode NONE, the syscall's -ENODEV, on both ABIs; getres 1 ns. */
START_TEST(test_disabled_fallback)
{
	struct sim_system *s = aux_system();
	struct old_timespec32 t32;
	struct timespec64 ts;

	for (s32 c = TK_CLOCK_AUX; c <= TK_CLOCK_AUX_LAST; c++) {
		ck_assert_int_eq(s->k.vdata.aux_clock_data[c - TK_CLOCK_AUX].clock_mode,
				 VDSO_CLOCKMODE_NONE);
		ck_assert_int_eq(cvdso_clock_gettime(&s->k.vdata, c, &ts), -ENODEV);
		ck_assert_int_eq(cvdso_clock_gettime32(&s->k.vdata, c, &t32), -ENODEV);
		ck_assert_int_eq(cvdso_clock_getres(&s->k.vdata, c, &ts), 0);
		ck_assert(ts.tv_sec == 0 && ts.tv_nsec == 1);
	}
	ck_assert_int_eq(tk_aux_clock_enable(&s->k, 4, true), 0);
	ck_assert_int_ne(s->k.vdata.aux_clock_data[4].clock_mode, VDSO_CLOCKMODE_NONE);
	ck_assert_int_eq(cvdso_clock_gettime(&s->k.vdata, TK_CLOCK_AUX + 4, &ts), 0);
	ck_assert_int_eq(tk_aux_clock_enable(&s->k, 4, false), 0);
	ck_assert_int_eq(cvdso_clock_gettime(&s->k.vdata, TK_CLOCK_AUX + 4, &ts), -ENODEV);
	sim_system_free(s);
}
END_TEST

/* In a time namespace: the aux clock is the real page's, with no offset; MONOTONIC has one. */
START_TEST(test_timens_no_offset)
{
	struct sim_system *s = aux_system();
	static struct time_namespace ns;
	struct proc_timens_offset off[2] = { { TK_CLOCK_MONOTONIC, { 10000, 0 } },
					     { TK_CLOCK_BOOTTIME, { 10000, 0 } } };
	struct timespec64 ts;

	ck_assert_int_eq(tk_aux_clock_enable(&s->k, 0, true), 0);
	sim_advance_ns(s, 3 * NSEC_PER_SEC);
	timens_init(&ns, &s->k);
	ck_assert_int_eq(proc_timens_set_offset(&ns, off, 2), 0);
	timens_set_vvar_page(&ns);
	for (unsigned int i = 0; i < TK_MAX_AUX_CLOCKS; i++) {
		ck_assert_uint_eq(ns.vvar_page.aux_clock_data[i].seq, 1);
		ck_assert_int_eq(ns.vvar_page.aux_clock_data[i].clock_mode, VDSO_CLOCKMODE_TIMENS);
	}
	for (int n = 0; n < 100; n++) {
		sim_advance_ns(s, 7 * NSEC_PER_MSEC + 3);
		ck_assert(vdso_ns(s, &ns.vvar_page, TK_CLOCK_AUX) ==
			  vdso_ns(s, &s->k.vdata, TK_CLOCK_AUX));
		ck_assert(vdso_ns(s, &ns.vvar_page, TK_CLOCK_MONOTONIC) ==
			  vdso_ns(s, &s->k.vdata, TK_CLOCK_MONOTONIC) +
				  10000 * (__int128)NSEC_PER_SEC);
	}
	/* A disabled clock falls back from the namespace page too, to -ENODEV. */
	ck_assert_int_eq(cvdso_clock_gettime(&ns.vvar_page, TK_CLOCK_AUX + 1, &ts), -ENODEV);
	sim_system_free(s);
}
END_TEST

/* Each aux group has its own seqcount: writing one bumps only its seq, and the reverse. */
START_TEST(test_seq_per_clock)
{
	struct sim_system *s = aux_system();
	struct vdso_time_data *vd = &s->k.vdata;
	const struct timespec64 t = { 1800000000, 0 };
	u32 core0, core1, a0, a1;

	ck_assert_int_eq(tk_aux_clock_enable(&s->k, 0, true), 0);
	ck_assert_int_eq(tk_aux_clock_enable(&s->k, 1, true), 0);
	core0 = vd->clock_data[CS_HRES_COARSE].seq;
	core1 = vd->clock_data[CS_RAW].seq;
	a0 = vd->aux_clock_data[0].seq;
	a1 = vd->aux_clock_data[1].seq;
	ck_assert_int_eq(tk_sys_clock_settime(&s->k, TK_CLOCK_AUX + 1, &t, true), 0);
	ck_assert_uint_eq(vd->aux_clock_data[1].seq, a1 + 2);
	ck_assert_uint_eq(vd->aux_clock_data[0].seq, a0);
	ck_assert_uint_eq(vd->clock_data[CS_HRES_COARSE].seq, core0);
	ck_assert_uint_eq(vd->clock_data[CS_RAW].seq, core1);
	ck_assert_int_eq(tk_sys_clock_settime(&s->k, TK_CLOCK_REALTIME, &t, true), 0);
	ck_assert_uint_eq(vd->clock_data[CS_HRES_COARSE].seq, core0 + 2);
	ck_assert_uint_eq(vd->clock_data[CS_RAW].seq, core1 + 2);
	ck_assert_uint_eq(vd->aux_clock_data[1].seq, a1 + 2);
	ck_assert_uint_eq(vd->aux_clock_data[0].seq, a0);
	/* Ticks publish an enabled aux clock (each that accumulated), a disabled one never. */
	a0 = vd->aux_clock_data[0].seq;
	sim_advance_ns(s, 3 * sim_tick_period_ns(s->k.hz));
	ck_assert_uint_gt(vd->aux_clock_data[0].seq, a0);
	ck_assert_uint_eq(vd->aux_clock_data[2].seq, 0);
	for (unsigned int i = 0; i < TK_MAX_AUX_CLOCKS; i++)
		ck_assert_uint_eq(vd->aux_clock_data[i].seq % 2, 0);
	sim_system_free(s);
}
END_TEST

static Suite *vdso_aux_suite(void)
{
	Suite *s = suite_create("vdso-aux");
	TCase *tc = tcase_create("read path");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_do_aux_equals_kernel);
	tcase_add_test(tc, test_disabled_fallback);
	tcase_add_test(tc, test_timens_no_offset);
	tcase_add_test(tc, test_seq_per_clock);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	test_seed();
	return test_run_suite(vdso_aux_suite());
}
