// SPDX-License-Identifier: GPL-2.0
// tksim's own: tests of timekeeper/version.c: the profiles, the table, and each named
// difference changing behaviour under its profile.
#include <errno.h>
#include <string.h>

#include "sim/bugs.h"
#include "tests/check_ntp_util.h"
#include "timekeeper/timekeeping_aux.h"
#include "vdso/gettimeofday.h"

/* The default system booted as @p. */
static struct sim_system *profile_system(enum tk_profile p)
{
	struct sim_config cfg;

	sim_config_default(&cfg);
	cfg.profile = p;
	return test_system(&cfg);
}

/* Every entry is complete, indexed by its id, and names a bug the bug table knows. */
START_TEST(test_table)
{
	for (unsigned int d = 0; d < TKV_NR; d++) {
		const struct tk_vdiff_desc *v = &tk_vdiffs[d];

		ck_assert_int_eq(v->id, d);
		ck_assert_msg(v->name && v->name[0] && v->release && v->release[0] == 'v',
			      "difference %u has no name or release", d);
		ck_assert_msg(v->commit && strlen(v->commit) > 13, "%s has no commit", v->name);
		ck_assert_msg(v->what && v->what[0] && v->stable, "%s has no description", v->name);
		ck_assert_msg(v->since > TK_PROFILE_DEFAULT && v->since < TK_NR_PROFILES,
			      "%s: no profile brings it", v->name);
		ck_assert_msg(!v->bug || sim_bug_by_bit(v->bug), "%s: unknown bug bit", v->name);
		/* The latest profile has every difference, so a faithful kernel injects nothing. */
		ck_assert(tk_profile_has(TK_PROFILE_LATEST, (enum tk_vdiff)d));
	}
	ck_assert_int_eq(tk_profile_bugs(TK_PROFILE_DEFAULT), 0);
}
END_TEST

START_TEST(test_parse)
{
	enum tk_profile p = TK_PROFILE_DEFAULT;
	char list[64];

	ck_assert_int_eq(tk_profile_parse("6.12", &p), 0);
	ck_assert_int_eq(p, TK_PROFILE_6_12);
	ck_assert_int_eq(tk_profile_parse("v6.1", &p), 0);
	ck_assert_int_eq(p, TK_PROFILE_6_1);
	ck_assert_int_eq(tk_profile_parse("6.3", &p), -EINVAL);
	ck_assert_int_eq(tk_profile_parse("6.1x", &p), -EINVAL);
	ck_assert_int_eq(p, TK_PROFILE_6_1);
	ck_assert_str_eq(tk_profile_name(TK_PROFILE_DEFAULT), "6.18");
	ck_assert_str_eq(tk_profile_release(TK_PROFILE_6_15), "v6.15");
	ck_assert_int_eq(tk_profile_list(list, sizeof(list)), 0);
	ck_assert_str_eq(list, "6.18, 6.15, 6.12, 6.1");
	ck_assert_int_eq(tk_profile_list(list, 8), -ENOSPC);
}
END_TEST

/* A profile boots with exactly its bugs, and sim_bugs_apply() keeps them under an --inject. */
START_TEST(test_implied_bugs)
{
	static const struct {
		enum tk_profile p;
		u64 writer, reader;
	} want[] = {
		{ TK_PROFILE_DEFAULT, 0, 0 },
		{ TK_PROFILE_6_15, 0, 0 },
		{ TK_PROFILE_6_12,
		  BUG_NEG_MOTION_HALF | BUG_NTP_OFFSET_U32 | BUG_COARSE_PRE615 |
			  BUG_REFUSED_SET_UPDATE,
		  0 },
		{ TK_PROFILE_6_1,
		  BUG_NEG_MOTION_HALF | BUG_NTP_OFFSET_U32 | BUG_COARSE_PRE615 |
			  BUG_REFUSED_SET_UPDATE,
		  BUG_DELTA_OVERFLOW },
	};

	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		struct sim_system *s = profile_system(want[i].p);

		ck_assert_int_eq(s->k.profile, tk_profile_resolve(want[i].p));
		ck_assert_uint_eq(s->k.bugs, want[i].writer);
		ck_assert_uint_eq(s->k.vdata.arch_data.bugs, want[i].reader);
		sim_bugs_apply(&s->k, BUG_RAW_PRE413);
		ck_assert_uint_eq(s->k.bugs, want[i].writer | BUG_RAW_PRE413);
		ck_assert_uint_eq(s->k.vdata.arch_data.bugs, want[i].reader);
		for (unsigned int d = 0; d < TKV_NR; d++)
			ck_assert_msg(tk_has(&s->k, (enum tk_vdiff)d) ==
					      tk_profile_has(want[i].p, (enum tk_vdiff)d),
				      "profile %s: tk_has(%s) is not the table's",
				      tk_profile_name(want[i].p), tk_vdiffs[d].name);
		sim_system_free(s);
	}
}
END_TEST

/* ntp-clamp-errors: a negative maxerror and a huge esterror, read back. */
START_TEST(test_ntp_clamp_errors)
{
	static const enum tk_profile ps[] = { TK_PROFILE_6_12, TK_PROFILE_6_1 };

	for (size_t i = 0; i < 2; i++) {
		struct sim_system *s = profile_system(ps[i]);
		struct tk_timex tx = { .modes = ADJ_MAXERROR | ADJ_ESTERROR,
				       .maxerror = -7,
				       .esterror = 1LL << 40 };

		ck_assert_int_ge(tx_do(s, &tx), 0);
		tx_read(s, &tx);
		if (tk_profile_has(ps[i], TKV_NTP_CLAMP_ERRORS)) {
			ck_assert_int_eq(tx.maxerror, 0);
			ck_assert_int_eq(tx.esterror, NTP_PHASE_LIMIT);
		} else {
			ck_assert_int_eq(tx.maxerror, -7);
			ck_assert_int_eq(tx.esterror, 1LL << 40);
		}
		sim_system_free(s);
	}
}
END_TEST

/* ntp-constant-safe: ADJ_TIMECONST of LONG_MAX in us mode. */
START_TEST(test_ntp_constant_safe)
{
	static const enum tk_profile ps[] = { TK_PROFILE_6_12, TK_PROFILE_6_1 };

	for (size_t i = 0; i < 2; i++) {
		struct sim_system *s = profile_system(ps[i]);
		struct tk_timex tx = { .modes = ADJ_TIMECONST | ADJ_MICRO, .constant = LONG_MAX };

		ck_assert_int_ge(tx_do(s, &tx), 0);
		tx_read(s, &tx);
		ck_assert_int_eq(tx.constant,
				 tk_profile_has(ps[i], TKV_NTP_CONSTANT_SAFE) ? MAXTC : 0);
		sim_system_free(s);
	}
}
END_TEST

/*
 * delta-overflow-safe: 1500 s without a tick at HZ=100 is past max_cycles
 * (about 990 s of the 2.1 GHz counter).  v6.12 reads MONOTONIC through the
 * vDSO as the kernel side does; v6.1's vDSO wraps delta * mult in 64 bits.
 */
START_TEST(test_delta_overflow_safe)
{
	static const enum tk_profile ps[] = { TK_PROFILE_6_12, TK_PROFILE_6_1 };

	for (size_t i = 0; i < 2; i++) {
		struct sim_system *s = profile_system(ps[i]);
		__int128 v, k;

		sim_advance_ns(s, NSEC_PER_SEC);
		sim_stall_ns(s, 1500 * NSEC_PER_SEC);
		v = clock_ns(s, SIM_PATH_VDSO, TK_CLOCK_MONOTONIC);
		k = clock_ns(s, SIM_PATH_SYSCALL, TK_CLOCK_MONOTONIC);
		if (tk_profile_has(ps[i], TKV_DELTA_OVERFLOW_SAFE))
			ck_assert_msg(v == k, "6.12: vDSO %lld != kernel %lld", (long long)v,
				      (long long)k);
		else
			ck_assert_msg(k - v > NSEC_PER_SEC, "6.1: vDSO %lld, kernel %lld",
				      (long long)v, (long long)k);
		sim_system_free(s);
	}
}
END_TEST

/*
 * neg-motion-max-delta: a 24-bit ACPI PM timer wraps every 4.69 s.  A tick
 * 3 s late is past half the mask (2.34 s) but below 7/8 (4.10 s): v6.15
 * accumulates the 3 s; v6.12 takes them as negative motion, and so every
 * tick after, until the counter has wrapped past cycle_last and a whole
 * wrap of time is lost.
 */
START_TEST(test_neg_motion_max_delta)
{
	static const enum tk_profile ps[] = { TK_PROFILE_6_15, TK_PROFILE_6_12 };

	for (size_t i = 0; i < 2; i++) {
		struct sim_config cfg;
		struct sim_system *s;
		__int128 raw;

		sim_config_default(&cfg);
		cfg.counter.freq_hz = 3579545;
		cfg.counter.bits = 24;
		cfg.profile = ps[i];
		s = test_system(&cfg);
		sim_advance_ns(s, NSEC_PER_SEC);
		sim_stall_ns(s, 3 * NSEC_PER_SEC);
		sim_advance_ns(s, 2 * NSEC_PER_SEC);
		raw = clock_ns(s, SIM_PATH_SYSCALL, TK_CLOCK_MONOTONIC_RAW);
		/* 6 s of counter since boot, at +35 ppm; 6 - 4.69 s after the lost wrap. */
		if (tk_profile_has(ps[i], TKV_NEG_MOTION_MAX_DELTA))
			ck_assert_msg(raw > 5 * (__int128)NSEC_PER_SEC, "6.15: RAW %lld",
				      (long long)raw);
		else
			ck_assert_msg(raw < 2 * (__int128)NSEC_PER_SEC, "6.12: RAW %lld",
				      (long long)raw);
		sim_system_free(s);
	}
}
END_TEST

/* ntp-offset-div-s64: a -5 us PLL offset read back in us mode. */
START_TEST(test_ntp_offset_div_s64)
{
	static const enum tk_profile ps[] = { TK_PROFILE_6_15, TK_PROFILE_6_12 };

	for (size_t i = 0; i < 2; i++) {
		struct sim_system *s = profile_system(ps[i]);
		struct tk_timex tx = { .modes = ADJ_STATUS | ADJ_OFFSET | ADJ_MICRO,
				       .status = STA_PLL,
				       .offset = -5 };

		ck_assert_int_ge(tx_do(s, &tx), 0);
		tx_read(s, &tx);
		ck_assert_int_eq(tx.offset,
				 tk_profile_has(ps[i], TKV_NTP_OFFSET_DIV_S64) ? -5 : 4294962);
		sim_system_free(s);
	}
}
END_TEST

/*
 * coarse-nsec: +500 ppm set half a tick after a tick raises mult; the
 * correction xtime_nsec -= offset * adj lowers xtime_nsec.  v6.15's coarse
 * clocks read coarse_nsec and stay; v6.12's follow xtime_nsec back.
 */
START_TEST(test_coarse_nsec)
{
	static const enum tk_profile ps[] = { TK_PROFILE_6_15, TK_PROFILE_6_12 };

	for (size_t i = 0; i < 2; i++) {
		struct sim_system *s = profile_system(ps[i]);
		__int128 before, after;

		sim_advance_ns(s, NSEC_PER_SEC + 500 * NSEC_PER_USEC);
		before = clock_ns(s, SIM_PATH_SYSCALL, TK_CLOCK_REALTIME_COARSE);
		ck_assert_int_ge(tx_set(s, ADJ_FREQUENCY, 500LL * 65536, 0, 0), 0);
		after = clock_ns(s, SIM_PATH_SYSCALL, TK_CLOCK_REALTIME_COARSE);
		if (tk_profile_has(ps[i], TKV_COARSE_NSEC))
			ck_assert_msg(after == before, "6.15: coarse moved by %lld ns",
				      (long long)(after - before));
		else
			ck_assert_msg(after < before, "6.12: coarse did not go back (%lld ns)",
				      (long long)(after - before));
		sim_system_free(s);
	}
}
END_TEST

/*
 * adjust-no-ntp-error: a frequency change mid-tick (TK_ADV_FREQ with
 * unaccumulated cycles) changes mult; v6.12 moves ntp_error by the offset
 * term, v6.15 leaves it as the tick left it.
 */
START_TEST(test_adjust_no_ntp_error)
{
	static const enum tk_profile ps[] = { TK_PROFILE_6_15, TK_PROFILE_6_12 };

	for (size_t i = 0; i < 2; i++) {
		struct sim_system *s = profile_system(ps[i]);
		s64 before, after;

		sim_advance_ns(s, NSEC_PER_SEC + 500 * NSEC_PER_USEC);
		before = s->k.tk_core.timekeeper.ntp_error;
		ck_assert_int_ge(tx_set(s, ADJ_FREQUENCY, 500LL * 65536, 0, 0), 0);
		after = s->k.tk_core.timekeeper.ntp_error;
		if (tk_profile_has(ps[i], TKV_ADJUST_NO_NTP_ERROR))
			ck_assert_msg(after == before, "6.15: ntp_error moved by %lld",
				      (long long)(after - before));
		else
			ck_assert_msg(after != before, "6.12: ntp_error did not move");
		sim_system_free(s);
	}
}
END_TEST

/*
 * vdso-time-data is a layout only: the model keeps one page, so v6.12 reads
 * exactly what v6.15 with v6.12's bugs injected (and adjust-no-ntp-error off) reads, clock by
 * clock, over a run with frequency steps.  If another behaviour hid between the two profiles
 * without a table entry, this would see it.
 */
START_TEST(test_vdso_time_data)
{
	struct sim_system *a = profile_system(TK_PROFILE_6_12);
	struct sim_system *b = profile_system(TK_PROFILE_6_15);

	ck_assert(!tk_profile_has(TK_PROFILE_6_12, TKV_VDSO_TIME_DATA));
	ck_assert(tk_profile_has(TK_PROFILE_6_15, TKV_VDSO_TIME_DATA));
	sim_bugs_apply(&b->k, tk_profile_bugs(TK_PROFILE_6_12));
	/* The one behaviour between them that is no bug bit: v6.12's ntp_error term. */
	b->k.vdiffs &= ~(1u << TKV_ADJUST_NO_NTP_ERROR);
	for (int i = 0; i < 40; i++) {
		long long freq = (i % 2 ? 1 : -1) * 100LL * 65536 * (i % 5);

		sim_advance_ns(a, 250 * NSEC_PER_MSEC + 333 * NSEC_PER_USEC);
		sim_advance_ns(b, 250 * NSEC_PER_MSEC + 333 * NSEC_PER_USEC);
		tx_set(a, ADJ_FREQUENCY, freq, 0, 0);
		tx_set(b, ADJ_FREQUENCY, freq, 0, 0);
		for (unsigned int c = 0; c < oracle_nr_clocks; c++) {
			s32 clk = oracle_clocks[c];

			ck_assert(clock_ns(a, SIM_PATH_VDSO, clk) ==
				  clock_ns(b, SIM_PATH_VDSO, clk));
			ck_assert(clock_ns(a, SIM_PATH_SYSCALL, clk) ==
				  clock_ns(b, SIM_PATH_SYSCALL, clk));
		}
	}
	sim_system_free(a);
	sim_system_free(b);
}
END_TEST

/*
 * adjtimex-locked-step: ADJ_SETOFFSET of +10 s.  v6.18 hands back the
 * REALTIME it read before the step; v6.15 the stepped one.  Both step the
 * clock alike.  Virtual time does not move during a call, so the numbers
 * are exact.
 */
START_TEST(test_adjtimex_locked_step)
{
	static const enum tk_profile ps[] = { TK_PROFILE_DEFAULT, TK_PROFILE_6_15 };

	for (size_t i = 0; i < 2; i++) {
		struct sim_system *s = profile_system(ps[i]);
		struct tk_timex tx = { .modes = ADJ_SETOFFSET | ADJ_NANO,
				       .time = { .tv_sec = 10, .tv_usec = 0 } };
		__int128 before, after, back;

		sim_advance_ns(s, NSEC_PER_SEC + 123456);
		before = clock_ns(s, SIM_PATH_SYSCALL, TK_CLOCK_REALTIME);
		ck_assert_int_ge(tx_do(s, &tx), 0);
		after = clock_ns(s, SIM_PATH_SYSCALL, TK_CLOCK_REALTIME);
		back = (__int128)tx.time.tv_sec * NSEC_PER_SEC + tx.time.tv_usec;
		ck_assert(after == before + 10 * (__int128)NSEC_PER_SEC);
		if (tk_profile_has(ps[i], TKV_ADJTIMEX_LOCKED_STEP))
			ck_assert_msg(back == before, "6.18: adjtimex returned %lld, before %lld",
				      (long long)back, (long long)before);
		else
			ck_assert_msg(back == after, "6.15: adjtimex returned %lld, after %lld",
				      (long long)back, (long long)after);
		sim_system_free(s);
	}
}
END_TEST

/*
 * aux-clocks (v6.17): under v6.18 CLOCK_AUX is a disabled clock (-ENODEV)
 * that the knob enables; under v6.15 it is an invalid id (-EINVAL) on every
 * syscall and in the vDSO, getres included (arch_data.no_aux), and there is
 * no knob (-ENOENT).
 */
START_TEST(test_aux_clocks_profile)
{
	static const enum tk_profile ps[] = { TK_PROFILE_DEFAULT, TK_PROFILE_6_15 };

	for (size_t i = 0; i < 2; i++) {
		struct sim_system *s = profile_system(ps[i]);
		bool aux = i == 0;
		struct tk_timex tx = { .modes = 0 };
		struct timespec64 ts = { 1, 0 };

		ck_assert_int_eq(sim_clock_gettime(s, SIM_PATH_SYSCALL, 16, &ts),
				 aux ? -ENODEV : -EINVAL);
		ck_assert_int_eq(sim_clock_gettime(s, SIM_PATH_VDSO, 16, &ts),
				 aux ? -ENODEV : -EINVAL);
		ck_assert_int_eq(sim_clock_getres(s, SIM_PATH_SYSCALL, 16, &ts), aux ? 0 : -EINVAL);
		/* The vDSO of v6.15 serves no aux id: getres goes to the syscall, -EINVAL. */
		for (s32 c = TK_CLOCK_AUX; c <= TK_CLOCK_AUX_LAST; c++) {
			struct old_timespec32 r32;

			ck_assert_int_eq(sim_clock_getres(s, SIM_PATH_VDSO, c, &ts),
					 aux ? 0 : -EINVAL);
			ck_assert_int_eq(cvdso_clock_getres(&s->k.vdata, c, NULL),
					 aux ? 0 : -EINVAL);
			ck_assert_int_eq(cvdso_clock_getres_time32(&s->k.vdata, c, &r32),
					 aux ? 0 : -EINVAL);
		}
		ck_assert_int_eq(tk_sys_clock_settime(&s->k, 16, &ts, true),
				 aux ? -ENODEV : -EINVAL);
		ck_assert_int_eq(tk_sys_clock_adjtime(&s->k, 16, &tx, true),
				 aux ? -ENODEV : -EINVAL);
		ck_assert_int_eq(tk_aux_clock_enable(&s->k, 0, true), aux ? 0 : -ENOENT);
		ck_assert_int_eq(sim_clock_gettime(s, SIM_PATH_SYSCALL, 16, &ts),
				 aux ? 0 : -EINVAL);
		ck_assert_int_eq(sim_clock_gettime(s, SIM_PATH_VDSO, 16, &ts), aux ? 0 : -EINVAL);
		sim_system_free(s);
	}
}
END_TEST

/*
 * refused-set-no-update: a settimeofday before boot and an ADJ_SETOFFSET past 2262 are refused;
 * from v6.13 nothing changes, before (bug refused-set-update-pre-6.13) NTP is cleared and the
 * clock "was set".
 */
START_TEST(test_refused_set_no_update)
{
	static const enum tk_profile ps[] = { TK_PROFILE_6_18, TK_PROFILE_6_12, TK_PROFILE_6_1 };

	for (size_t i = 0; i < sizeof(ps) / sizeof(ps[0]); i++) {
		bool fixed = tk_profile_has(ps[i], TKV_REFUSED_SET_NO_UPDATE);
		const struct timespec64 before_boot = { .tv_sec = 1 };
		const struct timespec64 past_2262 = { .tv_sec = 1LL << 40 };
		struct sim_system *s = profile_system(ps[i]);
		struct tk_timex tx = { .modes = ADJ_MAXERROR | ADJ_STATUS, .maxerror = 1000 };
		unsigned int cws;

		ck_assert_int_ge(tx_do(s, &tx), 0);
		cws = s->k.tk_core.timekeeper.clock_was_set_seq;
		ck_assert_int_eq(do_settimeofday64(&s->k, &before_boot), -EINVAL);
		tx_read(s, &tx);
		ck_assert_int_eq(tx.maxerror, fixed ? 1000 : NTP_PHASE_LIMIT);
		ck_assert_int_eq(!!(tx.status & STA_UNSYNC), !fixed);
		ck_assert_uint_eq(s->k.tk_core.timekeeper.clock_was_set_seq, cws + !fixed);

		tx = (struct tk_timex){ .modes = ADJ_MAXERROR | ADJ_STATUS, .maxerror = 1000 };
		ck_assert_int_ge(tx_do(s, &tx), 0);
		ck_assert_int_eq(timekeeping_inject_offset(&s->k, &past_2262), -EINVAL);
		tx_read(s, &tx);
		ck_assert_int_eq(tx.maxerror, fixed ? 1000 : NTP_PHASE_LIMIT);
		sim_system_free(s);
	}
}
END_TEST

/* The default is v6.18: the numbers of a plain boot and of one second of ticks. */
START_TEST(test_default_is_6_18)
{
	struct sim_system *s = profile_system(TK_PROFILE_DEFAULT);
	struct timespec64 ts;

	ck_assert_int_eq(s->k.profile, TK_PROFILE_6_18);
	ck_assert_str_eq(tk_profile_release(s->k.profile), "v6.18");
	ck_assert_uint_eq(s->k.vdiffs, (1u << TKV_NR) - 1);
	ck_assert_uint_eq(s->k.bugs, 0);
	sim_advance_ns(s, NSEC_PER_SEC);
	ck_assert_int_eq(sim_clock_gettime(s, SIM_PATH_VDSO, TK_CLOCK_REALTIME, &ts), 0);
	ck_assert_int_eq(ts.tv_sec, 1767225601);
	ck_assert_int_eq(sim_clock_gettime(s, SIM_PATH_VDSO, TK_CLOCK_MONOTONIC, &ts), 0);
	ck_assert_int_eq(ts.tv_sec, 11);
	sim_system_free(s);
}
END_TEST

static Suite *version_suite(void)
{
	Suite *s = suite_create("version");
	TCase *tab = tcase_create("table");
	TCase *diff = tcase_create("differences");

	tcase_add_test(tab, test_table);
	tcase_add_test(tab, test_parse);
	tcase_add_test(tab, test_implied_bugs);
	tcase_add_test(tab, test_default_is_6_18);
	suite_add_tcase(s, tab);

	/* One test per named difference, in the table's order. */
	tcase_set_timeout(diff, 30);
	tcase_add_test(diff, test_ntp_clamp_errors);
	tcase_add_test(diff, test_ntp_constant_safe);
	tcase_add_test(diff, test_delta_overflow_safe);
	tcase_add_test(diff, test_neg_motion_max_delta);
	tcase_add_test(diff, test_ntp_offset_div_s64);
	tcase_add_test(diff, test_refused_set_no_update);
	tcase_add_test(diff, test_coarse_nsec);
	tcase_add_test(diff, test_adjust_no_ntp_error);
	tcase_add_test(diff, test_vdso_time_data);
	tcase_add_test(diff, test_adjtimex_locked_step);
	tcase_add_test(diff, test_aux_clocks_profile);
	suite_add_tcase(s, diff);
	return s;
}

int main(void)
{
	/* A new entry in the table needs its test here. */
	_Static_assert(TKV_NR == 11, "a named difference without a test in check_version.c");
	test_seed();
	return test_run_suite(version_suite());
}
