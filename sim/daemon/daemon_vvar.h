/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the vvar page `tksim daemon` shares with its preload, so that the daemon's clock
 * reads run the simulated vDSO in its own process, as real vDSO reads do (docs/daemons.md). */
#ifndef TKSIM_SIM_DAEMON_DAEMON_VVAR_H
#define TKSIM_SIM_DAEMON_DAEMON_VVAR_H

/*
 * A real clock_gettime() is no syscall: the vDSO reads the vvar page and the
 * counter in the process.  tksim maps this page into the daemon (a memfd,
 * TKSIM_PRELOAD_VVAR_FD) and writes into it, after each request, a copy of
 * the simulated kernel's vvar page and of the counter's current frequency
 * segment.  The preload runs cvdso_clock_gettime() over them: a read costs
 * @read_cost_ns of virtual time, which the preload adds to @now_ns itself,
 * until a read would reach @until_ns (the next tick, counter change, log
 * line or the end of the run): that read goes to tksim, which first catches
 * up with @now_ns.  Only one side runs at a time (the socket alternates), so
 * no field needs atomics.  Shared by tksim (sim/daemon/daemon_vvar.c) and the
 * preload (tools/preload/preload_vdso.c): headers of vdso/ only.
 */

#include "vdso/datapage.h"

#define TKSIM_PRELOAD_VVAR_FD_ENV "TKSIM_PRELOAD_VVAR_FD"
/* Where the preload keeps the page's fd for the programs the daemon starts: high, out of its way.
 */
#define TKSIM_PRELOAD_VVAR_FD 1001

/**
 * struct tkp_vvar - the shared page
 * @gen:          publications so far: a reader whose copy is older takes a fresh one (a
 *                shell's children share the page with it)
 * @now_ns:       virtual time (tksim publishes it; each local read adds @read_cost_ns)
 * @until_ns:     a read at or after this instant is a request to tksim
 * @read_cost_ns: virtual time one read takes
 * @t0_ns:        the counter's frequency segment began then (sim/counter_seg.h)
 * @rate_q48:     its cycles per ns << 48
 * @start:        the counter's value at virtual time 0
 * @c0_q48:       cycles counted at @t0_ns << 48
 * @local_reads:  reads the preload served itself (it counts; tksim reports)
 * @last_clock:   the clock of the last local read, -1 for none since the last request
 * @last_sec:     its value...
 * @last_nsec:    ...which tksim checks against its own vDSO at @now_ns (the oracle)
 * @counter:      the counter page (@counter.now is the reader's to compute)
 * @vd:           the simulated kernel's vvar page (its counter pointer is tksim's: the
 *                preload points it at its own counter page)
 */
struct tkp_vvar {
	u64 gen;
	u64 now_ns;
	u64 until_ns;
	u64 read_cost_ns;
	u64 t0_ns;
	u64 rate_q48;
	u64 start;
	unsigned __int128 c0_q48;
	u64 local_reads;
	s32 last_clock;
	s32 pad;
	s64 last_sec;
	s64 last_nsec;
	struct vdso_sim_counter counter;
	struct vdso_time_data vd;
};

/* tksim's side (sim/daemon/daemon_vvar.c); the preload never calls these. */
struct sim_daemon;
void sim_daemon_vvar_publish(struct sim_daemon *d);
void sim_daemon_vvar_sync(struct sim_daemon *d);
void sim_daemon_check(struct sim_daemon *d);

#endif /* TKSIM_SIM_DAEMON_DAEMON_VVAR_H */
