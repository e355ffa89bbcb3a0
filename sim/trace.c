// SPDX-License-Identifier: GPL-2.0
// tksim's own: the trace (see sim/trace.h); the fields are those of struct timekeeper
// (include/linux/timekeeper_internal.h) and struct ntp_data (kernel/time/ntp.c, v6.14).
/*
 * One line per call, tab-separated, so that two runs of the same scenario
 * and seed give byte-identical traces and `diff` shows where two kernels
 * part.  Every number is an integer; the leap-second state is printed by
 * name and the STA_* bits in hex, because that is how adjtimex(2) and
 * ntptime(8) show them.  The units are in the column names (docs/output.md):
 * cycles, ns, shifted ns (sns, ns << shift), NTP-scaled ns (ns32, ns << 32),
 * us, s.
 */
#include "sim/trace.h"

#include <inttypes.h>

#include "sim/clocks.h"
#include "timekeeper/timekeeping.h"
#include "timekeeper/timekeeping_aux.h"

/**
 * sim_time_state_name() - a leap-second state as adjtimex(2) names it
 * @state: TIME_OK .. TIME_ERROR
 *
 * Return: "TIME_OK", "TIME_INS", ...; "?" for anything else.
 */
const char *sim_time_state_name(int state)
{
	static const char *const names[] = { "TIME_OK",	 "TIME_INS",  "TIME_DEL",
					     "TIME_OOP", "TIME_WAIT", "TIME_ERROR" };

	return state >= TIME_OK && state <= TIME_ERROR ? names[state] : "?";
}

/**
 * sim_trace_header() - the column names and units
 * @f:   output
 * @aux: the aux clocks to trace (bit n: CLOCK_AUX + n), 0 for none: a run without
 *       aux clocks keeps the columns it always had
 */
void sim_trace_header(FILE *f, unsigned int aux)
{
	fprintf(f, "#t_ns\tcounter\tcycle_last\tunaccumulated_cycles\txtime_sec\t"
		   "xtime_nsec_sns\txtime_ns\tcoarse_nsec\traw_sec\traw_xtime_nsec_sns\tmult\t"
		   "raw_mult\tshift\tntp_error_ns32\tntp_err_mult\ttick_length_ns32\t"
		   "time_freq_ns32\ttime_offset_ns32\ttime_state\ttime_status\ttai_offset_s\t"
		   "time_constant\ttime_maxerror_us\ttime_esterror_us\ttime_adjust_us\t"
		   "vvar_seq\tmaxadj_warnings");
	for (unsigned int i = 0; i < TK_MAX_AUX_CLOCKS; i++)
		if (aux & (1U << i))
			fprintf(f,
				"\taux%u_ns\taux%u_mult\taux%u_ntp_error_ns32\taux%u_tick_length_"
				"ns32"
				"\taux%u_time_freq_ns32\taux%u_time_offset_ns32",
				i, i, i, i, i, i);
	fprintf(f, "\n");
}

/*
 * The columns of aux clock @idx: its kernel-side value and what steers it, "-" in
 * each while it is disabled (clock_gettime() is -ENODEV then).
 */
static void aux_columns(FILE *f, const struct sim_system *s, unsigned int idx)
{
	const struct ntp_data *ntp = NULL;
	struct timekeeper tk;
	struct timespec64 ts;

	if (!ktime_get_aux_ts64(&s->k, TK_CLOCK_AUX + (s32)idx, &ts)) {
		fprintf(f, "\t-\t-\t-\t-\t-\t-");
		return;
	}
	tk_aux_snapshot(&s->k, idx, &tk, &ntp);
	/* ns in 64 bits: an aux clock set within KTIME_SEC_MAX, as clock_settime() allows. */
	fprintf(f, "\t%" PRId64 "\t%" PRIu32 "\t%" PRId64 "\t%" PRIu64 "\t%" PRId64 "\t%" PRId64,
		(s64)ts_to_ns(&ts), tk.tkr_mono.mult, tk.ntp_error, ntp ? ntp_tick_length(ntp) : 0,
		ntp ? ntp->time_freq : 0, ntp ? ntp->time_offset : 0);
}

/**
 * sim_trace_row() - one line of the current state
 * @f:   output
 * @s:   the system (read as a consistent snapshot)
 * @aux: the aux clocks traced, as sim_trace_header() was given them
 */
void sim_trace_row(FILE *f, const struct sim_system *s, unsigned int aux)
{
	const struct ntp_data *ntp = &s->k.ntp;
	struct timekeeper tk;
	u64 counter = READ_ONCE(s->counter.page.now);

	tk_snapshot(&s->k, &tk);
	fprintf(f,
		"%" PRIu64 "\t%" PRIu64 "\t%" PRIu64 "\t%" PRIu64 "\t%" PRIu64 "\t%" PRIu64
		"\t%" PRIu64 "\t%" PRIu32 "\t%" PRIu64 "\t%" PRIu64 "\t%" PRIu32 "\t%" PRIu32
		"\t%" PRIu32 "\t%" PRId64 "\t%" PRIu32 "\t%" PRIu64 "\t%" PRId64 "\t%" PRId64
		"\t%s\t0x%04x\t%" PRId32 "\t%ld\t%ld\t%ld\t%ld\t%" PRIu32 "\t%" PRIu32,
		s->now_ns, counter, tk.tkr_mono.cycle_last,
		(counter - tk.tkr_mono.cycle_last) & tk.tkr_mono.mask, tk.xtime_sec,
		tk.tkr_mono.xtime_nsec, tk.tkr_mono.xtime_nsec >> tk.tkr_mono.shift, tk.coarse_nsec,
		tk.raw_sec, tk.tkr_raw.xtime_nsec, tk.tkr_mono.mult, tk.tkr_raw.mult,
		tk.tkr_mono.shift, tk.ntp_error, tk.ntp_err_mult, ntp_tick_length(ntp),
		ntp->time_freq, ntp->time_offset, sim_time_state_name(ntp->time_state),
		(unsigned int)ntp->time_status & 0xffff, tk.tai_offset, ntp->time_constant,
		ntp->time_maxerror, ntp->time_esterror, ntp->time_adjust,
		READ_ONCE(s->k.vdata.clock_data[CS_HRES_COARSE].seq), tk.maxadj_warnings);
	for (unsigned int i = 0; i < TK_MAX_AUX_CLOCKS; i++)
		if (aux & (1U << i))
			aux_columns(f, s, i);
	fprintf(f, "\n");
}
