// SPDX-License-Identifier: GPL-2.0
// Tests of the historical read-path variants (vdso/vclock_gettime_v416.c,
// timekeeper/vsyscall_v416.c) and of the host vDSO parser (tools/parse_vdso.c).
/*
 * `tksim bench` compares read paths; the comparison is only fair if they
 * compute the same thing.  On the deterministic engine (clock mode SIM,
 * one counter value per virtual instant) every variant must return
 * exactly what the current vDSO returns: same return value, same time to
 * the ns, for every clock, gettimeofday, time and clock_getres, through
 * accumulation, NOHZ gaps, NTP frequency and offset steering, clock steps,
 * TAI changes, suspend and a non-vDSO clocksource.
 */
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "tests/check_util.h"
#include "vdso/hw_counter.h"
#include "timekeeper/adjtimex.h"
#include "tools/parse_vdso.h"
#include "vdso/gettimeofday.h"
#include "vdso/vclock_gettime_v416.h"

/* Clock ids to try: the seven the kernel serves and ids it does not. */
static const s32 ids[] = { TK_CLOCK_REALTIME,
			   TK_CLOCK_MONOTONIC,
			   TK_CLOCK_PROCESS_CPUTIME_ID,
			   TK_CLOCK_THREAD_CPUTIME_ID,
			   TK_CLOCK_MONOTONIC_RAW,
			   TK_CLOCK_REALTIME_COARSE,
			   TK_CLOCK_MONOTONIC_COARSE,
			   TK_CLOCK_BOOTTIME,
			   TK_CLOCK_REALTIME_ALARM,
			   TK_CLOCK_TAI,
			   12,
			   TK_MAX_CLOCKS - 1,
			   TK_MAX_CLOCKS,
			   -1,
			   INT_MAX,
			   INT_MIN };
#define NR_IDS (sizeof(ids) / sizeof(ids[0]))

/* A system with the v4.16 page published beside the current one. */
static struct sim_system *variant_system(const struct sim_config *cfg,
					 struct vsyscall_gtod_data **g)
{
	struct sim_system *s = test_system(cfg);

	*g = aligned_alloc(64, sizeof(**g));
	ck_assert_ptr_nonnull(*g);
	memset(*g, 0, sizeof(**g));
	ck_assert_int_eq(timekeeping_enable_vsyscall_v416(&s->k, *g), 0);
	return s;
}

static void variant_system_free(struct sim_system *s, struct vsyscall_gtod_data *g)
{
	sim_system_free(s);
	free(g);
}

/* One variant's clock_gettime result against the current vDSO's. */
static void same_ts(const char *what, s32 clock, int ret, const struct timespec64 *ts, int want_ret,
		    const struct timespec64 *want, const char *ctx)
{
	char a[48], b[48];

	ck_assert_msg(ret == want_ret,
		      "%s: %s, clock %d: returned %d, the current vDSO %d (seed %" PRIu64 ")", ctx,
		      what, clock, ret, want_ret, test_seed());
	if (ret)
		return;
	oracle_format_ns(a, sizeof(a), ts_to_ns(ts));
	oracle_format_ns(b, sizeof(b), ts_to_ns(want));
	ck_assert_msg(ts_to_ns(ts) == ts_to_ns(want),
		      "%s: %s, clock %d: %s s, the current vDSO %s s (seed %" PRIu64 ")", ctx, what,
		      clock, a, b, test_seed());
}

/*
 * Every variant against the current vDSO at the current virtual instant
 * (the counter holds one value until the engine moves): clock_gettime for
 * every id (the v4.16 paths, with retpolines, with the seed patches, the
 * dedicated MONOTONIC entry, the 32-bit function), gettimeofday (64 and
 * 32 bit, with the timezone), time (64 and 32 bit), clock_getres (all).
 * The current vDSO itself is checked against the kernel-side path.
 */
static void check_all_variants(struct sim_system *s, const struct vsyscall_gtod_data *g,
			       const char *ctx)
{
	const struct vdso_time_data *vd = &s->k.vdata;

	for (size_t i = 0; i < NR_IDS; i++) {
		s32 c = ids[i];
		struct timespec64 want = { 0 }, got, sys = { 0 };
		struct old_timespec32 t32;
		int want_ret = cvdso_clock_gettime(vd, c, &want), ret;

		ck_assert_int_eq(want_ret, tk_sys_clock_gettime(&s->k, c, &sys));
		ck_assert_msg(want_ret || ts_to_ns(&want) == ts_to_ns(&sys),
			      "%s: clock %d: vDSO differs from the kernel side (seed %" PRIu64 ")",
			      ctx, c, test_seed());

		ret = vclock_gettime_v416(g, c, &got);
		same_ts("v4.16", c, ret, &got, want_ret, &want, ctx);
		ret = vclock_gettime_v416_retpoline(g, c, &got);
		same_ts("v4.16 retpoline", c, ret, &got, want_ret, &want, ctx);
		ret = vclock_gettime_v416_seed(g, c, &got);
		same_ts("v4.16 seed", c, ret, &got, want_ret, &want, ctx);
		if (c == TK_CLOCK_MONOTONIC) {
			ret = cvdso_clock_gettime_monotonic(vd, &got);
			same_ts("dedicated MONOTONIC", c, ret, &got, want_ret, &want, ctx);
		}
		ret = cvdso_clock_gettime32(vd, c, &t32);
		ck_assert_int_eq(ret, want_ret);
		if (!ret)
			ck_assert_msg(t32.tv_sec == (s32)want.tv_sec && t32.tv_nsec == want.tv_nsec,
				      "%s: 32-bit clock %d: %d.%09d, want %d.%09ld (seed %" PRIu64
				      ")",
				      ctx, c, t32.tv_sec, t32.tv_nsec, (s32)want.tv_sec,
				      want.tv_nsec, test_seed());

		{
			struct timespec64 r64 = { 0 }, rv = { 0 };
			struct old_timespec32 r32 = { 0 };
			int rr = cvdso_clock_getres(vd, c, &r64);

			ck_assert_int_eq(vclock_getres_v416(g, c, &rv), rr);
			ck_assert_int_eq(cvdso_clock_getres_time32(vd, c, &r32), rr);
			if (!rr) {
				ck_assert(ts_to_ns(&rv) == ts_to_ns(&r64));
				ck_assert(r32.tv_sec == r64.tv_sec && r32.tv_nsec == r64.tv_nsec);
			}
		}
	}

	{
		struct tk_timeval tv = { 0 }, tvv = { 0 };
		struct old_timeval32 tv32 = { 0 };
		struct tk_timezone tz = { 0 }, tzv = { 0 }, tz32 = { 0 };

		ck_assert_int_eq(cvdso_gettimeofday(vd, &tv, &tz), 0);
		ck_assert_int_eq(vclock_gettimeofday_v416(g, &tvv, &tzv), 0);
		ck_assert_int_eq(cvdso_gettimeofday32(vd, &tv32, &tz32), 0);
		ck_assert_msg(tv.tv_sec == tvv.tv_sec && tv.tv_usec == tvv.tv_usec,
			      "%s: gettimeofday v4.16 %" PRId64 ".%06" PRId64 ", current %" PRId64
			      ".%06" PRId64 " (seed %" PRIu64 ")",
			      ctx, tvv.tv_sec, tvv.tv_usec, tv.tv_sec, tv.tv_usec, test_seed());
		ck_assert(tv32.tv_sec == (s32)tv.tv_sec && tv32.tv_usec == tv.tv_usec);
		ck_assert(tz.tz_minuteswest == tzv.tz_minuteswest &&
			  tz.tz_dsttime == tzv.tz_dsttime);
		ck_assert(tz.tz_minuteswest == tz32.tz_minuteswest);
	}
	{
		time64_t t = cvdso_time(vd, NULL), tv;

		ck_assert_msg(vclock_time_v416(g, &tv) == t && tv == t,
			      "%s: time() v4.16 %" PRId64 ", current %" PRId64 " (seed %" PRIu64
			      ")",
			      ctx, tv, t, test_seed());
		ck_assert_int_eq(cvdso_time32(vd, NULL), (s32)t);
	}
}

/* A random configuration: any frequency and error, several HZ, a 64-bit counter. */
static void random_config(struct sim_rng *r, struct sim_config *cfg)
{
	static const unsigned int hzs[] = { 100, 250, 300, 1000, 1024 };

	sim_config_default(cfg);
	cfg->counter.freq_hz = 1000000 + sim_rng_below(r, 4000000000ULL);
	cfg->counter.error_ppb = sim_rng_range(r, -500000, 500000);
	cfg->counter.wander_ppb = sim_rng_below(r, 2) ? sim_rng_below(r, 200) : 0;
	cfg->counter.wander_interval_ns = NSEC_PER_SEC;
	/* The x86 TSC of v4.16 never wraps: a start far below 2^64 (see check_v416_wrap). */
	cfg->counter.start = sim_rng_below(r, 1ULL << 62);
	cfg->counter.seed = sim_rng_next(r);
	cfg->hz = hzs[sim_rng_below(r, sizeof(hzs) / sizeof(hzs[0]))];
	cfg->wall_time.tv_sec = (time64_t)sim_rng_below(r, 4000000000ULL);
	cfg->boot_offset.tv_sec = (time64_t)sim_rng_below(r, 1000000);
}

/* One random disturbance of the kernel, as adjtimex, settimeofday & co. would. */
static void random_op(struct sim_rng *r, struct sim_system *s)
{
	struct tk_timex tx = { 0 };
	struct timespec64 ts;

	switch (sim_rng_below(r, 10)) {
	case 0: /* NTP frequency: a new mult at once (TK_ADV_FREQ) */
		tx.modes = ADJ_FREQUENCY;
		tx.freq = sim_rng_range(r, -500, 500) * 65536; /* scaled ppm */
		do_adjtimex(&s->k, &tx, true);
		break;
	case 1: /* PLL offset: slewed over the next seconds */
		tx.modes = ADJ_OFFSET | ADJ_STATUS | ADJ_NANO;
		tx.status = STA_PLL;
		tx.offset = sim_rng_range(r, -400000000, 400000000);
		do_adjtimex(&s->k, &tx, true);
		break;
	case 2: /* step */
		ts.tv_sec = (time64_t)sim_rng_below(r, 4000000000ULL);
		ts.tv_nsec = (long)sim_rng_below(r, NSEC_PER_SEC);
		do_settimeofday64(&s->k, &ts);
		break;
	case 3:
		ts.tv_sec = sim_rng_range(r, -100, 100);
		ts.tv_nsec = (long)sim_rng_below(r, NSEC_PER_SEC);
		timekeeping_inject_offset(&s->k, &ts);
		break;
	case 4:
		timekeeping_set_tai_offset(&s->k, (s32)sim_rng_below(r, 100));
		break;
	case 5: /* suspend for up to a day */
		timekeeping_suspend(&s->k);
		sim_advance_ns(s, sim_rng_below(r, 10 * NSEC_PER_MSEC));
		ts.tv_sec = (time64_t)sim_rng_below(r, 86400);
		ts.tv_nsec = (long)sim_rng_below(r, NSEC_PER_SEC);
		timekeeping_resume(&s->k, &ts);
		break;
	case 6: { /* a NOHZ gap within max_idle_ns */
		u64 idle = s->counter.cs.max_idle_ns;

		sim_idle_ns(s, sim_rng_below(r, idle < 2 * NSEC_PER_SEC ? idle : 2 * NSEC_PER_SEC));
		break;
	}
	default: /* ticks */
		sim_run_ticks(s, 1 + sim_rng_below(r, 2000));
		break;
	}
}

/* The same time from every variant through a random life of random systems. */
START_TEST(test_variants_equal_current)
{
	struct sim_rng r;
	char ctx[96];

	sim_rng_seed(&r, test_seed());
	for (int sys = 0; sys < 12; sys++) {
		struct sim_config cfg;
		struct vsyscall_gtod_data *g;
		struct sim_system *s;

		random_config(&r, &cfg);
		s = variant_system(&cfg, &g);
		for (int step = 0; step < 150; step++) {
			random_op(&r, s);
			/* A random instant before the next tick: the counter is past cycle_last. */
			sim_advance_to(s,
				       s->now_ns + sim_rng_below(&r, s->next_tick_ns - s->now_ns));
			snprintf(ctx, sizeof(ctx), "system %d (%" PRIu64 " Hz, HZ=%u) step %d", sys,
				 cfg.counter.freq_hz, cfg.hz, step);
			check_all_variants(s, g, ctx);
		}
		variant_system_free(s, g);
	}
}
END_TEST

/* At a tick (counter == cycle_last) and with the counter behind it (negative motion). */
START_TEST(test_variants_equal_at_edges)
{
	struct sim_config cfg;
	struct vsyscall_gtod_data *g;
	struct sim_system *s;

	sim_config_default(&cfg);
	s = variant_system(&cfg, &g);
	sim_run_ticks(s, 1500);
	check_all_variants(s, g, "on a tick");
	/*
	 * CPU 0 reads the counter 5000 cycles behind the one that ticked, but
	 * still ahead of cycle_last (the +35 ppm counter leaves ~110000 cycles
	 * unaccumulated by now): a lagging CPU without negative motion.  Real
	 * negative motion is where the variants part (the x86 clamp against
	 * the generic rule of the synthetic counter): tests/timekeeper/check_timekeeping.c.
	 */
	sim_counter_set_cpu_offset(&s->counter, 0, -5000);
	{
		const struct vdso_clock *vc = &s->k.vdata.clock_data[CS_HRES_COARSE];
		u64 c = arch_get_hw_counter(VDSO_CLOCKMODE_SIM, &s->k.vdata);

		ck_assert(((c - vc->cycle_last) & vc->mask) < vc->max_cycles);
	}
	check_all_variants(s, g, "lagging CPU");
	sim_advance_ns(s, 300 * NSEC_PER_USEC);
	check_all_variants(s, g, "lagging CPU, mid-tick");
	sim_counter_set_cpu_offset(&s->counter, 0, 0);
	/* Past 2038: the 32-bit functions truncate the seconds, the others do not. */
	{
		struct timespec64 y2038 = { .tv_sec = 0x80000000LL + 100, .tv_nsec = 5 };

		ck_assert_int_eq(do_settimeofday64(&s->k, &y2038), 0);
		sim_advance_ns(s, 1500 * NSEC_PER_USEC);
		check_all_variants(s, g, "after 2038");
	}
	variant_system_free(s, g);
}
END_TEST

/* The timezone reaches the v4.16 page at the next update, as the whole page does. */
START_TEST(test_v416_timezone)
{
	struct sim_config cfg;
	struct vsyscall_gtod_data *g;
	struct sim_system *s;
	struct tk_timezone tz = { .tz_minuteswest = -120, .tz_dsttime = 1 };

	sim_config_default(&cfg);
	s = variant_system(&cfg, &g);
	ck_assert_int_eq(timekeeping_set_tz(&s->k, &tz), 0);
	sim_run_ticks(s, 2);
	sim_advance_ns(s, 100 * NSEC_PER_USEC);
	check_all_variants(s, g, "timezone");
	variant_system_free(s, g);
}
END_TEST

#define MARK_SEC (1LL << 24)

/* Move every base of the v4.16 page MARK_SEC ahead: a read from the page shows it. */
static void mark_v416(struct vsyscall_gtod_data *g, s64 by)
{
	g->wall_time_sec += (u64)by;
	g->monotonic_time_sec += (u64)by;
	g->wall_time_coarse_sec += (u64)by;
	g->monotonic_time_coarse_sec += (u64)by;
	g->raw_time_sec += (u64)by;
	g->tai_time_sec += (u64)by;
}

/* Whether @fn read @clock from the page (the mark shows) or took the fallback. */
static bool served_by_page(int (*fn)(const struct vsyscall_gtod_data *, s32, struct timespec64 *),
			   struct sim_system *s, const struct vsyscall_gtod_data *g, s32 clock)
{
	struct timespec64 v, k;

	ck_assert_int_eq(fn(g, clock, &v), 0);
	ck_assert_int_eq(tk_sys_clock_gettime(&s->k, clock, &k), 0);
	if (ts_to_ns(&v) == ts_to_ns(&k))
		return false;
	ck_assert_msg(ts_to_ns(&v) - ts_to_ns(&k) == (__int128)MARK_SEC * NSEC_PER_SEC,
		      "clock %d: neither the page nor the kernel", clock);
	return true;
}

/*
 * v4.16 serves REALTIME, MONOTONIC and the coarse clocks from the page and
 * sends MONOTONIC_RAW, BOOTTIME and TAI to the syscall; the seed patches
 * bring RAW and TAI into the page; a clocksource without a vDSO mode sends
 * every hres clock to the syscall and leaves the coarse ones in the page.
 */
START_TEST(test_v416_paths)
{
	struct sim_config cfg;
	struct vsyscall_gtod_data *g;
	struct sim_system *s;
	struct clocksource nonvdso;

	sim_config_default(&cfg);
	s = variant_system(&cfg, &g);
	sim_advance_ns(s, 2 * NSEC_PER_SEC + 123456);
	mark_v416(g, MARK_SEC);
	for (int seed = 0; seed < 2; seed++) {
		int (*fn)(const struct vsyscall_gtod_data *, s32, struct timespec64 *) =
			seed ? vclock_gettime_v416_seed : vclock_gettime_v416;

		ck_assert(served_by_page(fn, s, g, TK_CLOCK_REALTIME));
		ck_assert(served_by_page(fn, s, g, TK_CLOCK_MONOTONIC));
		ck_assert(served_by_page(fn, s, g, TK_CLOCK_REALTIME_COARSE));
		ck_assert(served_by_page(fn, s, g, TK_CLOCK_MONOTONIC_COARSE));
		ck_assert(!served_by_page(fn, s, g, TK_CLOCK_BOOTTIME));
		ck_assert_int_eq(served_by_page(fn, s, g, TK_CLOCK_MONOTONIC_RAW), seed);
		ck_assert_int_eq(served_by_page(fn, s, g, TK_CLOCK_TAI), seed);
	}
	ck_assert(served_by_page(vclock_gettime_v416_retpoline, s, g, TK_CLOCK_MONOTONIC));
	ck_assert(served_by_page(vclock_gettime_v416_retpoline, s, g, TK_CLOCK_REALTIME_COARSE));
	ck_assert(!served_by_page(vclock_gettime_v416_retpoline, s, g, TK_CLOCK_TAI));
	mark_v416(g, -MARK_SEC);

	/* The same counter without a vDSO clock mode: hres clocks by syscall. */
	nonvdso = s->counter.cs;
	nonvdso.vdso_clock_mode = VDSO_CLOCKMODE_NONE;
	ck_assert_int_eq(change_clocksource(&s->k, &nonvdso), 0);
	sim_advance_ns(s, NSEC_PER_SEC + 777);
	ck_assert_int_eq(g->vclock_mode, VDSO_CLOCKMODE_NONE);
	check_all_variants(s, g, "clock mode NONE");
	mark_v416(g, MARK_SEC);
	ck_assert(!served_by_page(vclock_gettime_v416_seed, s, g, TK_CLOCK_REALTIME));
	ck_assert(!served_by_page(vclock_gettime_v416_seed, s, g, TK_CLOCK_MONOTONIC_RAW));
	ck_assert(served_by_page(vclock_gettime_v416_seed, s, g, TK_CLOCK_MONOTONIC_COARSE));
	mark_v416(g, -MARK_SEC);
	variant_system_free(s, g);
}
END_TEST

/* The page is normalised and follows the timekeeper; publishing can be turned off. */
START_TEST(test_v416_writer)
{
	struct sim_config cfg;
	struct vsyscall_gtod_data *g;
	struct sim_system *s;
	struct timekeeper tk;
	struct tk_kernel *none;
	u32 seq;

	sim_config_default(&cfg);
	/* wall_to_monotonic.tv_nsec = 999999998: MONOTONIC's pair needs the carry. */
	cfg.wall_time.tv_nsec = 1;
	cfg.boot_offset.tv_nsec = 999999999;
	s = variant_system(&cfg, &g);
	for (int i = 0; i < 2000; i++) {
		sim_run_ticks(s, 1);
		tk_snapshot(&s->k, &tk);
		ck_assert_uint_eq(g->seq % 2, 0);
		ck_assert_uint_eq(g->cycle_last, tk.tkr_mono.cycle_last);
		ck_assert_uint_eq(g->mult, tk.tkr_mono.mult);
		ck_assert_uint_eq(g->raw_mult, tk.tkr_raw.mult);
		ck_assert_uint_eq(g->wall_time_sec, tk.xtime_sec);
		ck_assert_uint_eq(g->wall_time_snsec, tk.tkr_mono.xtime_nsec);
		ck_assert_uint_lt(g->monotonic_time_snsec, (u64)NSEC_PER_SEC << g->shift);
		ck_assert_uint_lt(g->monotonic_time_coarse_nsec, (u64)NSEC_PER_SEC);
		ck_assert_uint_lt(g->wall_time_coarse_nsec, (u64)NSEC_PER_SEC);
		ck_assert_ptr_eq(g->sys, &s->k.vdata);
		ck_assert_ptr_eq(g->counter, &s->counter.page);
	}
	/* Off: the page stays as it was. */
	ck_assert_int_eq(timekeeping_enable_vsyscall_v416(&s->k, NULL), 0);
	seq = g->seq;
	sim_run_ticks(s, 10);
	ck_assert_uint_eq(g->seq, seq);
	ck_assert_ptr_null(s->k.gtod_v416);

	/* A kernel that never booted has nothing to publish. */
	none = aligned_alloc(64, sizeof(*none)); /* the vvar page inside is cache-line aligned */
	ck_assert_ptr_nonnull(none);
	memset(none, 0, sizeof(*none));
	ck_assert_int_eq(timekeeping_enable_vsyscall_v416(none, g), -EINVAL);
	free(none);
	variant_system_free(s, g);
}
END_TEST

/*
 * The v4.16 clamp (cycles < cycle_last means "behind") assumes a counter
 * that does not wrap, as the x86 TSC of that era; on a narrow wrapping
 * counter it freezes time at the wrap, where the current path's masked
 * delta carries on.  This is why the equality tests use 64-bit counters.
 */
START_TEST(test_v416_wrap)
{
	struct sim_config cfg;
	struct vsyscall_gtod_data *g;
	struct sim_system *s;
	struct timespec64 cur, old, mono;
	bool differed = false;

	sim_config_default(&cfg);
	cfg.counter.bits = 24;
	cfg.counter.freq_hz = 3579545;
	cfg.counter.start = (1ULL << 24) - cfg.counter.freq_hz; /* wraps after about 1 s */
	s = variant_system(&cfg, &g);
	for (int i = 0; i < 20000; i++) {
		sim_advance_ns(s, 97 * NSEC_PER_USEC);
		ck_assert_int_eq(cvdso_clock_gettime(&s->k.vdata, TK_CLOCK_MONOTONIC, &cur), 0);
		ck_assert_int_eq(vclock_gettime_v416(g, TK_CLOCK_MONOTONIC, &old), 0);
		ck_assert(ts_to_ns(&old) <= ts_to_ns(&cur));
		/* The dedicated entry masks like the current path, wrap or not. */
		ck_assert_int_eq(cvdso_clock_gettime_monotonic(&s->k.vdata, &mono), 0);
		ck_assert(ts_to_ns(&mono) == ts_to_ns(&cur));
		differed |= ts_to_ns(&old) != ts_to_ns(&cur);
	}
	ck_assert_msg(differed, "the v4.16 clamp never met the 24-bit wrap");
	variant_system_free(s, g);
}
END_TEST

/* ---------------------------------------------------------------- parse_vdso */

static int (*host_vdso_gettime(struct tk_vdso *v))(clockid_t, struct timespec *)
{
	return (int (*)(clockid_t, struct timespec *))tk_vdso_sym(v, "LINUX_2.6",
								  "__vdso_clock_gettime");
}

#if defined(__x86_64__)
#define IS_X86_64 1
#else
#define IS_X86_64 0
#endif

static __int128 host_ns(const struct timespec *ts)
{
	return (__int128)ts->tv_sec * NSEC_PER_SEC + ts->tv_nsec;
}

/* Why test_parse_vdso_host cannot run here, or NULL. */
static const char *parse_vdso_host_skip(void)
{
	struct tk_vdso v;

	if (!IS_X86_64)
		return "the symbol names are x86-64's";
	if (tk_vdso_init_self(&v) == -ENOENT || !getauxval(AT_SYSINFO_EHDR))
		return "no vDSO in this process";
	return NULL;
}

/* The host's __vdso_clock_gettime, found by both hash tables, sits between two syscalls. */
START_TEST(test_parse_vdso_host)
{
	struct tk_vdso v;
	int (*gettime)(clockid_t, struct timespec *);
	int ret = tk_vdso_init_self(&v);

	ck_assert_int_eq(ret, 0);
	ck_assert_ptr_nonnull(v.gnu_hash ? (const void *)v.gnu_hash : (const void *)v.hash);
	for (int pass = 0; pass < 2; pass++) {
		if (pass == 1) {
			if (!v.hash)
				break;
			v.gnu_hash = NULL; /* force the DT_HASH lookup */
		}
		gettime = host_vdso_gettime(&v);
		ck_assert_msg(gettime != NULL, "pass %d: no __vdso_clock_gettime", pass);
		ck_assert_ptr_nonnull(tk_vdso_sym(&v, "LINUX_2.6", "__vdso_gettimeofday"));
		ck_assert_ptr_nonnull(tk_vdso_sym(&v, "LINUX_2.6", "__vdso_time"));
		ck_assert_ptr_null(tk_vdso_sym(&v, "LINUX_2.6", "__vdso_no_such_thing"));
		ck_assert_ptr_null(tk_vdso_sym(&v, "LINUX_9.9", "__vdso_clock_gettime"));
		for (clockid_t c = 0; c <= 11; c++) {
			struct timespec a, b, m;
			long ra = syscall(SYS_clock_gettime, c, &a);

			if (ra) /* a clock the host does not have */
				continue;
			ck_assert_int_eq(gettime(c, &m), 0);
			ck_assert_int_eq(syscall(SYS_clock_gettime, c, &b), 0);
			if (c == CLOCK_PROCESS_CPUTIME_ID || c == CLOCK_THREAD_CPUTIME_ID)
				continue;
			ck_assert_msg(host_ns(&a) <= host_ns(&m) && host_ns(&m) <= host_ns(&b),
				      "pass %d clock %d: vDSO outside the syscall sandwich", pass,
				      (int)c);
		}
	}
}
END_TEST

/* Not an image: refused, and lookups on a failed parse find nothing. */
START_TEST(test_parse_vdso_bad)
{
	static u64 zeros[64];
	struct tk_vdso v;

	ck_assert_int_eq(tk_vdso_init(&v, 0), -ENOENT);
	ck_assert_ptr_null(tk_vdso_sym(&v, "LINUX_2.6", "__vdso_clock_gettime"));
	ck_assert_int_eq(tk_vdso_init(&v, (uintptr_t)zeros), -ENOEXEC);
	ck_assert_ptr_null(tk_vdso_sym(&v, "LINUX_2.6", "__vdso_clock_gettime"));
}
END_TEST

static Suite *variants_suite(void)
{
	Suite *s = suite_create("variants");
	TCase *tc = tcase_create("equal");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_variants_equal_current);
	tcase_add_test(tc, test_variants_equal_at_edges);
	tcase_add_test(tc, test_v416_timezone);
	tcase_add_test(tc, test_v416_paths);
	tcase_add_test(tc, test_v416_writer);
	tcase_add_test(tc, test_v416_wrap);
	suite_add_tcase(s, tc);
	tc = tcase_create("parse_vdso");
	test_add_unless(tc, test_parse_vdso_host, parse_vdso_host_skip());
	tcase_add_test(tc, test_parse_vdso_bad);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	test_seed();
	return test_run_suite(variants_suite());
}
