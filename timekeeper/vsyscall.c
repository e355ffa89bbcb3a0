// SPDX-License-Identifier: GPL-2.0
// Mirrors: kernel/time/vsyscall.c (v6.18): update_vsyscall() into struct vdso_time_data.
/*
 * Publication: copy what the vDSO needs from the timekeeper into the vvar
 * page, inside the vvar seqcount.  Every store is a WRITE_ONCE: readers load
 * these fields concurrently.
 */
#include "timekeeper/timekeeping_internal.h"

#include "vdso/bug_bits.h"
#include "vdso/helpers.h"

static void vdso_ts_set(struct vdso_timestamp *ts, u64 sec, u64 nsec)
{
	WRITE_ONCE(ts->sec, sec);
	WRITE_ONCE(ts->nsec, nsec);
}

/* fill_clock_configuration(): one clock group's conversion; also used by vdso_time_update_aux(). */
void fill_clock_configuration(struct vdso_clock *vc, const struct tk_read_base *base)
{
	WRITE_ONCE(vc->cycle_last, base->cycle_last);
	WRITE_ONCE(vc->max_cycles, base->clock->max_cycles);
	WRITE_ONCE(vc->mask, base->mask);
	WRITE_ONCE(vc->mult, base->mult);
	WRITE_ONCE(vc->shift, base->shift);
}

/* Carry whole seconds out of a shifted-ns value: *sec += nsec / (1e9 << shift). */
static u64 vdso_normalize_shifted(u64 *sec, u64 nsec, u32 shift)
{
	while (nsec >= ((u64)NSEC_PER_SEC << shift)) {
		nsec -= (u64)NSEC_PER_SEC << shift;
		(*sec)++;
	}
	return nsec;
}

/*
 * update_vdso_time_data(): the hres bases.  MONOTONIC = REALTIME base +
 * wall_to_monotonic, BOOTTIME = MONOTONIC + monotonic_to_boot (a timespec,
 * so that a long total suspend cannot overflow the shift: the v5.3 fix),
 * RAW from tkr_raw, TAI = REALTIME + tai_offset.  All nsec are shifted ns.
 */
static void update_vdso_time_data(struct tk_kernel *k, const struct timekeeper *tk)
{
	struct vdso_time_data *vdata = &k->vdata;
	struct vdso_clock *vc = vdata->clock_data;
	u32 shift = tk->tkr_mono.shift;
	u64 sec, nsec;

	fill_clock_configuration(&vc[CS_HRES_COARSE], &tk->tkr_mono);
	fill_clock_configuration(&vc[CS_RAW], &tk->tkr_raw);

	/* Torture: hold the write section open between the new mult/cycle_last and the bases. */
	if (unlikely(k->vdso_write_spin)) {
		for (u32 i = 0; i < k->vdso_write_spin; i++)
			cpu_relax();
	}
	if (unlikely(k->vdso_write_hook))
		k->vdso_write_hook(k, k->vdso_write_hook_arg);

	sec = tk->xtime_sec + (u64)tk->wall_to_monotonic.tv_sec;
	nsec = tk->tkr_mono.xtime_nsec + ((u64)tk->wall_to_monotonic.tv_nsec << shift);
	nsec = vdso_normalize_shifted(&sec, nsec, shift);
	vdso_ts_set(&vc[CS_HRES_COARSE].basetime[TK_CLOCK_MONOTONIC], sec, nsec);

	if (unlikely(k->bugs & BUG_BOOTTIME_SHIFT)) {
		/* Pre-5.3: offs_boot in ns << shift overflows 64 bits after a long total suspend.
		 */
		nsec += (u64)tk->offs_boot << shift;
	} else {
		sec += (u64)tk->monotonic_to_boot.tv_sec;
		nsec += (u64)tk->monotonic_to_boot.tv_nsec << shift;
	}
	nsec = vdso_normalize_shifted(&sec, nsec, shift);
	vdso_ts_set(&vc[CS_HRES_COARSE].basetime[TK_CLOCK_BOOTTIME], sec, nsec);

	vdso_ts_set(&vc[CS_RAW].basetime[TK_CLOCK_MONOTONIC_RAW], tk->raw_sec,
		    tk->tkr_raw.xtime_nsec);

	vdso_ts_set(&vc[CS_HRES_COARSE].basetime[TK_CLOCK_TAI],
		    tk->xtime_sec + (u64)(s64)tk->tai_offset, tk->tkr_mono.xtime_nsec);
}

/**
 * update_vsyscall() - publish the timekeeper into the vvar page
 * @k:  the kernel that owns the page
 * @tk: the timekeeper being published (the shadow)
 *
 * REALTIME and the coarse clocks are always written (time() and the coarse
 * clocks need no counter); the hres bases only when the clocksource is
 * vDSO-capable.  Coarse bases are plain ns from coarse_nsec (v6.15).
 */
void update_vsyscall(struct tk_kernel *k, const struct timekeeper *tk)
{
	struct vdso_time_data *vdata = &k->vdata;
	struct vdso_clock *vc = vdata->clock_data;
	s32 clock_mode = tk->tkr_mono.clock->vdso_clock_mode;
	u64 sec, nsec;
	/* BUG_WRITER_NO_SEQ: publish without the vvar seqcount, so readers never retry. */
	const bool seq = likely(!(k->bugs & BUG_WRITER_NO_SEQ));

	if (seq)
		vdso_write_begin(vdata);

	WRITE_ONCE(vc[CS_HRES_COARSE].clock_mode, clock_mode);
	WRITE_ONCE(vc[CS_RAW].clock_mode, clock_mode);

	vdso_ts_set(&vc[CS_HRES_COARSE].basetime[TK_CLOCK_REALTIME], tk->xtime_sec,
		    tk->tkr_mono.xtime_nsec);
	/* coarse_sec is the kernel's xtime_sec here unless FIX_COARSE_SEC is on. */
	vdso_ts_set(&vc[CS_HRES_COARSE].basetime[TK_CLOCK_REALTIME_COARSE], tk->coarse_sec,
		    tk->coarse_nsec);

	sec = tk->coarse_sec + (u64)tk->wall_to_monotonic.tv_sec;
	nsec = (u64)tk->coarse_nsec + (u64)tk->wall_to_monotonic.tv_nsec;
	sec += iter_div_u64_rem(nsec, NSEC_PER_SEC, &nsec);
	vdso_ts_set(&vc[CS_HRES_COARSE].basetime[TK_CLOCK_MONOTONIC_COARSE], sec, nsec);

	/* Read without the seqcount by clock_getres(). */
	WRITE_ONCE(vdata->hrtimer_res, k->hrtimer_res);

	if (clock_mode != VDSO_CLOCKMODE_NONE)
		update_vdso_time_data(k, tk);

	if (seq)
		vdso_write_end(vdata);
}

/**
 * update_vsyscall_tz() - publish sys_tz (no seqcount, as in the kernel)
 * @k: the kernel
 */
void update_vsyscall_tz(struct tk_kernel *k)
{
	WRITE_ONCE(k->vdata.tz_minuteswest, k->sys_tz.tz_minuteswest);
	WRITE_ONCE(k->vdata.tz_dsttime, k->sys_tz.tz_dsttime);
}
