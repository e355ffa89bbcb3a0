// SPDX-License-Identifier: GPL-2.0
// Port of tools/testing/selftests/timers/auxclock.c (v6.17).
/*
 * The kernel's auxclock selftest on a simulated kernel.  Its fixture runs
 * every test in three variants of CLOCK_AUX: "default" (enabled),
 * "timens" (enabled, the task in a time namespace with monotonic and
 * boottime offsets of AUXCLOCK_SELFTEST_TIMENS_OFFSET s) and "disabled";
 * the setup writes 0 and then, if enabled, 1 to the clock's
 * aux_clock_enable, the teardown writes 0.  The tests, by the selftest's
 * names:
 *   sys_clock_getres   clock_getres() always works and says 1 ns
 *   sys_clock_gettime  works when enabled, else -1/ENODEV
 *   sys_clock_settime  1234.000005678 is set, and a read right after is
 *                      between 1 ns and 1 s later; ENODEV when disabled
 *   sys_clock_adjtime  ADJ_FREQUENCY on REALTIME, then the same timex on
 *                      the aux clock: the frequency read back is REALTIME's;
 *                      ENODEV when disabled
 *   progression        100 pairs of reads, each 1 ns .. 1 s after the last
 * The syscalls are the kernel side (tk_sys_*(), in the namespace
 * timens_clock_gettime()).  Virtual time does not move by itself: each
 * syscall here takes SYSCALL_NS of it, which is what makes two reads differ.
 * tksim adds to sys_clock_adjtime a nonzero frequency, read back from the
 * aux clock and not seen by REALTIME.
 */
#include <errno.h>

#include "tests/check_util.h"
#include "timekeeper/adjtimex.h"
#include "timekeeper/namespace.h"
#include "timekeeper/timekeeping_aux.h"

#define AUXCLOCK_SELFTEST_TIMENS_OFFSET 10000
/* What one syscall costs in virtual time: about a real one's. */
#define SYSCALL_NS 150

/** struct variant - FIXTURE_VARIANT(auxclock) */
struct variant {
	const char *name;
	s32 clock;
	bool clock_enabled;
	bool use_timens;
};

static const struct variant variants[] = {
	{ "default", TK_CLOCK_AUX, true, false },
	{ "timens", TK_CLOCK_AUX, true, true },
	{ "disabled", TK_CLOCK_AUX, false, false },
};

/** struct fixture - one test's system and, for timens, its namespace */
struct fixture {
	struct sim_system *s;
	struct time_namespace ns;
	const struct variant *v;
};

/* configure_auxclock(): "Always disable to reset", then enable if asked. */
static void configure_auxclock(struct fixture *f, bool enable)
{
	unsigned int idx = (unsigned int)(f->v->clock - TK_CLOCK_AUX);

	ck_assert_int_eq(tk_aux_clock_enable(&f->s->k, idx, false), 0);
	if (enable)
		ck_assert_int_eq(tk_aux_clock_enable(&f->s->k, idx, true), 0);
}

static void setup(struct fixture *f, const struct variant *v)
{
	struct sim_config cfg;

	sim_config_default(&cfg);
	f->s = test_system(&cfg);
	f->v = v;
	sim_advance_ns(f->s, 5 * NSEC_PER_SEC);
	configure_auxclock(f, v->clock_enabled);
	if (v->use_timens) {
		struct proc_timens_offset off[2] = {
			{ TK_CLOCK_MONOTONIC, { AUXCLOCK_SELFTEST_TIMENS_OFFSET, 0 } },
			{ TK_CLOCK_BOOTTIME, { AUXCLOCK_SELFTEST_TIMENS_OFFSET, 0 } },
		};

		timens_init(&f->ns, &f->s->k);
		ck_assert_int_eq(proc_timens_set_offset(&f->ns, off, 2), 0);
		timens_set_vvar_page(&f->ns);
	}
}

static void teardown(struct fixture *f)
{
	configure_auxclock(f, false);
	sim_system_free(f->s);
}

static int sys_clock_gettime64(struct fixture *f, s32 clock, struct timespec64 *ts)
{
	sim_advance_ns(f->s, SYSCALL_NS);
	if (f->v->use_timens)
		return timens_clock_gettime(&f->ns, clock, ts);
	return tk_sys_clock_gettime(&f->s->k, clock, ts);
}

static int sys_clock_getres_time64(struct fixture *f, s32 clock, struct timespec64 *ts)
{
	sim_advance_ns(f->s, SYSCALL_NS);
	return tk_sys_clock_getres(&f->s->k, clock, ts);
}

static int sys_clock_settime64(struct fixture *f, s32 clock, const struct timespec64 *ts)
{
	sim_advance_ns(f->s, SYSCALL_NS);
	return tk_sys_clock_settime(&f->s->k, clock, ts, true);
}

static int sys_clock_adjtime64(struct fixture *f, s32 clock, struct tk_timex *tx)
{
	sim_advance_ns(f->s, SYSCALL_NS);
	return tk_sys_clock_adjtime(&f->s->k, clock, tx, true);
}

/* auxclock_validate_progression(): b is more than 1 ns and less than 1 s after a. */
static void validate_progression(const struct fixture *f, const struct timespec64 *a,
				 const struct timespec64 *b)
{
	s64 diff = (b->tv_sec - a->tv_sec) * NSEC_PER_SEC + (b->tv_nsec - a->tv_nsec);

	ck_assert_msg(1 < diff && diff < NSEC_PER_SEC, "%s: progression of %lld ns", f->v->name,
		      (long long)diff);
}

static void t_sys_clock_getres(struct fixture *f)
{
	struct timespec64 ts;

	ck_assert_int_eq(sys_clock_getres_time64(f, f->v->clock, &ts), 0);
	ck_assert_int_eq(ts.tv_sec, 0);
	ck_assert_int_eq(ts.tv_nsec, 1);
}

static void t_sys_clock_gettime(struct fixture *f)
{
	struct timespec64 ts;

	ck_assert_int_eq(sys_clock_gettime64(f, f->v->clock, &ts),
			 f->v->clock_enabled ? 0 : -ENODEV);
}

static void t_sys_clock_settime(struct fixture *f)
{
	struct timespec64 a = { 1234, 5678 }, b = { 0, 0 };
	int ret = sys_clock_settime64(f, f->v->clock, &a);

	if (!f->v->clock_enabled) {
		ck_assert_int_eq(ret, -ENODEV);
		return;
	}
	ck_assert_int_eq(ret, 0);
	ck_assert_int_eq(sys_clock_gettime64(f, f->v->clock, &b), 0);
	validate_progression(f, &a, &b);
}

static void t_sys_clock_adjtime(struct fixture *f)
{
	struct tk_timex tx = { .modes = ADJ_FREQUENCY };
	long long realtime_freq;
	int ret;

	ck_assert_int_ge(sys_clock_adjtime64(f, TK_CLOCK_REALTIME, &tx), 0);
	ck_assert(tx.modes & ADJ_FREQUENCY);
	realtime_freq = tx.freq;
	ret = sys_clock_adjtime64(f, f->v->clock, &tx);
	if (!f->v->clock_enabled) {
		ck_assert_int_eq(ret, -ENODEV);
		return;
	}
	ck_assert_int_ge(ret, 0);
	ck_assert(realtime_freq == tx.freq);
	/* tksim's addition: a frequency of its own, read back, and REALTIME's unchanged. */
	tx = (struct tk_timex){ .modes = ADJ_FREQUENCY, .freq = 42 << 16 };
	ck_assert_int_ge(sys_clock_adjtime64(f, f->v->clock, &tx), 0);
	tx = (struct tk_timex){ .modes = 0 };
	ck_assert_int_ge(sys_clock_adjtime64(f, f->v->clock, &tx), 0);
	ck_assert(tx.freq == 42 << 16);
	tx = (struct tk_timex){ .modes = 0 };
	ck_assert_int_ge(sys_clock_adjtime64(f, TK_CLOCK_REALTIME, &tx), 0);
	ck_assert(tx.freq == realtime_freq);
}

static void t_progression(struct fixture *f)
{
	struct timespec64 a, b;

	if (!f->v->clock_enabled)
		return; /* "no progression on disabled clocks" */
	ck_assert_int_eq(sys_clock_gettime64(f, f->v->clock, &a), 0);
	for (int i = 0; i < 100; i++) {
		memset(&b, 0, sizeof(b));
		ck_assert_int_eq(sys_clock_gettime64(f, f->v->clock, &b), 0);
		validate_progression(f, &a, &b);
		memset(&a, 0, sizeof(a));
		ck_assert_int_eq(sys_clock_gettime64(f, f->v->clock, &a), 0);
		validate_progression(f, &b, &a);
	}
}

/* TEST_F(auxclock, NAME) for every variant, each on a fresh fixture. */
#define AUXCLOCK_TEST(NAME)                                                           \
	START_TEST(test_##NAME)                                                       \
	{                                                                             \
		for (size_t i = 0; i < sizeof(variants) / sizeof(variants[0]); i++) { \
			static struct fixture f;                                      \
                                                                                      \
			setup(&f, &variants[i]);                                      \
			t_##NAME(&f);                                                 \
			teardown(&f);                                                 \
		}                                                                     \
	}                                                                             \
	END_TEST

AUXCLOCK_TEST(sys_clock_getres)
AUXCLOCK_TEST(sys_clock_gettime)
AUXCLOCK_TEST(sys_clock_settime)
AUXCLOCK_TEST(sys_clock_adjtime)
AUXCLOCK_TEST(progression)

static Suite *auxclock_suite(void)
{
	Suite *s = suite_create("selftests-auxclock");
	TCase *tc = tcase_create("auxclock");

	tcase_add_test(tc, test_sys_clock_getres);
	tcase_add_test(tc, test_sys_clock_gettime);
	tcase_add_test(tc, test_sys_clock_settime);
	tcase_add_test(tc, test_sys_clock_adjtime);
	tcase_add_test(tc, test_progression);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return test_run_suite(auxclock_suite());
}
