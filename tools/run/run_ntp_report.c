// SPDX-License-Identifier: GPL-2.0
// tksim's own: the NTP part of `tksim run`'s report (CSV columns, summary lines, the timed calls).
#include "tools/run/run_ntp.h"

#include <inttypes.h>
#include <string.h>

#include "sim/oracle.h"
#include "sim/run/run_ntp.h"
#include "sim/trace.h"
#include "tools/timex_names.h"

/** run_ntp_csv_header() - the NTP columns of the CSV, each with a leading comma. */
void run_ntp_csv_header(FILE *f)
{
	fprintf(f, ",ntp_freq_ppm,ideal_freq_ppm,ntp_offset_ns,ntp_status");
}

/**
 * run_ntp_csv_row() - the NTP columns of one CSV row
 * @f: the CSV
 * @d: the daemon
 * @s: the system
 *
 * The kernel's frequency as adjtimex reads it back, the one that would make
 * REALTIME run true, the last offset the daemon measured, the status bits.
 */
void run_ntp_csv_row(FILE *f, const struct sim_ntpd *d, struct sim_system *s)
{
	struct tk_timex tx;

	sim_run_ntp_read(s, &tx);
	fprintf(f, ",%.6f,%.6f,%" PRId64 ",%d", (double)tx.freq / 65536.0,
		sim_ntpd_ideal_freq_ppm(s), d->last_offset_ns, tx.status);
}

static void print_status(int status)
{
	if (status)
		timex_format_status(stdout, (u64)(unsigned int)status);
	else
		printf("none");
	printf(" (0x%04x)", (unsigned int)status);
}

/* One line per timed call, and the kernel behaviours the executor knew. */
static void calls_summary(const struct sim_run_calls *rc)
{
	unsigned int done = 0;

	for (unsigned int i = 0; i < rc->n; i++) {
		const struct sim_run_call *c = &rc->c[i];

		done += c->done;
		/* A timeline's ops are the scenario's own lines: counted, not repeated. */
		if (rc->timeline)
			continue;
		printf("  scripted     t=%.3f s %s %s -> ", (double)c->op.t_ns * 1e-9, c->name,
		       c->text ? c->text : "");
		if (!c->done)
			printf("not reached\n");
		else if (c->ret < 0)
			printf("%s\n", strerror(-c->ret));
		else
			printf("%s\n",
			       c->op.kind == SIM_OP_ADJTIMEX ? sim_time_state_name(c->ret) : "0");
	}
	if (rc->timeline)
		printf("  ops          %u of %u applied by the op executor, %" PRIu64
		       " reads, %" PRIu64 " ticks checked by it\n",
		       done, rc->n, rc->reads, rc->res.ticks);
	if (rc->res.nr_known_bug) {
		const struct oracle_known *k = oracle_known_find(rc->res.known_bug.sig);

		printf("  known        %s, %u time%s (a kernel bug: %s)\n", rc->res.known_bug.sig,
		       rc->res.nr_known_bug, rc->res.nr_known_bug > 1 ? "s" : "",
		       k && k->report ? k->report : "tksim fuzz --list-known");
	}
	if (rc->res.nr_known > rc->res.nr_known_bug) {
		unsigned int n = rc->res.nr_known - rc->res.nr_known_bug;

		if (rc->res.known.kind == ORACLE_KNOWN_BY_DESIGN)
			printf("  known        %s, %u time%s (a kernel behaviour by design: tksim "
			       "fuzz --list-known)\n",
			       rc->res.known.sig, n, n > 1 ? "s" : "");
		else
			printf("  known        %u kernel behaviour%s by design (tksim fuzz "
			       "--list-known)\n",
			       n, n > 1 ? "s" : "");
	}
}

/**
 * run_ntp_summary() - the NTP lines of the run summary
 * @n: the options (the timed calls)
 * @d: the daemon
 * @s: the system
 */
void run_ntp_summary(const struct run_ntp *n, const struct sim_ntpd *d, struct sim_system *s)
{
	struct tk_timex tx;
	int st = sim_run_ntp_read(s, &tx);

	if (d->p.enabled)
		printf("  NTP daemon   poll 2^%u s, %s units, PLL%s, noise %" PRIu64 " ns: "
		       "%" PRIu64 " polls, %" PRIu64 " steps, last offset %" PRId64 " ns\n",
		       d->p.poll, d->p.nano ? "ns" : "us", d->p.fll ? "+FLL" : "", d->p.noise_ns,
		       d->polls, d->steps, d->last_offset_ns);
	else
		printf("  NTP daemon   off\n");
	printf("  NTP kernel   freq %+.3f ppm (ideal %+.3f), time constant %lld, "
	       "offset left %lld %s, maxerror %lld us\n",
	       (double)tx.freq / 65536.0, sim_ntpd_ideal_freq_ppm(s), tx.constant, tx.offset,
	       (tx.status & STA_NANO) ? "ns" : "us", tx.maxerror);
	printf("               %s, TAI - UTC %d s, status ", sim_time_state_name(st), tx.tai);
	print_status(tx.status);
	printf("\n");
	calls_summary(&n->calls);
}
