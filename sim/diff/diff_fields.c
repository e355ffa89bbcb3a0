// SPDX-License-Identifier: GPL-2.0
// tksim's own: the numbers `tksim diff` compares (see sim/diff/diff.h), and the model's snapshot
// of them into struct tk_snapshot (ktree/ktree.h); the names are those of struct timekeeper,
// kernel/time/ntp.c and the vvar page.
#include <stddef.h>

#include "sim/diff/diff.h"
#include "timekeeper/timekeeping.h"

#define FIELD_AS(f, sgn, boot)                                                                     \
	{                                                                                          \
		.name = #f, .offset = offsetof(struct tk_snapshot, f),                             \
		.size = sizeof(((struct tk_snapshot *)0)->f), .is_signed = sgn, .since_boot = boot \
	}
#define FIELD(f, sgn) FIELD_AS(f, sgn, false)
/* A count whose value at boot is the boot sequence's (jiffies first, then the counter, in a tree).
 */
#define COUNT(f) FIELD_AS(f, false, true)

/*
 * In the order the kernel computes them at a tick: the accumulation first
 * (cycle_last, xtime, raw), then the adjustment (mult, ntp_error), then NTP's
 * second_overflow(), then the offsets and the vvar page.  The first field
 * that differs is usually the cause, the later ones its consequences.
 * coarse_nsec is compared only where both sides keep it (has_coarse_nsec).
 * Left out: mask and the vvar page's clock_mode (the backends number clock
 * modes their own way; a mode that differs shows in every vDSO read), ntp.c's
 * time_tai (gone from ntp.c; tai_offset is compared) and cs_was_changed_seq
 * (the model keeps it per clocksource switch, as the tree does, but a switch
 * is not an op the kernel backend does).
 */
const struct diff_field diff_fields[] = {
	FIELD(cycle_last, false),
	FIELD(xtime_sec, false),
	FIELD(xtime_nsec, false),
	FIELD(coarse_nsec, false),
	FIELD(base_mono, true),
	FIELD(raw_sec, false),
	FIELD(raw_xtime_nsec, false),
	FIELD(base_raw, true),
	FIELD(mult, false),
	FIELD(shift, false),
	FIELD(cycle_interval, false),
	FIELD(xtime_interval, false),
	FIELD(raw_interval, false),
	FIELD(ntp_tick, false),
	FIELD(ntp_error, true),
	FIELD(ntp_error_shift, false),
	FIELD(ntp_err_mult, false),
	FIELD(skip_second_overflow, true),
	FIELD(tick_length, false),
	FIELD(time_offset, true),
	FIELD(time_freq, true),
	FIELD(time_state, true),
	FIELD(time_status, true),
	FIELD(time_constant, true),
	FIELD(time_maxerror, true),
	FIELD(time_esterror, true),
	FIELD(time_adjust, true),
	FIELD(ntp_tick_adj, true),
	FIELD(tai_offset, true),
	FIELD(wtm_sec, true),
	FIELD(wtm_nsec, true),
	FIELD(offs_real, true),
	FIELD(offs_boot, true),
	FIELD(offs_tai, true),
	COUNT(clock_was_set_seq),
	COUNT(vdso_seq),
	FIELD(vdso_cycle_last, false),
	FIELD(vdso_mult, false),
	FIELD(vdso_shift, false),
};

const unsigned int diff_nr_fields = sizeof(diff_fields) / sizeof(diff_fields[0]);

/**
 * diff_model_snapshot() - the model's numbers, as the trace takes them (sim/trace.c)
 * @s:  the model's system
 * @st: filled in (coarse_nsec where the profile has it: v6.15 and later)
 */
void diff_model_snapshot(const struct sim_system *s, struct tk_snapshot *st)
{
	const struct ntp_data *ntp = &s->k.ntp;
	const struct vdso_clock *vc = &s->k.vdata.clock_data[CS_HRES_COARSE];
	struct timekeeper tk;

	tk_snapshot(&s->k, &tk);
	*st = (struct tk_snapshot){
		.cycle_last = tk.tkr_mono.cycle_last,
		.mask = tk.tkr_mono.mask,
		.mult = tk.tkr_mono.mult,
		.shift = tk.tkr_mono.shift,
		.xtime_sec = tk.xtime_sec,
		.xtime_nsec = tk.tkr_mono.xtime_nsec,
		.has_coarse_nsec = tk_has(&s->k, TKV_COARSE_NSEC),
		.coarse_nsec = tk.coarse_nsec,
		.base_mono = tk.tkr_mono.base,
		.raw_sec = tk.raw_sec,
		.raw_xtime_nsec = tk.tkr_raw.xtime_nsec,
		.base_raw = tk.tkr_raw.base,
		.wtm_sec = tk.wall_to_monotonic.tv_sec,
		.wtm_nsec = tk.wall_to_monotonic.tv_nsec,
		.offs_real = tk.offs_real,
		.offs_boot = tk.offs_boot,
		.offs_tai = tk.offs_tai,
		.tai_offset = tk.tai_offset,
		.cycle_interval = tk.cycle_interval,
		.xtime_interval = tk.xtime_interval,
		.raw_interval = tk.raw_interval,
		.ntp_tick = tk.ntp_tick,
		.ntp_error = tk.ntp_error,
		.ntp_error_shift = tk.ntp_error_shift,
		.ntp_err_mult = tk.ntp_err_mult,
		.skip_second_overflow = (int)tk.skip_second_overflow,
		.clock_was_set_seq = tk.clock_was_set_seq,
		.cs_was_changed_seq = (uint8_t)tk.cs_was_changed_seq,
		.tick_length = ntp->tick_length,
		.time_state = ntp->time_state,
		.time_status = ntp->time_status,
		.time_offset = ntp->time_offset,
		.time_freq = ntp->time_freq,
		.time_adjust = ntp->time_adjust,
		.time_constant = ntp->time_constant,
		.time_maxerror = ntp->time_maxerror,
		.time_esterror = ntp->time_esterror,
		.ntp_tick_adj = ntp->ntp_tick_adj,
		.vdso_seq = READ_ONCE(vc->seq),
		.vdso_clock_mode = READ_ONCE(vc->clock_mode),
		.vdso_cycle_last = READ_ONCE(vc->cycle_last),
		.vdso_mult = READ_ONCE(vc->mult),
		.vdso_shift = READ_ONCE(vc->shift),
	};
}
