// SPDX-License-Identifier: GPL-2.0
// tksim's own: the op kinds' descriptors (see sim/ops/ops_kinds.h).
/*
 * One entry per kind of enum sim_op_kind.  A new kind is its enum value
 * (sim/ops/ops.h, before SIM_OP_NR_KINDS and, to keep older fuzz inputs
 * decoding unchanged, after the kinds already there), its text name below,
 * its entry in sim_op_kinds[] and its executor function (sim/ops/
 * ops_exec_kinds.c, declared in ops_kinds.h); a generator of its own only
 * when uniform numbers within their bounds will not do.  A number of a new
 * type adds a case to each stage's codec of enum sim_op_arg_type, a new
 * kind of cost (enum sim_op_time) a case to the decoder's budget.
 */
#include "sim/ops/ops_kinds.h"

/* The text names, as scenario `at` lines spell them. */
const char *const sim_op_names[SIM_OP_NR_KINDS] = {
	[SIM_OP_READ] = "read",
	[SIM_OP_TICKS] = "ticks",
	[SIM_OP_IDLE] = "idle",
	[SIM_OP_STALL] = "stall",
	[SIM_OP_ADJTIMEX] = "adjtimex",
	[SIM_OP_CLOCK_ADJTIME] = "clock_adjtime",
	[SIM_OP_SETTIMEOFDAY] = "settimeofday",
	[SIM_OP_CLOCK_SETTIME] = "clock_settime",
	[SIM_OP_COUNTER_PPB] = "counter-ppb",
	[SIM_OP_SUSPEND] = "suspend",
	[SIM_OP_SKEW] = "skew",
	[SIM_OP_INJECT] = "inject",
	[SIM_OP_MIDWRITE] = "read-mid-write",
	[SIM_OP_CLOCKSOURCE] = "clocksource",
	[SIM_OP_AUX_ENABLE] = "aux_clock_enable",
	[SIM_OP_READ_ACROSS] = "read-across-tick",
};

/* The clocksource names of a `clocksource` op, in the order of its index. */
const char *const sim_op_cs_names[SIM_OP_NR_CS] = { "tsc", "hpet", "acpi_pm", "jiffies" };

/* A counter frequency error beyond 5 % is no longer a crystal (the decoder's clamp). */
#define PPB_MAX 50000000LL
#define SKEW_MAX (1LL << 40)

const struct sim_op_desc sim_op_kinds[SIM_OP_NR_KINDS] = {
	[SIM_OP_READ] = {
		.reads_only = true,
		.fuzzed = true,
		.weight = 14,
	},
	[SIM_OP_TICKS] = {
		.args = { { "ticks", SIM_ARG_COUNT, SIM_OP_FIELD_A, .lo = 0, .hi = SIM_OPS_MAX_TICKS,
			    .text_lo = 0, .text_hi = SIM_OPS_MAX_TICKS, .range_pre = "at most ",
			    .range_post = " ticks per op" } },
		.nr_args = 1,
		.time = SIM_OP_TIME_TICKS,
		.fuzzed = true,
		.weight = 8,
		.gen = sim_op_gen_ticks,
		.exec = sim_op_exec_ticks,
	},
	[SIM_OP_IDLE] = {
		.args = { { "ns", SIM_ARG_SPAN, SIM_OP_FIELD_A } },
		.nr_args = 1,
		.time = SIM_OP_TIME_IDLE,
		.fuzzed = true,
		.weight = 4,
		.gen = sim_op_gen_quiet,
		.exec = sim_op_exec_idle,
	},
	[SIM_OP_STALL] = {
		.args = { { "ns", SIM_ARG_SPAN, SIM_OP_FIELD_A } },
		.nr_args = 1,
		.time = SIM_OP_TIME_STALL,
		.fuzzed = true,
		.weight = 2,
		.gen = sim_op_gen_quiet,
		.exec = sim_op_exec_stall,
	},
	[SIM_OP_ADJTIMEX] = {
		.args = { { "timex", SIM_ARG_TIMEX } },
		.nr_args = 1,
		.call = true,
		.fuzzed = true,
		.weight = 40,
		.gen = sim_op_gen_adjtimex,
		.exec = sim_op_exec_adjtimex,
	},
	[SIM_OP_CLOCK_ADJTIME] = {
		.args = { { "clock", SIM_ARG_CLOCK, SIM_OP_FIELD_CLOCK },
			  { "timex", SIM_ARG_TIMEX } },
		.nr_args = 2,
		.call = true,
		.fuzzed = true,
		.weight = 4,
		.gen = sim_op_gen_adjtimex,
		.exec = sim_op_exec_adjtimex,
	},
	[SIM_OP_SETTIMEOFDAY] = {
		.args = { { "time and zone", SIM_ARG_TOD } },
		.nr_args = 1,
		.call = true,
		.fuzzed = true,
		.weight = 6,
		.gen = sim_op_gen_set,
		.exec = sim_op_exec_set,
	},
	[SIM_OP_CLOCK_SETTIME] = {
		.args = { { "clock", SIM_ARG_CLOCK, SIM_OP_FIELD_CLOCK },
			  { "time", SIM_ARG_TIMESPEC } },
		.nr_args = 2,
		.call = true,
		.fuzzed = true,
		.weight = 4,
		.gen = sim_op_gen_set,
		.exec = sim_op_exec_set,
	},
	[SIM_OP_COUNTER_PPB] = {
		.args = { { "ppb", SIM_ARG_NUMBER, SIM_OP_FIELD_A, .lo = -PPB_MAX, .hi = PPB_MAX,
			    .text_lo = -99999999, .text_hi = 99999999, .range_pre = "within +/-",
			    .range_post = " ppb" } },
		.nr_args = 1,
		.fuzzed = true,
		.weight = 4,
		.gen = sim_op_gen_counter_ppb,
		.exec = sim_op_exec_counter_ppb,
	},
	[SIM_OP_SUSPEND] = {
		.args = { { "ns", SIM_ARG_SPAN, SIM_OP_FIELD_A } },
		.nr_args = 1,
		.time = SIM_OP_TIME_SUSPEND,
		.fuzzed = true,
		.weight = 2,
		.gen = sim_op_gen_suspend,
		.exec = sim_op_exec_suspend,
	},
	[SIM_OP_SKEW] = {
		.args = { { "cpu", SIM_ARG_CPU, SIM_OP_FIELD_CLOCK, .lo = 1,
			    .hi = SIM_OPS_MAX_CPUS - 1, .text_lo = 1, .text_hi = SIM_OPS_MAX_CPUS - 1,
			    .range_pre = "CPU must be 1..", .range_post = ", then CYCLES" },
			  { "cycles", SIM_ARG_NUMBER, SIM_OP_FIELD_A, .lo = -SKEW_MAX,
			    .hi = SKEW_MAX } },
		.nr_args = 2,
		.fuzzed = true,
		.weight = 2,
		.gen = sim_op_gen_skew,
		.exec = sim_op_exec_skew,
	},
	/* A bug is the fuzz target's parameter, not part of its input. */
	[SIM_OP_INJECT] = {
		.args = { { "bugs", SIM_ARG_BUGS, SIM_OP_FIELD_A } },
		.nr_args = 1,
		.exec = sim_op_exec_inject,
	},
	[SIM_OP_MIDWRITE] = {
		.fuzzed = true,
		.weight = 2,
		.exec = sim_op_exec_midwrite,
	},
	[SIM_OP_CLOCKSOURCE] = {
		.args = { { "clocksource", SIM_ARG_CHOICE, SIM_OP_FIELD_A, .lo = 0,
			    .hi = SIM_OP_NR_CS - 1, .names = sim_op_cs_names } },
		.nr_args = 1,
		.switches_cs = true,
		.fuzzed = true,
		.weight = 2,
		.exec = sim_op_exec_clocksource,
	},
	/* The sysfs knob: a write of the root user (the file is 0644), so never `user`. */
	[SIM_OP_AUX_ENABLE] = {
		.args = { { "aux clock", SIM_ARG_COUNT, SIM_OP_FIELD_A, .lo = 0,
			    .hi = TK_MAX_AUX_CLOCKS - 1, .text_lo = 0,
			    .text_hi = TK_MAX_AUX_CLOCKS - 1, .range_pre = "aux clock must be 0..",
			    .range_post = ", then 0 or 1" },
			  { "value", SIM_ARG_COUNT, SIM_OP_FIELD_B, .lo = 0, .hi = 1, .text_lo = 0,
			    .text_hi = 1, .range_pre = "the value must be 0 or ",
			    .range_post = "" } },
		.nr_args = 2,
		.call = true,
		.fuzzed = true,
		.weight = 4,
		.gen = sim_op_gen_aux_enable,
		.exec = sim_op_exec_aux_enable,
	},
	/* Not fuzzed: without BUG_READER_NO_RETRY it always retries, and that bug is no fuzz
	 * target (it needs a deterministic interleaving this op makes by hand). */
	[SIM_OP_READ_ACROSS] = {
		.exec = sim_op_exec_read_across,
	},
};

/** sim_op_arg_get() - the number of @op that the one-number argument @arg is. */
s64 sim_op_arg_get(const struct sim_op *op, const struct sim_op_arg *arg)
{
	switch (arg->field) {
	case SIM_OP_FIELD_B:
		return op->b;
	case SIM_OP_FIELD_CLOCK:
		return op->clock;
	default:
		return op->a;
	}
}

/** sim_op_arg_set() - set the number of @op that the one-number argument @arg is to @v. */
void sim_op_arg_set(struct sim_op *op, const struct sim_op_arg *arg, s64 v)
{
	switch (arg->field) {
	case SIM_OP_FIELD_B:
		op->b = v;
		break;
	case SIM_OP_FIELD_CLOCK:
		op->clock = (s32)v;
		break;
	default:
		op->a = v;
		break;
	}
}
