// SPDX-License-Identifier: GPL-2.0
/* tksim's own: what `tksim daemon` records while the daemon runs: the state lines
 * (--log-interval) and the CSV series (--csv, docs/output.md), at exact virtual instants. */

#include "sim/daemon/daemon_sample.h"

#include <inttypes.h>

#include "sim/daemon/daemon_state.h"
#include "sim/ntpd.h"
#include "timekeeper/adjtimex.h"

/**
 * sim_daemon_print_state() - one line: virtual time, the clock's error, the kernel's frequency
 * @d: the server
 * @f: where
 */
void sim_daemon_print_state(struct sim_daemon *d, FILE *f)
{
	struct sim_ntp_view v;
	u64 t = d->s->now_ns;

	sim_ntp_view(d->s, &v); /* modes 0: a read, no effect */
	fprintf(f, "t=%" PRIu64 ".%09" PRIu64 " error=%+" PRId64 "ns freq=%+.3fppm tick=%lld\n",
		t / NSEC_PER_SEC, t % NSEC_PER_SEC, sim_daemon_error_ns(d), v.tx.freq / 65536.0,
		v.tx.tick);
}

/** sim_daemon_next_sample_ns() - the next instant at which a line or a row is due, or U64_MAX. */
u64 sim_daemon_next_sample_ns(const struct sim_daemon *d)
{
	u64 next = U64_MAX;

	if (d->log && d->log_interval_ns)
		next = d->next_log_ns;
	if (d->csv && d->csv_interval_ns && d->next_csv_ns < next)
		next = d->next_csv_ns;
	return next;
}

/**
 * sim_daemon_csv_header() - the CSV's header line
 * @d: the server (its @csv)
 *
 * The columns of `tksim run --csv` where they mean the same (t_s is true
 * time since boot; the error is against true time), then the daemon's own:
 * the kernel's NTP state as adjtimex(2) reads it back, and the clock's
 * frequency against true time over the row's interval.
 */
void sim_daemon_csv_header(struct sim_daemon *d)
{
	fprintf(d->csv, "t_s,realtime_error_ns,mono_minus_raw_ns,mult,raw_mult,ntp_error_ns32,"
			"counter_error_ppb,ntp_freq_ppm,ideal_freq_ppm,ntp_status,tick_us,"
			"time_offset_ns32,time_constant,clock_freq_ppm\n");
}

/* One row of the CSV at the current instant. */
static void sim_daemon_csv_row(struct sim_daemon *d)
{
	struct sim_system *s = d->s;
	struct timespec64 mono, raw;
	struct sim_ntp_view v;
	s64 err = sim_daemon_error_ns(d);
	double rate = 0;

	sim_clock_gettime(s, SIM_PATH_VDSO, TK_CLOCK_MONOTONIC, &mono);
	sim_clock_gettime(s, SIM_PATH_VDSO, TK_CLOCK_MONOTONIC_RAW, &raw);
	sim_ntp_view(s, &v); /* the tree's numbers when one is attached; modes 0: a read */
	if (d->csv_rows && s->now_ns > d->csv_last_t_ns)
		rate = (double)(err - d->csv_last_err_ns) * 1e6 /
		       (double)(s->now_ns - d->csv_last_t_ns);
	fprintf(d->csv,
		"%.3f,%" PRId64 ",%" PRId64 ",%" PRIu32 ",%" PRIu32 ",%" PRId64 ",%" PRId64
		",%.6f,%.6f,%d,%lld,%" PRId64 ",%ld,%.6f\n",
		(double)s->now_ns * 1e-9, err, (s64)(ts_to_ns(&mono) - ts_to_ns(&raw)), v.mult,
		v.raw_mult, v.ntp_error, s->counter.cur_error_ppb, (double)v.tx.freq / 65536.0,
		sim_ntpd_ideal_freq_ppm(s), v.tx.status, v.tx.tick, v.time_offset, v.time_constant,
		rate);
	d->csv_rows++;
	d->csv_last_t_ns = s->now_ns;
	d->csv_last_err_ns = err;
}

/**
 * sim_daemon_sample() - the lines and rows due now
 * @d: the server; virtual time is exactly at sim_daemon_next_sample_ns()
 */
void sim_daemon_sample(struct sim_daemon *d)
{
	u64 now = d->s->now_ns;

	if (d->log && d->log_interval_ns && now == d->next_log_ns) {
		sim_daemon_print_state(d, d->log);
		d->next_log_ns += d->log_interval_ns;
	}
	if (d->csv && d->csv_interval_ns && now == d->next_csv_ns) {
		sim_daemon_csv_row(d);
		d->next_csv_ns += d->csv_interval_ns;
	}
}

/**
 * sim_daemon_clock_freq_ppm() - how fast REALTIME runs against true time now (ppm)
 * @d: the server
 *
 * Each NTP interval of cycle_interval counter cycles accumulates
 * ntp_tick_length() ns (mult's rounding is fed back through ntp_error), and
 * those cycles last cycle_interval / f_true of true time: the ratio is the
 * rate the kernel steers REALTIME to, tick, frequency and this second's
 * phase correction included.  A report value: floating point.
 */
double sim_daemon_clock_freq_ppm(const struct sim_daemon *d)
{
	struct sim_system *s = d->s;
	struct sim_ntp_view v;
	double true_hz =
		(double)s->counter.p.freq_hz * (1.0 + (double)s->counter.cur_error_ppb * 1e-9);
	double tick_ns, true_ns;

	sim_ntp_view(s, &v); /* the tree's tick_length and cycle_interval when one is attached */
	tick_ns = (double)v.tick_length / 4294967296.0;
	true_ns = (double)v.cycle_interval * 1e9 / true_hz;

	return (tick_ns / true_ns - 1.0) * 1e6;
}
