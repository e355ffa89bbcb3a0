// SPDX-License-Identifier: GPL-2.0
// Mirrors: lib/vdso/gettimeofday.c (v6.18, struct vdso_time_data / vdso_clock), without the aux
// clocks of v6.17 (do_aux(), CLOCK_AUX in vdso_clockid_valid() and getres).
/*
 * The generic vDSO read path over tksim's vvar page.
 *
 * The hooks the generic code needs, as listed at the top of the kernel file:
 *   arch_get_hw_counter()  the counter value for a clock_mode (vdso/hw_counter.h)
 *   vdso_sys_*()           the syscall fallbacks (vdso/syscall.h)
 *
 * Readers snapshot the base and the counter inside the seqcount loop and
 * normalise outside it: a torn read inside the loop could hand the
 * normalisation a huge ns value, and the subtract loop would then be slow.
 */
#include "vdso/gettimeofday.h"

#include <errno.h>

#include "vdso/calc.h"
#include "vdso/hw_counter.h"
#include "vdso/helpers.h"
#include "vdso/syscall.h"

_Thread_local unsigned int vdso_this_cpu;

/* x86's arch_vdso_cycles_ok(): the sign bit means "not available, use the syscall". */
static inline bool vdso_cycles_ok(s32 clock_mode, u64 cycles)
{
	return !vdso_x86_rule(clock_mode) || (s64)cycles >= 0;
}

/*
 * BUG_READER_NO_RETRY (vdso/bug_bits.h): a reader that ignores the seqcount.
 * Tested only once a retry is due, so the loop that does not retry pays
 * nothing for it.
 */
static inline bool vdso_bug_no_retry(const struct vdso_time_data *vd)
{
	return unlikely(READ_ONCE(vd->arch_data.bugs) & BUG_READER_NO_RETRY);
}

/* vdso_clockid_valid(): v6.17 serves the aux ids too; negative ids fail as huge u32s. */
static inline bool vdso_clockid_valid(s32 clock)
{
	return likely((u32)clock <= TK_CLOCK_AUX_LAST);
}

/*
 * vdso_serves_aux(): the aux part of vdso_clockid_valid().  A pre-v6.17
 * vDSO (arch_data.no_aux: the 6.15 profile and older) knows no id past
 * MAX_CLOCKS and hands the aux ids to the syscall.  Read from the real page.
 */
static inline bool vdso_serves_aux(const struct vdso_time_data *vd)
{
	return likely(!READ_ONCE(vd->arch_data.no_aux));
}

/* vdso_set_timespec(): sec + ns (ns may exceed one second) into a timespec. */
static inline void vdso_set_timespec(struct timespec64 *ts, u64 sec, u64 ns)
{
	ts->tv_sec = (time64_t)(sec + iter_div_u64_rem(ns, NSEC_PER_SEC, &ns));
	ts->tv_nsec = (long)ns;
}

/*
 * vdso_get_timestamp(): one snapshot of a clock inside the read section.
 * Returns false where the kernel falls back to the syscall.
 */
static inline bool vdso_get_timestamp(const struct vdso_time_data *vd, const struct vdso_clock *vc,
				      s32 clk, u64 *sec, u64 *ns)
{
	s32 mode = READ_ONCE(vc->clock_mode);
	u64 cycles, last, mask, max_cycles, base, bugs;
	u32 mult, shift;

	if (unlikely(mode == VDSO_CLOCKMODE_NONE))
		return false;
	cycles = arch_get_hw_counter(mode, vd);
	if (unlikely(!vdso_cycles_ok(mode, cycles)))
		return false;
	last = READ_ONCE(vc->cycle_last);
	mask = vdso_delta_mask(mode, READ_ONCE(vc->mask));
	max_cycles = READ_ONCE(vc->max_cycles);
	mult = READ_ONCE(vc->mult);
	base = READ_ONCE(vc->basetime[clk].nsec);
	shift = READ_ONCE(vc->shift);
	/* Injected bugs (vdso/bug_bits.h): arch_data shares the cache line the TSC read just used.
	 */
	bugs = READ_ONCE(vd->arch_data.bugs);
	/* Two inlined copies: the faithful one keeps no trace of the bug branches. */
	if (likely(!bugs))
		*ns = cycles_to_ns_bugs(cycles, last, mask, max_cycles, mult, base, shift,
					vdso_neg_clamp(mode), 0);
	else
		*ns = cycles_to_ns_bugs(cycles, last, mask, max_cycles, mult, base, shift,
					vdso_neg_clamp(mode), bugs);
	*sec = READ_ONCE(vc->basetime[clk].sec);
	return true;
}

/*
 * vdso_read_begin_timens(): vdso_read_begin() that notices a time-namespace
 * page.  Its seq is 1 for ever, so the clock_mode test sits inside the "seq
 * is odd" wait and costs a reader outside a namespace nothing.
 * Return: true if @vc is on a namespace page (nothing was read).
 */
static inline bool vdso_read_begin_timens(const struct vdso_clock *vc, u32 *seq)
{
	/* Acquire: the data loads that follow cannot be done before this load. */
	while (unlikely((*seq = __atomic_load_n(&vc->seq, __ATOMIC_ACQUIRE)) & 1)) {
		if (READ_ONCE(vc->clock_mode) == VDSO_CLOCKMODE_TIMENS)
			return true;
		cpu_relax();
	}
	return false;
}

/* __arch_get_vdso_u_timens_data(): the real vvar page, mapped after a namespace page. */
static inline const struct vdso_time_data *vdso_timens_data(const struct vdso_time_data *vdns)
{
	return READ_ONCE(vdns->arch_data.timens_data);
}

/*
 * do_hres_timens(): the real page's clock, read as do_hres() does, plus the
 * namespace's offset of @clk, added outside the read section and
 * normalised with the subtract loop (ns may exceed a second before the add).
 */
static bool do_hres_timens(const struct vdso_time_data *vdns, const struct vdso_clock *vcns,
			   s32 clk, struct timespec64 *ts)
{
	const struct vdso_time_data *vd = vdso_timens_data(vdns);
	const struct timens_offset *offs = &vcns->offset[clk];
	const struct vdso_clock *vc = &vd->clock_data[vcns - vdns->clock_data];
	u64 sec, ns;
	u32 seq;

	do {
		seq = vdso_read_begin(vc);
		if (!vdso_get_timestamp(vd, vc, clk, &sec, &ns))
			return false;
	} while (unlikely(vdso_read_retry(vc, seq)) && !vdso_bug_no_retry(vd));

	sec += (u64)READ_ONCE(offs->sec);
	ns += READ_ONCE(offs->nsec);
	vdso_set_timespec(ts, sec, ns);
	return true;
}

static bool do_hres(const struct vdso_time_data *vd, const struct vdso_clock *vc, s32 clk,
		    struct timespec64 *ts)
{
	u64 sec, ns;
	u32 seq;

	do {
		if (vdso_read_begin_timens(vc, &seq))
			return do_hres_timens(vd, vc, clk, ts);
		if (!vdso_get_timestamp(vd, vc, clk, &sec, &ns))
			return false;
	} while (unlikely(vdso_read_retry(vc, seq)) && !vdso_bug_no_retry(vd));

	vdso_set_timespec(ts, sec, ns);
	return true;
}

/* do_coarse_timens(): the real page's coarse base (plain ns) plus the namespace's offset. */
static bool do_coarse_timens(const struct vdso_time_data *vdns, const struct vdso_clock *vcns,
			     s32 clk, struct timespec64 *ts)
{
	const struct vdso_time_data *vd = vdso_timens_data(vdns);
	const struct timens_offset *offs = &vcns->offset[clk];
	const struct vdso_clock *vc = &vd->clock_data[CS_HRES_COARSE];
	u64 sec, nsec;
	u32 seq;

	do {
		seq = vdso_read_begin(vc);
		sec = READ_ONCE(vc->basetime[clk].sec);
		nsec = READ_ONCE(vc->basetime[clk].nsec);
	} while (unlikely(vdso_read_retry(vc, seq)) && !vdso_bug_no_retry(vd));

	sec += (u64)READ_ONCE(offs->sec);
	nsec += READ_ONCE(offs->nsec);
	vdso_set_timespec(ts, sec, nsec);
	return true;
}

static bool do_coarse(const struct vdso_time_data *vd, const struct vdso_clock *vc, s32 clk,
		      struct timespec64 *ts)
{
	u64 sec, nsec;
	u32 seq;

	do {
		if (vdso_read_begin_timens(vc, &seq))
			return do_coarse_timens(vd, vc, clk, ts);
		sec = READ_ONCE(vc->basetime[clk].sec);
		nsec = READ_ONCE(vc->basetime[clk].nsec);
	} while (unlikely(vdso_read_retry(vc, seq)) && !vdso_bug_no_retry(vd));

	/* Coarse bases are plain, normalised ns: no shift, no division. */
	ts->tv_sec = (time64_t)sec;
	ts->tv_nsec = (long)nsec;
	return true;
}

/*
 * do_aux(): an aux clock from its own group, aux_clock_data[clock - CLOCK_AUX]
 * (v6.17).  Aux clocks are not namespaced: on a time-namespace page the
 * reader goes to the real page's group and adds no offset.  A disabled
 * clock (clock_mode NONE) takes the syscall, which says -ENODEV.
 */
static bool do_aux(const struct vdso_time_data *vd, s32 clock, struct timespec64 *ts)
{
	u32 idx = (u32)(clock - TK_CLOCK_AUX);
	const struct vdso_clock *vc = &vd->aux_clock_data[idx];
	u64 sec, ns;
	u32 seq;

	do {
		if (vdso_read_begin_timens(vc, &seq)) {
			/* Re-read from the real time data page. */
			vd = vdso_timens_data(vd);
			vc = &vd->aux_clock_data[idx];
			seq = vdso_read_begin(vc);
		}
		/* vdso_get_timestamp() says false for clock_mode NONE: the disabled case. */
		if (!vdso_serves_aux(vd) || !vdso_get_timestamp(vd, vc, VDSO_BASE_AUX, &sec, &ns))
			return false;
	} while (unlikely(vdso_read_retry(vc, seq)) && !vdso_bug_no_retry(vd));

	vdso_set_timespec(ts, sec, ns);
	return true;
}

/*
 * cvdso_clock_gettime_common(): dispatch by the clock's bit, false = syscall.  Always inlined,
 * as the kernel's __always_inline one is: a call here costs every read about a tenth.
 */
static inline __attribute__((always_inline)) bool
cvdso_clock_gettime_common(const struct vdso_time_data *vd, s32 clock, struct timespec64 *ts)
{
	const struct vdso_clock *vc = vd->clock_data;
	u32 msk;

	if (!vdso_clockid_valid(clock))
		return false;
	msk = BIT(clock);
	if (likely(msk & VDSO_HRES))
		vc = &vc[CS_HRES_COARSE];
	else if (msk & VDSO_COARSE)
		return do_coarse(vd, &vc[CS_HRES_COARSE], clock, ts);
	else if (msk & VDSO_RAW)
		vc = &vc[CS_RAW];
	else if (msk & VDSO_AUX)
		return do_aux(vd, clock, ts);
	else
		return false;
	return do_hres(vd, vc, clock, ts);
}

/**
 * cvdso_clock_gettime() - clock_gettime() through the vDSO
 * @vd:    the vvar page of the system
 * @clock: clock id
 * @ts:    result
 *
 * Return: 0, or the fallback's negative errno (-EINVAL for a bad id).
 */
int cvdso_clock_gettime(const struct vdso_time_data *vd, s32 clock, struct timespec64 *ts)
{
	if (likely(cvdso_clock_gettime_common(vd, clock, ts)))
		return 0;
	return (int)vdso_sys_clock_gettime(vd, clock, ts);
}

/**
 * cvdso_clock_gettime32() - the 32-bit clock_gettime: truncates to 32 bits
 * @vd:    the vvar page
 * @clock: clock id
 * @ts:    result (old_timespec32)
 *
 * Like the kernel's __cvdso_clock_gettime32 there is no y2038 check: the
 * seconds are truncated, on the vDSO path and on the fallback alike.
 *
 * Return: 0 or a negative errno.
 */
int cvdso_clock_gettime32(const struct vdso_time_data *vd, s32 clock, struct old_timespec32 *ts)
{
	struct timespec64 t64;
	int ret = 0;

	if (unlikely(!cvdso_clock_gettime_common(vd, clock, &t64)))
		ret = (int)vdso_sys_clock_gettime(vd, clock, &t64);
	if (ret == 0) {
		ts->tv_sec = (s32)t64.tv_sec;
		ts->tv_nsec = (s32)t64.tv_nsec;
	}
	return ret;
}

/**
 * cvdso_gettimeofday() - gettimeofday() through the vDSO
 * @vd: the vvar page
 * @tv: result, may be NULL
 * @tz: timezone, may be NULL; read without the seqcount, as in the kernel
 *
 * Return: 0, or the fallback's negative errno.
 */
int cvdso_gettimeofday(const struct vdso_time_data *vd, struct tk_timeval *tv,
		       struct tk_timezone *tz)
{
	if (likely(tv != NULL)) {
		struct timespec64 ts;

		if (!do_hres(vd, &vd->clock_data[CS_HRES_COARSE], TK_CLOCK_REALTIME, &ts))
			return (int)vdso_sys_gettimeofday(vd, tv, tz);
		tv->tv_sec = ts.tv_sec;
		/* A 32-bit division on purpose: tv_nsec < 1e9 fits. */
		tv->tv_usec = (u32)ts.tv_nsec / (u32)NSEC_PER_USEC;
	}
	if (unlikely(tz != NULL)) {
		if (unlikely(READ_ONCE(vd->clock_data[CS_HRES_COARSE].clock_mode) ==
			     VDSO_CLOCKMODE_TIMENS))
			vd = vdso_timens_data(vd);
		tz->tz_minuteswest = READ_ONCE(vd->tz_minuteswest);
		tz->tz_dsttime = READ_ONCE(vd->tz_dsttime);
	}
	return 0;
}

/**
 * cvdso_gettimeofday32() - the 32-bit gettimeofday: truncates tv_sec
 * @vd: the vvar page
 * @tv: result (old_timeval32), may be NULL
 * @tz: timezone, may be NULL
 *
 * Return: 0 or a negative errno.
 */
int cvdso_gettimeofday32(const struct vdso_time_data *vd, struct old_timeval32 *tv,
			 struct tk_timezone *tz)
{
	struct tk_timeval t64;
	int ret = cvdso_gettimeofday(vd, tv ? &t64 : NULL, tz);

	if (ret == 0 && tv) {
		tv->tv_sec = (s32)t64.tv_sec;
		tv->tv_usec = (s32)t64.tv_usec;
	}
	return ret;
}

/**
 * cvdso_time() - time() through the vDSO
 * @vd: the vvar page
 * @t:  also stores the result here if not NULL
 *
 * No seqcount and no counter read: the REALTIME seconds as of the last
 * update, so time() may lag clock_gettime(CLOCK_REALTIME) by up to a tick
 * after each second boundary, as in the kernel.
 *
 * Return: seconds since the epoch.
 */
time64_t cvdso_time(const struct vdso_time_data *vd, time64_t *t)
{
	time64_t sec;

	/* REALTIME is not namespaced: a namespace page only says where the real one is. */
	if (unlikely(READ_ONCE(vd->clock_data[CS_HRES_COARSE].clock_mode) == VDSO_CLOCKMODE_TIMENS))
		vd = vdso_timens_data(vd);
	sec = (time64_t)READ_ONCE(vd->clock_data[CS_HRES_COARSE].basetime[TK_CLOCK_REALTIME].sec);

	if (t)
		*t = sec;
	return sec;
}

/**
 * cvdso_time32() - the 32-bit time(): truncated seconds
 * @vd: the vvar page
 * @t:  also stores the result here if not NULL
 *
 * Return: the seconds, truncated to 32 bits.
 */
s32 cvdso_time32(const struct vdso_time_data *vd, s32 *t)
{
	s32 sec = (s32)cvdso_time(vd, NULL);

	if (t)
		*t = sec;
	return sec;
}

/*
 * cvdso_clock_getres_common(): hres and raw clocks have hrtimer_res, coarse
 * ones a tick, aux clocks aux_clock_resolution_ns(), 1 ns, enabled or not.
 */
static bool cvdso_clock_getres_common(const struct vdso_time_data *vd, s32 clock,
				      struct timespec64 *res)
{
	u32 msk;
	u64 ns;

	if (!vdso_clockid_valid(clock))
		return false;
	if (unlikely(READ_ONCE(vd->clock_data[CS_HRES_COARSE].clock_mode) == VDSO_CLOCKMODE_TIMENS))
		vd = vdso_timens_data(vd);
	msk = BIT(clock);
	if (msk & (VDSO_HRES | VDSO_RAW))
		ns = READ_ONCE(vd->hrtimer_res);
	else if (msk & VDSO_COARSE)
		ns = READ_ONCE(vd->arch_data.low_res_nsec);
	else if ((msk & VDSO_AUX) && vdso_serves_aux(vd))
		ns = 1;
	else
		return false;
	if (likely(res)) {
		res->tv_sec = 0;
		res->tv_nsec = (long)ns;
	}
	return true;
}

/**
 * cvdso_clock_getres() - clock_getres() through the vDSO
 * @vd:    the vvar page
 * @clock: clock id
 * @res:   result, may be NULL
 *
 * Return: 0, or the fallback's negative errno.
 */
int cvdso_clock_getres(const struct vdso_time_data *vd, s32 clock, struct timespec64 *res)
{
	if (likely(cvdso_clock_getres_common(vd, clock, res)))
		return 0;
	return (int)vdso_sys_clock_getres(vd, clock, res);
}

/**
 * cvdso_clock_getres_time32() - the 32-bit clock_getres
 * @vd:    the vvar page
 * @clock: clock id
 * @res:   result (old_timespec32), may be NULL
 *
 * Return: 0 or a negative errno.
 */
int cvdso_clock_getres_time32(const struct vdso_time_data *vd, s32 clock,
			      struct old_timespec32 *res)
{
	struct timespec64 r64;
	int ret = cvdso_clock_getres(vd, clock, &r64);

	if (ret == 0 && res) {
		res->tv_sec = (s32)r64.tv_sec;
		res->tv_nsec = (s32)r64.tv_nsec;
	}
	return ret;
}
