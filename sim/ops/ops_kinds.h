/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the op kinds' descriptors, one entry per kind of sim/ops/ops.h. */
#ifndef TKSIM_SIM_OPS_OPS_KINDS_H
#define TKSIM_SIM_OPS_OPS_KINDS_H

/*
 * Every stage of the op language reads what it needs of a kind from its
 * entry in sim_op_kinds[] (sim/ops/ops_kinds.c): the fuzz input's decoder and
 * encoder (ops_decode.c, ops_encode.c), the decoder's budget, the generator
 * (ops_gen.c), the executor (ops_exec.c) and the text form of `at` lines
 * (tools/scenario/scenario_ops.c).  An op's numbers are described by their
 * types (enum sim_op_arg_type): each stage has one codec per type, so a new
 * kind whose numbers are of known types is its entry and its executor.
 */

#include "sim/ops/ops.h"
#include "sim/rng.h"

/**
 * enum sim_op_arg_type - how one argument of an op is written, read and bounded
 * @SIM_ARG_COUNT:    a number: text a whole number (within [text_lo, text_hi]
 *                    when the arg has a range message); bytes a varint taken
 *                    modulo into [lo, hi]
 * @SIM_ARG_CPU:      a CPU number, as SIM_ARG_COUNT, but every text error is
 *                    the range message
 * @SIM_ARG_NUMBER:   a signed number: text a whole number (within [text_lo,
 *                    text_hi] when the arg has a range message); bytes a
 *                    zig-zag varint clamped to [lo, hi]
 * @SIM_ARG_SPAN:     ns: text a duration (12ms, 3.5s); bytes a varint that the
 *                    decoder fits to the input's budget (enum sim_op_time)
 * @SIM_ARG_CHOICE:   an index of @names (lo 0, hi their number less one): text
 *                    the name; bytes a varint modulo their number
 * @SIM_ARG_BUGS:     a mask of injectable bugs (sim/bugs.h): text their names;
 *                    never in bytes (a kind with one is not fuzzed)
 * @SIM_ARG_CLOCK:    a clock id: text its CLOCK_ name without the prefix or a
 *                    number; bytes a zig-zag varint
 * @SIM_ARG_TIMEX:    the adjtimex() argument @tx: text `user` and KEY=VALUE
 *                    words; bytes MODES and the fields its mode bits use
 * @SIM_ARG_TOD:      settimeofday()'s time (@a s, @b us, @has_tv) and zone
 *                    (@tz, @has_tz): text `user` and KEY=VALUE words; bytes
 *                    FLAGS (1 time, 2 zone) SEC USEC MINUTESWEST DSTTIME
 * @SIM_ARG_TIMESPEC: a timespec (@a s, @b ns): text `user`, sec= and nsec=;
 *                    bytes SEC NSEC as zig-zag varints
 *
 * The KEY=VALUE types take every word left on the line, so they come last.
 */
enum sim_op_arg_type {
	SIM_ARG_COUNT,
	SIM_ARG_CPU,
	SIM_ARG_NUMBER,
	SIM_ARG_SPAN,
	SIM_ARG_CHOICE,
	SIM_ARG_BUGS,
	SIM_ARG_CLOCK,
	SIM_ARG_TIMEX,
	SIM_ARG_TOD,
	SIM_ARG_TIMESPEC,
};

/* Which number of struct sim_op a one-number argument is (the others know their fields). */
enum sim_op_field {
	SIM_OP_FIELD_A,
	SIM_OP_FIELD_B,
	SIM_OP_FIELD_CLOCK,
};

/**
 * struct sim_op_arg - one argument of an op kind
 * @name:       what it is (ns, ppb, clocksource ...), in the format's description and in
 *              the text error of a SIM_ARG_CHOICE
 * @type:       how it is coded
 * @field:      where it goes, for the one-number types
 * @lo:         the decoder's bound below (COUNT, CPU, CHOICE, NUMBER)
 * @hi:         the decoder's bound above
 * @text_lo:    the text's bound below (CPU; COUNT and NUMBER with @range_pre)
 * @text_hi:    the text's bound above
 * @range_pre:  the text error for a number beyond the text's bounds is
 *              "KIND: @range_pre @text_hi @range_post"
 * @range_post: see @range_pre
 * @names:      SIM_ARG_CHOICE: the names, @hi + 1 of them
 */
struct sim_op_arg {
	const char *name;
	enum sim_op_arg_type type;
	enum sim_op_field field;
	s64 lo, hi;
	s64 text_lo, text_hi;
	const char *range_pre, *range_post;
	const char *const *names;
};

/**
 * enum sim_op_time - the virtual time an op spends by itself (the fuzz input's budget)
 * @SIM_OP_TIME_NONE:    none, it happens at an instant
 * @SIM_OP_TIME_TICKS:   @a ticks, each paid from the input's ticked time
 * @SIM_OP_TIME_IDLE:    @a ns of NOHZ idle: the span and one tick per gap
 * @SIM_OP_TIME_STALL:   @a ns without a tick: the span, at most the counter's limit
 * @SIM_OP_TIME_SUSPEND: @a ns suspended: free (resume adds the sleep at once)
 */
enum sim_op_time {
	SIM_OP_TIME_NONE,
	SIM_OP_TIME_TICKS,
	SIM_OP_TIME_IDLE,
	SIM_OP_TIME_STALL,
	SIM_OP_TIME_SUSPEND,
};

#define SIM_OP_MAX_ARGS 3

struct exec; /* the executor's run (sim/ops/ops_exec_int.h) */

/**
 * struct sim_op_desc - everything the op language's stages know of one kind
 * @args:        its arguments, in the order of the text and of the bytes
 * @nr_args:     how many
 * @time:        the time it spends by itself
 * @call:        a system call: a failure must be an expected errno and change nothing
 * @reads_only:  changes nothing: no second check at an instant already checked
 * @switches_cs: after it the counter may be the narrowest clocksource (the ACPI
 *               PM timer): the decoder fits later idle and stall ops to its limits
 * @fuzzed:      in the fuzz input format (a kind's number there is its place among
 *               the fuzzed kinds, in enum order)
 * @weight:      how often the generator draws it (0: never)
 * @gen:         its numbers drawn by the generator (NULL: each one-number
 *               argument uniform in [lo, hi], the others 0)
 * @exec:        apply it, once time has reached it; sets *@stop on a finding and
 *               returns the call's result (0 for non-calls); NULL: nothing to do
 *
 * Its text name (as `at` lines spell it) is sim_op_names[kind], beside the table.
 */
struct sim_op_desc {
	struct sim_op_arg args[SIM_OP_MAX_ARGS];
	unsigned int nr_args;
	enum sim_op_time time;
	bool call;
	bool reads_only;
	bool switches_cs;
	bool fuzzed;
	unsigned int weight;
	void (*gen)(struct sim_op *op, struct sim_rng *r);
	int (*exec)(struct exec *x, const struct sim_op *op, u64 bugs, bool *stop);
};

extern const struct sim_op_desc sim_op_kinds[SIM_OP_NR_KINDS];

s64 sim_op_arg_get(const struct sim_op *op, const struct sim_op_arg *arg);
void sim_op_arg_set(struct sim_op *op, const struct sim_op_arg *arg, s64 v);

/* The per-kind functions the table names: the generator's (ops_gen.c) ... */
void sim_op_gen_ticks(struct sim_op *op, struct sim_rng *r);
void sim_op_gen_quiet(struct sim_op *op, struct sim_rng *r);
void sim_op_gen_suspend(struct sim_op *op, struct sim_rng *r);
void sim_op_gen_adjtimex(struct sim_op *op, struct sim_rng *r);
void sim_op_gen_set(struct sim_op *op, struct sim_rng *r);
void sim_op_gen_counter_ppb(struct sim_op *op, struct sim_rng *r);
void sim_op_gen_skew(struct sim_op *op, struct sim_rng *r);
void sim_op_gen_aux_enable(struct sim_op *op, struct sim_rng *r);

/* ... and the executor's (ops_exec_kinds.c). */
int sim_op_exec_ticks(struct exec *x, const struct sim_op *op, u64 bugs, bool *stop);
int sim_op_exec_idle(struct exec *x, const struct sim_op *op, u64 bugs, bool *stop);
int sim_op_exec_stall(struct exec *x, const struct sim_op *op, u64 bugs, bool *stop);
int sim_op_exec_adjtimex(struct exec *x, const struct sim_op *op, u64 bugs, bool *stop);
int sim_op_exec_set(struct exec *x, const struct sim_op *op, u64 bugs, bool *stop);
int sim_op_exec_counter_ppb(struct exec *x, const struct sim_op *op, u64 bugs, bool *stop);
int sim_op_exec_suspend(struct exec *x, const struct sim_op *op, u64 bugs, bool *stop);
int sim_op_exec_skew(struct exec *x, const struct sim_op *op, u64 bugs, bool *stop);
int sim_op_exec_inject(struct exec *x, const struct sim_op *op, u64 bugs, bool *stop);
int sim_op_exec_midwrite(struct exec *x, const struct sim_op *op, u64 bugs, bool *stop);
int sim_op_exec_clocksource(struct exec *x, const struct sim_op *op, u64 bugs, bool *stop);
int sim_op_exec_aux_enable(struct exec *x, const struct sim_op *op, u64 bugs, bool *stop);
int sim_op_exec_read_across(struct exec *x, const struct sim_op *op, u64 bugs, bool *stop);
u64 sim_ops_stall_cap_ns(const struct sim_system *s);

#endif /* TKSIM_SIM_OPS_OPS_KINDS_H */
