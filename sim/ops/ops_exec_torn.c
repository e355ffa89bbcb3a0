// SPDX-License-Identifier: GPL-2.0
// tksim's own: the op `read-across-tick`, a vDSO read that the next tick's update_vsyscall()
// interrupts between its loads (after lib/vdso/gettimeofday.c do_hres(), v6.18).
/*
 * One thread, one interleaving, the same on every run: the reader begins its
 * read section (vdso_read_begin()), reads the counter and loads the
 * conversion fields (cycle_last, mask, max_cycles, mult) in the order
 * vdso_get_timestamp() loads them; then the tick runs for real
 * (timekeeping_advance() and update_vsyscall(): a whole write section); then
 * the reader loads the rest (the base, shift, seconds) from the new page.
 * The value it computed counts the tick's accumulated cycles twice: a torn
 * value, which neither the page before nor the page after gives for that
 * counter value.  vdso_read_retry() sees the seq moved; do_hres() retries,
 * unless BUG_READER_NO_RETRY is injected, which is how `tksim run` and the
 * explorer show that bug without threads.  The check is torture's seqcount
 * property at one instant: a kept value must be one a single page gives.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "sim/ops/ops_exec_int.h"
#include "sim/ops/ops_kinds.h"
#include "vdso/calc.h"
#include "vdso/gettimeofday.h"
#include "vdso/helpers.h"
#include "vdso/hw_counter.h"

/* The clock the op reads: MONOTONIC, of the hres/coarse group. */
#define TORN_CLOCK TK_CLOCK_MONOTONIC

/* The conversion fields of one group, as the reader loaded them. */
struct torn_loads {
	s32 mode;
	u64 last, mask, max_cycles, base, sec;
	u32 mult, shift;
};

/* The loads vdso_get_timestamp() makes before the base: mode, cycle_last, mask, max_cycles,
 * mult. */
static void load_conversion(const struct vdso_clock *vc, struct torn_loads *l)
{
	l->mode = READ_ONCE(vc->clock_mode);
	l->last = READ_ONCE(vc->cycle_last);
	l->mask = vdso_delta_mask(l->mode, READ_ONCE(vc->mask));
	l->max_cycles = READ_ONCE(vc->max_cycles);
	l->mult = READ_ONCE(vc->mult);
}

/* The loads after it: the clock's base (shifted ns), shift and seconds. */
static void load_base(const struct vdso_clock *vc, struct torn_loads *l)
{
	l->base = READ_ONCE(vc->basetime[TORN_CLOCK].nsec);
	l->shift = READ_ONCE(vc->shift);
	l->sec = READ_ONCE(vc->basetime[TORN_CLOCK].sec);
}

/* What @l gives for @cycles, in ns: the vDSO's own conversion, the page's injected bugs. */
static u64 value_ns(const struct torn_loads *l, u64 cycles, u64 bugs)
{
	return l->sec * NSEC_PER_SEC + cycles_to_ns_bugs(cycles, l->last, l->mask, l->max_cycles,
							 l->mult, l->base, l->shift,
							 vdso_neg_clamp(l->mode), bugs);
}

/* @ns as "s.nnnnnnnnn". */
static void fmt_ns(char *buf, size_t n, u64 ns)
{
	snprintf(buf, n, "%" PRIu64 ".%09" PRIu64, ns / NSEC_PER_SEC, ns % NSEC_PER_SEC);
}

/**
 * sim_op_exec_read_across() - a MONOTONIC read through the vDSO with the next tick's
 * update_vsyscall() between its loads; a finding when the reader keeps a torn value.
 */
int sim_op_exec_read_across(struct exec *x, const struct sim_op *op, u64 bugs, bool *stop)
{
	const struct vdso_time_data *vd = &x->s->k.vdata;
	const struct vdso_clock *vc = &vd->clock_data[CS_HRES_COARSE];
	struct torn_loads torn, before, after;
	u64 cycles, page_bugs, got, t_read = x->s->now_ns;
	u32 seq;
	char a[32], b[32];

	(void)op;
	(void)bugs;
	seq = vdso_read_begin(vc);
	torn.mode = READ_ONCE(vc->clock_mode);
	if (torn.mode == VDSO_CLOCKMODE_NONE) {
		/* No vDSO read on this clocksource (the syscall serves it): only the tick. */
		*stop = ops_one_tick(x);
		return 0;
	}
	cycles = arch_get_hw_counter(torn.mode, vd);
	load_conversion(vc, &torn);
	before = torn;
	load_base(vc, &before);

	/* The writer: the next tick, a whole write section, between the reader's loads. */
	if ((*stop = ops_one_tick(x)))
		return 0;
	load_base(vc, &torn);
	after = torn;
	load_conversion(vc, &after);
	page_bugs = READ_ONCE(vd->arch_data.bugs);
	got = value_ns(&torn, cycles, page_bugs);

	x->o.evals[OP_PROP_MIDWRITE]++;
	/* do_hres(): the retry, unless the reader ignores it (vdso_bug_no_retry()). */
	if (!vdso_read_retry(vc, seq) || !(page_bugs & BUG_READER_NO_RETRY))
		return 0;
	/* A value one page gives is no torn read (a tick that moved nothing). */
	if (got == value_ns(&before, cycles, page_bugs) ||
	    got == value_ns(&after, cycles, page_bugs))
		return 0;
	fmt_ns(a, sizeof(a), got);
	fmt_ns(b, sizeof(b), value_ns(&before, cycles, page_bugs));
	strcpy(x->prop, oracle_prop_names[OP_PROP_MIDWRITE]);
	strcpy(x->clock, "MONOTONIC");
	snprintf(x->why, sizeof(x->why),
		 "read at %.9f s across the next tick, seq %" PRIu32 " -> %" PRIu32
		 " not retried: kept %s s, a torn value (counter %" PRIu64
		 ": the page before gives %s s)",
		 (double)t_read * 1e-9, seq, READ_ONCE(vc->seq), a, cycles, b);
	*stop = ops_finding(x, sim_op_names[SIM_OP_READ_ACROSS]);
	return 0;
}

/**
 * sim_ops_shown_bugs() - the bugs of @mask that only @l's ops let a deterministic run see
 * @l:    the op list (a timeline)
 * @mask: BUG_* bits
 *
 * BUG_READER_NO_RETRY needs two threads, or a read-across-tick op.
 *
 * Return: the bits of @mask that @l shows although sim_bugs_unseen() says threads are needed.
 */
u64 sim_ops_shown_bugs(const struct sim_op_list *l, u64 mask)
{
	for (unsigned int i = 0; l && i < l->n; i++)
		if (l->ops[i].kind == SIM_OP_READ_ACROSS)
			return mask & BUG_READER_NO_RETRY;
	return 0;
}
