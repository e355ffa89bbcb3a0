// SPDX-License-Identifier: GPL-2.0
// tksim's own: the tree's kernel/time/timekeeping.c, compiled as it is, and what the backend reads
// of its statics.
#include <kernel/time/timekeeping.c>

#include "ktree/ktree_abi.h"

/*
 * tk_core, timekeeping_suspend() and timekeeping_inject_offset() are static
 * in timekeeping.c: only a file that includes it can reach them.
 */

/** kt_tk_snapshot() - the timekeeper's numbers, read under tk_core.seq */
void kt_tk_snapshot(struct tk_snapshot *snap)
{
	const struct timekeeper *tk = &tk_core.timekeeper;
	unsigned int seq;

	do {
		seq = read_seqcount_begin(&tk_core.seq);
		snap->cycle_last = tk->tkr_mono.cycle_last;
		snap->mask = tk->tkr_mono.mask;
		snap->mult = tk->tkr_mono.mult;
		snap->shift = tk->tkr_mono.shift;
		snap->xtime_sec = tk->xtime_sec;
		snap->xtime_nsec = tk->tkr_mono.xtime_nsec;
#ifdef KT_TREE_HAS_COARSE_NSEC
		snap->has_coarse_nsec = 1;
		snap->coarse_nsec = tk->coarse_nsec;
#endif
		snap->base_mono = tk->tkr_mono.base;
		snap->raw_sec = tk->raw_sec;
		snap->raw_xtime_nsec = tk->tkr_raw.xtime_nsec;
		snap->base_raw = tk->tkr_raw.base;
		snap->wtm_sec = tk->wall_to_monotonic.tv_sec;
		snap->wtm_nsec = tk->wall_to_monotonic.tv_nsec;
		snap->offs_real = tk->offs_real;
		snap->offs_boot = tk->offs_boot;
		snap->offs_tai = tk->offs_tai;
		snap->tai_offset = tk->tai_offset;
		snap->cycle_interval = tk->cycle_interval;
		snap->xtime_interval = tk->xtime_interval;
		snap->raw_interval = tk->raw_interval;
		snap->ntp_tick = tk->ntp_tick;
		snap->ntp_error = tk->ntp_error;
		snap->ntp_error_shift = tk->ntp_error_shift;
		snap->ntp_err_mult = tk->ntp_err_mult;
		snap->skip_second_overflow = tk->skip_second_overflow;
		snap->clock_was_set_seq = tk->clock_was_set_seq;
		snap->cs_was_changed_seq = tk->cs_was_changed_seq;
		snap->raw_mult = tk->tkr_raw.mult;
		snap->cs_mult = tk->tkr_mono.clock ? tk->tkr_mono.clock->mult : 0;
		snap->cs_maxadj = tk->tkr_mono.clock ? tk->tkr_mono.clock->maxadj : 0;
		snap->suspended = timekeeping_suspended;
	} while (read_seqcount_retry(&tk_core.seq, seq));
}

/** kt_tk_inject_offset() - adjtimex(ADJ_SETOFFSET)'s own path: timekeeping_inject_offset() */
int kt_tk_inject_offset(const struct timespec64 *ts)
{
	return timekeeping_inject_offset(ts);
}

/** kt_abi_tk_seq() - tk_core.seq's word (the shims' seqcount), for readers that watch it */
__attribute__((visibility("default"))) const unsigned int *kt_abi_tk_seq(void)
{
	return kt_seq(&tk_core.seq);
}

/** kt_abi_advance_freq() - timekeeping_advance(TK_ADV_FREQ), static in timekeeping.c */
__attribute__((visibility("default"))) void kt_abi_advance_freq(void)
{
	timekeeping_advance(TK_ADV_FREQ);
}
