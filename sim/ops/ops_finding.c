// SPDX-License-Identifier: GPL-2.0
// tksim's own: the op executor's findings, and the known kernel behaviours told apart from them
// (sim/ops/oracle_known.c).
#include "sim/ops/ops_exec_int.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "timekeeper/time64.h"
#include "timekeeper/timekeeping_aux.h"

/* The first two "SEC.NNNNNNNNN" values of an oracle message, as ns; false if there are not two. */
static bool why_values(const char *why, __int128 v[2])
{
	unsigned int k = 0;

	for (const char *p = why; *p && k < 2; p++) {
		long long sec;
		unsigned long nsec;
		int len = 0;

		if ((p != why && (isdigit((unsigned char)p[-1]) || p[-1] == '.')) ||
		    !(isdigit((unsigned char)*p) || *p == '-'))
			continue;
		if (sscanf(p, "%lld.%9lu%n", &sec, &nsec, &len) == 2 && len > 10 &&
		    p[len - 10] == '.') {
			v[k++] = (__int128)sec * NSEC_PER_SEC +
				 (sec < 0 || *p == '-' ? -(long)nsec : (long)nsec);
			p += len - 1;
		}
	}
	return k == 2;
}

/**
 * ops_coarse_off() - whether the coarse clocks are a whole second off their base
 * @x: the executor
 *
 * {coarse_sec, coarse_nsec} against {xtime_sec, xtime_nsec >> shift} by more
 * than half a second.  This is the state a TK_ADV_FREQ carry or borrow leaves in the kernel
 * (v6.15+, sim/ops/oracle_known.c): xtime_sec moved and coarse_nsec did not.  Anything that
 * accumulates or forwards time (a tick, a clocksource switch, suspend, a clock set, ADJ_SETOFFSET)
 * ends it; with FIX_COARSE_SEC or the pre-6.15 coarse clocks it never arises.
 */
bool ops_coarse_off(const struct exec *x)
{
	const struct timekeeper *tk = &x->s->k.tk_core.timekeeper;
	s64 d = (s64)tk->coarse_nsec - (s64)(tk->tkr_mono.xtime_nsec >> tk->tkr_mono.shift);

	d += ((s64)tk->coarse_sec - (s64)tk->xtime_sec) * (s64)NSEC_PER_SEC;
	return d > (s64)NSEC_PER_SEC / 2 || d < -(s64)NSEC_PER_SEC / 2;
}

/* tkr_mono's mult beyond the clocksource's maxadj: the "more than 11%" state. */
static bool mult_beyond(const struct tk_read_base *tkr)
{
	return tkr->mult > (u64)tkr->clock->mult + tkr->clock->maxadj;
}

/*
 * The enabled aux clocks that slept: enabled across a suspend (the core's
 * offs_boot grew since the last op: timekeeping_resume() injected the
 * sleep) and enabled ever since.  Only the core is suspended and resumed
 * (v6.17+: timekeeping_suspend() and timekeeping_resume() of
 * kernel/time/timekeeping.c touch tk_core alone), so each of these still
 * counts from its cycle_last of before the suspend.
 */
static u32 aux_slept(const struct exec *x)
{
	const struct tk_kernel *k = &x->s->k;
	u32 enabled = READ_ONCE(k->aux_timekeepers);
	u32 slept = x->aux_slept;

	if (k->tk_core.timekeeper.offs_boot != x->offs_boot0)
		slept |= enabled;
	return slept & enabled;
}

/**
 * ops_state_before() - note the state the op about to be applied starts from
 * @x: the executor, after time has reached the op
 *
 * Off when the oracle last read the clocks or now: the step may have come
 * with an earlier op (a carry is seen as coarse-ahead, then the refresh it
 * leads to as a monotonic step back), and the op may end it (a tick run
 * late, a clocksource switch, a clock set).
 */
void ops_state_before(struct exec *x)
{
	const struct tk_read_base *tkr = &x->s->k.tk_core.timekeeper.tkr_mono;

	x->coarse_off0 |= ops_coarse_off(x);
	x->mult_beyond0 = mult_beyond(tkr);
	x->shift0 = tkr->shift;
	x->aux_slept = aux_slept(x);
	x->offs_boot0 = x->s->k.tk_core.timekeeper.offs_boot;
}

/*
 * A finding on a *_COARSE clock (any property: monotonic, coarse-not-ahead,
 * still-at-freq-change, still-at-clocksource-switch ...) while the coarse
 * clocks are, or were before the op, a second off (ops_coarse_off()) is the
 * kernel's coarse second step, whatever size the step seems to have: a stall
 * lets the fine clock run on at the new rate before the refresh, and the
 * monotonic base may be older than the step.  It gets its own property
 * name, so that it is told apart from a coarse clock that drifts
 * (coarse-pre-6.15), which never shows this state.
 */
static void classify_coarse(struct exec *x)
{
	size_t len = strlen(x->clock);

	if (len < 7 || strcmp(x->clock + len - 7, "_COARSE"))
		return;
	if (x->coarse_off0 || ops_coarse_off(x))
		strcpy(x->prop, "coarse-second-step");
}

/*
 * mult beyond maxadj (the kernel's "more than 11%" warning): max_cycles is
 * U64_MAX / (mult + maxadj), so timekeeping_forward_now()'s chunks of
 * max_cycles * mult wrap 2^64 after a tickless span longer than max_cycles
 * (a stall, then suspend, a clock set, ADJ_SETOFFSET or a clocksource
 * switch).  A clock off by whole wraps, k * 2^64 >> shift ns give or take
 * two ticks, gets its own property name.  A clocksource switch forwards the
 * old clocksource and then resets mult and shift for the new one
 * (tk_setup_internals()): the wrap is then the one of the state before the
 * op (ops_state_before()).
 */
static void classify_mult_wrap(struct exec *x)
{
	const struct tk_read_base *tkr = &x->s->k.tk_core.timekeeper.tkr_mono;
	bool now = mult_beyond(tkr);
	__int128 wrap, slack = 2 * (__int128)x->s->tick_period_ns;
	__int128 v[2], d, k;

	if ((!now && !x->mult_beyond0) || !why_values(x->why, v))
		return;
	wrap = (__int128)1 << (64 - (now ? tkr->shift : x->shift0));
	d = v[0] > v[1] ? v[0] - v[1] : v[1] - v[0];
	k = (d + wrap / 2) / wrap;
	if (k && d - k * wrap <= slack && k * wrap - d <= slack)
		strcpy(x->prop, "mult-beyond-maxadj-wrap");
}

/*
 * An aux clock stepped to just below KTIME_MAX by ADJ_SETOFFSET: v6.17's
 * __timekeeping_inject_offset() checks an aux timekeeper only for a negative
 * result ("Prevent that the resulting time becomes negative": ktime_add(now,
 * offs) < 0), and timespec64_to_ktime() saturates a huge step to KTIME_MAX,
 * so the step is taken; a tick later tkr_mono.base + offs_aux wraps
 * (ktime_add()), the kernel side reads negative, the vDSO (seconds and ns
 * added without ktime_t) past 2262.  Recognised by the state: the clock's
 * base plus offset within a minute of KTIME_MAX, or past it.
 */
static void classify_aux_wrap(struct exec *x)
{
	struct timekeeper tk;
	const struct ntp_data *ntp;
	unsigned int idx;

	if (strncmp(x->prop, "aux-", 4) || sscanf(x->clock, "AUX%u", &idx) != 1 ||
	    idx >= TK_MAX_AUX_CLOCKS || !tk_aux_clock_enabled(&x->s->k, idx))
		return;
	tk_aux_snapshot(&x->s->k, idx, &tk, &ntp);
	if ((__int128)tk.tkr_mono.base + tk.offs_aux + 60 * (__int128)NSEC_PER_SEC >= KTIME_MAX)
		strcpy(x->prop, "aux-past-ktime-max");
}

/*
 * An aux clock that goes back after a suspend: timekeeping_resume() re-bases
 * tk_core's cycle_last to the counter at resume, but no aux timekeeper's
 * (v6.17 to v6.18 and later, kernel/time/timekeeping.c; tk_aux_advance()
 * only ticks them).  On a counter that ran on through the sleep and wraps
 * (acpi_pm: 24 bits, 4.7 s), the aux clock's first delta after resume is the
 * sleep modulo the wrap: past max_raw_delta the tick takes it for negative
 * motion and accumulates nothing, while reads (timekeeping_cycles_to_ns(),
 * do_aux(): max_cycles is the whole mask there) add it in full, until the
 * counter passes the stale cycle_last and the delta wraps to small: the clock
 * goes back by up to one wrap.  A clock_adjtime() of ADJ_FREQUENCY or
 * ADJ_TICK meanwhile (TK_ADV_FREQ: offset 0 too) changes mult under that
 * whole delta: the clock jumps by delta * the change at the same counter
 * value, off the time the call handed back.  Recognised by the history: an
 * aux-monotonic, still-at-freq-change or adjtimex-readback finding on an aux
 * clock that was enabled across a suspend (aux_slept()).
 */
static void classify_aux_slept(struct exec *x)
{
	unsigned int idx;

	const char *aux = strstr(x->why, "CLOCK_AUX");

	/* adjtimex-readback names no clock in the signature, only in what it saw. */
	if ((strcmp(x->prop, "aux-monotonic") && strcmp(x->prop, "adjtimex-readback") &&
	     strcmp(x->prop, "still-at-freq-change")) ||
	    (sscanf(x->clock, "AUX%u", &idx) != 1 &&
	     (!aux || sscanf(aux, "CLOCK_AUX%u", &idx) != 1)) ||
	    idx >= TK_MAX_AUX_CLOCKS || !(aux_slept(x) & BIT(idx)))
		return;
	strcpy(x->prop, "aux-stale-after-resume");
}

/**
 * ops_finding() - record a finding, classified as a known kernel behaviour where it is one
 * @x:    the executor (its prop, clock and why say what was seen)
 * @kind: the op kind it was seen at
 *
 * Return: true when the run must stop.
 */
bool ops_finding(struct exec *x, const char *kind)
{
	struct sim_finding f = { 0 };
	const struct oracle_known *k;

	classify_coarse(x);
	classify_mult_wrap(x);
	classify_aux_wrap(x);
	classify_aux_slept(x);
	snprintf(f.sig, sizeof(f.sig), "%s %s %s", x->prop, x->clock, kind);
	snprintf(f.why, sizeof(f.why), "%s", x->why);
	f.op_index = x->op_index;
	f.t_ns = x->s->now_ns;
	k = oracle_known_find(f.sig);
	f.kind = k ? (u8)k->kind : ORACLE_KNOWN_NONE;
	f.known = k && !(x->flags & SIM_OPS_KNOWN_FAIL);
	if (x->log)
		fprintf(x->log, "  %s after op %u at %llu ns: %s: %s\n",
			!f.known			    ? "FINDING"
			: f.kind == ORACLE_KNOWN_KERNEL_BUG ? "known kernel bug"
							    : "known",
			f.op_index, (unsigned long long)f.t_ns, f.sig, f.why);
	if (f.known) {
		/* The stepped coarse value is no base for the next monotonic check. */
		if (!strcmp(x->prop, "coarse-second-step")) {
			x->o.mono[0].seen[TK_CLOCK_REALTIME_COARSE] = false;
			x->o.mono[0].seen[TK_CLOCK_MONOTONIC_COARSE] = false;
		}
		/* The aux clock that went back goes on from where it is now. */
		if (!strcmp(x->prop, "aux-stale-after-resume")) {
			unsigned int idx;

			if (sscanf(x->clock, "AUX%u", &idx) == 1 && idx < TK_MAX_AUX_CLOCKS)
				x->o.aux.has_last[idx] = false;
		}
		/* Nor are the wrapped values: every clock of tkr_mono stepped back. */
		if (!strcmp(x->prop, "mult-beyond-maxadj-wrap"))
			memset(x->o.mono, 0, sizeof(x->o.mono));
		if (!x->r->nr_known++)
			x->r->known = f;
		if (f.kind == ORACLE_KNOWN_KERNEL_BUG && !x->r->nr_known_bug++)
			x->r->known_bug = f;
		return false;
	}
	if (!x->r->findings++)
		x->r->first = f;
	return true;
}
