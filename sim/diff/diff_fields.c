// SPDX-License-Identifier: GPL-2.0
// tksim's own: the numbers `tksim diff` compares (see sim/diff/diff.h), and the model's snapshot
// of them; the names are those of struct timekeeper and struct ntp_data (kernel/time/ntp.c).
#include <stddef.h>

#include "sim/diff/diff.h"
#include "timekeeper/timekeeping.h"

#define FIELD(f, sgn)                                                                  \
	{                                                                              \
		.name = #f, .offset = offsetof(struct diff_state, f), .is_signed = sgn \
	}

/*
 * In the order the kernel computes them at a tick: the accumulation first
 * (cycle_last, xtime), then the adjustment (mult, ntp_error), then NTP's
 * second_overflow() and the vvar page.  The first field that differs is
 * usually the cause, the later ones its consequences.
 */
const struct diff_field diff_fields[] = {
	FIELD(cycle_last, false),   FIELD(xtime_sec, false),	   FIELD(xtime_nsec, false),
	FIELD(coarse_nsec, false),  FIELD(raw_sec, false),	   FIELD(raw_xtime_nsec, false),
	FIELD(mult, false),	    FIELD(shift, false),	   FIELD(raw_mult, false),
	FIELD(ntp_error, true),	    FIELD(ntp_error_shift, false), FIELD(ntp_err_mult, false),
	FIELD(ntp_tick, false),	    FIELD(tick_length, false),	   FIELD(time_offset, true),
	FIELD(time_freq, true),	    FIELD(time_state, true),	   FIELD(time_status, true),
	FIELD(time_constant, true), FIELD(time_maxerror, true),	   FIELD(time_esterror, true),
	FIELD(time_adjust, true),   FIELD(tai_offset, true),	   FIELD(vvar_seq, false),
};

const unsigned int diff_nr_fields = sizeof(diff_fields) / sizeof(diff_fields[0]);

/**
 * diff_model_snapshot() - the model's numbers, as the trace takes them (sim/trace.c)
 * @s:  the model's system
 * @st: filled in; nothing is absent
 */
void diff_model_snapshot(const struct sim_system *s, struct diff_state *st)
{
	const struct ntp_data *ntp = &s->k.ntp;
	struct timekeeper tk;

	tk_snapshot(&s->k, &tk);
	*st = (struct diff_state){
		.cycle_last = tk.tkr_mono.cycle_last,
		.xtime_sec = tk.xtime_sec,
		.xtime_nsec = tk.tkr_mono.xtime_nsec,
		.coarse_nsec = tk.coarse_nsec,
		.mult = tk.tkr_mono.mult,
		.shift = tk.tkr_mono.shift,
		.raw_sec = tk.raw_sec,
		.raw_xtime_nsec = tk.tkr_raw.xtime_nsec,
		.raw_mult = tk.tkr_raw.mult,
		.ntp_error = tk.ntp_error,
		.ntp_error_shift = tk.ntp_error_shift,
		.ntp_err_mult = tk.ntp_err_mult,
		.ntp_tick = tk.ntp_tick,
		.tai_offset = tk.tai_offset,
		.tick_length = ntp->tick_length,
		.time_offset = ntp->time_offset,
		.time_freq = ntp->time_freq,
		.time_state = ntp->time_state,
		.time_status = ntp->time_status,
		.time_constant = ntp->time_constant,
		.time_maxerror = ntp->time_maxerror,
		.time_esterror = ntp->time_esterror,
		.time_adjust = ntp->time_adjust,
		.vvar_seq = READ_ONCE(s->k.vdata.clock_data[CS_HRES_COARSE].seq),
	};
}
