// SPDX-License-Identifier: GPL-2.0
// Tests of sim/engine.c and sim/counter.c (tksim's own): determinism, the counter model, ticks.
#include <errno.h>

#include "tests/check_util.h"

/* FNV-1a over every clock read at many instants: a fingerprint of a run. */
static u64 run_fingerprint(const struct sim_config *cfg, u64 seed)
{
	struct sim_system *s = test_system(cfg);
	struct sim_rng rng;
	u64 h = 1469598103934665603ULL;

	sim_rng_seed(&rng, seed);
	for (int i = 0; i < 3000; i++) {
		sim_advance_ns(s, sim_rng_below(&rng, 3 * NSEC_PER_MSEC));
		for (unsigned int j = 0; j < oracle_nr_clocks; j++) {
			__int128 v = test_read_ns(s, SIM_PATH_VDSO, oracle_clocks[j]);

			h = (h ^ (u64)v) * 1099511628211ULL;
			h = (h ^ (u64)(v >> 64)) * 1099511628211ULL;
		}
	}
	sim_system_free(s);
	return h;
}

/* A configuration plus a seed gives the same run, bit for bit; another seed another run. */
START_TEST(test_deterministic)
{
	struct sim_config cfg;

	sim_config_default(&cfg);
	cfg.counter.wander_ppb = 50;
	cfg.counter.wander_interval_ns = 100 * NSEC_PER_MSEC;
	cfg.counter.drift_ppb_per_hour = 3600000;
	ck_assert_uint_eq(run_fingerprint(&cfg, test_seed()), run_fingerprint(&cfg, test_seed()));
	ck_assert_uint_ne(run_fingerprint(&cfg, 1), run_fingerprint(&cfg, 2));
	/* The same sampling over another random walk of the frequency differs too. */
	{
		u64 before = run_fingerprint(&cfg, 1);

		cfg.counter.seed++;
		ck_assert_uint_ne(run_fingerprint(&cfg, 1), before);
	}
}
END_TEST

/* The counter counts true_hz cycles per true second and wraps at its mask. */
START_TEST(test_counter_rate_and_wrap)
{
	struct sim_counter_params p = {
		.freq_hz = 1000000000ULL, .error_ppb = 35000, .bits = 32, .start = 0xfffffff0
	};
	struct sim_counter c;

	ck_assert_int_eq(sim_counter_init(&c, &p, "t"), 0);
	ck_assert_uint_eq(sim_counter_cycles_at(&c, 0), 0xfffffff0);
	/* 1 s at 1 GHz + 35 ppm = 1000035000 cycles, past the 32-bit wrap. */
	ck_assert(sim_counter_elapsed(&c, NSEC_PER_SEC) == 1000035000);
	ck_assert_uint_eq(sim_counter_cycles_at(&c, NSEC_PER_SEC),
			  (0xfffffff0ULL + 1000035000ULL) & 0xffffffffULL);
	sim_counter_set_time(&c, NSEC_PER_SEC);
	ck_assert_uint_eq(c.page.now, (0xfffffff0ULL + 1000035000ULL) & 0xffffffffULL);
}
END_TEST

/* Linear drift: after one hour of +3600 ppb/h the error has grown by 3600 ppb. */
START_TEST(test_counter_drift)
{
	struct sim_counter_params p = { .freq_hz = 1000000000ULL,
					.bits = 64,
					.drift_ppb_per_hour = 3600,
					.wander_interval_ns = NSEC_PER_SEC };
	struct sim_counter c;

	ck_assert_int_eq(sim_counter_init(&c, &p, "t"), 0);
	sim_counter_set_time(&c, 3600 * NSEC_PER_SEC);
	ck_assert_int_eq(c.cur_error_ppb, 3600);
}
END_TEST

START_TEST(test_counter_rejects_bad_params)
{
	struct sim_counter_params p = { .freq_hz = 1000000, .bits = 65 };
	struct sim_counter c;

	ck_assert_int_eq(sim_counter_init(&c, &p, "t"), -EINVAL);
	p.bits = 0;
	ck_assert_int_eq(sim_counter_init(&c, &p, "t"), -EINVAL);
	p.bits = 32;
	p.freq_hz = 0;
	ck_assert_int_eq(sim_counter_init(&c, &p, "t"), -EINVAL);
	p.freq_hz = 1000000;
	p.error_ppb = NSEC_PER_SEC / 2;
	ck_assert_int_eq(sim_counter_init(&c, &p, "t"), -EINVAL);
}
END_TEST

/* Ticks fire every 1/HZ of true time; run_ticks stops on the last one; idle skips them. */
START_TEST(test_ticks_and_idle)
{
	struct sim_config cfg;
	struct sim_system *s;

	sim_config_default(&cfg);
	cfg.hz = 250;
	s = test_system(&cfg);
	sim_advance_ns(s, NSEC_PER_SEC);
	ck_assert_uint_eq(s->ticks, 250);
	sim_run_ticks(s, 10);
	ck_assert_uint_eq(s->ticks, 260);
	ck_assert_uint_eq(s->now_ns, 260 * 4 * NSEC_PER_MSEC);
	sim_idle_ns(s, 3 * NSEC_PER_SEC);
	ck_assert_uint_eq(s->ticks, 261);
	ck_assert_uint_eq(s->next_tick_ns, s->now_ns + 4 * NSEC_PER_MSEC);
	/* Time never runs backwards. */
	sim_advance_to(s, 0);
	ck_assert_uint_eq(s->now_ns, 260 * 4 * NSEC_PER_MSEC + 3 * NSEC_PER_SEC);
	sim_system_free(s);
}
END_TEST

/* The default scenario, 60 s of it, keeps every property at every tick. */
START_TEST(test_default_scenario_short)
{
	struct sim_config cfg;
	struct sim_system *s;
	struct oracle_mono m = { 0 };
	struct oracle_stats st = { 0 };
	char why[256];

	sim_config_default(&cfg);
	s = test_system(&cfg);
	while (s->now_ns < 60 * NSEC_PER_SEC) {
		sim_run_ticks(s, 1);
		sim_advance_ns(s, s->tick_period_ns / 3);
		ck_assert_msg(oracle_check_instant(s, &m, &st, why, sizeof(why)) == 0 &&
				      oracle_check_raw_exact(s, why, sizeof(why)) == 0,
			      "%s", why);
	}
	ck_assert_uint_eq(s->ticks, 60000);
	sim_system_free(s);
}
END_TEST

static Suite *engine_suite(void)
{
	Suite *s = suite_create("engine");
	TCase *tc = tcase_create("engine");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_deterministic);
	tcase_add_test(tc, test_counter_rate_and_wrap);
	tcase_add_test(tc, test_counter_drift);
	tcase_add_test(tc, test_counter_rejects_bad_params);
	tcase_add_test(tc, test_ticks_and_idle);
	tcase_add_test(tc, test_default_scenario_short);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	test_seed();
	return test_run_suite(engine_suite());
}
