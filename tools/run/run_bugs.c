// SPDX-License-Identifier: GPL-2.0
// tksim's own: `tksim run`'s injected bugs and their conditions (see tools/run/run_bugs.h).
#include "tools/run/run_bugs.h"

#include <inttypes.h>
#include <string.h>

#include "sim/bugs.h"
#include "sim/fixes.h"
#include "sim/ops/ops.h"
#include "sim/run/run_gap.h"
#include "tools/sys_opts.h"
#include "tools/tksim.h"

/*
 * The longest --stall: 366 days.  The kernel has no shortcut for a long stall, and tksim runs
 * its arithmetic: the first vDSO read after it splits the untaken ns into seconds one second
 * at a time (lib/vdso/gettimeofday.c: vdso_set_timespec()'s __iter_div_u64_rem(), made for a
 * remainder of about a second), and the late tick runs second_overflow() once per stalled
 * second inside logarithmic_accumulation() (its shift is capped by maxshift, about 2^10
 * ticks).  That is about 11 ns of CPU per stalled second for each clock read: a year costs
 * 0.35 s, the 63 to 136 years a stall in bare seconds reaches (2000000000) took 20 s and more.
 * A stall longer than the counter can measure (max_raw_delta) is one the kernel takes for
 * negative motion; the op `stall` stops there and at 3 h (sim/ops).
 */
#define RUN_STALL_MAX_NS (366ULL * 86400 * NSEC_PER_SEC)

/* "T:D": two durations (bare numbers are seconds). */
static int parse_gap(const char *arg, struct run_gap *g)
{
	const char *colon = strchr(arg, ':');
	char t[64];

	if (!colon || (size_t)(colon - arg) >= sizeof(t))
		return -1;
	memcpy(t, arg, (size_t)(colon - arg));
	t[colon - arg] = '\0';
	if (tksim_parse_duration_ns(t, &g->t_ns) || tksim_parse_duration_ns(colon + 1, &g->d_ns) ||
	    !g->d_ns)
		return -1;
	g->done = false;
	return 0;
}

/**
 * run_bugs_parse() - one of RUN_BUGS_OPTIONS
 * @b:    the options
 * @code: its RUN_OPT_* code
 * @arg:  its value
 *
 * Return: 0, or TKSIM_EXIT_USAGE after the message.
 */
int run_bugs_parse(struct run_bugs *b, int code, const char *arg)
{
	u64 mask = 0;

	switch (code) {
	case RUN_OPT_INJECT:
		if (sim_bugs_parse(arg, &mask))
			return tksim_usage_error(
				"run", "unknown bug in --inject '%s' (see `tksim bugs`)", arg);
		/* A timeline's op may show a bug that needs threads: run_bugs_check_ops(). */
		if (tksim_refuse_unseen_bugs("run", mask & ~(u64)SIM_OPS_TIMELINE_BUGS))
			return TKSIM_EXIT_USAGE;
		b->inject = mask;
		return 0;
	case RUN_OPT_FIX:
		if (sim_fixes_parse(arg, &mask))
			return tksim_usage_error(
				"run", "unknown fix in --fix '%s' (see `tksim bugs --fixes`)", arg);
		b->fix = mask;
		return 0;
	case RUN_OPT_KNOWN_FAIL:
		b->known_fail = true;
		return 0;
	case RUN_OPT_STALL:
	case RUN_OPT_SUSPEND:
		if (parse_gap(arg, code == RUN_OPT_STALL ? &b->stall : &b->suspend))
			return tksim_usage_error("run",
						 "--%s wants T:D (two durations, D > 0), not '%s'",
						 code == RUN_OPT_STALL ? "stall" : "suspend", arg);
		return 0;
	default:
		return tksim_usage_error("run", "unknown option");
	}
}

/**
 * run_bugs_check_ops() - refuse an injected bug that needs threads, unless the ops show it
 * @b:    the options
 * @ops:  the run's timeline (none: a run without `at` lines)
 * @opts: where each option was given, for errors
 *
 * `--inject reader-no-retry` is seen by a timeline with a read-across-tick op (sim/ops);
 * any other run would say "all held" of what it cannot see.
 *
 * Return: 0, or TKSIM_EXIT_USAGE after naming the bug, the op and the command that show it.
 */
int run_bugs_check_ops(const struct run_bugs *b, const struct sim_op_list *ops,
		       const struct tksim_optset *opts)
{
	u64 unseen = b->inject & SIM_OPS_TIMELINE_BUGS & ~sim_ops_shown_bugs(ops, b->inject);
	const struct sim_bug *bug = unseen ? sim_bug_by_bit(unseen & -unseen) : NULL;

	if (!bug)
		return 0;
	return tksim_opt_error(opts, RUN_OPT_INJECT,
			       "--inject %s: only real threads show it, or a timeline with a "
			       "read-across-tick op; '%s' does",
			       bug->name, bug->shows);
}

/**
 * run_bugs_start() - inject the bugs and set up their conditions in a booted system
 * @b:           the options
 * @s:           the system, before its first check
 * @duration_ns: the run's length
 * @opts:        where each option was given, for errors
 *
 * Return: 0, or TKSIM_EXIT_USAGE for a gap that would never happen.
 */
int run_bugs_start(const struct run_bugs *b, struct sim_system *s, u64 duration_ns,
		   const struct tksim_optset *opts)
{
	if (b->stall.d_ns && b->stall.t_ns >= duration_ns)
		return tksim_opt_error(opts, RUN_OPT_STALL, "--stall begins after the run's end");
	if (b->stall.d_ns > RUN_STALL_MAX_NS)
		return tksim_opt_error(opts, RUN_OPT_STALL,
				       "--stall is longer than 366d: each read after it and the "
				       "late tick take one step per stalled second, as in the "
				       "kernel (docs/robustness.md)");
	if (b->suspend.d_ns && b->suspend.t_ns >= duration_ns)
		return tksim_opt_error(opts, RUN_OPT_SUSPEND,
				       "--suspend begins after the run's end");
	/* What the kernel computes after such a sleep is wrapped arithmetic no machine reaches. */
	if (b->suspend.d_ns &&
	    b->suspend.d_ns / NSEC_PER_SEC + b->suspend.t_ns / NSEC_PER_SEC + 1 >=
		    (u64)(KTIME_SEC_MAX - ktime_get_real_seconds(&s->k)))
		return tksim_opt_error(opts, RUN_OPT_SUSPEND,
				       "--suspend would carry REALTIME past 2262-04-11 "
				       "(KTIME_SEC_MAX), which the kernel cannot represent");
	sim_bugs_apply(&s->k, b->inject);
	sim_fixes_apply(&s->k, b->fix);
	return 0;
}

/**
 * run_bugs_gap() - run a stall or a suspend that is due at the current instant
 * @b:   the options
 * @s:   the system
 * @why: out: the violation, if any
 * @n:   its size
 *
 * Return: 0, or -1 with @why for a violation at the first read after the gap.
 */
int run_bugs_gap(struct run_bugs *b, struct sim_system *s, char *why, size_t n)
{
	if (b->stall.d_ns && !b->stall.done && s->now_ns >= b->stall.t_ns) {
		b->stall.done = true;
		if (sim_run_stall(s, b->stall.d_ns, why, n))
			return -1;
	}
	if (b->suspend.d_ns && !b->suspend.done && s->now_ns >= b->suspend.t_ns) {
		b->suspend.done = true;
		if (sim_run_suspend(s, b->suspend.d_ns, why, n))
			return -1;
	}
	return 0;
}

/**
 * run_bugs_check_system() - refuse a system the kernel would not run as asked
 * @s:    the built system
 * @opts: where each option was given, for errors
 *
 * A periodic tick longer than the clocksource's max_idle_ns lets the
 * counter pass the distance the kernel can convert, or wrap, between two
 * ticks (a narrow --bits at a high --freq): the kernel never defers its
 * tick that long (tick_nohz_next_event() caps it at max_idle_ns), so such
 * a run would report the wrap as "MONOTONIC went back", a failure the
 * kernel does not have.
 *
 * Return: 0, or TKSIM_EXIT_USAGE with the reason.
 */
int run_bugs_check_system(const struct sim_system *s, const struct tksim_optset *opts)
{
	const struct clocksource *cs = &s->counter.cs;

	if (s->tick_period_ns <= cs->max_idle_ns)
		return 0;
	return tksim_opt_error(
		opts, s->cfg.counter.bits < 64 ? SYS_OPT_BITS : SYS_OPT_HZ,
		"a tick of %" PRIu64 " ns is longer than this clocksource's max_idle_ns "
		"(%" PRIu64 " ns: a %u-bit counter at %" PRIu64
		" Hz wraps in %.9g s); the kernel never leaves it that long unread: "
		"use a wider --bits, a lower --freq or a higher --hz",
		s->tick_period_ns, cs->max_idle_ns, s->cfg.counter.bits, s->cfg.counter.freq_hz,
		(double)cs->mask / (double)s->cfg.counter.freq_hz);
}
