/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the oracle after every op of an op list (properties, findings, known ones). */
#ifndef TKSIM_SIM_OPS_ORACLE_OPS_H
#define TKSIM_SIM_OPS_ORACLE_OPS_H

/*
 * sim_ops_run() (sim/ops/ops_exec.c) calls these around every op.  Each property
 * has a name; a violation is a finding whose signature is
 * "PROPERTY CLOCK OPKIND" (CLOCK is "-" where no clock is involved), so that
 * the same fault reached by many inputs collapses to one finding.  Known
 * kernel behaviours are listed in sim/ops/oracle_known.c with their explanation.
 */

#include "sim/oracle.h"
#include "sim/oracle_aux.h"
#include "sim/ops/ops.h"

/** enum oracle_prop - the properties checked after every op */
enum oracle_prop {
	OP_PROP_VDSO_EQ, /* vDSO == kernel-side, every clock, every CPU */
	OP_PROP_MONOTONIC, /* monotonic clocks never go back (per CPU) */
	OP_PROP_COARSE, /* coarse <= fine, time() <= REALTIME */
	OP_PROP_RAW_EXACT, /* MONOTONIC_RAW == exact conversion of the counter */
	OP_PROP_FREQ_STILL, /* no clock moves when the frequency changes at one instant */
	OP_PROP_FAILED_CALL, /* a failing call changes no state at all */
	OP_PROP_SECOND_OVERFLOW, /* second_overflow() once per accumulated second */
	OP_PROP_NTP_ERROR, /* ntp_error moves at most as the kernel's arithmetic allows */
	OP_PROP_MAXADJ, /* mult within the clocksource's maxadj (the 11 % printk) */
	OP_PROP_READBACK, /* adjtimex returns the state it set */
	OP_PROP_ERRNO, /* a call fails only with EINVAL, EPERM or EOPNOTSUPP */
	OP_PROP_MIDWRITE, /* inside the vvar write section a reader must retry */
	OP_PROP_CS_SWITCH, /* no clock moves at the instant of a clocksource switch */
	OP_PROP_AUX_VDSO_EQ, /* aux clocks: vDSO == kernel-side (-ENODEV when disabled) */
	OP_PROP_AUX_MONOTONIC, /* aux clocks never go back between two steps */
	OP_PROP_AUX_RAW_EXACT, /* an unsteered aux clock is the counter's exact conversion */
	OP_PROP_AUX_INDEPENDENT, /* a call on the system clocks moves no aux clock, and the reverse
				  */
	OP_PROP_NR,
};

extern const char *const oracle_prop_names[OP_PROP_NR];

/**
 * struct sim_finding - one violated property
 * @sig:      "PROPERTY CLOCK OPKIND"
 * @why:      what was seen, one line
 * @op_index: the op after which it was seen
 * @t_ns:     virtual time then
 * @known:    the signature is a known kernel bug or behaviour (sim/ops/oracle_known.c)
 * @kind:     which (ORACLE_KNOWN_*; also set under SIM_OPS_KNOWN_FAIL, where
 *            @known is false)
 */
struct sim_finding {
	char sig[96];
	char why[256];
	unsigned int op_index;
	u64 t_ns;
	bool known;
	u8 kind;
};

/**
 * struct oracle_ops - the oracle's memory across the ops of one run
 * @mono:       last value of each clock, per simulated CPU
 * @cpus:       bitmask of CPUs read (CPU 0 and every skewed one)
 * @evals:      times each property was evaluated (the coverage of properties)
 * @xtime_sec, @calls, @leap_sum, @unreported: second_overflow() bookkeeping at the
 *              last op: xtime_sec, ntp.nr_second_overflow, ntp.leap_sum,
 *              tk->unreported_secs
 * @raw_skipped: cycles of @raw_counter MONOTONIC_RAW does not count: those
 *              that ran while suspended (raw time stops then) and, after a
 *              clocksource switch, those before it
 * @raw_counter: the counter under the current clocksource (NULL: the engine's)
 * @raw_base_ns, @raw_frac: MONOTONIC_RAW at the last switch, as tkr_raw's
 *              base and xtime_nsec (0 before any): the exact conversion
 *              runs on from there
 * @midwrite:   a read-mid-write op is armed
 * @midwrite_why: what the write-section check saw ("" when it held)
 * @aux:        the aux clocks' memory (sim/oracle_aux.h)
 * @kt0:        with a kernel tree attached, the tree's numbers just before the tick
 *              (oracle_ops_tick_begin()): the tick checks read the tree's, not the model's
 */
struct oracle_ops {
	struct oracle_mono mono[SIM_OPS_MAX_CPUS];
	unsigned int cpus;
	u64 evals[OP_PROP_NR];
	u64 xtime_sec;
	u64 calls;
	s64 leap_sum;
	s64 unreported;
	unsigned __int128 raw_skipped;
	const struct sim_counter *raw_counter;
	__int128 raw_base_ns;
	u64 raw_frac;
	bool midwrite;
	char midwrite_why[160];
	struct oracle_aux aux;
	struct sim_tick_view kt0;
};

/**
 * struct oracle_state - every number a call may change (compared byte for byte)
 * Padding is zeroed by oracle_state_take(), so memcmp is exact.  @aux_tk and
 * @aux_ntp are the aux timekeepers and their NTP states, @aux_on the
 * aux_clock_enable knobs (bit n: aux clock n); only the entries of enabled aux
 * clocks are filled and compared (the disabled ones cost nothing per call).
 */
struct oracle_state {
	u32 seq;
	struct timekeeper tk;
	struct timekeeper shadow;
	struct ntp_data ntp;
	struct vdso_time_data vdata;
	struct tk_timezone tz;
	bool suspended;
	u64 suspend_cycles;
	unsigned int aux_on;
	struct timekeeper aux_tk[TK_MAX_AUX_CLOCKS];
	struct ntp_data aux_ntp[TK_MAX_AUX_CLOCKS];
};

void oracle_ops_init(struct oracle_ops *o, struct sim_system *s);
void oracle_ops_resync(struct oracle_ops *o, struct sim_system *s);
void oracle_state_take(struct oracle_state *st, const struct sim_system *s);
int oracle_state_diff(const struct oracle_state *a, const struct oracle_state *b, char *why,
		      size_t n);
void oracle_ops_tick_begin(struct oracle_ops *o, struct sim_system *s);
int oracle_ops_tick(struct oracle_ops *o, struct sim_system *s, const struct timekeeper *tk0,
		    char *prop, char *why, size_t n);
void oracle_ops_clock_of(const char *why, char *clock);
unsigned __int128 oracle_ops_raw_cycles(const struct oracle_ops *o, const struct sim_system *s);
void oracle_ops_raw_rebase(struct oracle_ops *o, const struct sim_system *s,
			   const struct sim_counter *c);
void oracle_ops_arm_midwrite(struct oracle_ops *o, struct sim_system *s);
int oracle_ops_instant(struct oracle_ops *o, struct sim_system *s, char *prop, char *clock,
		       char *why, size_t n);
int oracle_ops_readback(struct oracle_ops *o, struct sim_system *s, s32 clock,
			const struct tk_timex *got, int ret, unsigned int modes,
			const struct timespec64 *read_at, char *why, size_t n);

/* The aux clocks' part (sim/ops/oracle_ops_aux.c). */
const struct ntp_data *oracle_ops_ntp_of(const struct sim_system *s, s32 clock);
s32 oracle_ops_clock_now(const struct sim_system *s, s32 clock, struct timespec64 *now);
int oracle_ops_aux_call(const struct sim_op *op);
int oracle_ops_aux_instant(struct oracle_ops *o, struct sim_system *s, char *prop, char *clock,
			   char *why, size_t n);
void oracle_ops_aux_after(struct oracle_ops *o, struct sim_system *s, const struct sim_op *op,
			  int ret);
void oracle_ops_aux_rebase(struct oracle_ops *o, struct sim_system *s);

/**
 * struct oracle_indep - the clocks a call must leave where they are (oracle_ops_indep_*())
 * @active: a check is due: the call is on an aux clock, or aux clocks are in use
 * @sys:    the system clocks are compared (the call is on an aux clock)
 * @v:      the system clocks through the vDSO before the call
 * @k:      the same through the kernel side
 * @av:     the aux clocks compared (@av.mask), through the vDSO
 * @ak:     the same through the kernel side
 */
struct oracle_indep {
	bool active;
	bool sys;
	struct oracle_snapshot v, k;
	struct oracle_aux_snap av, ak;
};

void oracle_ops_indep_before(struct oracle_ops *o, struct sim_system *s, const struct sim_op *op,
			     struct oracle_indep *b);
int oracle_ops_indep_after(struct oracle_ops *o, struct sim_system *s, const struct sim_op *op,
			   const struct oracle_indep *b, int ret, char *prop, char *clock,
			   char *why, size_t n);

/** enum oracle_known_kind - what a known finding is */
enum oracle_known_kind {
	ORACLE_KNOWN_NONE, /* not a known finding */
	ORACLE_KNOWN_KERNEL_BUG, /* a bug of the kernel that machines run */
	ORACLE_KNOWN_BY_DESIGN, /* the kernel's intended behaviour */
};

/**
 * struct oracle_known - one known finding (sim/ops/oracle_known.c)
 * @sig:      the signature pattern, "PROPERTY CLOCK OPKIND" ("*" any word)
 * @kind:     a kernel bug or a behaviour by design
 * @versions: the kernel versions affected (kernel bugs)
 * @report:   the report or reproducer in this tree (kernel bugs), or NULL
 * @why:      the explanation, with the kernel lines
 */
struct oracle_known {
	const char *sig;
	enum oracle_known_kind kind;
	const char *versions;
	const char *report;
	const char *why;
};

const struct oracle_known *oracle_known_find(const char *sig);
const char *oracle_known_explain(const char *sig);
void oracle_known_list(FILE *f);

#endif /* TKSIM_SIM_OPS_ORACLE_OPS_H */
