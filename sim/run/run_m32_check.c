// SPDX-License-Identifier: GPL-2.0
// tksim's own: the check of every i386 vDSO entry point against the kernel side (see
// sim/run/run_m32.h).
#include "sim/run/run_m32.h"

#include <inttypes.h>
#include <stdio.h>

#include "sim/oracle.h"

/*
 * An aux clock's vDSO read may be 1 ns behind its kernel side, never ahead:
 * vdso_time_update_aux() (kernel/time/vsyscall.c, v6.17+) publishes the base
 * as whole ns (xtime_nsec shifted down, the offset added, shifted back up), so
 * the sub-ns fraction the kernel side keeps is gone from the page.  The same
 * rule as the oracle's aux-vdso-equals-kernel.
 */
static bool aux_whole_ns(int op, s32 clock, __int128 got, __int128 want)
{
	return (op == M32_OP_CLOCK_GETTIME || op == M32_OP_CLOCK_GETTIME64) &&
	       clock >= TK_CLOCK_AUX && clock <= TK_CLOCK_AUX_LAST && want - got == 1;
}

/*
 * Whether the vDSO serves aux clock @clock itself (v6.17 do_aux(), and the
 * getres branch of VDSO_AUX): only a model with aux clocks, whose kernel
 * side answers getres of an aux id (1 ns, enabled or not); a profile before
 * v6.17 says -EINVAL there, and its vDSO takes the syscall for every aux id.
 * Its gettime: while the clock's group is not clock mode NONE (enabled).
 */
static bool vdso_serves_aux(const struct sim_system *s, s32 clock, bool getres)
{
	struct timespec64 res;

	if (tk_sys_clock_getres(&s->k, clock, &res))
		return false;
	return getres || READ_ONCE(s->k.vdata.aux_clock_data[clock - TK_CLOCK_AUX].clock_mode) !=
				 VDSO_CLOCKMODE_NONE;
}

/* Whether the model's vDSO serves @clock itself (else: the syscall), as the oracle states it. */
static bool vdso_serves(const struct sim_system *s, s32 clock, bool getres)
{
	u32 msk;
	s32 mode;

	if (clock >= TK_CLOCK_AUX && clock <= TK_CLOCK_AUX_LAST)
		return vdso_serves_aux(s, clock, getres);
	if ((u32)clock >= TK_MAX_CLOCKS)
		return false;
	msk = BIT(clock);
	if (getres || (msk & VDSO_COARSE))
		return msk & (VDSO_HRES | VDSO_COARSE | VDSO_RAW);
	if (!(msk & (VDSO_HRES | VDSO_RAW)))
		return false;
	mode = READ_ONCE(
		s->k.vdata.clock_data[msk & VDSO_RAW ? CS_RAW : CS_HRES_COARSE].clock_mode);
	return mode != VDSO_CLOCKMODE_NONE;
}

static const char *const op_name[M32_NR_OPS] = {
	[M32_OP_CLOCK_GETTIME] = "clock_gettime",
	[M32_OP_CLOCK_GETTIME64] = "clock_gettime64",
	[M32_OP_GETTIMEOFDAY] = "gettimeofday",
	[M32_OP_TIME] = "time",
	[M32_OP_CLOCK_GETRES] = "clock_getres",
	[M32_OP_CLOCK_GETRES_TIME64] = "clock_getres_time64",
};

/*
 * The kernel side's answer to @op under the i386 ABI: @want is the full-width
 * value (ns, or us for gettimeofday, s for time), @syscalls the fallbacks.
 */
static s64 expect(struct sim_system *s, int op, s32 clock, __int128 *want, s64 *syscalls)
{
	struct timespec64 ts = { 0, 0 };
	struct tk_timeval tv = { 0, 0 };
	s64 ret = 0;

	*syscalls = 0;
	switch (op) {
	case M32_OP_CLOCK_GETTIME:
	case M32_OP_CLOCK_GETTIME64:
		ret = tk_sys_clock_gettime(&s->k, clock, &ts);
		*syscalls = !vdso_serves(s, clock, false);
		break;
	case M32_OP_CLOCK_GETRES:
	case M32_OP_CLOCK_GETRES_TIME64:
		ret = tk_sys_clock_getres(&s->k, clock, &ts);
		*syscalls = op == M32_OP_CLOCK_GETRES_TIME64 || !vdso_serves(s, clock, true);
		break;
	case M32_OP_GETTIMEOFDAY:
		ret = tk_sys_gettimeofday(&s->k, &tv, NULL);
		*syscalls = !vdso_serves(s, TK_CLOCK_REALTIME, false);
		*want = (__int128)(s32)tv.tv_sec * USEC_PER_SEC + tv.tv_usec;
		return ret;
	case M32_OP_TIME:
		/* time() returns the seconds and also stores them: both are compared. */
		*want = (s32)tk_sys_time(&s->k);
		return (s64)*want;
	}
	/* The time32 entries truncate tv_sec to 32 bits; the time64 ones keep it. */
	if (op == M32_OP_CLOCK_GETTIME || op == M32_OP_CLOCK_GETRES)
		ts.tv_sec = (s32)ts.tv_sec;
	*want = ts_to_ns(&ts);
	return ret;
}

/* What the reader returned, full width in the same unit as expect(). */
static __int128 got_value(int op, const struct m32_msg *r)
{
	if (op == M32_OP_TIME)
		return r->w[3];
	if (op == M32_OP_GETTIMEOFDAY)
		return (__int128)r->w[3] * USEC_PER_SEC + r->w[4];
	return (__int128)r->w[3] * NSEC_PER_SEC + r->w[4];
}

/**
 * sim_run_m32_check() - every i386 entry point for every clock id, now
 * @m:           the reader
 * @s:           the system, stopped at the instant to check
 * @interval_ns: virtual time between checks
 * @why:         the evidence on failure
 * @n:           size of @why
 *
 * Does nothing before the next check is due, @interval_ns after the last.
 *
 * Return: 0, or -1 with @why set when a result, a return value or a
 * fallback differs from the kernel's, or the reader died.
 */
int sim_run_m32_check(struct sim_run_m32 *m, struct sim_system *s, u64 interval_ns, char *why,
		      size_t n)
{
	if (s->now_ns < m->next_ns)
		return 0;
	/* On a grid, so that a run checks duration / interval instants whatever the sampling. */
	while (m->next_ns <= s->now_ns)
		m->next_ns += interval_ns;
	m->instants++;
	/* -1 and 24 are invalid ids; 16..23 the aux clocks (v6.17), enabled in the run or not. */
	for (s32 clock = -1; clock <= TK_CLOCK_AUX_LAST + 1; clock++) {
		for (int op = M32_OP_CLOCK_GETTIME; op <= M32_OP_CLOCK_GETRES_TIME64; op++) {
			struct m32_msg r;
			__int128 want = 0, got;
			s64 ret, calls;
			char a[48], b[48];

			/* gettimeofday and time take no clock id: once per instant. */
			if ((op == M32_OP_GETTIMEOFDAY || op == M32_OP_TIME) && clock != 0)
				continue;
			if (sim_run_m32_call(m, s, op, clock, &r)) {
				snprintf(why, n, "the 32-bit reader died (%s)", op_name[op]);
				return -1;
			}
			m->calls++;
			m->syscalls += (u64)r.w[5];
			ret = expect(s, op, clock, &want, &calls);
			got = got_value(op, &r);
			if (op == M32_OP_CLOCK_GETTIME && clock == TK_CLOCK_REALTIME)
				m->rt32 = r;
			if (op == M32_OP_CLOCK_GETTIME64 && clock == TK_CLOCK_REALTIME)
				m->rt64 = r;
			if (r.w[2] == ret &&
			    (ret < 0 || got == want || aux_whole_ns(op, clock, got, want)) &&
			    r.w[5] == calls)
				continue;
			oracle_format_ns(a, sizeof(a), got);
			oracle_format_ns(b, sizeof(b), want);
			snprintf(why, n,
				 "32-bit %s(%d): returned %" PRId64 " value %s after %" PRId64
				 " syscalls; the kernel side: %" PRId64 " value %s after %" PRId64,
				 op_name[op], clock, r.w[2], a, r.w[5], ret, b, calls);
			return -1;
		}
	}
	if (m->rt64.w[3] >= Y2038_SEC)
		m->after_y2038++;
	return 0;
}
