// SPDX-License-Identifier: GPL-2.0
// tksim's own: the oracle after every op (see sim/ops/oracle_ops.h).
#include "sim/ops/oracle_ops.h"

#include <inttypes.h>

#include "sim/clocks.h"
#include <string.h>

#include "timekeeper/timekeeping_aux.h"
#include "vdso/calc.h"
#include "vdso/hw_counter.h"

const char *const oracle_prop_names[OP_PROP_NR] = {
	[OP_PROP_VDSO_EQ] = "vdso-equals-kernel",
	[OP_PROP_MONOTONIC] = "monotonic",
	[OP_PROP_COARSE] = "coarse-not-ahead",
	[OP_PROP_RAW_EXACT] = "raw-exact",
	[OP_PROP_FREQ_STILL] = "still-at-freq-change",
	[OP_PROP_FAILED_CALL] = "failed-call-changes-nothing",
	[OP_PROP_SECOND_OVERFLOW] = "second-overflow-once",
	[OP_PROP_NTP_ERROR] = "ntp-error-step",
	[OP_PROP_MAXADJ] = "mult-within-maxadj",
	[OP_PROP_READBACK] = "adjtimex-readback",
	[OP_PROP_ERRNO] = "errno",
	[OP_PROP_MIDWRITE] = "reader-retries-mid-write",
	[OP_PROP_CS_SWITCH] = "still-at-clocksource-switch",
	[OP_PROP_AUX_VDSO_EQ] = "aux-vdso-equals-kernel",
	[OP_PROP_AUX_MONOTONIC] = "aux-monotonic",
	[OP_PROP_AUX_RAW_EXACT] = "aux-raw-exact",
	[OP_PROP_AUX_INDEPENDENT] = "aux-independent",
};

/* Inside the vvar write section: both clock groups' seq must be odd, or a reader keeps a torn
 * page. */
static void midwrite_hook(struct tk_kernel *k, void *arg)
{
	struct oracle_ops *o = arg;

	for (unsigned int i = 0; i < CS_BASES; i++) {
		u32 seq = READ_ONCE(k->vdata.clock_data[i].seq);

		if (!(seq & 1)) {
			snprintf(o->midwrite_why, sizeof(o->midwrite_why),
				 "vvar clock_data[%u].seq %" PRIu32
				 " is even inside the write section: a reader would not retry",
				 i, seq);
			break;
		}
	}
	o->evals[OP_PROP_MIDWRITE]++;
	o->midwrite = false;
	k->vdso_write_hook = NULL;
}

/**
 * oracle_ops_arm_midwrite() - check the next vvar update from inside its write section
 * @o: the oracle
 * @s: the system
 */
void oracle_ops_arm_midwrite(struct oracle_ops *o, struct sim_system *s)
{
	o->midwrite = true;
	o->midwrite_why[0] = '\0';
	s->k.vdso_write_hook = midwrite_hook;
	s->k.vdso_write_hook_arg = o;
}

/** oracle_ops_init() - a fresh oracle for system @s (CPU 0 only). */
void oracle_ops_init(struct oracle_ops *o, struct sim_system *s)
{
	memset(o, 0, sizeof(*o));
	o->cpus = 1;
	oracle_ops_resync(o, s);
	oracle_aux_init(&o->aux, s, NULL);
}

/** oracle_ops_resync() - the clock was set: start second_overflow() bookkeeping again. */
void oracle_ops_resync(struct oracle_ops *o, struct sim_system *s)
{
	const struct timekeeper *tk = &s->k.tk_core.timekeeper;

	o->xtime_sec = tk->xtime_sec;
	o->unreported = tk->unreported_secs;
	o->calls = s->k.ntp.nr_second_overflow;
	o->leap_sum = s->k.ntp.leap_sum;
}

/** oracle_state_take() - copy every number a call may change. */
void oracle_state_take(struct oracle_state *st, const struct sim_system *s)
{
	const struct tk_kernel *k = &s->k;

	/* The aux entries of the clocks enabled only: what oracle_state_diff() compares. */
	memset(st, 0, offsetof(struct oracle_state, aux_tk));
	st->seq = k->tk_core.seq;
	memcpy(&st->tk, &k->tk_core.timekeeper, sizeof(st->tk));
	memcpy(&st->shadow, &k->tk_core.shadow_timekeeper, sizeof(st->shadow));
	memcpy(&st->ntp, &k->ntp, sizeof(st->ntp));
	memcpy(&st->vdata, &k->vdata, sizeof(st->vdata));
	st->tz = k->sys_tz;
	st->suspended = k->suspended;
	st->suspend_cycles = k->suspend_cycles;
	for (unsigned int i = 0; i < TK_MAX_AUX_CLOCKS; i++) {
		const struct ntp_data *ntp = NULL;

		if (!tk_aux_clock_enabled(k, i))
			continue;
		st->aux_on |= 1U << i;
		memset(&st->aux_tk[i], 0, sizeof(st->aux_tk[i]));
		memset(&st->aux_ntp[i], 0, sizeof(st->aux_ntp[i]));
		tk_aux_snapshot(k, i, &st->aux_tk[i], &ntp);
		if (ntp)
			memcpy(&st->aux_ntp[i], ntp, sizeof(*ntp));
	}
}

/* The aux timekeepers and NTP states of the clocks enabled in both (equal @aux_on). */
static int aux_state_diff(const struct oracle_state *a, const struct oracle_state *b, char *why,
			  size_t n)
{
	for (unsigned int i = 0; i < TK_MAX_AUX_CLOCKS; i++) {
		const char *what = NULL;

		if (!(a->aux_on & (1U << i)))
			continue;
		if (memcmp(&a->aux_tk[i], &b->aux_tk[i], sizeof(a->aux_tk[i])))
			what = "timekeeper";
		else if (memcmp(&a->aux_ntp[i], &b->aux_ntp[i], sizeof(a->aux_ntp[i])))
			what = "NTP state";
		if (what) {
			snprintf(why, n, "aux clock %u's %s changed although the call failed", i,
				 what);
			return -1;
		}
	}
	return 0;
}

/**
 * oracle_state_diff() - name the first part of the state that differs
 * Return: 0 when @a and @b are equal byte for byte, -1 and @why otherwise.
 */
int oracle_state_diff(const struct oracle_state *a, const struct oracle_state *b, char *why,
		      size_t n)
{
	static const struct {
		const char *name;
		size_t off, len;
	} parts[] = {
		{ "tk_core.seq", offsetof(struct oracle_state, seq), sizeof(u32) },
		{ "the timekeeper", offsetof(struct oracle_state, tk), sizeof(struct timekeeper) },
		{ "the shadow timekeeper", offsetof(struct oracle_state, shadow),
		  sizeof(struct timekeeper) },
		{ "the NTP state", offsetof(struct oracle_state, ntp), sizeof(struct ntp_data) },
		{ "the vvar page", offsetof(struct oracle_state, vdata),
		  sizeof(struct vdso_time_data) },
		{ "sys_tz", offsetof(struct oracle_state, tz), sizeof(struct tk_timezone) },
		{ "timekeeping_suspended", offsetof(struct oracle_state, suspended), sizeof(bool) },
		{ "an aux_clock_enable knob", offsetof(struct oracle_state, aux_on),
		  sizeof(unsigned int) },
	};

	for (size_t i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
		if (memcmp((const char *)a + parts[i].off, (const char *)b + parts[i].off,
			   parts[i].len)) {
			snprintf(why, n, "%s changed although the call failed", parts[i].name);
			return -1;
		}
	}
	return aux_state_diff(a, b, why, n);
}

static void set_prop(char *prop, enum oracle_prop p)
{
	strcpy(prop, oracle_prop_names[p]);
}

/*
 * The bound of check_ntp_error() on two sets of numbers, @a before the tick and @b after:
 * the model's, or a kernel tree's own (ktree_snapshot(), @who "the tree's ").  A tree or
 * a profile before v6.15 (@b->adjust_term) also adds, when the tick's timekeeping_adjust() changes
 * mult, timekeeping_apply_adjustment()'s mult_adj * offset << ntp_error_shift, offset being
 * the cycles the tick left unaccumulated (the counter now less the new cycle_last), in s64
 * as the tree computes it: taken out before the bound is applied.
 */
static int check_ntp_error_view(struct oracle_ops *o, const struct sim_tick_view *a,
				const struct sim_tick_view *b, const char *who, char *prop,
				char *why, size_t n)
{
	u64 delta = (b->cycle_last - a->cycle_last) & b->mask;
	u64 intervals = b->cycle_interval ? delta / b->cycle_interval : 0;
	__int128 u = (__int128)b->cycle_interval << b->ntp_error_shift;
	__int128 d = (__int128)b->ntp_error - a->ntp_error;
	__int128 lo = a->ntp_err_mult ? -(__int128)intervals * u : 0;
	__int128 hi = a->ntp_err_mult ? 0 : (__int128)intervals * u;

	o->evals[OP_PROP_NTP_ERROR]++;
	/* A cleared NTP state re-bases everything. */
	if (a->ntp_tick == 0 || a->cycle_interval != b->cycle_interval ||
	    a->ntp_error_shift != b->ntp_error_shift)
		return 0;
	if (b->adjust_term) {
		u64 left = (b->counter_now - b->cycle_last) & b->mask;
		s64 off = (s64)left * (s64)(s32)(b->mult - a->mult);

		d -= (s64)((u64)off << b->ntp_error_shift);
	}
	if (d >= lo && d <= hi)
		return 0;
	set_prop(prop, OP_PROP_NTP_ERROR);
	snprintf(why, n,
		 "%sntp_error moved by %" PRId64 " over %" PRIu64
		 " intervals with ntp_err_mult %" PRIu32 " (allowed [%" PRId64 ", %" PRId64 "]%s)",
		 who, (s64)d, intervals, a->ntp_err_mult, (s64)lo, (s64)hi,
		 b->adjust_term ? ", its mult change's offset term taken out" : "");
	return -1;
}

/*
 * ntp_error across one tick.  timekeeping_adjust() sets
 *   mult = floor(A / ci) + e,  A = (ntp_tick >> es) - xtime_remainder,  e = ntp_err_mult
 * (ci = cycle_interval, es = ntp_error_shift), and each accumulated interval adds
 *   d = ntp_tick - ((ci * mult + xtime_remainder) << es)
 * to ntp_error, with the cached ntp_tick the mult was computed from (the tick
 * refreshes it only after accumulating).  Writing r = A - ci * floor(A / ci),
 * 0 <= r < ci, and l = ntp_tick mod 2^es:
 *   e = 0:  d = (r << es) + l                in [0, U)
 *   e = 1:  d = (r << es) + l - (ci << es)   in [-U, 0)      with U = ci << es.
 * So a tick accumulating n intervals moves ntp_error by n * d: up by less than
 * n * U when e = 0, down by at most n * U when e = 1.  apply_adjustment() leaves ntp_error alone
 * (v4.19+), and a second boundary inside the accumulation changes NTP's tick length, not the cached
 * ntp_tick, so the bound is exact for every tick.
 */
static int check_ntp_error(struct oracle_ops *o, const struct tk_kernel *k,
			   const struct timekeeper *tk0, const struct timekeeper *tk, char *prop,
			   char *why, size_t n)
{
	struct sim_tick_view a = {
		.cycle_last = tk0->tkr_mono.cycle_last,
		.cycle_interval = tk0->cycle_interval,
		.ntp_tick = tk0->ntp_tick,
		.ntp_error = tk0->ntp_error,
		.ntp_error_shift = tk0->ntp_error_shift,
		.ntp_err_mult = tk0->ntp_err_mult,
	};
	struct sim_tick_view b = {
		.cycle_last = tk->tkr_mono.cycle_last,
		.mask = tk->tkr_mono.mask,
		.cycle_interval = tk->cycle_interval,
		.ntp_error = tk->ntp_error,
		.ntp_error_shift = tk->ntp_error_shift,
		.mult = tk->tkr_mono.mult,
	};

	/*
	 * A profile before v6.15 (6.12, 6.1) has the mult change's offset term
	 * (adjust-no-ntp-error): the model adds it as the tree does, so it is taken out
	 * here as for a tree.  The offset is the counter now, as the tick's clocksource reads
	 * it, less the new cycle_last.
	 */
	if (!tk_has(k, TKV_ADJUST_NO_NTP_ERROR)) {
		a.mult = tk0->tkr_mono.mult;
		b.adjust_term = true;
		b.counter_now = tk->tkr_mono.clock->read(tk->tkr_mono.clock) & tk->tkr_mono.mask;
	}
	/* A clocksource change re-bases everything (check_ntp_error_view() the rest). */
	if (tk0->tkr_mono.clock != tk->tkr_mono.clock) {
		o->evals[OP_PROP_NTP_ERROR]++;
		return 0;
	}
	return check_ntp_error_view(o, &a, &b, "", prop, why, n);
}

/*
 * second_overflow() once per accumulated second.  xtime_sec moves, between two
 * settings of the clock, only by: +1 per accumulated second that NTP is told
 * about (nr_second_overflow), the leaps NTP returns (leap_sum), -1 when a mult
 * correction borrows a second and +1 for a second accumulated without NTP
 * because skip_second_overflow is set (tk->unreported_secs counts both).  So
 *   d(xtime_sec) = d(calls) + d(leap_sum) + d(unreported_secs).
 * Not d(skip_second_overflow): the kernel sets that flag, it does not count;
 * a clock set leaves a pending one set, and the next borrow sets it again
 * (the 2026-11-30 campaign's finding, tests/fuzz/regress/borrow-twice-*.scn).
 */
static int check_second_overflow(struct oracle_ops *o, struct sim_system *s, char *prop, char *why,
				 size_t n)
{
	const struct timekeeper *tk = &s->k.tk_core.timekeeper;
	s64 dx = (s64)(tk->xtime_sec - o->xtime_sec);
	s64 dc = (s64)(s->k.ntp.nr_second_overflow - o->calls);
	s64 dl = s->k.ntp.leap_sum - o->leap_sum;
	s64 du = tk->unreported_secs - o->unreported;
	int ret = 0;

	o->evals[OP_PROP_SECOND_OVERFLOW]++;
	if (dx != dc + dl + du) {
		set_prop(prop, OP_PROP_SECOND_OVERFLOW);
		snprintf(why, n,
			 "xtime_sec moved %" PRId64 " s but second_overflow() ran %" PRId64
			 " times (leaps %" PRId64 ", borrowed/skipped %+" PRId64 ")",
			 dx, dc, dl, du);
		ret = -1;
	}
	oracle_ops_resync(o, s);
	return ret;
}

/*
 * The kernel's own warning as the signal: timekeeping_adjust() counts every
 * adjustment that leaves mult beyond the clocksource's maxadj (its "Adjusting
 * %s more than 11%" printk, tk->maxadj_warnings); a tick that raised the
 * count is a finding.
 */
static int check_maxadj(struct oracle_ops *o, const struct timekeeper *tk0,
			const struct timekeeper *tk, char *prop, char *why, size_t n)
{
	const struct clocksource *cs = tk->tkr_mono.clock;

	o->evals[OP_PROP_MAXADJ]++;
	if (tk->maxadj_warnings == tk0->maxadj_warnings)
		return 0;
	set_prop(prop, OP_PROP_MAXADJ);
	snprintf(why, n,
		 "mult %" PRIu32 " is %+" PRId64 " from the clocksource's %" PRIu32
		 ", beyond maxadj %" PRIu32 " (the kernel's \"more than 11%%\" warning)",
		 tk->tkr_mono.mult, (s64)tk->tkr_mono.mult - (s64)cs->mult, cs->mult, cs->maxadj);
	return -1;
}

/*
 * check_maxadj() on a kernel tree: the tree's printk_once() reports only the first
 * adjustment past maxadj, so the oracle evaluates the same condition on the tree's
 * numbers after each tick that adjusted (one that accumulated: cycle_last moved; a tick
 * short of an interval returns before timekeeping_adjust()):
 * |mult - the clocksource's mult| > maxadj.
 */
static int check_maxadj_tree(struct oracle_ops *o, const struct sim_tick_view *a,
			     const struct sim_tick_view *b, char *prop, char *why, size_t n)
{
	s32 d = (s32)(b->mult - b->cs_mult);
	u32 ad = d < 0 ? -(u32)d : (u32)d;

	o->evals[OP_PROP_MAXADJ]++;
	if (!b->cs_maxadj || ad <= b->cs_maxadj || a->cycle_last == b->cycle_last)
		return 0;
	set_prop(prop, OP_PROP_MAXADJ);
	snprintf(why, n,
		 "the tree's mult %" PRIu32 " is %+" PRId32 " from the clocksource's %" PRIu32
		 ", beyond maxadj %" PRIu32 " (the kernel's \"more than 11%%\" condition)",
		 b->mult, d, b->cs_mult, b->cs_maxadj);
	return -1;
}

/**
 * oracle_ops_tick_begin() - just before a tick: remember an attached tree's numbers
 * @o: the oracle
 * @s: the system; without a tree nothing is read
 */
void oracle_ops_tick_begin(struct oracle_ops *o, struct sim_system *s)
{
	sim_ktree_tick_view(s, &o->kt0);
}

/**
 * oracle_ops_tick() - the properties of one tick, given the timekeeper before it
 * @o:   the oracle
 * @s:   the system, just after the tick
 * @tk0: the live timekeeper just before the tick
 * @prop, @why, @n: the finding
 * Return: 0, or -1 with @prop and @why.
 */
int oracle_ops_tick(struct oracle_ops *o, struct sim_system *s, const struct timekeeper *tk0,
		    char *prop, char *why, size_t n)
{
	const struct timekeeper *tk = &s->k.tk_core.timekeeper;
	struct sim_tick_view kt;

	if (s->k.suspended)
		return 0;
	/*
	 * A tree attached: its own ntp_error and mult (oracle_ops_tick_begin() took the numbers
	 * before the tick).  second_overflow() is counted on the model beside it: the tree keeps
	 * no count of its second_overflow() calls nor of the seconds a mult correction borrowed
	 * (`tksim run --kernel` says so).
	 */
	if (sim_ktree_tick_view(s, &kt)) {
		if (kt.suspended)
			return 0;
		if (check_ntp_error_view(o, &o->kt0, &kt, "the tree's ", prop, why, n) ||
		    check_second_overflow(o, s, prop, why, n) ||
		    check_maxadj_tree(o, &o->kt0, &kt, prop, why, n))
			return -1;
		return 0;
	}
	if (check_ntp_error(o, &s->k, tk0, tk, prop, why, n) ||
	    check_second_overflow(o, s, prop, why, n) || check_maxadj(o, tk0, tk, prop, why, n))
		return -1;
	return 0;
}

/** oracle_ops_clock_of() - "CLOCK_X ..." in an oracle message: X, or "-" (@clock: 24 bytes). */
void oracle_ops_clock_of(const char *why, char *clock)
{
	const char *c = strstr(why, "CLOCK_");
	size_t len = 0;

	if (!c) {
		strcpy(clock, "-");
		return;
	}
	c += 6;
	while (c[len] && c[len] != ' ' && c[len] != ':' && len < 23)
		len++;
	memcpy(clock, c, len);
	clock[len] = '\0';
}

/**
 * oracle_ops_raw_cycles() - unwrapped cycles of the counter MONOTONIC_RAW runs on
 * @o: the oracle
 * @s: the system
 *
 * Return: cycles since virtual time 0 (128 bits).
 */
unsigned __int128 oracle_ops_raw_cycles(const struct oracle_ops *o, const struct sim_system *s)
{
	if (!o->raw_counter)
		return sim_raw_cycles_since_boot(s);
	return sim_counter_elapsed(o->raw_counter, s->now_ns);
}

/**
 * oracle_ops_raw_rebase() - MONOTONIC_RAW runs on counter @c from now on
 * @o: the oracle
 * @s: the system, just switched to @c's clocksource
 * @c: the counter under it
 *
 * The switch's own continuity is checked by the caller (every clock reads
 * the same just before and after it); from there raw time is the exact
 * conversion of @c's cycles, on from tkr_raw's base and sub-ns remainder.
 */
void oracle_ops_raw_rebase(struct oracle_ops *o, const struct sim_system *s,
			   const struct sim_counter *c)
{
	const struct tk_read_base *raw = &s->k.tk_core.timekeeper.tkr_raw;

	o->raw_counter = c;
	o->raw_skipped = oracle_ops_raw_cycles(o, s);
	o->raw_base_ns = raw->base;
	o->raw_frac = raw->xtime_nsec;
}

/*
 * MONOTONIC_RAW is the exact conversion (cycles * mult) >> shift of the
 * counter cycles since boot (since the last clocksource switch, from its
 * value then), less those that ran while suspended (resume re-bases
 * cycle_last: raw time stops in suspend).  As oracle_check_raw_exact(),
 * with the suspended cycles taken out, on the vDSO value @raw the instant
 * check read on CPU 0 at this same instant (a second read returns it again).
 */
static int check_raw(struct oracle_ops *o, struct sim_system *s, __int128 raw, char *prop,
		     char *clock, char *why, size_t n)
{
	const struct clocksource *cs = s->k.tk_core.timekeeper.tkr_raw.clock;
	__int128 want = o->raw_base_ns +
			(__int128)(((oracle_ops_raw_cycles(o, s) - o->raw_skipped) * cs->mult +
				    o->raw_frac) >>
				   cs->shift);
	char a[48], b[48];

	if (raw == (__int128)want)
		return 0;
	set_prop(prop, OP_PROP_RAW_EXACT);
	strcpy(clock, oracle_clock_name(TK_CLOCK_MONOTONIC_RAW));
	oracle_format_ns(a, sizeof(a), raw);
	oracle_format_ns(b, sizeof(b), (__int128)want);
	snprintf(why, n, "CLOCK_MONOTONIC_RAW %s != exact conversion %s", a, b);
	return -1;
}

/*
 * On a CPU whose counter is skewed (vdso_this_cpu set): x86's vDSO rule
 * for VDSO_CLOCKMODE_TSC, which freezes a counter behind cycle_last at the
 * base (d8bb6f4c1670), must give the kernel side's MONOTONIC.  The engine's
 * counter is synthetic and its own vDSO mode follows the generic rule
 * (no clamp: arches whose counters are synchronised), so the TSC rule is
 * applied to its page, as tests/sim/check_bugs.c does.
 */
static int check_skewed_cpu(struct sim_system *s, char *why, size_t n)
{
	const struct vdso_clock *vc = &s->k.vdata.clock_data[CS_HRES_COARSE];
	u64 cycles = arch_get_hw_counter(VDSO_CLOCKMODE_SIM, &s->k.vdata);
	u64 ns = cycles_to_ns_bugs(cycles & (u64)S64_MAX, vc->cycle_last, (u64)S64_MAX,
				   vc->max_cycles, vc->mult, vc->basetime[TK_CLOCK_MONOTONIC].nsec,
				   vc->shift, vdso_neg_clamp(VDSO_CLOCKMODE_TSC),
				   READ_ONCE(s->k.vdata.arch_data.bugs));
	__int128 vdso = (__int128)vc->basetime[TK_CLOCK_MONOTONIC].sec * NSEC_PER_SEC + ns;
	struct timespec64 k;
	char a[48], b[48];

	if (sim_clock_gettime(s, SIM_PATH_SYSCALL, TK_CLOCK_MONOTONIC, &k) == 0 &&
	    ts_to_ns(&k) == vdso)
		return 0;
	oracle_format_ns(a, sizeof(a), vdso);
	oracle_format_ns(b, sizeof(b), ts_to_ns(&k));
	snprintf(why, n, "CLOCK_MONOTONIC on CPU %u (TSC rule): vdso %s != syscall %s",
		 vdso_this_cpu, a, b);
	return -1;
}

/**
 * oracle_ops_instant() - every instant property, through both paths, on every CPU read
 * @o:     the oracle
 * @s:     the system
 * @prop:  the violated property's name (at least 32 bytes)
 * @clock: the clock it concerns, or "-" (at least 24 bytes)
 * @why:   what was seen
 * @n:     size of @why
 * Return: 0, or -1.
 */
int oracle_ops_instant(struct oracle_ops *o, struct sim_system *s, char *prop, char *clock,
		       char *why, size_t n)
{
	unsigned int saved = vdso_this_cpu;
	__int128 v[VDSO_BASES];
	int ret = 0;

	strcpy(clock, "-");
	if (o->midwrite_why[0]) {
		set_prop(prop, OP_PROP_MIDWRITE);
		snprintf(why, n, "%s", o->midwrite_why);
		o->midwrite_why[0] = '\0';
		return -1;
	}
	for (unsigned int cpu = 0; cpu < SIM_OPS_MAX_CPUS && !ret; cpu++) {
		if (!(o->cpus & (1U << cpu)))
			continue;
		vdso_this_cpu = cpu;
		o->evals[OP_PROP_VDSO_EQ]++;
		/*
		 * A CPU whose counter is skewed sees the mult steering of CPU 0's counter
		 * value from elsewhere: ordering properties need synchronised counters
		 * (the kernel marks a warping TSC unstable).  Both paths must still agree.
		 */
		if (cpu) {
			/*
			 * The TSC rule is for a 64-bit TSC; narrower counters do not skew,
			 * nor does another clocksource (one HPET for all CPUs).
			 */
			if (s->cfg.counter.bits < 64 ||
			    s->k.tk_core.timekeeper.tkr_mono.clock != &s->counter.cs)
				continue;
			ret = check_skewed_cpu(s, why, n);
			if (ret) {
				strcpy(clock, oracle_clock_name(TK_CLOCK_MONOTONIC));
				set_prop(prop, OP_PROP_VDSO_EQ);
			}
			continue;
		}
		o->evals[OP_PROP_MONOTONIC]++;
		o->evals[OP_PROP_COARSE]++;
		if (oracle_check_instant_values(s, &o->mono[cpu], NULL, why, n, v)) {
			ret = -1;
			oracle_ops_clock_of(why, clock);
			if (strstr(why, "went back"))
				set_prop(prop, OP_PROP_MONOTONIC);
			else if (strstr(why, "is ahead of"))
				set_prop(prop, OP_PROP_COARSE);
			else
				set_prop(prop, OP_PROP_VDSO_EQ);
		}
	}
	vdso_this_cpu = saved;
	if (ret)
		return ret;
	o->evals[OP_PROP_RAW_EXACT]++;
	if (check_raw(o, s, v[TK_CLOCK_MONOTONIC_RAW], prop, clock, why, n))
		return -1;
	return o->aux.seen ? oracle_ops_aux_instant(o, s, prop, clock, why, n) : 0;
}

/**
 * oracle_ops_readback() - what a successful adjtimex() returned is the kernel's state
 * @o:     the oracle
 * @s:     the system, just after the call
 * @clock: the clock steered: REALTIME's NTP state for adjtimex() and every system
 *         clock id, an aux clock's own for CLOCK_AUX + n
 * @got:   what the call returned in its struct
 * @ret:   its return value (the clock state)
 * @modes: the modes it was called with
 * @read_at: the time the call hands back, where that is not the clock now: v6.17+
 *         (TKV_ADJTIMEX_LOCKED_STEP) reads it before an ADJ_SETOFFSET step; NULL for now
 * @why:   what differs
 * @n:     size of @why
 *
 * The state is read directly (NTP state, tai_offset, the clock now) and through
 * a second, read-only call at the same instant, which must agree.
 * Return: 0 or -1.
 */
int oracle_ops_readback(struct oracle_ops *o, struct sim_system *s, s32 clock,
			const struct tk_timex *got, int ret, unsigned int modes,
			const struct timespec64 *read_at, char *why, size_t n)
{
	const struct ntp_data *ntp = oracle_ops_ntp_of(s, clock);
	struct sim_ntp_view v = { 0 };
	struct tk_timex rd = { 0 };
	struct timespec64 now;
	s32 tai_offset;
	int ret2 = 0;
	long long sub;
	s64 off;
	/* With a tree attached, the system clocks' NTP state is the tree's ntp.c (sim_ntp_view()).
	 */
	bool tree = s->kt && !sim_clock_is_aux(clock);

	o->evals[OP_PROP_READBACK]++;
	if (tree) {
		sim_ntp_view(s, &v); /* also the second, read-only call: the tree's adjtimex() */
		rd = v.tx;
		ret2 = v.state;
	} else {
		v = (struct sim_ntp_view){
			.time_offset = ntp->time_offset,
			.time_constant = ntp->time_constant,
			.time_status = ntp->time_status,
			.time_maxerror = ntp->time_maxerror,
			.time_esterror = ntp->time_esterror,
			.tick_usec = ntp->tick_usec,
			.next_leap_sec = ntp->ntp_next_leap_sec,
		};
	}
	{
		struct timespec64 at_call;

		tai_offset = oracle_ops_clock_now(s, clock, &at_call);
		now = read_at ? *read_at : at_call;
	}
	sub = (v.time_status & STA_NANO) ? now.tv_nsec : now.tv_nsec / 1000;
#define RB(cond, fmt, a, b)                                                                    \
	if (cond) {                                                                            \
		snprintf(why, n, "adjtimex returned " fmt " but the kernel holds " fmt, a, b); \
		return -1;                                                                     \
	}
	RB(got->status != v.time_status, "status %d", got->status, v.time_status);
	RB(got->constant != v.time_constant, "constant %lld", got->constant,
	   (long long)v.time_constant);
	RB(got->maxerror != v.time_maxerror, "maxerror %lld", got->maxerror,
	   (long long)v.time_maxerror);
	RB(got->esterror != v.time_esterror, "esterror %lld", got->esterror,
	   (long long)v.time_esterror);
	RB(got->tick != (long long)v.tick_usec, "tick %lld", got->tick, (long long)v.tick_usec);
	/* The remaining phase, ns or us, signed (v6.13+: no (u32) cast, f5807b0606da). */
	off = shift_right(ntp_mul_wrap(v.time_offset, (s64)(tree ? s->cfg.hz : ntp->hz)),
			  NTP_SCALE_SHIFT);
	if (!(v.time_status & STA_NANO))
		off /= (s64)NSEC_PER_USEC;
	RB(!(modes & ADJ_ADJTIME) && got->offset != off, "offset %lld", got->offset,
	   (long long)off);
	/*
	 * Past the leap second but before the tick has applied it, __do_adjtimex()
	 * (kernel/time/ntp.c, "Handle leapsec adjustments") returns tai and time as
	 * they will be after the leap: compare them only before it.  For an aux
	 * clock, __do_adjtimex() (v6.17) reads the time before it injects an
	 * ADJ_SETOFFSET: the time returned is the clock's before the step.
	 */
	if (now.tv_sec < v.next_leap_sec && !(sim_clock_is_aux(clock) && (modes & ADJ_SETOFFSET))) {
		RB(got->tai != tai_offset, "tai %d", got->tai, tai_offset);
		if (got->time.tv_sec != now.tv_sec || got->time.tv_usec != sub) {
			snprintf(why, n,
				 "adjtimex returned time %lld s + %lld but CLOCK_%s is %lld s + "
				 "%lld (us, or ns with STA_NANO)",
				 got->time.tv_sec, got->time.tv_usec,
				 sim_clock_is_aux(clock) ? oracle_clock_name(clock) : "REALTIME",
				 (long long)now.tv_sec, sub);
			return -1;
		}
	}
	if (!tree)
		ret2 = sim_clock_is_aux(clock) ? tk_sys_clock_adjtime(&s->k, clock, &rd, false)
					       : do_adjtimex(&s->k, &rd, false);
	RB(ret2 != ret, "state %d", ret, ret2);
	RB(rd.freq != got->freq, "freq %lld", got->freq, rd.freq);
	RB(!(modes & ADJ_ADJTIME) && rd.offset != got->offset, "offset %lld", got->offset,
	   rd.offset);
	RB(rd.precision != got->precision || rd.tolerance != got->tolerance, "precision %lld",
	   got->precision, rd.precision);
#undef RB
	return 0;
}
