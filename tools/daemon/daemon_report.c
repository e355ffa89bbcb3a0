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
	const char *tree = sim_kernel_release(d->s);
	struct sim_ntp_view v;

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
	sim_ntp_view(d->s, &v); /* modes 0: a read; the tree's ntp.c when one is attached */
	fprintf(f,
		"kernel PLL: time_offset %" PRId64 " (ns << 32) time_freq %+.3fppm constant %ld "
		"status 0x%04x (",
		v.time_offset, (double)v.tx.freq / 65536.0, v.time_constant,
		(unsigned int)v.tx.status);
	timex_format_status(f, (u64)v.tx.status);
	fprintf(f, ") tick %lld tai %d\n", v.tx.tick, (int)v.tx.tai);
	if (tree)
		fprintf(f,
			"kernel: tree %s: its timekeeping.c, ntp.c and lib/vdso answered every "
			"call; the program's clock reads were requests, served in tksim by the "
			"tree's lib/vdso over its vvar page; the PLL line is the tree's ntp.c (the "
			"model ran beside it on the same calls)\n",
			tree);
	if (d->oracle && d->known)
		fprintf(f,
			"oracle: %" PRIu64 " instants checked, %s; the tree's own code broke one "
			"%" PRIu64
			" times, a known kernel bug: CLOCK_MONOTONIC_COARSE goes back at "
			"a frequency change before v6.15 (b71f9804f66c; the model's "
			"coarse-pre-6.15), "
			"first %s\n",
			d->ostats.checks,
			d->violation[0] ? "a property failed" : "every other property held",
			d->known, d->known_first);
	else if (d->oracle)
		fprintf(f, "oracle: %" PRIu64 " instants checked, %s\n", d->ostats.checks,
			d->violation[0] ? "a property failed" : "every property held");
}
