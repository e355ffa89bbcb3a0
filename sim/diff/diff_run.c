// SPDX-License-Identifier: GPL-2.0
// tksim's own: the lockstep run of the comparator (see sim/diff/diff.h).
/*
 * Side A's engine is the clock of the run: the next tick, the room of a
 * NOHZ gap and the longest stall are the model's, and side B is told to
 * tick at the same instants.  After each tick and each op: every field of
 * diff_fields[] that both sides keep, then every clock of SIM_VDSO_CLOCKS()
 * and time() through the vDSO and the syscall path of each side.  An op's
 * timing follows the op executor (sim/ops/ops_exec.c, ops_exec_kinds.c) so
 * that a scenario compares what `tksim run` runs.
 */
#include <errno.h>
#include <stddef.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "sim/clocks.h"
#include "sim/diff/diff.h"
#include "sim/ops/ops_gen.h"
#include "sim/ops/ops_kinds.h"
#include "timekeeper/time64.h"

/* One run: the two sides, the result, where in the op list it is. */
struct lockstep {
	struct diff_side *a, *b;
	struct diff_result *r;
	int op;
	bool on_the_way;
	struct tk_snapshot boot_a, boot_b;
};

static const s32 clock_ids[] = {
#define X(id, name, arg, vdsotest) id,
	SIM_VDSO_CLOCKS(X)
#undef X
};

/* Record the first difference; true (the run stops). */
static bool differs(struct lockstep *x, bool at_tick, const char *what, const char *a,
		    const char *b)
{
	struct diff_difference *d = &x->r->first;

	x->r->differs = true;
	d->t_ns = x->a->sys->now_ns;
	d->tick = x->a->sys->ticks;
	d->op = x->op;
	d->on_the_way = x->on_the_way;
	d->at_tick = at_tick;
	snprintf(d->what, sizeof(d->what), "%s", what);
	snprintf(d->a, sizeof(d->a), "%s", a);
	snprintf(d->b, sizeof(d->b), "%s", b);
	return true;
}

/* Field @f of @st, widened to 64 bits with its sign. */
static s64 field_value(const struct diff_field *f, const struct tk_snapshot *st)
{
	const char *p = (const char *)st + f->offset;
	u8 v8;
	u32 v32;
	u64 v64;

	switch (f->size) {
	case 1:
		memcpy(&v8, p, 1);
		return f->is_signed ? (s64)(s8)v8 : (s64)v8;
	case 4:
		memcpy(&v32, p, 4);
		return f->is_signed ? (s64)(s32)v32 : (s64)v32;
	default:
		memcpy(&v64, p, 8);
		return (s64)v64;
	}
}

static void field_text(const struct diff_field *f, s64 v, char *buf, size_t n)
{
	if (f->is_signed)
		snprintf(buf, n, "%" PRId64, v);
	else
		snprintf(buf, n, "%" PRIu64, (u64)v);
}

static bool compare_state(struct lockstep *x, bool at_tick)
{
	struct tk_snapshot sa, sb;
	bool coarse;

	x->a->ops->snapshot(x->a, &sa);
	x->b->ops->snapshot(x->b, &sb);
	coarse = sa.has_coarse_nsec && sb.has_coarse_nsec;
	for (unsigned int i = 0; i < diff_nr_fields; i++) {
		const struct diff_field *f = &diff_fields[i];
		s64 va = field_value(f, &sa), vb = field_value(f, &sb);
		char ta[48], tb[48];

		if (f->since_boot) {
			va -= field_value(f, &x->boot_a);
			vb -= field_value(f, &x->boot_b);
		}
		if (va == vb || (!coarse && f->offset == offsetof(struct tk_snapshot, coarse_nsec)))
			continue;
		field_text(f, va, ta, sizeof(ta));
		field_text(f, vb, tb, sizeof(tb));
		return differs(x, at_tick, f->name, ta, tb);
	}
	return false;
}

static void read_text(int ret, const struct timespec64 *ts, char *buf, size_t n)
{
	if (ret)
		snprintf(buf, n, "error %d", ret);
	else
		snprintf(buf, n, "%" PRId64 ".%09ld", (s64)ts->tv_sec, ts->tv_nsec);
}

static bool compare_reads(struct lockstep *x, bool at_tick)
{
	static const char *const path_names[] = { "vdso", "syscall" };

	for (int p = SIM_PATH_VDSO; p <= SIM_PATH_SYSCALL; p++) {
		s64 ta, tb;

		for (unsigned int i = 0; i < sizeof(clock_ids) / sizeof(clock_ids[0]); i++) {
			struct timespec64 va = { 0 }, vb = { 0 };
			int ra = x->a->ops->read(x->a, p, clock_ids[i], &va);
			int rb = x->b->ops->read(x->b, p, clock_ids[i], &vb);
			char what[48], a[48], b[48];

			x->r->reads += 2;
			if (ra == rb &&
			    (ra || (va.tv_sec == vb.tv_sec && va.tv_nsec == vb.tv_nsec)))
				continue;
			snprintf(what, sizeof(what), "%s %s", sim_clock_by_id(clock_ids[i])->name,
				 path_names[p]);
			read_text(ra, &va, a, sizeof(a));
			read_text(rb, &vb, b, sizeof(b));
			return differs(x, at_tick, what, a, b);
		}
		ta = x->a->ops->time(x->a, p);
		tb = x->b->ops->time(x->b, p);
		x->r->reads += 2;
		if (ta != tb) {
			char what[48], a[48], b[48];

			snprintf(what, sizeof(what), "time() %s", path_names[p]);
			snprintf(a, sizeof(a), "%" PRId64, ta);
			snprintf(b, sizeof(b), "%" PRId64, tb);
			return differs(x, at_tick, what, a, b);
		}
	}
	return false;
}

static bool compare(struct lockstep *x, bool at_tick)
{
	return compare_state(x, at_tick) || compare_reads(x, at_tick);
}

/* Both sides tick at @t_ns, then everything is compared. */
static bool tick_at(struct lockstep *x, u64 t_ns)
{
	x->a->ops->tick_at(x->a, t_ns);
	x->b->ops->tick_at(x->b, t_ns);
	x->r->ticks++;
	return compare(x, true);
}

/* The next tick of the model's schedule, or the late one a stall left. */
static bool next_tick(struct lockstep *x)
{
	const struct sim_system *s = x->a->sys;

	return tick_at(x, s->next_tick_ns > s->now_ns ? s->next_tick_ns : s->now_ns);
}

/* Time runs to @t_ns with every tick on the way compared (nothing if it has passed). */
static bool advance(struct lockstep *x, u64 t_ns)
{
	if (t_ns <= x->a->sys->now_ns)
		return false;
	while (x->a->sys->next_tick_ns <= t_ns) {
		if (next_tick(x))
			return true;
		/* Hours of ticks: a fuzz run past its --seconds stops here
		 * (sim_ops_deadline_set()). */
		if ((x->r->ticks & 4095) == 0 && sim_ops_deadline_passed()) {
			x->r->expired = true;
			return true;
		}
	}
	x->a->ops->move_to(x->a, t_ns);
	x->b->ops->move_to(x->b, t_ns);
	return false;
}

/* A stall's late tick runs before the next idle gap or stall (as in ops_exec_kinds.c). */
static bool late_ticks(struct lockstep *x)
{
	while (x->a->sys->next_tick_ns <= x->a->sys->now_ns)
		if (next_tick(x))
			return true;
	return false;
}

static bool idle(struct lockstep *x, u64 ns)
{
	if (late_ticks(x))
		return true;
	for (unsigned int i = 0; ns && i < SIM_OPS_MAX_TICKS; i++) {
		u64 room = sim_nohz_room_ns(x->a->sys);
		u64 gap = ns < room ? ns : room;

		ns -= gap;
		if (tick_at(x, x->a->sys->now_ns + gap))
			return true;
	}
	return false;
}

static bool stall(struct lockstep *x, u64 ns)
{
	u64 cap;

	if (late_ticks(x))
		return true;
	cap = sim_ops_stall_cap_ns(x->a->sys);
	ns = ns < cap ? ns : cap;
	x->a->ops->stall(x->a, ns);
	x->b->ops->stall(x->b, ns);
	return false;
}

/* The timex fields adjtimex() writes back, compared one by one. */
#define TIMEX_FIELDS(X) \
	X(offset)       \
	X(freq)         \
	X(maxerror)     \
	X(esterror)     \
	X(status)       \
	X(constant)     \
	X(precision)    \
	X(tolerance)    \
	X(time.tv_sec)  \
	X(time.tv_usec) \
	X(tick)         \
	X(ppsfreq) X(jitter) X(shift) X(stabil) X(jitcnt) X(calcnt) X(errcnt) X(stbcnt) X(tai)

/* 0 the same, 1 a difference, -EOPNOTSUPP a side cannot make this call (r->why). */
static int compare_call(struct lockstep *x, const struct sim_op *op)
{
	struct tk_timex ta, tb;
	int ra = x->a->ops->call(x->a, op, &ta);
	int rb = x->b->ops->call(x->b, op, &tb);
	const char *name = sim_op_names[op->kind];
	char what[48], a[48], b[48];

	if ((ra == -EOPNOTSUPP) != (rb == -EOPNOTSUPP)) {
		snprintf(x->r->why, sizeof(x->r->why), "%s cannot make this %s call%s",
			 ra == -EOPNOTSUPP ? x->a->name : x->b->name, name,
			 op->user ? " (unprivileged)" : "");
		return -EOPNOTSUPP;
	}
	if (ra != rb) {
		snprintf(what, sizeof(what), "%s return", name);
		snprintf(a, sizeof(a), "%d", ra);
		snprintf(b, sizeof(b), "%d", rb);
		return differs(x, false, what, a, b);
	}
	if (ra < 0 || (op->kind != SIM_OP_ADJTIMEX && op->kind != SIM_OP_CLOCK_ADJTIME))
		return 0;
#define X(f)                                                            \
	if (ta.f != tb.f) {                                             \
		snprintf(what, sizeof(what), "%s read-back " #f, name); \
		snprintf(a, sizeof(a), "%lld", (long long)ta.f);        \
		snprintf(b, sizeof(b), "%lld", (long long)tb.f);        \
		return differs(x, false, what, a, b);                   \
	}
	TIMEX_FIELDS(X)
#undef X
	return 0;
}

/* A suspend the op executor refuses (-ERANGE) is refused here too, before either side sees it. */
static bool suspend_fits(const struct sim_system *s, s64 ns)
{
	time64_t wall = ktime_get_real_seconds(&s->k);

	return ns >= 0 && wall >= 0 && ns / NSEC_PER_SEC < KTIME_SEC_MAX - wall;
}

/* Both sides say the same about an op only one of them may be able to do. */
static int both(struct lockstep *x, const char *what, int ra, int rb)
{
	if (ra == -EOPNOTSUPP || rb == -EOPNOTSUPP) {
		snprintf(x->r->why, sizeof(x->r->why), "%s cannot %s",
			 ra == -EOPNOTSUPP ? x->a->name : x->b->name, what);
		return -EOPNOTSUPP;
	}
	if (ra != rb) {
		char a[16], b[16];

		snprintf(a, sizeof(a), "%d", ra);
		snprintf(b, sizeof(b), "%d", rb);
		differs(x, false, what, a, b);
		return 1;
	}
	return 0;
}

/* Op @op: 0 the same, 1 a difference, < 0 it cannot be compared (r->why). */
static int one_op(struct lockstep *x, const struct sim_op *op)
{
	int ret = 0;

	x->on_the_way = true;
	if (advance(x, op->t_ns))
		return 1;
	x->on_the_way = false;
	x->r->ops++;
	switch (op->kind) {
	case SIM_OP_READ:
	case SIM_OP_MIDWRITE: /* a vvar write section seen from inside: the oracle's, not ours */
		break;
	case SIM_OP_TICKS:
		for (s64 i = 0; i < op->a && i < SIM_OPS_MAX_TICKS; i++)
			if (next_tick(x))
				return 1;
		break;
	case SIM_OP_IDLE:
		if (idle(x, (u64)op->a))
			return 1;
		break;
	case SIM_OP_STALL:
		if (stall(x, (u64)op->a))
			return 1;
		break;
	case SIM_OP_ADJTIMEX:
	case SIM_OP_CLOCK_ADJTIME:
	case SIM_OP_SETTIMEOFDAY:
	case SIM_OP_CLOCK_SETTIME:
		ret = compare_call(x, op);
		break;
	case SIM_OP_COUNTER_PPB:
		x->a->ops->counter_ppb(x->a, op->a);
		x->b->ops->counter_ppb(x->b, op->a);
		break;
	case SIM_OP_SUSPEND:
		if (!suspend_fits(x->a->sys, op->a))
			break;
		ret = both(x, "suspend", x->a->ops->suspend(x->a, (u64)op->a),
			   x->b->ops->suspend(x->b, (u64)op->a));
		break;
	case SIM_OP_SKEW:
		if (op->clock > 0 && op->clock < SIM_OPS_MAX_CPUS) {
			x->a->ops->cpu_skew(x->a, (unsigned int)op->clock, op->a);
			x->b->ops->cpu_skew(x->b, (unsigned int)op->clock, op->a);
		}
		break;
	case SIM_OP_INJECT:
		/* A bug injected into both sides is no difference; into one, it is the point. */
		ret = x->a->ops->inject(x->a, (u64)op->a);
		if (ret)
			snprintf(x->r->why, sizeof(x->r->why), "%s cannot inject bugs", x->a->name);
		break;
	case SIM_OP_CLOCKSOURCE:
		ret = both(x, "switch clocksource", x->a->ops->clocksource(x->a, op->a),
			   x->b->ops->clocksource(x->b, op->a));
		break;
	case SIM_OP_AUX_ENABLE:
		ret = both(x, "write aux_clock_enable",
			   x->a->ops->aux_enable(x->a, op->a, op->b != 0),
			   x->b->ops->aux_enable(x->b, op->a, op->b != 0));
		break;
	default:
		snprintf(x->r->why, sizeof(x->r->why), "op kind %d is not compared", op->kind);
		return -EINVAL;
	}
	if (ret)
		return ret;
	return compare(x, false) ? 1 : 0;
}

/**
 * diff_run() - @l's ops on @a and @b in lockstep, compared after every tick and op
 * @l: the op list; both sides must have been built from @l->cfg
 * @a: the model (@a->sys set): its engine sets the instants
 * @b: the other system
 * @r: what was seen
 *
 * Before the first op the two booted systems are compared too.
 *
 * Return: 0 no difference, 1 a difference (@r->first), or a negative errno
 * when an op cannot be compared (@r->why says which side cannot do what).
 */
int diff_run(const struct sim_op_list *l, struct diff_side *a, struct diff_side *b,
	     struct diff_result *r)
{
	struct lockstep x = { .a = a, .b = b, .r = r, .op = -1 };

	memset(r, 0, sizeof(*r));
	if (!a->sys) {
		snprintf(r->why, sizeof(r->why), "side A (%s) is not the model", a->name);
		return -EINVAL;
	}
	a->ops->snapshot(a, &x.boot_a);
	b->ops->snapshot(b, &x.boot_b);
	if (compare(&x, false))
		return 1;
	for (unsigned int i = 0; i < l->n; i++) {
		int ret;

		x.op = (int)i;
		ret = one_op(&x, &l->ops[i]);
		if (ret)
			return r->expired ? 0 : ret;
	}
	return 0;
}
