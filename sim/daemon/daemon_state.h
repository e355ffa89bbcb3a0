/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the state of one simulated system serving one real daemon (`tksim daemon`), and
 * the true time it is measured against. */
#ifndef TKSIM_SIM_DAEMON_DAEMON_STATE_H
#define TKSIM_SIM_DAEMON_DAEMON_STATE_H

/*
 * The bottom of sim/daemon/: the sampling (daemon_sample.c), the shared
 * vvar page (daemon_vvar.c), the timers (daemon_timer.c) and the network
 * (daemon_net.c) work on this state and call nothing above it; the serve
 * loop (daemon.c) calls them.
 */

#include <stdio.h>

#include "sim/daemon/daemon_proto.h"
#include "sim/engine.h"
#include "sim/oracle.h"
#include "sim/rng.h"

struct sim_daemon_net;
struct tkp_vvar;

/* What the daemon's adjtimex() calls asked for, by mode (a call counts under each bit it set). */
enum sim_daemon_adj {
	SIM_DAEMON_ADJ_READ, /* modes == 0 */
	SIM_DAEMON_ADJ_OFFSET,
	SIM_DAEMON_ADJ_FREQUENCY,
	SIM_DAEMON_ADJ_STATUS,
	SIM_DAEMON_ADJ_TICK,
	SIM_DAEMON_ADJ_SETOFFSET,
	SIM_DAEMON_ADJ_OTHER,
	SIM_DAEMON_ADJ_NR,
};

/* Virtual time a clock read of the daemon takes: about a vDSO read on a current x86. */
#define SIM_DAEMON_READ_COST_NS 20

/**
 * struct sim_daemon - one simulated system serving one real daemon
 * @s:             the system (owned by the caller)
 * @true_boot_ns:  true REALTIME at boot (ns): REALTIME at boot less the initial error
 * @end_ns:        virtual time at which the run ends
 * @privileged:    the daemon holds CAP_SYS_TIME in the simulated kernel
 * @read_cost_ns:  virtual time one clock read takes (SIM_DAEMON_READ_COST_NS)
 * @nohz:          NOHZ idle (default): no tick while the daemon waits, one on wake-up
 * @idle_since_ns: when the current idle span began (or the last deferment tick)
 * @shm:           the SHM refclock segment to feed, or NULL
 * @shm_noise_ns:  largest error of a SHM sample (uniform in +/-), 0 for none
 * @leap:          a leap second at @leap_midnight_ns: 1 inserted, -1 deleted, 0 none
 * @leap_midnight_ns: the UTC midnight of the leap, true REALTIME (ns)
 * @rng:           the noise's random numbers
 * @log:           where periodic state lines go, or NULL
 * @log_interval_ns: virtual time between them, 0 for none
 * @next_log_ns:   the next one
 * @csv:           where CSV rows go (sim/daemon/daemon_sample.c), or NULL
 * @csv_interval_ns: virtual time between rows
 * @next_csv_ns:   the next row
 * @csv_rows:      rows written
 * @csv_last_t_ns: virtual time of the last row
 * @csv_last_err_ns: the clock's error then (the next row's clock_freq_ppm)
 * @adj:           adjtimex calls by mode
 * @requests:      requests served
 * @waits:         of which waits
 * @steps:         clock_settime/settimeofday/ADJ_SETOFFSET calls that succeeded
 * @quits:         answers that asked the daemon to stop
 * @hello:         the preload announced itself
 * @refused:       what the preload refused, or "" (then it exits 2)
 * @net:           the simulated network (sim/daemon/daemon_net.h), or NULL
 * @vv:            the vvar page shared with the preload (sim/daemon/daemon_vvar.h), or
 *                 NULL: every read is then a request
 * @local_reads:   clock reads the preload served in the daemon's process
 * @vv_gen:        publications of the page so far (tksim's copy of its @gen)
 * @vv_now_ns:     the @now_ns tksim last published
 * @vv_until_ns:   the @until_ns tksim last published
 * @vv_reads:      @local_reads when tksim last published
 * @shm_count:     the SHM segment's count, tksim's copy (the program may write the segment)
 * @tampered:      a field of the shared page out of its range, or "" (the run then ends,
 *                 exit 2)
 * @oracle:        check every property after each request (sim_daemon_check())
 * @mono:          the oracle's monotonicity memory
 * @ostats:        what the oracle saw
 * @violation:     the first property that failed, or "" (the run then ends, exit 1)
 * @known:         violations that are a known bug of the attached tree's own code
 *                 (sim_daemon_check()): counted, reported, and the run goes on
 * @known_first:   the first of them, and when
 */
struct sim_daemon {
	struct sim_system *s;
	s64 true_boot_ns;
	u64 end_ns;
	bool privileged;
	u64 read_cost_ns;
	bool nohz;
	u64 idle_since_ns;
	struct tkp_shm_time *shm;
	u64 shm_noise_ns;
	int leap;
	s64 leap_midnight_ns;
	struct sim_rng rng;
	FILE *log;
	u64 log_interval_ns;
	u64 next_log_ns;
	FILE *csv;
	u64 csv_interval_ns;
	u64 next_csv_ns;
	u64 csv_rows;
	u64 csv_last_t_ns;
	s64 csv_last_err_ns;
	u64 adj[SIM_DAEMON_ADJ_NR];
	u64 requests;
	u64 waits;
	u64 steps;
	u64 quits;
	bool hello;
	char refused[128];
	struct sim_daemon_net *net;
	struct tkp_vvar *vv;
	u64 local_reads;
	u64 vv_gen;
	u64 vv_now_ns;
	u64 vv_until_ns;
	u64 vv_reads;
	u32 shm_count;
	char tampered[192];
	bool oracle;
	struct oracle_mono mono;
	struct oracle_stats ostats;
	char violation[256];
	u64 known;
	char known_first[320];
};

void sim_daemon_init(struct sim_daemon *d, struct sim_system *s, s64 initial_error_ns,
		     u64 duration_ns);
s64 sim_daemon_true_ns(const struct sim_daemon *d);
s64 sim_daemon_error_ns(struct sim_daemon *d);
int sim_daemon_leap_indicator(const struct sim_daemon *d, s64 truth);

#endif /* TKSIM_SIM_DAEMON_DAEMON_STATE_H */
