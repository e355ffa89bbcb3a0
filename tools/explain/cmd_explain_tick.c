// SPDX-License-Identifier: GPL-2.0
// tksim's own: `tksim explain tick`, after kernel/time/timekeeping.c (v6.15) timekeeping_advance().
/*
 * One tick, step by step: the offset since cycle_last, the chunks of
 * logarithmic_accumulation(), second_overflow() when a second is complete,
 * ntp_error, and timekeeping_adjust()'s choice of mult.  The steps run on
 * copies of the timekeeper and of the NTP state (second_overflow() itself is
 * called on the copy), then the real tick runs and every field is compared.
 */
#include <inttypes.h>
#include <string.h>

#include "sim/oracle.h"
#include "tools/explain/cmd_explain.h"
#include "tools/tksim.h"

static int ilog2_u64(u64 v)
{
	return v ? 63 - __builtin_clzll(v) : -1;
}

/* NTP-scaled ns (ns << 32) as ns, for the eye. */
static double ns32(s64 v)
{
	return (double)v / 4294967296.0;
}

/* accumulate_nsecs_to_secs(): whole seconds out of xtime_nsec, second_overflow() on each. */
static bool accumulate(struct timekeeper *tk, struct ntp_data *ntp, bool say)
{
	u64 nsecps = (u64)NSEC_PER_SEC << tk->tkr_mono.shift;
	bool crossed = false;

	while (tk->tkr_mono.xtime_nsec >= nsecps) {
		u64 before = ntp_tick_length(ntp);
		int leap;

		tk->tkr_mono.xtime_nsec -= nsecps;
		tk->xtime_sec++;
		crossed = true;
		if (tk->skip_second_overflow) {
			tk->skip_second_overflow = 0;
			if (say)
				printf("    a second is complete: xtime_sec -> %" PRIu64
				       " (already reported to NTP: no second_overflow())\n",
				       tk->xtime_sec);
			continue;
		}
		leap = second_overflow(ntp, (time64_t)tk->xtime_sec);
		tk->xtime_sec += (u64)(s64)leap;
		if (say && ntp_tick_length(ntp) == before)
			printf("    a second is complete: xtime_sec -> %" PRIu64
			       ", second_overflow(): leap %d, tick_length unchanged\n",
			       tk->xtime_sec, leap);
		else if (say)
			printf("    a second is complete: xtime_sec -> %" PRIu64
			       ", second_overflow(): leap %d,\n"
			       "    tick_length %" PRIu64 " -> %" PRIu64
			       " (ns << 32 per tick: %.6f ns)\n",
			       tk->xtime_sec, leap, before, ntp_tick_length(ntp),
			       ns32((s64)ntp_tick_length(ntp)));
	}
	return crossed;
}

/* One chunk of logarithmic_accumulation(). */
static u64 chunk(struct timekeeper *tk, struct ntp_data *ntp, u64 offset, int shift, bool say,
		 bool *crossed)
{
	u64 interval = tk->cycle_interval << shift;
	u64 snsec = (u64)NSEC_PER_SEC << tk->tkr_raw.shift;
	s64 err;

	if (offset < interval)
		return offset;
	offset -= interval;
	tk->tkr_mono.cycle_last += interval;
	tk->tkr_raw.cycle_last += interval;
	tk->tkr_mono.xtime_nsec += tk->xtime_interval << shift;
	if (say)
		printf("    chunk of cycle_interval << %d = %" PRIu64
		       " cycles: cycle_last -> %" PRIu64
		       ", xtime_nsec += xtime_interval << %d -> %" PRIu64 "\n",
		       shift, interval, tk->tkr_mono.cycle_last, shift, tk->tkr_mono.xtime_nsec);
	*crossed |= accumulate(tk, ntp, say);
	tk->tkr_raw.xtime_nsec += tk->raw_interval << shift;
	while (tk->tkr_raw.xtime_nsec >= snsec) {
		tk->tkr_raw.xtime_nsec -= snsec;
		tk->raw_sec++;
	}
	err = (s64)(tk->ntp_tick << shift) - (s64)((tk->xtime_interval + (u64)tk->xtime_remainder)
						   << (tk->ntp_error_shift + (u32)shift));
	tk->ntp_error += err;
	if (say)
		printf("    ntp_error += (ntp_tick << %d) - ((xtime_interval + xtime_remainder) << "
		       "%" PRIu32 ") = %+" PRId64 " -> %" PRId64 " (%+.3f ns)\n",
		       shift, tk->ntp_error_shift + (u32)shift, err, tk->ntp_error,
		       ns32(tk->ntp_error));
	return offset;
}

/* timekeeping_adjust(): the mult for the next tick, continuous at the counter now. */
static void adjust(struct timekeeper *tk, const struct ntp_data *ntp, u64 offset, bool say)
{
	u64 tl = ntp_tick_length(ntp);
	u32 mult;
	s32 adj;

	if (tk->ntp_tick == tl) {
		mult = tk->tkr_mono.mult - tk->ntp_err_mult;
		if (say)
			printf("    tick_length unchanged (%" PRIu64
			       "): base mult = mult - ntp_err_mult = %" PRIu32 " - %" PRIu32
			       " = %" PRIu32 "\n",
			       tl, tk->tkr_mono.mult, tk->ntp_err_mult, mult);
	} else {
		tk->ntp_tick = tl;
		mult = (u32)(((tl >> tk->ntp_error_shift) - (u64)tk->xtime_remainder) /
			     tk->cycle_interval);
		if (say)
			printf("    tick_length changed: base mult = ((tick_length >> %" PRIu32
			       ") - xtime_remainder) / cycle_interval\n"
			       "      = (%" PRIu64 " - %" PRId64 ") / %" PRIu64 " = %" PRIu32 "\n",
			       tk->ntp_error_shift, tl >> tk->ntp_error_shift, tk->xtime_remainder,
			       tk->cycle_interval, mult);
	}
	tk->ntp_err_mult = tk->ntp_error > 0 ? 1 : 0;
	mult += tk->ntp_err_mult;
	adj = (s32)(mult - tk->tkr_mono.mult);
	if (say)
		printf("    ntp_error %s 0 (%s): ntp_err_mult = %" PRIu32 ", mult = %" PRIu32
		       " (%+d)\n",
		       tk->ntp_error > 0 ? ">" : "<=",
		       tk->ntp_error > 0 ? "the clock is behind NTP: one unit faster"
					 : "not behind",
		       tk->ntp_err_mult, mult, adj);
	if (adj) {
		tk->xtime_interval += (u64)((s64)tk->cycle_interval * adj);
		tk->tkr_mono.xtime_nsec -= (u64)((s64)offset * adj);
		tk->tkr_mono.mult = mult;
		if (say)
			printf("    continuity at the counter now: xtime_nsec -= offset * %+d = "
			       "%" PRIu64 "; xtime_interval -> %" PRIu64 "\n",
			       adj, tk->tkr_mono.xtime_nsec, tk->xtime_interval);
	}
	if ((s64)tk->tkr_mono.xtime_nsec < 0) {
		tk->tkr_mono.xtime_nsec += (u64)NSEC_PER_SEC << tk->tkr_mono.shift;
		tk->xtime_sec--;
		tk->skip_second_overflow = 1;
		if (say)
			printf("    xtime_nsec went below 0: borrow a second "
			       "(skip_second_overflow)\n");
	}
}

/* The whole tick on @tk and @ntp (copies) with the counter at @now; true if a second passed. */
static bool predict(struct timekeeper *tk, struct ntp_data *ntp, u64 now, u64 max_raw_delta,
		    bool say)
{
	u64 offset = (now - tk->tkr_mono.cycle_last) & tk->tkr_mono.mask, orig;
	int shift, maxshift;
	bool crossed = false;

	if (offset > max_raw_delta)
		offset = 0;
	orig = offset;
	if (say)
		printf(" 1. offset = (counter - cycle_last) & mask = (%" PRIu64 " - %" PRIu64
		       ") & mask = %" PRIu64 " cycles\n"
		       "    cycle_interval = %" PRIu64
		       " cycles (1/HZ s at the registered frequency)\n",
		       now, tk->tkr_mono.cycle_last, offset, tk->cycle_interval);
	if (offset < tk->cycle_interval) {
		if (say)
			printf("    less than one interval: the tick returns without a change\n");
		return false;
	}
	shift = ilog2_u64(offset) - ilog2_u64(tk->cycle_interval);
	if (shift < 0)
		shift = 0;
	maxshift = (64 - (ilog2_u64(ntp_tick_length(ntp)) + 1)) - 1;
	if (say)
		printf(" 2. chunks: shift = ilog2(offset) - ilog2(cycle_interval) = %d%s; "
		       "logarithmic_accumulation()\n    takes cycle_interval << shift while it "
		       "fits, "
		       "then halves the chunk\n",
		       shift,
		       shift > maxshift
			       ? ", capped at maxshift (ntp_tick << shift must fit in 64 bits)"
			       : "");
	if (shift > maxshift)
		shift = maxshift;
	while (offset >= tk->cycle_interval) {
		offset = chunk(tk, ntp, offset, shift, say, &crossed);
		if (offset < tk->cycle_interval << shift)
			shift--;
	}
	if (say) {
		printf("    %" PRIu64 " cycles stay unaccumulated (less than an interval)\n",
		       offset);
		printf(" 3. timekeeping_adjust():\n");
	}
	adjust(tk, ntp, offset, say);
	if (say)
		printf(" 4. accumulate_nsecs_to_secs() after the correction\n");
	if (accumulate(tk, ntp, say))
		crossed = true;
	else if (say)
		printf("    xtime_nsec is below one second: nothing to carry\n");
	if (orig != offset)
		tk->coarse_nsec = (u32)(tk->tkr_mono.xtime_nsec >> tk->tkr_mono.shift);
	/* The kernel's coarse clocks read xtime_sec (struct timekeeper: coarse_sec). */
	tk->coarse_sec = tk->xtime_sec;
	return crossed;
}

/* Compare the prediction with the timekeeper the real tick left. */
static bool same(const struct timekeeper *p, const struct timekeeper *r, const struct ntp_data *pn,
		 const struct ntp_data *rn)
{
	bool ok = true;

	ok &= explain_check(p->tkr_mono.cycle_last == r->tkr_mono.cycle_last, "cycle_last");
	ok &= explain_check(p->tkr_mono.xtime_nsec == r->tkr_mono.xtime_nsec, "xtime_nsec");
	ok &= explain_check(p->xtime_sec == r->xtime_sec, "xtime_sec");
	ok &= explain_check(p->tkr_mono.mult == r->tkr_mono.mult, "mult");
	ok &= explain_check(p->ntp_err_mult == r->ntp_err_mult, "ntp_err_mult");
	ok &= explain_check(p->ntp_error == r->ntp_error, "ntp_error");
	ok &= explain_check(p->xtime_interval == r->xtime_interval, "xtime_interval");
	ok &= explain_check(p->ntp_tick == r->ntp_tick, "ntp_tick");
	ok &= explain_check(p->tkr_raw.xtime_nsec == r->tkr_raw.xtime_nsec &&
				    p->raw_sec == r->raw_sec,
			    "the raw clock");
	ok &= explain_check(p->coarse_nsec == r->coarse_nsec, "coarse_nsec");
	ok &= explain_check(pn->tick_length == rn->tick_length, "tick_length");
	return ok;
}

static void show_state(const char *when, const struct timekeeper *tk)
{
	printf("%s: cycle_last %" PRIu64 ", xtime_sec %" PRIu64 ", xtime_nsec %" PRIu64
	       " (>> %" PRIu32 " = %" PRIu64 " ns),\n"
	       "        mult %" PRIu32 ", ntp_err_mult %" PRIu32 ", ntp_error %" PRId64
	       " (%+.3f ns)\n",
	       when, tk->tkr_mono.cycle_last, tk->xtime_sec, tk->tkr_mono.xtime_nsec,
	       tk->tkr_mono.shift, tk->tkr_mono.xtime_nsec >> tk->tkr_mono.shift, tk->tkr_mono.mult,
	       tk->ntp_err_mult, tk->ntp_error, ns32(tk->ntp_error));
}

/**
 * explain_tick() - `tksim explain tick`
 * @o: the options (system, --at, --ntp-freq)
 *
 * Without --at: the first tick after 1 s that completes a second.
 *
 * Return: exit status.
 */
int explain_tick(const struct explain_opts *o)
{
	struct sim_system *s = explain_boot(o);
	struct timekeeper before, pred, real;
	struct ntp_data pntp;
	u64 t_tick, now;
	char a[48];
	bool ok = true;

	if (!s)
		return TKSIM_EXIT_USAGE;
	if (explain_set_ntp_freq(s, o)) {
		sim_system_free(s);
		return TKSIM_EXIT_USAGE;
	}
	sim_advance_to(s, explain_at(o, NSEC_PER_SEC) - 1);
	if (o->idle_ns && o->idle_ns > s->counter.cs.max_idle_ns) {
		/* The message needs the bound after the system is gone: copy it first. */
		u64 max_idle_ns = s->counter.cs.max_idle_ns;

		sim_system_free(s);
		return tksim_usage_error(
			"explain",
			"--idle may be at most this clocksource's max_idle_ns, %" PRIu64 " ns",
			max_idle_ns);
	}
	for (;;) {
		t_tick = o->idle_ns ? s->now_ns + o->idle_ns : s->next_tick_ns;
		if (!o->idle_ns)
			sim_advance_to(s, t_tick - 1);
		tk_snapshot(&s->k, &before);
		now = sim_counter_cycles_at(&s->counter, t_tick);
		pred = before;
		pntp = s->k.ntp;
		if (o->at_set || o->idle_ns ||
		    predict(&pred, &pntp, now, s->counter.cs.max_raw_delta, false))
			break;
		/* Not the tick to show: run it, and check the prediction all the same. */
		sim_advance_to(s, t_tick);
		tk_snapshot(&s->k, &real);
		if (!same(&pred, &real, &pntp, &s->k.ntp)) {
			sim_system_free(s);
			return TKSIM_EXIT_VIOLATION;
		}
	}

	oracle_format_ns(a, sizeof(a), t_tick);
	printf("The tick at %s s: timekeeping_advance(TK_ADV_TICK)\n", a);
	if (o->idle_ns)
		printf("after %" PRIu64 " ns of NOHZ idle without a tick\n", o->idle_ns);
	printf("(kernel/time/timekeeping.c: logarithmic_accumulation(), "
	       "accumulate_nsecs_to_secs(), "
	       "timekeeping_adjust(); kernel/time/ntp.c: second_overflow())\n");
	explain_header(s);
	printf("units: cycle_last in cycles, xtime_nsec in shifted ns (ns << shift), ntp_error and "
	       "tick_length in ns << 32\n");
	printf("per tick: xtime_interval = cycle_interval * mult = %" PRIu64
	       ", xtime_remainder = (1e9/HZ << shift) - cycle_interval * clocksource mult = "
	       "%" PRId64 ",\n          raw_interval = %" PRIu64 ", ntp_tick = %" PRIu64
	       " (%.6f ns)\n\n",
	       before.xtime_interval, before.xtime_remainder, before.raw_interval, before.ntp_tick,
	       ns32((s64)before.ntp_tick));
	show_state("before", &before);
	printf("\n");
	pred = before;
	pntp = s->k.ntp;
	predict(&pred, &pntp, now, s->counter.cs.max_raw_delta, true);
	printf("\n");
	if (o->idle_ns)
		sim_idle_ns(s, o->idle_ns);
	else
		sim_advance_to(s, t_tick);
	tk_snapshot(&s->k, &real);
	show_state("after ", &real);
	ok = same(&pred, &real, &pntp, &s->k.ntp);
	if (ok)
		printf("checked: the real timekeeping_advance() left the same cycle_last, "
		       "xtime_sec, "
		       "xtime_nsec, mult, ntp_err_mult, ntp_error, raw clock and tick_length\n");
	sim_system_free(s);
	return ok ? TKSIM_EXIT_OK : TKSIM_EXIT_VIOLATION;
}
