/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the op language, one list of operations on one simulated system. */
#ifndef TKSIM_SIM_OPS_OPS_H
#define TKSIM_SIM_OPS_OPS_H

/*
 * An op list is a system configuration and a sequence of operations, each
 * at an exact virtual time (ns since boot).  The same list is a fuzz input
 * (decoded from bytes by sim_ops_decode()), a scenario timeline (the `at`
 * lines of tools/scenario/scenario_ops.c) and a reproducer (`tksim fuzz` writes one).
 * sim_ops_run() applies the ops in order and runs the oracle after each.
 *
 * Every field is in the kernel's own unit: struct tk_timex is carried as
 * adjtimex() gets it; times are ns; counter frequency errors are ppb.
 */

#include "sim/engine.h"
#include "timekeeper/adjtimex.h"
#include "vdso/bug_bits.h"

/**
 * enum sim_op_kind - what an op does (its text name in sim_op_names[], its descriptor in
 *                    sim_op_kinds[]: sim/ops/ops_kinds.h)
 * @SIM_OP_READ:          advance to the op's time (ticks run) and read every
 *                        clock through both paths
 * @SIM_OP_TICKS:         run @a more ticks exactly (at most SIM_OPS_MAX_TICKS)
 * @SIM_OP_IDLE:          a NOHZ idle gap of @a ns (capped at max_idle_ns, as the
 *                        kernel programs the next tick within it), then a tick
 * @SIM_OP_STALL:         @a ns with no tick at all (a paused VM): the clocks are
 *                        read at the end, before the late tick
 * @SIM_OP_ADJTIMEX:      adjtimex(@tx), privileged unless @user
 * @SIM_OP_CLOCK_ADJTIME: clock_adjtime(@clock, @tx)
 * @SIM_OP_SETTIMEOFDAY:  settimeofday(@a s + @b us if @has_tv, @tz if @has_tz)
 * @SIM_OP_CLOCK_SETTIME: clock_settime(@clock, @a s + @b ns)
 * @SIM_OP_COUNTER_PPB:   the counter's true frequency error becomes @a ppb
 * @SIM_OP_SUSPEND:       suspend, @a ns pass (the counter keeps running), resume
 *                        with a sleep of @a ns
 * @SIM_OP_SKEW:          CPU @clock's view of the counter is @a cycles off; the
 *                        oracle then reads on that CPU too
 * @SIM_OP_INJECT:        switch on the injectable bugs of mask @a (sim/bugs.h)
 * @SIM_OP_MIDWRITE:      at the next vvar page update, check from inside the
 *                        write section (between vdso_write_begin and end) that
 *                        a reader would retry
 * @SIM_OP_CLOCKSOURCE:   write clocksource @a (sim_op_cs_names[]) to sysfs
 *                        current_clocksource: clocksource_select() with that
 *                        override, change_clocksource() when it can be used
 * @SIM_OP_AUX_ENABLE:    write @b (0 or 1) to /sys/kernel/time/aux_clocks/@a/
 *                        aux_clock_enable (v6.17): aux clock CLOCK_AUX + @a is
 *                        enabled (from zero, on the system clocksource) or disabled
 * @SIM_OP_READ_ACROSS:   a MONOTONIC read through the vDSO that the next tick's
 *                        update_vsyscall() interrupts between its loads: the reader
 *                        must retry (a finding if it keeps the torn value, which only
 *                        BUG_READER_NO_RETRY makes it do); time runs to that tick
 */
enum sim_op_kind {
	SIM_OP_READ,
	SIM_OP_TICKS,
	SIM_OP_IDLE,
	SIM_OP_STALL,
	SIM_OP_ADJTIMEX,
	SIM_OP_CLOCK_ADJTIME,
	SIM_OP_SETTIMEOFDAY,
	SIM_OP_CLOCK_SETTIME,
	SIM_OP_COUNTER_PPB,
	SIM_OP_SUSPEND,
	SIM_OP_SKEW,
	SIM_OP_INJECT,
	SIM_OP_MIDWRITE,
	SIM_OP_CLOCKSOURCE,
	SIM_OP_AUX_ENABLE, /* the last fuzzed kind: fuzz inputs of the older kinds decode unchanged
			    */
	SIM_OP_READ_ACROSS,
	SIM_OP_NR_KINDS,
};

extern const char *const sim_op_names[SIM_OP_NR_KINDS];

/*
 * The clocksources a `clocksource` op chooses from, by index: the machine's
 * registered ones (sim/clocksources.h), registered at the first such op.
 */
#define SIM_OP_NR_CS 4
extern const char *const sim_op_cs_names[SIM_OP_NR_CS];
int sim_op_cs_from_name(const char *name);

/*
 * The bugs only threads show (sim_bugs_unseen()) that a timeline can show with an op of its
 * own (sim_ops_shown_bugs()): a reader that ignores the retry, by a read-across-tick op.
 */
#define SIM_OPS_TIMELINE_BUGS BUG_READER_NO_RETRY

/* Bounds that keep one op's cost small (a fuzz input must run in microseconds). */
#define SIM_OPS_MAX_TICKS 4096
#define SIM_OPS_MAX_CPUS 4
#define SIM_OPS_MAX_SPAN_NS (3ULL * 3600 * NSEC_PER_SEC)

/**
 * struct sim_op - one operation
 * @t_ns:   virtual time (ns since boot) at which it happens; an op whose time
 *          has already passed (after an idle gap) happens at once
 * @kind:   what it does
 * @user:   the caller lacks CAP_SYS_TIME
 * @has_tv: settimeofday: a time is given
 * @has_tz: settimeofday: a time zone is given
 * @clock:  clock id (clock_adjtime, clock_settime) or CPU (skew)
 * @a:      first number (see enum sim_op_kind)
 * @b:      second number
 * @tz:     the time zone of settimeofday
 * @tx:     the adjtimex() argument
 */
struct sim_op {
	u64 t_ns;
	enum sim_op_kind kind;
	bool user;
	bool has_tv;
	bool has_tz;
	s32 clock;
	s64 a;
	s64 b;
	struct tk_timezone tz;
	struct tk_timex tx;
};

/**
 * struct sim_op_list - a system and what happens to it
 * @cfg: the system
 * @ops: the operations, in time order
 * @n:   number of ops
 * @cap: allocated entries
 */
struct sim_op_list {
	struct sim_config cfg;
	struct sim_op *ops;
	unsigned int n;
	unsigned int cap;
};

void sim_ops_init(struct sim_op_list *l);
void sim_ops_free(struct sim_op_list *l);
u64 sim_ops_shown_bugs(const struct sim_op_list *l, u64 mask);
void sim_ops_clear(struct sim_op_list *l);
struct sim_op *sim_ops_push(struct sim_op_list *l, const struct sim_op *op);
void sim_ops_remove(struct sim_op_list *l, unsigned int i);
int sim_ops_copy(struct sim_op_list *dst, const struct sim_op_list *src);
int sim_op_kind_from_name(const char *name);

/* The fuzz input format (sim/ops/ops_decode.c): every byte string is an op list. */
#define SIM_OPS_MAX_DECODED 256
/* What one decoded input may cost: ticks of ticked time, ns of idle and stall (ops_decode.c). */
#define SIM_OPS_INPUT_TICKS 16
#define SIM_OPS_INPUT_SPAN_NS (1600 * NSEC_PER_SEC)
void sim_ops_decode(struct sim_op_list *l, const u8 *data, size_t size);
size_t sim_ops_encode(const struct sim_op_list *l, u8 *buf, size_t size);
int sim_ops_fit(struct sim_op_list *l);

#endif /* TKSIM_SIM_OPS_OPS_H */
