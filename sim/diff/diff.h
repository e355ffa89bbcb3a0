/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the lockstep comparator, one op list on two systems (`tksim diff`). */
#ifndef TKSIM_SIM_DIFF_DIFF_H
#define TKSIM_SIM_DIFF_DIFF_H

/*
 * Two systems, one op list.  Side A is always the model: its engine sets
 * every instant (the ticks, the NOHZ gaps, a stall's late tick), and side B
 * follows it: it ticks at the same instants, with its counter at the same
 * value, and gets the same calls.  After every tick and every op the
 * comparator takes a snapshot of each side (struct tk_snapshot of
 * ktree/ktree.h: every number the trace shows), reads every clock through both paths on each, and,
 * for a call, compares the return value and the adjtimex read-back.  The first difference ends the
 * run.
 *
 *   struct diff_side *a = diff_model_new(&l.cfg, bugs, &err);
 *   struct diff_side *b = diff_model_new(&l.cfg, 0, &err);
 *   diff_run(&l, a, b, &res);     // 0 same, 1 differs (res.first), < 0 cannot
 *
 * B is the model again (with other bugs: the comparator's own test) or a
 * kernel tree's own code (sim/diff/diff_kernel.c).
 */

#include <stddef.h>

#include "ktree/ktree.h"
#include "sim/ops/ops.h"
#include "timekeeper/version.h"

/**
 * struct diff_field - one compared number of struct tk_snapshot (ktree/ktree.h, the snapshot
 *                     both backends fill)
 * @name:      the kernel's name, as the report prints it
 * @offset:    offsetof(struct tk_snapshot, ...)
 * @size:      its size in bytes (1, 4 or 8)
 * @is_signed: a signed integer
 * @since_boot: a count (of updates, of clock settings) compared as its change since boot: how
 *             many a boot takes is the boot sequence's, not what the kernel does later
 */
struct diff_field {
	const char *name;
	size_t offset;
	unsigned int size;
	bool is_signed;
	bool since_boot;
};

extern const struct diff_field diff_fields[];
extern const unsigned int diff_nr_fields;

struct diff_side;

/**
 * struct diff_side_ops - what a system must do to be compared
 * @tick_at:  the tick (update_wall_time()) at virtual time @t_ns, the counter
 *            at its value then; @t_ns is the model's next tick, the end of an
 *            idle gap or the late tick after a stall
 * @move_to:  time passes to @t_ns without a tick (a read between ticks)
 * @stall:    @ns pass with no tick at all (a paused VM); the late tick comes
 *            as a tick_at() at the end
 * @call:     one call op (adjtimex, clock_adjtime, settimeofday,
 *            clock_settime): its return value, the timex read back in *@tx
 * @suspend:  suspend, @ns pass with the counter running, resume with that sleep;
 *            0 or a negative errno (-EOPNOTSUPP: this side cannot)
 * @counter_ppb: the counter's true frequency error becomes @ppb
 * @cpu_skew: CPU @cpu's view of the counter is @cycles off (reads stay on CPU 0)
 * @inject:   the injectable bugs of @mask (sim/bugs.h) switched on; -EOPNOTSUPP
 *            where the side has none
 * @clocksource: write clocksource @index (sim_op_cs_names[]) to current_clocksource;
 *            -EOPNOTSUPP where the side cannot
 * @aux_enable: write @on to aux clock @idx's sysfs aux_clock_enable: 0 or a
 *            negative errno (-ENOENT where the kernel has no such knob)
 * @snapshot: every number of @st
 * @read:     clock @clock through @path: the call's result, the time in *@ts
 * @time:     time() through @path
 * @free:     done
 */
struct diff_side_ops {
	void (*tick_at)(struct diff_side *d, u64 t_ns);
	void (*move_to)(struct diff_side *d, u64 t_ns);
	void (*stall)(struct diff_side *d, u64 ns);
	int (*call)(struct diff_side *d, const struct sim_op *op, struct tk_timex *tx);
	int (*suspend)(struct diff_side *d, u64 ns);
	void (*counter_ppb)(struct diff_side *d, s64 ppb);
	void (*cpu_skew)(struct diff_side *d, unsigned int cpu, s64 cycles);
	int (*inject)(struct diff_side *d, u64 mask);
	int (*clocksource)(struct diff_side *d, s64 index);
	int (*aux_enable)(struct diff_side *d, s64 idx, bool on);
	void (*snapshot)(struct diff_side *d, struct tk_snapshot *st);
	int (*read)(struct diff_side *d, enum sim_path path, s32 clock, struct timespec64 *ts);
	s64 (*time)(struct diff_side *d, enum sim_path path);
	void (*free)(struct diff_side *d);
};

/**
 * struct diff_side - one of the two systems
 * @ops:  what it does
 * @name: how the report names it ("model", "model --inject no-xtime-correction", "6.12")
 * @sys:  the model's engine when the side is the model (side A must be), else NULL
 * @priv: the backend's own state
 */
struct diff_side {
	const struct diff_side_ops *ops;
	char name[96];
	struct sim_system *sys;
	void *priv;
};

struct diff_side *diff_model_new(const struct sim_config *cfg, u64 bugs, int *err);
struct diff_side *diff_model_profile_new(const struct sim_config *cfg, enum tk_profile profile,
					 int *err);
void diff_model_snapshot(const struct sim_system *s, struct tk_snapshot *st);
void diff_side_free(struct diff_side *d);
enum ktree_status diff_kernel_new(const char *tree, const struct sim_config *cfg,
				  struct diff_side **out, char *why, size_t n);

/**
 * struct diff_difference - the first difference
 * @t_ns:     virtual time of the instant
 * @tick:     the model's tick count then
 * @op:       the op it was seen at (its index), or -1: the booted systems
 * @on_the_way: seen at a tick before op @op, while time ran up to it
 * @at_tick:  seen after a tick (true) or right after op @op (false)
 * @what:     what differs: a field's name, "read REALTIME vdso", "adjtimex return" ...
 * @a:        side A's value, as text
 * @b:        side B's value, as text
 */
struct diff_difference {
	u64 t_ns;
	u64 tick;
	int op;
	bool on_the_way;
	bool at_tick;
	char what[48];
	char a[48];
	char b[48];
};

/**
 * struct diff_result - what one lockstep run saw
 * @first:   the first difference (valid when @differs)
 * @differs: a difference was found; the run stopped there
 * @ticks:   ticks compared
 * @ops:     ops applied
 * @reads:   clock reads compared (each read of each side is one)
 * @why:     for a run that could not be compared (diff_run() < 0): why
 * @expired: the run stopped at the process's wall-clock bound (sim_ops_deadline_set()), with
 *           no difference so far
 */
struct diff_result {
	struct diff_difference first;
	bool differs;
	bool expired;
	u64 ticks;
	u64 ops;
	u64 reads;
	char why[160];
};

int diff_run(const struct sim_op_list *l, struct diff_side *a, struct diff_side *b,
	     struct diff_result *r);
int diff_ops_run(const struct sim_op_list *l, u64 bugs, const char *tree, struct diff_result *r);
unsigned int diff_ops_shrink(struct sim_op_list *l, u64 bugs, const char *tree, const char *what,
			     unsigned int max_runs);
int diff_verdict(const struct sim_op_list *l, u64 bugs, const char *tree, char *buf, size_t n);

#endif /* TKSIM_SIM_DIFF_DIFF_H */
