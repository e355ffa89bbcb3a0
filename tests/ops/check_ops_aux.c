// SPDX-License-Identifier: GPL-2.0
// tksim's own: the aux clocks in the op language: the aux_clock_enable op and its text,
// the executor's aux properties (each shown able to fail), the generator and the seeds.
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/check_util.h"
#include "tests/ops/ops_stubs.h"
#include "sim/clocks.h"
#include "sim/ops/ops_exec.h"
#include "sim/ops/ops_gen.h"
#include "sim/ops/ops_kinds.h"
#include "sim/ops/ops_seeds.h"
#include "sim/rng.h"
#include "timekeeper/timekeeping_aux.h"
#include "tools/scenario/scenario_ops.h"
#include "tools/tksim.h"

static void parse(struct sim_op_list *l, const char *text)
{
	char line[160];

	snprintf(line, sizeof(line), "%s", text);
	ck_assert_msg(scenario_ops_line(l, line) == 0, "'%s': %s", text, ops_last_error);
}

/* The clock table names the aux clocks; 12..15 are no clock; the text form reads and writes them.
 */
START_TEST(test_aux_text)
{
	static const char *const bad[] = {
		"1s aux_clock_enable",	 "1s aux_clock_enable 8 1",  "1s aux_clock_enable 0 2",
		"1s aux_clock_enable 0", "1s aux_clock_enable -1 1", "1s clock_settime AUX8 sec=1",
	};
	struct sim_op_list l;
	char *text;
	size_t len;
	FILE *f;

	ck_assert_int_eq(sim_clock_by_name("aux0")->id, TK_CLOCK_AUX);
	ck_assert_str_eq(sim_clock_by_id(TK_CLOCK_AUX_LAST)->name, "AUX7");
	ck_assert_ptr_null(sim_clock_by_id(12));
	ck_assert_ptr_null(sim_clock_by_id(15));
	ck_assert_ptr_null(sim_clock_by_id(TK_CLOCK_AUX_LAST + 1));
	ck_assert(sim_clock_is_aux(TK_CLOCK_AUX) && !sim_clock_is_aux(TK_CLOCK_AUX_LAST + 1));
	sim_ops_init(&l);
	for (unsigned int i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char line[64];

		snprintf(line, sizeof(line), "%s", bad[i]);
		ops_last_error[0] = '\0';
		ck_assert_msg(scenario_ops_line(&l, line) == 2, "accepted: '%s'", bad[i]);
		ck_assert_msg(ops_last_error[0], "no message for '%s'", bad[i]);
	}
	parse(&l, "1s aux_clock_enable 3 1");
	parse(&l, "2s clock_settime aux3 sec=1767225637 nsec=5678");
	parse(&l, "3s clock_adjtime AUX3 modes=freq freq=-786432");
	ck_assert_uint_eq(l.n, 3);
	ck_assert_int_eq(l.ops[0].kind, SIM_OP_AUX_ENABLE);
	ck_assert_int_eq(l.ops[0].a, 3);
	ck_assert_int_eq(l.ops[0].b, 1);
	ck_assert_int_eq(l.ops[1].clock, TK_CLOCK_AUX + 3);
	ck_assert_int_eq(l.ops[2].tx.freq, -786432);
	f = open_memstream(&text, &len);
	for (unsigned int i = 0; i < l.n; i++)
		scenario_ops_format_op(f, &l.ops[i]);
	fclose(f);
	ck_assert_str_eq(text, "at 1s aux_clock_enable 3 1\n"
			       "at 2s clock_settime AUX3 sec=1767225637 nsec=5678\n"
			       "at 3s clock_adjtime AUX3 modes=freq freq=-786432\n");
	free(text);
	sim_ops_free(&l);
}
END_TEST

/* A life of aux clock 0 beside the system clocks runs clean, every aux property evaluated. */
START_TEST(test_aux_seed_clean)
{
	struct sim_op_list l;
	struct sim_ops_result r;
	bool steer = false;

	sim_ops_init(&l);
	for (unsigned int i = 0; i < sim_ops_nr_seeds(); i++) {
		const char *name = sim_ops_seed(i, &l);

		if (strncmp(name, "aux-", 4))
			continue;
		ck_assert_msg(sim_ops_run(&l, 0, SIM_OPS_KNOWN_FAIL, &r, NULL) == 0, "%s: %s: %s",
			      name, r.first.sig, r.first.why);
		ck_assert_uint_gt(r.evals[OP_PROP_AUX_VDSO_EQ], 0);
		ck_assert_uint_gt(r.evals[OP_PROP_AUX_INDEPENDENT], 0);
		if (!strcmp(name, "aux-steer")) {
			ck_assert_uint_gt(r.evals[OP_PROP_ERRNO], 0);
			steer = true;
			ck_assert_uint_gt(r.evals[OP_PROP_AUX_MONOTONIC], 0);
			ck_assert_uint_gt(r.evals[OP_PROP_AUX_RAW_EXACT], 0);
			ck_assert_uint_gt(r.evals[OP_PROP_READBACK], 1);
		}
	}
	ck_assert(steer);
	sim_ops_free(&l);
}
END_TEST

/* A system with aux clocks enabled at boot, read once by the aux oracle. */
static struct sim_system *aux_system(unsigned int n, struct oracle_aux *a)
{
	struct sim_config cfg;
	struct sim_system *s;
	char clock[24], why[256];

	sim_config_default(&cfg);
	cfg.aux_clocks = n;
	s = sim_system_new(&cfg, NULL);
	ck_assert_ptr_nonnull(s);
	sim_advance_ns(s, 2500 * NSEC_PER_USEC);
	oracle_aux_init(a, s, NULL);
	ck_assert_int_eq(oracle_aux_check(a, s, NULL, clock, why, sizeof(why)), ORACLE_AUX_OK);
	return s;
}

/* --aux-clocks: enabled at boot from 0, the rest disabled; more than eight is no system. */
START_TEST(test_aux_boot)
{
	struct sim_config cfg;
	struct oracle_aux a;
	struct sim_system *s = aux_system(2, &a);
	struct timespec64 ts;
	int err = 0;

	ck_assert(tk_aux_clock_enabled(&s->k, 0) && tk_aux_clock_enabled(&s->k, 1));
	ck_assert(!tk_aux_clock_enabled(&s->k, 2));
	ck_assert_uint_eq(a.seen, 3);
	ck_assert_uint_eq(a.exact, 3);
	ck_assert_int_eq(sim_clock_gettime(s, SIM_PATH_VDSO, TK_CLOCK_AUX + 1, &ts), 0);
	ck_assert_int_lt(ts.tv_sec, 1);
	ck_assert_int_eq(sim_clock_gettime(s, SIM_PATH_VDSO, TK_CLOCK_AUX + 2, &ts), -ENODEV);
	sim_system_free(s);
	sim_config_default(&cfg);
	cfg.aux_clocks = TK_MAX_AUX_CLOCKS + 1;
	ck_assert_ptr_null(sim_system_new(&cfg, &err));
	ck_assert_int_eq(err, -EINVAL);
}
END_TEST

/* Each aux instant property fails when what it checks is broken. */
START_TEST(test_aux_oracle_fails)
{
	struct oracle_aux a, saved;
	struct sim_system *s = aux_system(1, &a);
	char clock[24], why[256];

	sim_advance_ns(s, 7 * NSEC_PER_MSEC + 123);
	saved = a;
	/* The page's aux base a second off: the vDSO and the kernel side part. */
	s->k.vdata.aux_clock_data[0].basetime[0].sec++;
	ck_assert_int_eq(oracle_aux_check(&a, s, NULL, clock, why, sizeof(why)),
			 ORACLE_AUX_VDSO_EQ);
	ck_assert_str_eq(clock, "AUX0");
	ck_assert_msg(strstr(why, "vdso"), "%s", why);
	s->k.vdata.aux_clock_data[0].basetime[0].sec--;
	a = saved;
	a.last[0] += 1000 * NSEC_PER_SEC;
	ck_assert_int_eq(oracle_aux_check(&a, s, NULL, clock, why, sizeof(why)),
			 ORACLE_AUX_MONOTONIC);
	ck_assert_msg(strstr(why, "went back"), "%s", why);
	a = saved;
	a.base_ns[0] += 1;
	ck_assert_int_eq(oracle_aux_check(&a, s, NULL, clock, why, sizeof(why)),
			 ORACLE_AUX_RAW_EXACT);
	/* Steered, it is not compared with the counter any more. */
	oracle_aux_steered(&a, 0);
	ck_assert_int_eq(oracle_aux_check(&a, s, NULL, clock, why, sizeof(why)), ORACLE_AUX_OK);
	/* Disabled: -ENODEV through both paths is what it must read. */
	ck_assert_int_eq(tk_aux_clock_enable(&s->k, 0, false), 0);
	ck_assert_int_eq(oracle_aux_check(&a, s, NULL, clock, why, sizeof(why)), ORACLE_AUX_OK);
	sim_system_free(s);
}
END_TEST

/*
 * Independence can fail both ways: an aux clock moved by a call on REALTIME, and
 * REALTIME moved by a call on an aux clock (the moves made by hand between the
 * snapshots, as a kernel that mixed the two timekeepers would make them).
 */
START_TEST(test_aux_independence_fails)
{
	struct oracle_ops o;
	struct oracle_indep b;
	struct sim_op sys = { .kind = SIM_OP_ADJTIMEX, .tx = { .modes = ADJ_FREQUENCY } };
	struct sim_op aux = { .kind = SIM_OP_CLOCK_SETTIME, .clock = TK_CLOCK_AUX, .a = 5 };
	struct timespec64 ts = { .tv_sec = 1767229200 };
	struct oracle_aux unused;
	struct sim_system *s = aux_system(1, &unused);
	char prop[32], clock[24], why[256];

	oracle_ops_init(&o, s);
	oracle_ops_indep_before(&o, s, &sys, &b);
	ck_assert(b.active && !b.sys);
	ck_assert_int_eq(oracle_ops_indep_after(&o, s, &sys, &b, 0, prop, clock, why, sizeof(why)),
			 0);
	ck_assert_int_eq(tk_sys_clock_settime(&s->k, TK_CLOCK_AUX, &ts, true), 0);
	ck_assert_int_eq(oracle_ops_indep_after(&o, s, &sys, &b, 0, prop, clock, why, sizeof(why)),
			 -1);
	ck_assert_str_eq(prop, "aux-independent");
	ck_assert_str_eq(clock, "AUX0");
	oracle_ops_indep_before(&o, s, &aux, &b);
	ck_assert(b.active && b.sys);
	ck_assert_int_eq(tk_sys_clock_settime(&s->k, TK_CLOCK_REALTIME, &ts, true), 0);
	ck_assert_int_eq(oracle_ops_indep_after(&o, s, &aux, &b, 0, prop, clock, why, sizeof(why)),
			 -1);
	ck_assert_str_eq(prop, "aux-independent");
	ck_assert_str_eq(clock, "REALTIME");
	ck_assert_uint_eq(o.evals[OP_PROP_AUX_INDEPENDENT], 3);
	sim_system_free(s);
}
END_TEST

/*
 * aux_clock_enable of an enabled clock is no step: aux_clock_enable_store()
 * returns at once when the state does not change, so the oracle keeps the
 * clock's history.  The op list is tests/fuzz/regress/aux-stale-after-resume-wrap.scn's:
 * after a suspend past max_idle_ns on acpi_pm (24 bits), the aux timekeeper
 * still counts from its stale cycle_last and catches up at its next tick.  An
 * oracle that took the re-enable for a step would re-base raw-exact on the
 * stale value and report that catch-up as an aux-raw-exact violation.
 */
START_TEST(test_aux_reenable_no_step)
{
	struct sim_op_list l;
	struct sim_ops_result r;
	int ret;

	sim_ops_init(&l);
	l.cfg.hz = 1000;
	l.cfg.counter.freq_hz = 2100000000ULL;
	l.cfg.counter.bits = 64;
	l.cfg.counter.start = 0;
	l.cfg.counter.error_ppb = 35000;
	parse(&l, "0.008658912s clocksource acpi_pm");
	parse(&l, "4.000000064s aux_clock_enable 1 1");
	parse(&l, "5.202424462s suspend 791.825892020s");
	parse(&l, "797.028444121s aux_clock_enable 1 1");
	parse(&l, "797.028444121s stall 2.930581671s");
	parse(&l, "799.959025793s read");
	ret = sim_ops_run(&l, 0, 0, &r, NULL);
	ck_assert_msg(ret == 0 && r.findings == 0, "ret %d, %u findings, the first: %s %s", ret,
		      r.findings, r.findings ? r.first.sig : "", r.findings ? r.first.why : "");
	ck_assert_uint_eq(r.ops_run, 6);
	ck_assert_uint_gt(r.evals[OP_PROP_AUX_RAW_EXACT], 0);
	sim_ops_free(&l);
}
END_TEST

/* A call on a disabled aux clock fails with -ENODEV, expected, and changes nothing. */
START_TEST(test_aux_enodev)
{
	struct sim_op_list l;
	struct sim_ops_result r;

	sim_ops_init(&l);
	parse(&l, "1ms clock_settime AUX5 sec=1 nsec=0");
	parse(&l, "2ms clock_adjtime AUX5 modes=freq freq=65536");
	parse(&l, "3ms aux_clock_enable 5 0");
	ck_assert_int_eq(sim_ops_run(&l, 0, SIM_OPS_KNOWN_FAIL, &r, NULL), 0);
	/* Three with a model without aux clocks, whose knob is -ENODEV too. */
	ck_assert_uint_ge(r.evals[OP_PROP_ERRNO], 2);
	ck_assert_uint_ge(r.evals[OP_PROP_FAILED_CALL], 2);
	sim_ops_free(&l);
}
END_TEST

/* The generator draws aux ops: the fuzzer reaches them; every kind's weight is in the draw. */
START_TEST(test_aux_generated)
{
	unsigned int enables = 0, aux_calls = 0, evals = 0;
	struct sim_op_list l;
	struct sim_rng r;
	u64 seed = test_seed();

	sim_ops_init(&l);
	sim_rng_seed(&r, seed);
	for (unsigned int n = 0; n < 200; n++) {
		struct sim_ops_result res;

		sim_ops_generate(&l, &r, 24);
		for (unsigned int i = 0; i < l.n; i++) {
			enables += l.ops[i].kind == SIM_OP_AUX_ENABLE;
			aux_calls += (l.ops[i].kind == SIM_OP_CLOCK_SETTIME ||
				      l.ops[i].kind == SIM_OP_CLOCK_ADJTIME) &&
				     sim_clock_is_aux(l.ops[i].clock);
		}
		sim_ops_run(&l, 0, 0, &res, NULL);
		evals += res.evals[OP_PROP_AUX_VDSO_EQ] > 0;
	}
	ck_assert_msg(enables > 50 && aux_calls > 20 && evals > 20,
		      "seed %" PRIu64 ": %u enables, %u aux calls, %u runs read aux clocks", seed,
		      enables, aux_calls, evals);
	sim_ops_free(&l);
}
END_TEST

/* Why the model cannot run the tests of enabled aux clocks (NULL: it can). */
static const char *aux_missing(void)
{
	struct sim_config cfg;
	struct sim_system *s;
	int err = 0;

	sim_config_default(&cfg);
	cfg.aux_clocks = 1;
	s = sim_system_new(&cfg, &err);
	sim_system_free(s);
	return s ? NULL : "the model cannot enable an aux clock (timekeeper/timekeeping_aux.c)";
}

static Suite *ops_aux_suite(void)
{
	Suite *s = suite_create("ops_aux");
	TCase *tc = tcase_create("ops_aux");
	const char *why = aux_missing();

	tcase_add_test(tc, test_aux_text);
	tcase_add_test(tc, test_aux_enodev);
	tcase_add_test(tc, test_aux_reenable_no_step);
	test_add_unless(tc, test_aux_seed_clean, why);
	test_add_unless(tc, test_aux_boot, why);
	test_add_unless(tc, test_aux_oracle_fails, why);
	test_add_unless(tc, test_aux_independence_fails, why);
	test_add_unless(tc, test_aux_generated, why);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	test_seed();
	return test_run_suite(ops_aux_suite());
}
