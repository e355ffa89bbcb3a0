/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: `tksim explain`, shared by tools/explain/cmd_explain*.c. */
#ifndef TKSIM_TOOLS_EXPLAIN_CMD_EXPLAIN_H
#define TKSIM_TOOLS_EXPLAIN_CMD_EXPLAIN_H

/*
 * Every explanation derives its intermediate numbers step by step for the
 * reader, and then checks them against what the library's real functions
 * computed (explain_check()): a printout that disagreed with the code it
 * explains would teach the wrong thing, so it exits 1 instead.
 */

#include "sim/engine.h"

/**
 * struct explain_opts - what `tksim explain` was asked
 * @cfg:    the simulated system (the counter and HZ options of `tksim run`)
 * @at_ns:  virtual time to stop at (ns)
 * @at_set: --at was given (otherwise each topic picks its own instant)
 * @clock:  --clock, the clock id a read explains
 * @ntp_freq_ppm: --ntp-freq, the kernel's NTP frequency set at boot (ppm)
 * @ntp_freq_set: --ntp-freq was given
 * @idle_ns: --idle, a NOHZ gap before the tick explained (ns, 0 for none)
 * @offset_ns: --offset, the phase offset an adjtimex call hands the kernel (ns)
 * @offset_set: --offset was given (otherwise the offset a daemon would measure)
 * @odd:    --odd, retry: the reader meets the writer inside (an odd seq)
 * @micro:  --micro, adjtimex: the call in us (ADJ_MICRO), not ns
 * @fll:    --fll, adjtimex: the call sets STA_FLL (and is made at 300 s)
 * @del:    --delete, leap: a deleted second (STA_DEL), not an inserted one
 * @untimed: the topic runs no tick (mult): a tick longer than max_idle_ns is no error
 */
struct explain_opts {
	struct sim_config cfg;
	u64 at_ns;
	bool at_set;
	s32 clock;
	double ntp_freq_ppm;
	bool ntp_freq_set;
	u64 idle_ns;
	s64 offset_ns;
	bool offset_set;
	bool odd;
	bool micro;
	bool fll;
	bool del;
	bool untimed;
};

/** explain_at() - --at, or @dflt without it; at least 1 ns (a tick needs an instant before it). */
static inline u64 explain_at(const struct explain_opts *o, u64 dflt)
{
	u64 t = o->at_set ? o->at_ns : dflt;

	return t ? t : 1;
}

int explain_adjtimex(const struct explain_opts *o);
int explain_aux(const struct explain_opts *o);
int explain_leap(const struct explain_opts *o);
int explain_mult(const struct explain_opts *o);
int explain_read(const struct explain_opts *o);
int explain_retry(const struct explain_opts *o);
int explain_tick(const struct explain_opts *o);
int explain_vvar(const struct explain_opts *o);

struct sim_system *explain_boot(const struct explain_opts *o);
int explain_set_ntp_freq(struct sim_system *s, const struct explain_opts *o);
bool explain_check(bool ok, const char *what);
bool explain_check_paths(struct sim_system *s, s32 clock, const struct timespec64 *want,
			 const char *vdso);
void explain_header(const struct sim_system *s);
bool explain_conversion(int step, u64 cycles, u64 last, u64 mask, u64 max_cycles, u32 mult,
			u32 shift, const struct vdso_timestamp *base, s32 clock,
			struct timespec64 *ts);
void explain_ts(char *buf, size_t n, const struct timespec64 *ts);
const char *explain_clock_mode(s32 mode);
unsigned int explain_clock_group(s32 clock);

#endif /* TKSIM_TOOLS_EXPLAIN_CMD_EXPLAIN_H */
