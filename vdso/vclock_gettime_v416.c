// SPDX-License-Identifier: GPL-2.0
// Mirrors: arch/x86/entry/vdso/vclock_gettime.c (v4.16), plus the 2018 threads' variants.
/*
 * The v4.16 x86 read path over struct vsyscall_gtod_data (see
 * vdso/datapage_v416.h), written from the kernel's documented behaviour:
 *
 *   - one seqcount for the whole page;
 *   - per clock, a read function over that clock's own (sec, snsec) pair:
 *     ns = (snsec + ((counter - cycle_last) & mask) * mult) >> shift,
 *     then whole seconds carried out of ns outside the loop;
 *   - the counter read clamps a value behind cycle_last to cycle_last
 *     (vread_tsc(): another CPU's TSC may lag the one that accumulated),
 *     so negative motion reads as "no time passed";
 *   - no 128-bit product: delta * mult must fit 64 bits, which the tick
 *     guarantees (the overflow protection came in v6.10);
 *   - a clock_mode of NONE computes, then takes the syscall after the loop;
 *   - a switch on the clock id picks the function; every clock without a
 *     case is a syscall.
 *
 * The counter hook matches arch_get_hw_counter(): TSC through
 * rdtsc_ordered() with the page's instruction, or the synthetic counter
 * page (clock_mode SIM, where x86 had PVCLOCK).
 */
#include "vdso/vclock_gettime_v416.h"

#include "vdso/calc.h"
#include "vdso/hw_counter.h"
#include "vdso/helpers.h"
#include "vdso/syscall.h"

/* The kernel's __always_inline: the per-clock functions are expanded in place. */
#define v416_inline inline __attribute__((always_inline))

static inline u32 gtod_read_begin(const struct vsyscall_gtod_data *g)
{
	return seqcount_read_begin(&g->seq);
}

static inline bool gtod_read_retry(const struct vsyscall_gtod_data *g, u32 start)
{
	return seqcount_read_retry(&g->seq, start);
}

/*
 * vgetsns(): shifted ns since cycle_last at @mult.  An unknown mode gives 0
 * (the caller falls back after the loop).  The clamp is a branch, not a
 * cmov, as the kernel forces: it is a predictable function of time.
 */
static v416_inline u64 vgetsns(const struct vsyscall_gtod_data *g, s32 mode, u32 mult)
{
	u64 cycles, last;

	if (likely(mode == VDSO_CLOCKMODE_TSC)) {
		cycles = rdtsc_ordered(READ_ONCE(g->tsc_insn));
	} else if (mode == VDSO_CLOCKMODE_SIM || mode == VDSO_CLOCKMODE_SIM_X86) {
		/* As before vread_pvclock(): no counter-page load before the mode check. */
		barrier();
		cycles = vdso_sim_counter_read(READ_ONCE(g->counter), READ_ONCE(g->tsc_insn),
					       vdso_this_cpu);
	} else {
		return 0;
	}
	last = READ_ONCE(g->cycle_last);
	if (unlikely(cycles < last)) {
		__asm__ __volatile__("");
		cycles = last;
	}
	return ((cycles - last) & READ_ONCE(g->mask)) * mult;
}

/*
 * do_realtime()/do_monotonic() and, with the seed patches, the raw and TAI
 * readers: one body over a clock's (sec, snsec) pair.  @raw selects the raw
 * mult/shift.  Return: the clock mode seen (NONE: take the syscall).
 */
static v416_inline s32 do_hres_v416(const struct vsyscall_gtod_data *g, const u64 *secp,
				    const u64 *snsecp, bool raw, struct timespec64 *ts)
{
	u64 sec, ns;
	u32 seq;
	s32 mode;

	do {
		seq = gtod_read_begin(g);
		mode = READ_ONCE(g->vclock_mode);
		sec = READ_ONCE(*secp);
		ns = READ_ONCE(*snsecp);
		ns += vgetsns(g, mode, raw ? READ_ONCE(g->raw_mult) : READ_ONCE(g->mult));
		ns >>= raw ? READ_ONCE(g->raw_shift) : READ_ONCE(g->shift);
	} while (unlikely(gtod_read_retry(g, seq)));

	/* Outside the loop: a torn ns could make the subtract loop long. */
	ts->tv_sec = (time64_t)(sec + iter_div_u64_rem(ns, NSEC_PER_SEC, &ns));
	ts->tv_nsec = (long)ns;
	return mode;
}

/* do_realtime_coarse()/do_monotonic_coarse(): plain ns, no counter. */
static v416_inline void do_coarse_v416(const struct vsyscall_gtod_data *g, const u64 *secp,
				       const u64 *nsecp, struct timespec64 *ts)
{
	u64 sec, nsec;
	u32 seq;

	do {
		seq = gtod_read_begin(g);
		sec = READ_ONCE(*secp);
		nsec = READ_ONCE(*nsecp);
	} while (unlikely(gtod_read_retry(g, seq)));
	ts->tv_sec = (time64_t)sec;
	ts->tv_nsec = (long)nsec;
}

/* __vdso_clock_gettime(): the switch.  @seed: the seed patches' RAW and TAI cases. */
static v416_inline int v416_clock_gettime(const struct vsyscall_gtod_data *g, s32 clock,
					  struct timespec64 *ts, bool seed)
{
	switch (clock) {
	case TK_CLOCK_REALTIME:
		if (do_hres_v416(g, &g->wall_time_sec, &g->wall_time_snsec, false, ts) ==
		    VDSO_CLOCKMODE_NONE)
			goto fallback;
		break;
	case TK_CLOCK_MONOTONIC:
		if (do_hres_v416(g, &g->monotonic_time_sec, &g->monotonic_time_snsec, false, ts) ==
		    VDSO_CLOCKMODE_NONE)
			goto fallback;
		break;
	case TK_CLOCK_REALTIME_COARSE:
		do_coarse_v416(g, &g->wall_time_coarse_sec, &g->wall_time_coarse_nsec, ts);
		break;
	case TK_CLOCK_MONOTONIC_COARSE:
		do_coarse_v416(g, &g->monotonic_time_coarse_sec, &g->monotonic_time_coarse_nsec,
			       ts);
		break;
	case TK_CLOCK_MONOTONIC_RAW:
		if (!seed || do_hres_v416(g, &g->raw_time_sec, &g->raw_time_snsec, true, ts) ==
				     VDSO_CLOCKMODE_NONE)
			goto fallback;
		break;
	case TK_CLOCK_TAI:
		if (!seed || do_hres_v416(g, &g->tai_time_sec, &g->tai_time_snsec, false, ts) ==
				     VDSO_CLOCKMODE_NONE)
			goto fallback;
		break;
	default:
		goto fallback;
	}
	return 0;
fallback:
	return (int)vdso_sys_clock_gettime(READ_ONCE(g->sys), clock, ts);
}

/**
 * vclock_gettime_v416() - clock_gettime() through the v4.16 x86 vDSO
 * @g:     the v4.16 page
 * @clock: clock id
 * @ts:    result
 *
 * REALTIME, MONOTONIC, REALTIME_COARSE and MONOTONIC_COARSE are served from
 * the page; MONOTONIC_RAW, BOOTTIME, TAI and every other id take the syscall.
 *
 * Return: 0 or the fallback's negative errno.
 */
int vclock_gettime_v416(const struct vsyscall_gtod_data *g, s32 clock, struct timespec64 *ts)
{
	return v416_clock_gettime(g, clock, ts, false);
}

/**
 * vclock_gettime_v416_seed() - vclock_gettime_v416() with the seed patches
 * @g:     the v4.16 page (its raw and TAI pairs filled by the writer)
 * @clock: clock id
 * @ts:    result
 *
 * MONOTONIC_RAW (with the clocksource's own mult) and TAI are served from
 * the page too; BOOTTIME still takes the syscall.
 *
 * Return: 0 or the fallback's negative errno.
 */
int vclock_gettime_v416_seed(const struct vsyscall_gtod_data *g, s32 clock, struct timespec64 *ts)
{
	return v416_clock_gettime(g, clock, ts, true);
}

/*
 * From v4.15 the vDSO was built with -mindirect-branch=thunk-inline
 * (RETPOLINE_VDSO_CFLAGS), and the compilers of 2018 made the switch above
 * a jump table: an indirect branch, which then went through an inline
 * retpoline on every call and defeated the branch predictor.  Current
 * compilers make a compare tree of four cases, so the jump table is
 * written out here: one reader per clock id, called through a table, in a
 * function that GCC builds with the inline retpoline.  Other compilers get
 * the table without the retpoline; vclock_v416_retpoline_built() says so.
 */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define V416_RETPOLINE __attribute__((indirect_branch("thunk-inline")))
#define V416_RETPOLINE_BUILT true
#else
#define V416_RETPOLINE
#define V416_RETPOLINE_BUILT false
#endif

typedef int v416_reader_t(const struct vsyscall_gtod_data *g, s32 clock, struct timespec64 *ts);

static int v416_jt_fallback(const struct vsyscall_gtod_data *g, s32 clock, struct timespec64 *ts)
{
	return (int)vdso_sys_clock_gettime(READ_ONCE(g->sys), clock, ts);
}

static int v416_jt_realtime(const struct vsyscall_gtod_data *g, s32 clock, struct timespec64 *ts)
{
	if (do_hres_v416(g, &g->wall_time_sec, &g->wall_time_snsec, false, ts) ==
	    VDSO_CLOCKMODE_NONE)
		return v416_jt_fallback(g, clock, ts);
	return 0;
}

static int v416_jt_monotonic(const struct vsyscall_gtod_data *g, s32 clock, struct timespec64 *ts)
{
	if (do_hres_v416(g, &g->monotonic_time_sec, &g->monotonic_time_snsec, false, ts) ==
	    VDSO_CLOCKMODE_NONE)
		return v416_jt_fallback(g, clock, ts);
	return 0;
}

static int v416_jt_realtime_coarse(const struct vsyscall_gtod_data *g, s32 clock,
				   struct timespec64 *ts)
{
	(void)clock;
	do_coarse_v416(g, &g->wall_time_coarse_sec, &g->wall_time_coarse_nsec, ts);
	return 0;
}

static int v416_jt_monotonic_coarse(const struct vsyscall_gtod_data *g, s32 clock,
				    struct timespec64 *ts)
{
	(void)clock;
	do_coarse_v416(g, &g->monotonic_time_coarse_sec, &g->monotonic_time_coarse_nsec, ts);
	return 0;
}

/* The jump table of the v4.16 switch: clock id -> reader, the default elsewhere. */
static v416_reader_t *const v416_jump_table[TK_MAX_CLOCKS] = {
	[TK_CLOCK_REALTIME] = v416_jt_realtime,
	[TK_CLOCK_MONOTONIC] = v416_jt_monotonic,
	[TK_CLOCK_PROCESS_CPUTIME_ID] = v416_jt_fallback,
	[TK_CLOCK_THREAD_CPUTIME_ID] = v416_jt_fallback,
	[TK_CLOCK_MONOTONIC_RAW] = v416_jt_fallback,
	[TK_CLOCK_REALTIME_COARSE] = v416_jt_realtime_coarse,
	[TK_CLOCK_MONOTONIC_COARSE] = v416_jt_monotonic_coarse,
	[TK_CLOCK_BOOTTIME... TK_MAX_CLOCKS - 1] = v416_jt_fallback,
};

/**
 * vclock_gettime_v416_retpoline() - vclock_gettime_v416() as a jump table behind a retpoline
 * @g:     the v4.16 page
 * @clock: clock id
 * @ts:    result
 *
 * Return: 0 or the fallback's negative errno.
 */
V416_RETPOLINE int vclock_gettime_v416_retpoline(const struct vsyscall_gtod_data *g, s32 clock,
						 struct timespec64 *ts)
{
	if (unlikely((u32)clock >= TK_MAX_CLOCKS))
		return v416_jt_fallback(g, clock, ts);
	return v416_jump_table[clock](g, clock, ts);
}

/** vclock_v416_retpoline_built() - whether the retpoline variant really has retpolines. */
bool vclock_v416_retpoline_built(void)
{
	return V416_RETPOLINE_BUILT;
}

/**
 * vclock_gettimeofday_v416() - gettimeofday() through the v4.16 vDSO
 * @g:  the v4.16 page
 * @tv: result, may be NULL
 * @tz: timezone, may be NULL (read without the seqcount)
 *
 * Return: 0 or the fallback's negative errno.
 */
int vclock_gettimeofday_v416(const struct vsyscall_gtod_data *g, struct tk_timeval *tv,
			     struct tk_timezone *tz)
{
	if (likely(tv != NULL)) {
		struct timespec64 ts;

		if (unlikely(do_hres_v416(g, &g->wall_time_sec, &g->wall_time_snsec, false, &ts) ==
			     VDSO_CLOCKMODE_NONE))
			return (int)vdso_sys_gettimeofday(READ_ONCE(g->sys), tv, tz);
		tv->tv_sec = ts.tv_sec;
		tv->tv_usec = ts.tv_nsec / NSEC_PER_USEC;
	}
	if (unlikely(tz != NULL)) {
		tz->tz_minuteswest = READ_ONCE(g->tz_minuteswest);
		tz->tz_dsttime = READ_ONCE(g->tz_dsttime);
	}
	return 0;
}

/**
 * vclock_time_v416() - time() through the v4.16 vDSO: wall_time_sec, no seqcount
 * @g: the v4.16 page
 * @t: also stores the result here if not NULL
 *
 * Return: REALTIME seconds as of the last update.
 */
time64_t vclock_time_v416(const struct vsyscall_gtod_data *g, time64_t *t)
{
	time64_t sec = (time64_t)READ_ONCE(g->wall_time_sec);

	if (t)
		*t = sec;
	return sec;
}

/**
 * vclock_getres_v416() - clock_getres() on a v4.16 system: always the syscall
 * @g:     the v4.16 page (for its syscall gate)
 * @clock: clock id
 * @res:   result, may be NULL
 *
 * The x86 vDSO had no clock_getres until the generic vDSO (v5.3); libc
 * made the syscall.
 *
 * Return: 0 or the syscall's negative errno.
 */
int vclock_getres_v416(const struct vsyscall_gtod_data *g, s32 clock, struct timespec64 *res)
{
	return (int)vdso_sys_clock_getres(READ_ONCE(g->sys), clock, res);
}

/**
 * cvdso_clock_gettime_monotonic() - a dedicated CLOCK_MONOTONIC entry on the current page
 * @vd: the vvar page (v6.15 layout)
 * @ts: result
 *
 * do_hres() for CLOCK_MONOTONIC with the clock id fixed at compile time:
 * no id check, no mask dispatch, the basetime[] slot a constant offset.
 * The same arithmetic and fallbacks as cvdso_clock_gettime(): the x86
 * sign-bit rule for x86's modes (vdso_cycles_ok()), S64_MAX as their
 * delta mask (vdso_delta_mask()), and each clock mode's delta rule (vdso_neg_clamp()).
 *
 * Return: 0 or the fallback's negative errno.
 */
int cvdso_clock_gettime_monotonic(const struct vdso_time_data *vd, struct timespec64 *ts)
{
	const struct vdso_clock *vc = &vd->clock_data[CS_HRES_COARSE];
	u64 sec, ns, cycles, mask;
	u32 seq;
	s32 mode;

	do {
		seq = vdso_read_begin(vc);
		mode = READ_ONCE(vc->clock_mode);
		if (unlikely(mode == VDSO_CLOCKMODE_NONE))
			goto fallback;
		cycles = arch_get_hw_counter(mode, vd);
		if (vdso_x86_rule(mode) && unlikely((s64)cycles < 0))
			goto fallback;
		mask = vdso_delta_mask(mode, READ_ONCE(vc->mask));
		ns = cycles_to_ns_bugs(cycles, READ_ONCE(vc->cycle_last), mask,
				       READ_ONCE(vc->max_cycles), READ_ONCE(vc->mult),
				       READ_ONCE(vc->basetime[TK_CLOCK_MONOTONIC].nsec),
				       READ_ONCE(vc->shift), vdso_neg_clamp(mode), 0);
		sec = READ_ONCE(vc->basetime[TK_CLOCK_MONOTONIC].sec);
	} while (unlikely(vdso_read_retry(vc, seq)));

	ts->tv_sec = (time64_t)(sec + iter_div_u64_rem(ns, NSEC_PER_SEC, &ns));
	ts->tv_nsec = (long)ns;
	return 0;
fallback:
	return (int)vdso_sys_clock_gettime(vd, TK_CLOCK_MONOTONIC, ts);
}
