// SPDX-License-Identifier: GPL-2.0
/* tksim's own: the summary of a `tksim daemon` run: what the daemon asked of the kernel, how its
 * clock ended against true time, the kernel's PLL state and what the oracle checked. */

#include "tools/daemon/daemon_report.h"

#include <inttypes.h>

#include "timekeeper/adjtimex.h"
#include "tools/daemon/daemon_net_opts.h"
#include "tools/timex_names.h"

/**
 * daemon_summary() - the summary lines
 * @d:          the server after the run
 * @cmd:        the program's name
 * @offset_ns:  the initial error (--offset)
 * @f:          where
 */
void daemon_summary(struct sim_daemon *d, const char *cmd, s64 offset_ns, FILE *f)
{
	static const char *const adj_names[SIM_DAEMON_ADJ_NR] = {
		"read", "offset", "frequency", "status", "tick", "setoffset", "other",
	};
	const struct ntp_data *ntp = &d->s->k.ntp;
	struct tk_timex tx = { 0 };

	fprintf(f,
		"tksim daemon: %s, %" PRIu64 " requests, %" PRIu64 " waits, %" PRIu64
		" ticks, %" PRIu64 " clock reads in its process\n",
		cmd, d->requests, d->waits, d->s->ticks, d->local_reads);
	fprintf(f, "adjtimex calls:");
	for (int i = 0; i < SIM_DAEMON_ADJ_NR; i++)
		fprintf(f, " %s %" PRIu64, adj_names[i], d->adj[i]);
	fprintf(f, "; steps %" PRIu64 "\n", d->steps);
	daemon_net_summary(d, f);
	fprintf(f, "initial error %+" PRId64 "ns, final state: ", offset_ns);
	sim_daemon_print_state(d, f);
	fprintf(f, "daemon's view: offset %+" PRId64 "ns, frequency %+.3fppm against true time\n",
		sim_daemon_error_ns(d), sim_daemon_clock_freq_ppm(d));
	do_adjtimex(&d->s->k, &tx, false); /* modes 0: a read */
	fprintf(f,
		"kernel PLL: time_offset %" PRId64 " (ns << 32) time_freq %+.3fppm constant %ld "
		"status 0x%04x (",
		ntp->time_offset, (double)tx.freq / 65536.0, ntp->time_constant,
		(unsigned int)tx.status);
	timex_format_status(f, (u64)tx.status);
	fprintf(f, ") tick %lld tai %d\n", tx.tick, (int)tx.tai);
	if (d->oracle)
		fprintf(f, "oracle: %" PRIu64 " instants checked, %s\n", d->ostats.checks,
			d->violation[0] ? "a property failed" : "every property held");
}
