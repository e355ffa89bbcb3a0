// SPDX-License-Identifier: GPL-2.0
// tksim's own: tests of the op language: bytes <-> ops, text <-> ops, the seeds, the oracle.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/check_util.h"
#include "tests/ops/ops_stubs.h"
#include "sim/bugs.h"
#include "sim/diff/diff.h"
#include "sim/ops/ops_gen.h"
#include "sim/ops/ops_cs.h"
#include "sim/ops/ops_exec.h"
#include "sim/ops/ops_kinds.h"
#include "sim/ops/ops_seeds.h"
#include "sim/rng.h"
#include "tools/scenario/scenario_ops.h"
#include "tools/tksim.h"

static u8 buf[1 << 16], buf2[1 << 16];

/* Bad `at` lines are refused with a message naming what is wrong; good ones parse exactly. */
START_TEST(test_text_errors)
{
	static const char *const bad_lines[] = {
		"",
		"12x adjtimex",
		"-1s read",
		"1s frobnicate",
		"1s ticks 5000",
		"1s adjtimex modes=freq+bogus",
		"1s adjtimex freq=0x10",
		"1s adjtimex freq",
		"1s settimeofday offset=3",
		"1s clock_settime REALTIME usec=3",
		"1s clock_adjtime NOCLOCK modes=freq",
		"1s skew 0 5",
		"1s inject no-such-bug",
		"1s read extra",
		"1.0000000005s read",
		"1s clocksource",
		"1s clocksource rtc",
		"1s clocksource hpet tsc",
	};
	struct sim_op_list l;
	char line[128];

	sim_ops_init(&l);
	for (unsigned int i = 0; i < sizeof(bad_lines) / sizeof(bad_lines[0]); i++) {
		snprintf(line, sizeof(line), "%s", bad_lines[i]);
		ops_last_error[0] = '\0';
		ck_assert_msg(scenario_ops_line(&l, line) == 2, "accepted: '%s'", bad_lines[i]);
		ck_assert_msg(ops_last_error[0], "no message for '%s'", bad_lines[i]);
	}
	ck_assert_uint_eq(l.n, 0);
	snprintf(line, sizeof(line),
		 "12.000000345s adjtimex modes=freq+status freq=-819200 status=pll+4096");
	ck_assert_int_eq(scenario_ops_line(&l, line), 0);
	ck_assert_uint_eq(l.ops[0].t_ns, 12000000345ULL);
	ck_assert_uint_eq(l.ops[0].tx.modes, ADJ_FREQUENCY | ADJ_STATUS);
	ck_assert_int_eq(l.ops[0].tx.freq, -819200);
	ck_assert_int_eq(l.ops[0].tx.status, STA_PLL | STA_CLOCKERR);
	/* Out of time order: an error that spans two lines. */
	snprintf(line, sizeof(line), "5s read");
	ck_assert_int_eq(scenario_ops_line(&l, line), 2);
	ck_assert_msg(strstr(ops_last_error, "before"), "%s", ops_last_error);
	sim_ops_free(&l);
}
END_TEST

/*
 * Every op kind's descriptor is whole (sim/ops/ops_kinds.c): its name finds
 * it, its arguments fit their types (KEY=VALUE ones last, choices named), a
 * generated kind is a fuzzed one, and an op of its one-number arguments at
 * their bounds (within the input's budget) comes back unchanged through the
 * bytes and through the text.
 */
START_TEST(test_kind_descriptors)
{
	struct sim_op_list l, d;

	sim_ops_init(&l);
	sim_ops_init(&d);
	for (int k = 0; k < SIM_OP_NR_KINDS; k++) {
		const struct sim_op_desc *kd = &sim_op_kinds[k];
		bool one_number = true;

		ck_assert_ptr_nonnull(sim_op_names[k]);
		ck_assert_int_eq(sim_op_kind_from_name(sim_op_names[k]), k);
		ck_assert_uint_le(kd->nr_args, SIM_OP_MAX_ARGS);
		ck_assert_msg(!kd->weight || kd->fuzzed, "%s: generated, not fuzzed",
			      sim_op_names[k]);
		for (unsigned int i = 0; i < kd->nr_args; i++) {
			const struct sim_op_arg *arg = &kd->args[i];

			switch (arg->type) {
			case SIM_ARG_CHOICE:
				ck_assert_int_eq(arg->lo, 0);
				for (s64 n = 0; n <= arg->hi; n++)
					ck_assert_ptr_nonnull(arg->names[n]);
				/* fall through */
			case SIM_ARG_COUNT:
			case SIM_ARG_CPU:
				ck_assert_int_le(arg->lo, arg->hi);
				break;
			case SIM_ARG_BUGS:
				ck_assert_msg(!kd->fuzzed, "%s: a bug mask in bytes",
					      sim_op_names[k]);
				break;
			case SIM_ARG_TIMEX:
			case SIM_ARG_TOD:
			case SIM_ARG_TIMESPEC:
				ck_assert_msg(i + 1 == kd->nr_args, "%s: KEY=VALUE not last",
					      sim_op_names[k]);
				one_number = false;
				break;
			default:
				break;
			}
		}
		if (!kd->fuzzed || !one_number)
			continue;
		for (int end = 0; end < 2; end++) {
			struct sim_op op = { .t_ns = 1000, .kind = (enum sim_op_kind)k };
			char text[256];
			FILE *f = fmemopen(text, sizeof(text), "w");
			size_t n;

			for (unsigned int i = 0; i < kd->nr_args; i++) {
				const struct sim_op_arg *arg = &kd->args[i];

				/* An op that spends time is within the input's budget too. */
				s64 hi = kd->time == SIM_OP_TIME_NONE ? arg->hi : arg->lo + 1;

				if (arg->type != SIM_ARG_SPAN)
					sim_op_arg_set(&op, arg, end ? hi : arg->lo);
			}
			sim_ops_clear(&l);
			sim_ops_push(&l, &op);
			n = sim_ops_encode(&l, buf, sizeof(buf));
			sim_ops_decode(&d, buf, n);
			ck_assert_uint_eq(d.n, 1);
			ck_assert_msg(!memcmp(&d.ops[0], &op, sizeof(op)), "%s: bytes change it",
				      sim_op_names[k]);
			ck_assert_ptr_nonnull(f);
			scenario_ops_format_op(f, &op);
			fclose(f);
			sim_ops_clear(&d);
			ck_assert_msg(scenario_ops_line(&d, text + 3) == 0, "%s: %s", text,
				      ops_last_error);
			ck_assert_msg(!memcmp(&d.ops[0], &op, sizeof(op)), "%s: text changes it",
				      sim_op_names[k]);
		}
	}
	sim_ops_free(&l);
	sim_ops_free(&d);
}
END_TEST

/* Every seed survives the byte format unchanged (no clamp cuts it) and runs clean. */
START_TEST(test_seed_bytes_round_trip)
{
	struct sim_op_list l, d;

	sim_ops_init(&l);
	sim_ops_init(&d);
	for (unsigned int i = 0; i < sim_ops_nr_seeds(); i++) {
		const char *name = sim_ops_seed(i, &l);
		size_t n = sim_ops_encode(&l, buf, sizeof(buf)), n2;
		struct sim_ops_result r1, r2;

		ck_assert_uint_le(n, sizeof(buf));
		sim_ops_decode(&d, buf, n);
		n2 = sim_ops_encode(&d, buf2, sizeof(buf2));
		ck_assert_msg(n == n2 && !memcmp(buf, buf2, n), "seed %s: bytes do not round-trip",
			      name);
		ck_assert_int_eq(sim_ops_run(&l, 0, 0, &r1, NULL), 0);
		ck_assert_int_eq(sim_ops_run(&d, 0, 0, &r2, NULL), 0);
		ck_assert_uint_eq(r1.ticks, r2.ticks);
		ck_assert_uint_eq(r1.ops_run, r2.ops_run);
	}
	sim_ops_free(&l);
	sim_ops_free(&d);
}
END_TEST

/* Every byte string decodes, deterministically, and runs without a finding or a crash. */
START_TEST(test_decoder_total)
{
	struct sim_op_list l;
	struct sim_rng rng;
	u64 seed = test_seed();

	sim_ops_init(&l);
	sim_rng_seed(&rng, seed);
	for (int k = 0; k < 300; k++) {
		size_t n = sim_rng_below(&rng, 200);
		struct sim_ops_result r;
		int ret;

		for (size_t i = 0; i < n; i++)
			buf[i] = (u8)sim_rng_next(&rng);
		sim_ops_decode(&l, buf, n);
		ret = sim_ops_run(&l, 0, 0, &r, NULL);
		ck_assert_msg(ret == 0, "seed %" PRIu64 " input %d: %s: %s", seed, k, r.first.sig,
			      r.first.why);
	}
	sim_ops_free(&l);
}
END_TEST

/*
 * The decoder bounds what an input costs: a decoded list is its own fit (its
 * encoding decodes to the same bytes), its idle and stall add up to at most
 * SIM_OPS_INPUT_SPAN_NS, and it runs at most SIM_OPS_INPUT_TICKS ticks, plus
 * the phase of the first and one late tick after each stall and suspend.
 */
START_TEST(test_decoder_budget)
{
	struct sim_op_list l;
	struct sim_rng rng;
	u64 seed = test_seed();

	sim_ops_init(&l);
	sim_rng_seed(&rng, seed);
	for (int k = 0; k < 300; k++) {
		size_t n = 5 + sim_rng_below(&rng, 400), n1, n2;
		struct sim_ops_result r;
		u64 quiet = 0, late = 1;

		for (size_t i = 0; i < n; i++)
			buf[i] = (u8)sim_rng_next(&rng);
		/*
		 * Make every tenth byte a span or ticks op kind, to spend the budget, or
		 * a clocksource op (kind byte SIM_OP_CLOCKSOURCE - 1: the decoder skips
		 * inject), after which idle and stall are fitted to the ACPI PM timer.
		 */
		for (size_t i = 5; i < n; i += 10)
			buf[i] = (u8)(sim_rng_below(&rng, 4) ? SIM_OP_TICKS + sim_rng_below(&rng, 3)
							     : SIM_OP_CLOCKSOURCE - 1);
		sim_ops_decode(&l, buf, n);
		n1 = sim_ops_encode(&l, buf, sizeof(buf));
		sim_ops_decode(&l, buf, n1);
		n2 = sim_ops_encode(&l, buf2, sizeof(buf2));
		ck_assert_msg(n1 == n2 && !memcmp(buf, buf2, n1),
			      "seed %" PRIu64 " input %d: not a fixed point", seed, k);
		for (unsigned int i = 0; i < l.n; i++) {
			if (l.ops[i].kind == SIM_OP_IDLE || l.ops[i].kind == SIM_OP_STALL)
				quiet += (u64)l.ops[i].a;
			late += l.ops[i].kind == SIM_OP_STALL || l.ops[i].kind == SIM_OP_SUSPEND;
		}
		ck_assert_uint_le(quiet, SIM_OPS_INPUT_SPAN_NS);
		sim_ops_run(&l, 0, 0, &r, NULL);
		ck_assert_msg(r.ticks <= SIM_OPS_INPUT_TICKS + late,
			      "seed %" PRIu64 " input %d: %" PRIu64 " ticks", seed, k, r.ticks);
	}
	sim_ops_free(&l);
}
END_TEST

/*
 * The instant check after every op is not repeated where it would read the
 * same values (a read, a failed call, at the instant of the last check), and
 * is repeated after anything else at that instant: here a read, a second
 * read (not read again), a settimeofday that sets the clock (read again) and
 * an adjtimex that fails (not read again), all at 1 ms.
 */
START_TEST(test_instant_not_read_twice)
{
	struct sim_op ops[] = {
		{ .t_ns = 1000000, .kind = SIM_OP_READ },
		{ .t_ns = 1000000, .kind = SIM_OP_READ },
		{ .t_ns = 1000000,
		  .kind = SIM_OP_SETTIMEOFDAY,
		  .has_tv = true,
		  .a = 1767225600 + 3600,
		  .b = 5 },
		{ .t_ns = 1000000,
		  .kind = SIM_OP_ADJTIMEX,
		  .tx = { .modes = ADJ_TICK, .tick = 1 } },
	};
	struct sim_op_list l;
	struct sim_ops_result r;

	sim_ops_init(&l);
	for (unsigned int i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		sim_ops_push(&l, &ops[i]);
	ck_assert_int_eq(sim_ops_run(&l, 0, 0, &r, NULL), 0);
	ck_assert_uint_eq(r.ops_run, 4);
	ck_assert_uint_eq(r.evals[OP_PROP_ERRNO], 1);
	ck_assert_uint_eq(r.evals[OP_PROP_VDSO_EQ], 2);
	sim_ops_free(&l);
}
END_TEST

/* Text: every seed written as scenario lines parses back to the same ops. */
START_TEST(test_seed_text_round_trip)
{
	struct sim_op_list l, p;
	char *text;
	size_t len;

	sim_ops_init(&l);
	sim_ops_init(&p);
	for (unsigned int i = 0; i < sim_ops_nr_seeds(); i++) {
		const char *name = sim_ops_seed(i, &l);
		FILE *f = open_memstream(&text, &len);

		for (unsigned int k = 0; k < l.n; k++)
			scenario_ops_format_op(f, &l.ops[k]);
		fclose(f);
		sim_ops_clear(&p);
		for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
			ck_assert_msg(!strncmp(line, "at ", 3), "%s: '%s'", name, line);
			ck_assert_int_eq(scenario_ops_line(&p, line + 3), 0);
		}
		ck_assert_uint_eq(p.n, l.n);
		for (unsigned int k = 0; k < l.n; k++)
			ck_assert_msg(!memcmp(&p.ops[k], &l.ops[k], sizeof(l.ops[k])),
				      "seed %s op %u differs after text", name, k);
		free(text);
	}
	sim_ops_free(&l);
	sim_ops_free(&p);
}
END_TEST

/* Each deterministic injectable bug is found by at least one seed; the faithful model by none. */
START_TEST(test_seeds_find_bugs)
{
	static const char *const bugs[] = { "no-neg-clamp",
					    "no-xtime-correction",
					    "coarse-pre-6.15",
					    "raw-pre-4.13",
					    "delta-overflow-pre-6.10",
					    "boottime-shift-pre-5.3",
					    "neg-motion-half",
					    "delta-nomask",
					    "writer-no-seq",
					    "ntp-offset-u32",
					    "refused-set-update-pre-6.13",
					    "aux-offs-ns" };
	struct sim_op_list l;

	sim_ops_init(&l);
	for (unsigned int b = 0; b < sizeof(bugs) / sizeof(bugs[0]); b++) {
		u64 mask = 0; /* sim_bugs_parse() adds to it */
		bool found = false;

		ck_assert_int_eq(sim_bugs_parse(bugs[b], &mask), 0);
		for (unsigned int i = 0; i < sim_ops_nr_seeds() && !found; i++) {
			struct sim_ops_result r;

			sim_ops_seed(i, &l);
			found = sim_ops_run(&l, mask, 0, &r, NULL) == 1;
		}
		ck_assert_msg(found, "no seed finds %s", bugs[b]);
	}
	sim_ops_free(&l);
}
END_TEST

/*
 * A wall-clock bound that has passed (sim_ops_deadline_set()) stops a shrink before its first
 * run and a lockstep run within 4096 ticks, as if it found nothing; without one both go on.
 */
START_TEST(test_deadline)
{
	struct sim_op read = { .kind = SIM_OP_READ, .t_ns = 6 * NSEC_PER_SEC };
	struct sim_op_list l, found;
	struct sim_ops_result r;
	struct diff_result d;
	unsigned int n;

	sim_ops_init(&l);
	sim_ops_init(&found);
	/* The first seed raw-pre-4.13 shows (a finding to shrink). */
	for (unsigned int i = 0; i < sim_ops_nr_seeds() && !found.n; i++) {
		sim_ops_seed(i, &l);
		if (sim_ops_run(&l, BUG_RAW_PRE413, 0, &r, NULL) == 1)
			ck_assert_int_eq(sim_ops_copy(&found, &l), 0);
	}
	ck_assert_uint_gt(found.n, 1);
	n = found.n;
	sim_ops_deadline_set(1e-9); /* long past */
	ck_assert_uint_eq(sim_ops_shrink(&found, BUG_RAW_PRE413, 0, r.first.sig, 100), 0);
	ck_assert_uint_eq(found.n, n);
	/* 6000 ticks to a read: stopped early, with no difference. */
	sim_ops_clear(&l);
	sim_ops_push(&l, &read);
	ck_assert_int_eq(diff_ops_run(&l, 0, NULL, &d), 0);
	ck_assert(d.expired);
	ck_assert_uint_lt(d.ticks, 6000);
	sim_ops_deadline_set(0);
	ck_assert_int_eq(diff_ops_run(&l, 0, NULL, &d), 0);
	ck_assert(!d.expired);
	ck_assert_uint_ge(d.ticks, 6000);
	ck_assert_uint_gt(sim_ops_shrink(&found, BUG_RAW_PRE413, 0, r.first.sig, 100), 0);
	sim_ops_free(&l);
	sim_ops_free(&found);
}
END_TEST

/* A failing call that changes state is a finding (the check can fail). */
START_TEST(test_failed_call_oracle)
{
	struct oracle_state a, b;
	struct sim_system *s;
	struct sim_config cfg;
	char why[128];

	sim_config_default(&cfg);
	s = sim_system_new(&cfg, NULL); /* 64-byte aligned, as struct sim_system wants */
	ck_assert_ptr_nonnull(s);
	oracle_state_take(&a, s);
	oracle_state_take(&b, s);
	ck_assert_int_eq(oracle_state_diff(&a, &b, why, sizeof(why)), 0);
	s->k.sys_tz.tz_minuteswest = 60;
	oracle_state_take(&b, s);
	ck_assert_int_ne(oracle_state_diff(&a, &b, why, sizeof(why)), 0);
	ck_assert_msg(strstr(why, "sys_tz"), "%s", why);
	sim_system_free(s);
}
END_TEST

/*
 * The executor's failed-call check: a valid zone with a time before boot is stored although the
 * call fails (the kernel's order): seen, and reported as the known behaviour, not a failure.
 */
START_TEST(test_failed_call_known)
{
	struct sim_op_list l;
	struct sim_ops_result r;
	struct sim_op op = { .t_ns = 1000,
			     .kind = SIM_OP_SETTIMEOFDAY,
			     .has_tv = true,
			     .has_tz = true,
			     .a = 1,
			     .tz = { .tz_minuteswest = 60 } };

	sim_ops_init(&l);
	ck_assert_ptr_nonnull(sim_ops_push(&l, &op));
	ck_assert_int_eq(sim_ops_run(&l, 0, 0, &r, NULL), 0);
	ck_assert_uint_eq(r.nr_known, 1);
	ck_assert_str_eq(r.known.sig, "tz-kept-on-refused-time - settimeofday");
	ck_assert_int_eq(sim_ops_run(&l, 0, SIM_OPS_KNOWN_FAIL, &r, NULL), 1);
	sim_ops_free(&l);
}
END_TEST

/*
 * The `clocksource` op: a sysfs write switches the timekeeper (jiffies is
 * deferred in NOHZ mode: the best one, the TSC, is selected), the vDSO takes the new clock mode
 * (none for the HPET: the syscall), and every clock stays continuous; the switch's own property is
 * evaluated once per switch, and the list runs clean.
 */
START_TEST(test_clocksource_op)
{
	static const char *const names[] = { "hpet", "jiffies", "acpi_pm", "tsc" };
	static const char *const want[] = { "hpet", "tsc", "acpi_pm", "tsc" };
	struct sim_config cfg;
	struct sim_ops_result r;
	struct sim_system *s;
	struct sim_ops_exec *e;
	struct sim_op op = { 0 };
	int ret;

	sim_config_default(&cfg);
	s = sim_system_new(&cfg, NULL);
	ck_assert_ptr_nonnull(s);
	e = sim_ops_exec_new(s, 0, &r, NULL);
	ck_assert_ptr_nonnull(e);
	for (unsigned int i = 0; i < 4; i++) {
		op.t_ns = (u64)(i + 1) * 1234567;
		op.kind = SIM_OP_CLOCKSOURCE;
		op.a = sim_op_cs_from_name(names[i]);
		ck_assert_int_eq(sim_ops_exec_op(e, &op, 2 * i, &ret), 0);
		ck_assert_str_eq(clocksource_current(&s->k)->name, want[i]);
		ck_assert_int_eq(s->k.vdata.clock_data[CS_HRES_COARSE].clock_mode,
				 clocksource_current(&s->k)->vdso_clock_mode);
		op.t_ns += 1000003;
		op.kind = SIM_OP_IDLE;
		op.a = 1500 * (s64)NSEC_PER_MSEC;
		ck_assert_int_eq(sim_ops_exec_op(e, &op, 2 * i + 1, &ret), 0);
	}
	ck_assert_uint_eq(r.findings, 0);
	ck_assert_uint_eq(r.evals[OP_PROP_CS_SWITCH], 4);
	ck_assert_uint_gt(r.evals[OP_PROP_RAW_EXACT], 0);
	sim_ops_exec_free(e);
	ck_assert_ptr_null(s->css);
	sim_system_free(s);
}
END_TEST

/*
 * A switch 20 us after a tick, where timekeeping_forward_now() carries
 * REALTIME over a second (tk_normalize_xtime(): no second_overflow(), the
 * kernel's own), then idle: found by tksim fuzz when the op was new, a
 * false second-overflow-once until the oracle restarted its bookkeeping at a
 * switch.  Through sim_ops_run(), as the fuzz target runs it (`tksim run`
 * restarts that bookkeeping before every op of its own and cannot show it;
 * tests/fuzz/regress/clocksource-switch-forward-crosses-second.scn is the file).
 */
START_TEST(test_clocksource_forward_crosses_second)
{
	struct sim_op_list l;
	struct sim_ops_result r;
	struct sim_op op = { .t_ns = 2000020139, .kind = SIM_OP_CLOCKSOURCE, .a = 1 };

	sim_ops_init(&l);
	l.cfg.counter.start = 18446744073696051199ULL;
	ck_assert_ptr_nonnull(sim_ops_push(&l, &op));
	op.kind = SIM_OP_IDLE;
	op.a = 16 * (s64)NSEC_PER_MSEC;
	ck_assert_ptr_nonnull(sim_ops_push(&l, &op));
	ck_assert_int_eq(sim_ops_run(&l, 0, 0, &r, NULL), 0);
	ck_assert_uint_eq(r.evals[OP_PROP_CS_SWITCH], 1);
	sim_ops_free(&l);
}
END_TEST

static Suite *ops_suite(void)
{
	Suite *s = suite_create("ops");
	TCase *tc = tcase_create("ops");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_kind_descriptors);
	tcase_add_test(tc, test_seed_bytes_round_trip);
	tcase_add_test(tc, test_decoder_total);
	tcase_add_test(tc, test_decoder_budget);
	tcase_add_test(tc, test_instant_not_read_twice);
	tcase_add_test(tc, test_seed_text_round_trip);
	tcase_add_test(tc, test_seeds_find_bugs);
	tcase_add_test(tc, test_deadline);
	tcase_add_test(tc, test_failed_call_oracle);
	tcase_add_test(tc, test_text_errors);
	tcase_add_test(tc, test_failed_call_known);
	tcase_add_test(tc, test_clocksource_op);
	tcase_add_test(tc, test_clocksource_forward_crosses_second);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	test_seed();
	return test_run_suite(ops_suite());
}
