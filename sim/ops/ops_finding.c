// SPDX-License-Identifier: GPL-2.0
// tksim's own: the op executor's findings, and the known kernel behaviours told apart from them
// (sim/ops/oracle_known.c).
#include "sim/ops/ops_exec_int.h"

#include <ctype.h>
#include <string.h>

#include "timekeeper/time64.h"

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

/*
 * The v6.15 coarse-clock second step (sim/ops/oracle_known.c): a *_COARSE clock
 * off by a whole second, give or take two ticks, gets its own property name,
 * so that it is told apart from a coarse clock that drifts (coarse-pre-6.15).
 * The fine clock also runs on by what is not yet accumulated: with no tick
 * (a stall, an idle gap) a coarse clock a second ahead at the step is less
 * than a second ahead later, until the next accumulation refreshes it (which
 * may be the adjtimex that is checked: then what was pending before it counts).
 */
u64 ops_pending_ns(const struct exec *x)
{
	const struct tk_read_base *tkr = &x->s->k.tk_core.timekeeper.tkr_mono;
	u64 delta = (tkr->clock->read(tkr->clock) - tkr->cycle_last) & tkr->mask;

	return (u64)(((unsigned __int128)delta * tkr->mult) >> tkr->shift);
}

static void classify_coarse(struct exec *x)
{
	u64 now = ops_pending_ns(x);
	__int128 pending = now > x->pending0 ? now : x->pending0;
	__int128 slack = 2 * (__int128)x->s->tick_period_ns;
	__int128 v[2], d;
	size_t len = strlen(x->clock);

	if (len < 7 || strcmp(x->clock + len - 7, "_COARSE") || !why_values(x->why, v))
		return;
	d = v[0] > v[1] ? v[0] - v[1] : v[1] - v[0];
	if (d + slack + pending >= (__int128)NSEC_PER_SEC &&
	    d <= (__int128)NSEC_PER_SEC + slack + pending)
		strcpy(x->prop, "coarse-second-step");
}

/*
 * mult beyond maxadj (the kernel's "more than 11%" warning): max_cycles is
 * U64_MAX / (mult + maxadj), so timekeeping_forward_now()'s chunks of
 * max_cycles * mult wrap 2^64 after a tickless span longer than max_cycles
 * (a stall, then suspend or a clock set).  A clock off by whole wraps,
 * k * 2^64 >> shift ns give or take two ticks, gets its own property name.
 */
static void classify_mult_wrap(struct exec *x)
{
	const struct tk_read_base *tkr = &x->s->k.tk_core.timekeeper.tkr_mono;
	__int128 wrap = (__int128)1 << (64 - tkr->shift),
		 slack = 2 * (__int128)x->s->tick_period_ns;
	__int128 v[2], d, k;

	if (tkr->mult <= (u64)tkr->clock->mult + tkr->clock->maxadj || !why_values(x->why, v))
		return;
	d = v[0] > v[1] ? v[0] - v[1] : v[1] - v[0];
	k = (d + wrap / 2) / wrap;
	if (k && d - k * wrap <= slack && k * wrap - d <= slack)
		strcpy(x->prop, "mult-beyond-maxadj-wrap");
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
	const char *expl;

	classify_coarse(x);
	classify_mult_wrap(x);
	snprintf(f.sig, sizeof(f.sig), "%s %s %s", x->prop, x->clock, kind);
	snprintf(f.why, sizeof(f.why), "%s", x->why);
	f.op_index = x->op_index;
	f.t_ns = x->s->now_ns;
	expl = oracle_known_explain(f.sig);
	f.known = expl && !(x->flags & SIM_OPS_KNOWN_FAIL);
	if (x->log)
		fprintf(x->log, "  %s after op %u at %llu ns: %s: %s\n",
			f.known ? "known" : "FINDING", f.op_index, (unsigned long long)f.t_ns,
			f.sig, f.why);
	if (f.known) {
		/* The stepped coarse value is no base for the next monotonic check. */
		if (!strcmp(x->prop, "coarse-second-step")) {
			x->o.mono[0].seen[TK_CLOCK_REALTIME_COARSE] = false;
			x->o.mono[0].seen[TK_CLOCK_MONOTONIC_COARSE] = false;
		}
		/* Nor are the wrapped values: every clock of tkr_mono stepped back. */
		if (!strcmp(x->prop, "mult-beyond-maxadj-wrap"))
			memset(x->o.mono, 0, sizeof(x->o.mono));
		if (!x->r->nr_known++)
			x->r->known = f;
		return false;
	}
	if (!x->r->findings++)
		x->r->first = f;
	return true;
}
