// SPDX-License-Identifier: GPL-2.0
// tksim's own: `tksim explain adjtimex`, after kernel/time/ntp.c (v6.14) ntp_update_offset(),
// ntp_update_frequency(), second_overflow() and kernel/time/timekeeping.c timekeeping_adjust().
/*
 * One adjtimex() call as an NTP daemon makes it (ADJ_OFFSET in ns, the
 * status, the time constant, maxerror), followed through the kernel: the
 * PLL/FLL update of time_freq and time_offset, the new tick_length_base,
 * the mult the next tick picks, and the next second_overflow(), which adds
 * the second's share of the phase to tick_length.  The steps are derived
 * here from the NTP state before the call; then the real do_adjtimex() and
 * the real ticks run, and every number is compared.
 */
#include <inttypes.h>

#include "sim/oracle.h"
#include "sim/trace.h"
#include "timekeeper/adjtimex.h"
#include "tools/explain/cmd_explain.h"
#include "tools/tksim.h"

/* (ns/s) << 32 as ppm, for the eye. */
static double freq_ppm(s64 v)
{
	return (double)v / 4294967296.0 / 1000.0;
}

static s64 clamp64(s64 v, s64 lo, s64 hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* What the explanation derives for the call, to compare with the real state. */
struct adj_pred {
	s64 time_freq, time_offset;
	u64 tick_length_base, tick_length;
	long time_constant;
	bool fll_mode;
};

/* The FLL's term of ntp_update_offset_fll() for @secs, said in words; 0 when it has none. */
static s64 fll_term(s64 offset, long secs, bool sta_fll, bool *mode)
{
	s64 fll;

	*mode = secs >= MINSEC && (sta_fll || secs > MAXSEC);
	if (secs < MINSEC) {
		printf("    FLL: secs < MINSEC (%d s): no frequency-locked term%s\n", MINSEC,
		       sta_fll ? " although STA_FLL is set (too short to measure a frequency)"
			       : "");
		return 0;
	}
	if (!*mode) {
		printf("    FLL: secs <= MAXSEC (%d s) and no STA_FLL: no frequency-locked term\n",
		       MAXSEC);
		return 0;
	}
	fll = offset * ((s64)1 << (NTP_SCALE_SHIFT - SHIFT_FLL)) / secs;
	printf("    FLL: secs >= MINSEC (%d s) and %s:\n"
	       "         STA_MODE is set; the frequency-locked term is the offset over the "
	       "interval,\n"
	       "         weighted 1/2^SHIFT_FLL:\n"
	       "         offset << (32 - SHIFT_FLL) / secs = %" PRId64 " << %d / %ld = %" PRId64
	       " ((ns/s) << 32, %+.6f ppm)\n",
	       MINSEC, sta_fll ? "STA_FLL" : "secs > MAXSEC (2048 s: a long poll interval)", offset,
	       NTP_SCALE_SHIFT - SHIFT_FLL, secs, fll, freq_ppm(fll));
	return fll;
}

/* Steps 2-4: the NTP state after the call, derived from @b, the state before it. */
static void derive(const struct ntp_data *b, const struct tk_timex *txc, time64_t xtime_sec,
		   struct adj_pred *p)
{
	bool nano = txc->modes & ADJ_NANO, sta_fll = txc->status & STA_FLL;
	long tc = (long)clamp64(txc->constant, 0, MAXTC), secs, capped;
	s64 offset = txc->offset, fll, pll, second_length;

	if (nano) {
		printf(" 2. time_constant = %ld (ADJ_NANO: the constant as given)\n", tc);
	} else {
		long tc4 = (long)clamp64(tc + 4, 0, MAXTC);

		printf(" 2. time_constant = %ld + 4 = %ld (us mode: ntpd's constant is 4 "
		       "smaller)\n",
		       tc, tc4);
		tc = tc4;
	}
	p->time_constant = tc;
	printf(" 3. ntp_update_offset(), the PLL/FLL update:\n");
	if (!nano) {
		offset = clamp64(offset, -(s64)USEC_PER_SEC, USEC_PER_SEC) * NSEC_PER_USEC;
		printf("    us mode (no STA_NANO): offset clamped to +/-USEC_PER_SEC, times "
		       "NSEC_PER_USEC: %lld us -> %" PRId64 " ns\n",
		       txc->offset, offset);
	}
	offset = clamp64(offset, -MAXPHASE, MAXPHASE);
	printf("    offset clamped to +/-MAXPHASE (%ld ns): %" PRId64 " ns\n", MAXPHASE, offset);
	secs = (long)(xtime_sec - b->time_reftime);
	printf("    secs = xtime_sec - time_reftime = %" PRId64 " - %" PRId64
	       " = %ld s since the last update\n",
	       (s64)xtime_sec, (s64)b->time_reftime, secs);
	fll = fll_term(offset, secs, sta_fll, &p->fll_mode);
	capped = secs > 1L << (SHIFT_PLL + 1 + tc) ? 1L << (SHIFT_PLL + 1 + tc) : secs;
	printf("    PLL: secs capped at 2^(SHIFT_PLL + 1 + time_constant) = %ld s: %ld\n",
	       1L << (SHIFT_PLL + 1 + tc), capped);
	pll = offset * capped * ((s64)1 << (NTP_SCALE_SHIFT - 2 * (SHIFT_PLL + 2 + tc)));
	printf("         offset * secs << (32 - 2 * (SHIFT_PLL + 2 + time_constant)) = %" PRId64
	       " * %ld << %ld = %" PRId64 " ((ns/s) << 32, %+.6f ppm)\n",
	       offset, capped, NTP_SCALE_SHIFT - 2 * (SHIFT_PLL + 2 + tc), pll, freq_ppm(pll));
	p->time_freq = clamp64(b->time_freq + fll + pll, -MAXFREQ_SCALED, MAXFREQ_SCALED);
	printf("    time_freq = %" PRId64 " + %" PRId64 " = %" PRId64
	       " ((ns/s) << 32: %+.6f ppm), within +/-500 ppm\n",
	       b->time_freq, fll + pll, p->time_freq, freq_ppm(p->time_freq));
	p->time_offset = offset * ((s64)1 << NTP_SCALE_SHIFT) / (s64)b->hz;
	printf("    time_offset = offset << 32 / HZ = %" PRId64
	       " (ns << 32 per tick: the phase still to apply)\n",
	       p->time_offset);
	second_length = (s64)((u64)(b->tick_usec * NSEC_PER_USEC * USER_HZ) << NTP_SCALE_SHIFT) +
			b->ntp_tick_adj + p->time_freq;
	p->tick_length_base = (u64)second_length / b->hz;
	p->tick_length = b->tick_length + p->tick_length_base - b->tick_length_base;
	printf(" 4. ntp_update_frequency(): one second = (tick_usec %lu * 1000 * USER_HZ %d) << 32"
	       " + ntp_tick_adj %" PRId64 " + time_freq\n"
	       "      = %" PRId64 " (ns << 32)\n"
	       "    tick_length_base = that / HZ = %" PRIu64 " (ns << 32 per tick: %.6f ns)\n"
	       "    tick_length += new base - old base = %" PRIu64 " + (%" PRIu64 " - %" PRIu64
	       ") = %" PRIu64 "\n",
	       b->tick_usec, USER_HZ, b->ntp_tick_adj, second_length, p->tick_length_base,
	       (double)p->tick_length_base / 4294967296.0, b->tick_length, p->tick_length_base,
	       b->tick_length_base, p->tick_length);
}

/* timekeeping_adjust()'s base mult for @tl; true if the real tick's mult is it plus ntp_err_mult.
 */
static bool show_mult(const struct timekeeper *tk, u64 tl)
{
	u32 base = (u32)(((tl >> tk->ntp_error_shift) - (u64)tk->xtime_remainder) /
			 tk->cycle_interval);

	printf("    timekeeping_adjust(): base mult = ((tick_length >> %" PRIu32
	       ") - xtime_remainder) / cycle_interval\n"
	       "      = (%" PRIu64 " - %" PRId64 ") / %" PRIu64 " = %" PRIu32
	       "; + ntp_err_mult %" PRIu32 " = mult %" PRIu32 "\n",
	       tk->ntp_error_shift, tl >> tk->ntp_error_shift, tk->xtime_remainder,
	       tk->cycle_interval, base, tk->ntp_err_mult, base + tk->ntp_err_mult);
	return explain_check(tk->tkr_mono.mult == base + tk->ntp_err_mult && tk->ntp_tick == tl,
			     "timekeeping_adjust()'s mult");
}

/* The ticks after the call, up to the one that completes a second; true if all agreed. */
static bool after_call(struct sim_system *s, const struct adj_pred *p)
{
	struct timekeeper tk;
	u64 start_sec, t;
	s64 chunk, offset = p->time_offset;
	long maxerr = s->k.ntp.time_maxerror;
	char a[48];
	bool ok = true, first = true;

	tk_snapshot(&s->k, &tk);
	start_sec = tk.xtime_sec;
	for (unsigned int i = 0; i <= 2 * s->cfg.hz + 2; i++) {
		t = s->next_tick_ns;
		sim_advance_to(s, t);
		tk_snapshot(&s->k, &tk);
		oracle_format_ns(a, sizeof(a), t);
		if (tk.xtime_sec == start_sec && !first)
			continue;
		if (tk.xtime_sec == start_sec) {
			printf(" 6. the next tick, at %s s: tick_length (%" PRIu64
			       ") is not ntp_tick, so mult is chosen again\n",
			       a, ntp_tick_length(&s->k.ntp));
			ok &= show_mult(&tk, ntp_tick_length(&s->k.ntp));
			first = false;
			continue;
		}
		chunk = shift_right(offset, SHIFT_PLL + (unsigned int)p->time_constant);
		printf(" 7. the tick at %s s completes second %" PRIu64 ": second_overflow()\n", a,
		       tk.xtime_sec);
		printf("    maxerror += 500 us: %ld -> %ld us\n", maxerr, maxerr + 500);
		printf("    the phase share: time_offset >> (SHIFT_PLL + time_constant) = %" PRId64
		       " >> %ld = %" PRId64 " (%.6f ns a tick, %.3f ns this second)\n",
		       offset, SHIFT_PLL + p->time_constant, chunk, (double)chunk / 4294967296.0,
		       (double)chunk * s->cfg.hz / 4294967296.0);
		printf("    time_offset -= it -> %" PRId64
		       "; tick_length = tick_length_base + it = "
		       "%" PRIu64 " + %" PRId64 " = %" PRIu64 "\n",
		       offset - chunk, p->tick_length_base, chunk, p->tick_length_base + chunk);
		ok &= explain_check(s->k.ntp.time_offset == offset - chunk, "time_offset");
		ok &= explain_check(s->k.ntp.tick_length == p->tick_length_base + (u64)chunk,
				    "tick_length after second_overflow()");
		ok &= explain_check(s->k.ntp.time_maxerror == maxerr + 500, "maxerror");
		ok &= show_mult(&tk, ntp_tick_length(&s->k.ntp));
		return ok;
	}
	return explain_check(false, "a second completed within two seconds of ticks");
}

/* What adjtimex() reads back as its offset: the phase still to apply, in the call's unit. */
static s64 readback_offset(const struct ntp_data *n, bool nano)
{
	s64 ns = shift_right(n->time_offset * (s64)n->hz, NTP_SCALE_SHIFT);

	return nano ? ns : ns / (s64)NSEC_PER_USEC;
}

/**
 * explain_adjtimex() - `tksim explain adjtimex`
 * @o: the options (system, --at, --offset, --ntp-freq, --micro, --fll)
 *
 * The PLL is switched on at boot; the call is made at --at (16.5 s; 300 s with
 * --fll, past MINSEC), with --offset or, without it, the offset a daemon would
 * measure then; in ns (ADJ_NANO) or, with --micro, in us (ADJ_MICRO).
 *
 * Return: exit status.
 */
int explain_adjtimex(const struct explain_opts *o)
{
	struct sim_system *s = explain_boot(o);
	unsigned int unit = o->micro ? ADJ_MICRO : ADJ_NANO;
	const char *unit_name = o->micro ? "ADJ_MICRO" : "ADJ_NANO";
	struct tk_timex boot = { .modes = ADJ_STATUS | unit, .status = STA_PLL };
	struct tk_timex txc = { .modes = ADJ_OFFSET | ADJ_STATUS | ADJ_TIMECONST | ADJ_MAXERROR |
					 unit,
				.status = STA_PLL | (o->fll ? STA_FLL : 0),
				.constant = 4,
				.maxerror = 1240 };
	s64 measured;
	struct timespec64 rt;
	struct timekeeper tk;
	struct ntp_data before;
	struct adj_pred p;
	char a[48];
	int ret, want;
	bool ok = true;

	if (!s)
		return TKSIM_EXIT_USAGE;
	if (explain_set_ntp_freq(s, o) || do_adjtimex(&s->k, &boot, true) < 0) {
		sim_system_free(s);
		return TKSIM_EXIT_USAGE;
	}
	sim_advance_to(s, explain_at(o, o->fll ? 300 * NSEC_PER_SEC
					       : 16 * NSEC_PER_SEC + 500 * NSEC_PER_MSEC));
	tk_snapshot(&s->k, &tk);
	tk_sys_clock_gettime(&s->k, TK_CLOCK_REALTIME, &rt);
	/* What a daemon measures: true time minus REALTIME, positive when the clock is behind. */
	measured = o->offset_set
			   ? o->offset_ns
			   : (s64)s->now_ns - (s64)(ts_to_ns(&rt) - ts_to_ns(&s->cfg.wall_time));
	/* In us mode the daemon hands over whole us (ntpd truncates). */
	txc.offset = o->micro ? measured / (s64)NSEC_PER_USEC : measured;
	before = s->k.ntp;

	oracle_format_ns(a, sizeof(a), s->now_ns);
	printf("One adjtimex() call through the kernel's NTP discipline, at %s s\n", a);
	printf("(kernel/time/ntp.c: ntp_update_offset(), ntp_update_frequency(), "
	       "second_overflow(); kernel/time/timekeeping.c: timekeeping_adjust())\n");
	explain_header(s);
	printf("units: time_freq in (ns/s) << 32 (1 ppm = 4294967296000), time_offset and "
	       "tick_length in ns << 32 per tick\n");
	printf("at boot: adjtimex(ADJ_STATUS | %s, status STA_PLL): the PLL starts, "
	       "time_reftime = %" PRId64 "\n",
	       unit_name, (s64)before.time_reftime);
	printf("the unit of the offset: %s\n",
	       o->micro ? "ADJ_MICRO clears STA_NANO: offset in us, as ntpd makes the call"
			: "ADJ_NANO sets STA_NANO: offset in ns, as chronyd makes the call "
			  "(--micro: us)");
	printf("before: time_freq %" PRId64 " (%+.6f ppm), time_offset %" PRId64
	       ", tick_length_base %" PRIu64 ", tick_length %" PRIu64 "\n\n",
	       before.time_freq, freq_ppm(before.time_freq), before.time_offset,
	       before.tick_length_base, before.tick_length);

	printf(" 1. the call, as a daemon makes it: modes ADJ_OFFSET | ADJ_STATUS | ADJ_TIMECONST "
	       "| ADJ_MAXERROR | %s\n"
	       "    offset %lld %s (%s), status STA_PLL%s, constant 4, maxerror 1240 us\n",
	       unit_name, txc.offset, o->micro ? "us" : "ns",
	       o->offset_set  ? "--offset"
	       : measured < 0 ? "true time - REALTIME now: the counter runs fast, the clock "
				"is ahead"
			      : "true time - REALTIME now: the clock is behind",
	       o->fll ? " | STA_FLL" : "");
	derive(&before, &txc, (time64_t)tk.xtime_sec, &p);

	ret = do_adjtimex(&s->k, &txc, true);
	want = (s->k.ntp.time_status & (STA_UNSYNC | STA_CLOCKERR)) ? TIME_ERROR
								    : s->k.ntp.time_state;
	printf(" 5. adjtimex() returns %s (%d): the leap state, or TIME_ERROR while STA_UNSYNC is "
	       "set;\n    it reads back freq %lld (scaled ppm, ppm << 16: %+.6f ppm), offset %lld "
	       "%s\n    (time_offset * HZ >> 32: the phase still to apply%s), status 0x%04x "
	       "(%s%s)\n",
	       sim_time_state_name(ret), ret, txc.freq, (double)txc.freq / 65536.0, txc.offset,
	       o->micro ? "us" : "ns", o->micro ? ", / NSEC_PER_USEC in us mode" : "",
	       (unsigned int)txc.status, o->micro ? "no STA_NANO" : "STA_NANO",
	       p.fll_mode ? ", STA_MODE: the FLL ran" : "");
	ok &= explain_check(ret == want, "the return value");
	ok &= explain_check(txc.offset == readback_offset(&s->k.ntp, !o->micro),
			    "the offset read back");
	ok &= explain_check(!!(txc.status & STA_MODE) == p.fll_mode, "STA_MODE");
	ok &= explain_check(s->k.ntp.time_freq == p.time_freq, "time_freq");
	ok &= explain_check(s->k.ntp.time_offset == p.time_offset, "time_offset");
	ok &= explain_check(s->k.ntp.time_constant == p.time_constant, "time_constant");
	ok &= explain_check(s->k.ntp.tick_length_base == p.tick_length_base, "tick_length_base");
	ok &= explain_check(s->k.ntp.tick_length == p.tick_length, "tick_length");
	printf("\n");
	ok &= after_call(s, &p);
	if (ok)
		printf("\nchecked: the real do_adjtimex() and the ticks after it left the same "
		       "time_freq, time_offset, time_constant, tick_length_base, tick_length, "
		       "maxerror and mult\n");
	sim_system_free(s);
	return ok ? TKSIM_EXIT_OK : TKSIM_EXIT_VIOLATION;
}
