// SPDX-License-Identifier: GPL-2.0
// Mirrors: arch/x86/entry/vsyscall/vsyscall_gtod.c (v4.16): update_vsyscall(), vsyscall_gtod_data.
/*
 * The writer of the v4.16 x86 vvar page (vdso/datapage_v416.h), a variant
 * that a simulated kernel publishes beside its v6.15 page when
 * k->gtod_v416 is set.  It is filled from the same struct timekeeper,
 * inside the same tk_core.seq write section, under its own seqcount, so
 * that the v4.16 read path and the current one can be compared on equal
 * terms.
 *
 * Every quantity is the one update_vsyscall() of v4.16 computed, with one
 * deliberate exception: the coarse ns come from coarse_nsec (the v6.15
 * fix) instead of xtime_nsec >> shift, so that the coarse clocks of both
 * pages agree at every instant; the pre-6.15 coarse behaviour is an
 * injectable bug of its own (sim/bugs.h).
 */
#include "timekeeper/timekeeping_internal.h"

#include <errno.h>

#include "vdso/datapage_v416.h"
#include "vdso/helpers.h"

/* gtod_write_begin(): seq odd, then (smp_wmb) the data stores. */
static void gtod_write_begin(struct vsyscall_gtod_data *g)
{
	seqcount_write_seq_begin(&g->seq);
	/* smp_wmb: the odd seq is visible before any data store below. */
	smp_wmb();
}

/* gtod_write_end(): every data store before (release) the even seq. */
static void gtod_write_end(struct vsyscall_gtod_data *g)
{
	seqcount_write_seq_end(&g->seq);
}

/* Carry whole seconds out of a shifted-ns value (shifted ns, << @shift). */
static u64 gtod_normalize_snsec(u64 *sec, u64 snsec, u32 shift)
{
	while (snsec >= ((u64)NSEC_PER_SEC << shift)) {
		snsec -= (u64)NSEC_PER_SEC << shift;
		(*sec)++;
	}
	return snsec;
}

/**
 * update_vsyscall_v416() - publish the timekeeper into the v4.16 page
 * @k:  the kernel; k->gtod_v416 is the page; tk_core.lock held
 * @tk: the timekeeper being published (the shadow)
 *
 * MONOTONIC = REALTIME + wall_to_monotonic, kept as a normalised pair
 * (snsec < 1e9 << shift); the coarse pairs are plain ns; the seed patches'
 * raw pair comes from tkr_raw with the clocksource's own mult, TAI is
 * REALTIME + tai_offset.  The tksim part (counter instruction and page,
 * syscall gate) is copied from the v6.15 page, which owns it.
 */
void update_vsyscall_v416(struct tk_kernel *k, const struct timekeeper *tk)
{
	struct vsyscall_gtod_data *g = k->gtod_v416;
	u32 shift = tk->tkr_mono.shift;
	u64 sec, nsec;

	gtod_write_begin(g);

	WRITE_ONCE(g->vclock_mode, (s32)tk->tkr_mono.clock->vdso_clock_mode);
	WRITE_ONCE(g->cycle_last, tk->tkr_mono.cycle_last);
	WRITE_ONCE(g->mask, tk->tkr_mono.mask);
	WRITE_ONCE(g->mult, tk->tkr_mono.mult);
	WRITE_ONCE(g->shift, shift);

	WRITE_ONCE(g->wall_time_sec, tk->xtime_sec);
	WRITE_ONCE(g->wall_time_snsec, tk->tkr_mono.xtime_nsec);

	sec = tk->xtime_sec + (u64)tk->wall_to_monotonic.tv_sec;
	nsec = tk->tkr_mono.xtime_nsec + ((u64)tk->wall_to_monotonic.tv_nsec << shift);
	nsec = gtod_normalize_snsec(&sec, nsec, shift);
	WRITE_ONCE(g->monotonic_time_sec, sec);
	WRITE_ONCE(g->monotonic_time_snsec, nsec);

	/* coarse_sec is the kernel's xtime_sec here unless FIX_COARSE_SEC is on. */
	WRITE_ONCE(g->wall_time_coarse_sec, tk->coarse_sec);
	WRITE_ONCE(g->wall_time_coarse_nsec, (u64)tk->coarse_nsec);

	sec = tk->coarse_sec + (u64)tk->wall_to_monotonic.tv_sec;
	nsec = gtod_normalize_snsec(&sec, (u64)tk->coarse_nsec + (u64)tk->wall_to_monotonic.tv_nsec,
				    0);
	WRITE_ONCE(g->monotonic_time_coarse_sec, sec);
	WRITE_ONCE(g->monotonic_time_coarse_nsec, nsec);

	WRITE_ONCE(g->tz_minuteswest, k->sys_tz.tz_minuteswest);
	WRITE_ONCE(g->tz_dsttime, k->sys_tz.tz_dsttime);

	WRITE_ONCE(g->raw_mult, tk->tkr_raw.mult);
	WRITE_ONCE(g->raw_shift, tk->tkr_raw.shift);
	WRITE_ONCE(g->raw_time_sec, tk->raw_sec);
	WRITE_ONCE(g->raw_time_snsec, tk->tkr_raw.xtime_nsec);
	WRITE_ONCE(g->tai_time_sec, tk->xtime_sec + (u64)(s64)tk->tai_offset);
	WRITE_ONCE(g->tai_time_snsec, tk->tkr_mono.xtime_nsec);

	WRITE_ONCE(g->tsc_insn, k->vdata.arch_data.tsc_insn);
	WRITE_ONCE(g->counter, k->vdata.arch_data.counter);
	WRITE_ONCE(g->sys, (const struct vdso_time_data *)&k->vdata);

	gtod_write_end(g);
}

/**
 * timekeeping_enable_vsyscall_v416() - publish a v4.16 page beside the v6.15 one
 * @k: a booted kernel whose arch data (counter page, TSC instruction) is set
 * @g: the page to fill from now on, or NULL to stop publishing
 *
 * The page is written at once from the current timekeeper, then at every
 * update.  Call before readers of @g start; a change of the TSC
 * instruction or counter page reaches @g at the next update.
 *
 * Return: 0, or -EINVAL if @k has no clocksource yet.
 */
int timekeeping_enable_vsyscall_v416(struct tk_kernel *k, struct vsyscall_gtod_data *g)
{
	int ret = 0;

	pthread_mutex_lock(&k->tk_core.lock);
	if (!k->tk_core.shadow_timekeeper.tkr_mono.clock) {
		ret = -EINVAL;
	} else {
		k->gtod_v416 = g;
		if (g)
			update_vsyscall_v416(k, &k->tk_core.shadow_timekeeper);
	}
	pthread_mutex_unlock(&k->tk_core.lock);
	return ret;
}
