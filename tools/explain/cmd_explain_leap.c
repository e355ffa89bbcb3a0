// SPDX-License-Identifier: GPL-2.0
// tksim's own: `tksim explain leap`, after kernel/time/ntp.c (v6.14) second_overflow(),
// __do_adjtimex() and kernel/time/timekeeping.c (v6.15) accumulate_nsecs_to_secs().
/*
 * An inserted leap second at UTC midnight: the system boots 2 s before it
 * with STA_INS armed (and maxerror 0, so that it counts as synchronised),
 * and every tick runs for real.  With --delete, a deleted one: STA_DEL, 3 s
 * before midnight (second_overflow() arms the deletion of 23:59:59 at a
 * second before it), and the tick that reaches 23:59:59 makes it 00:00:00.  The explanation runs
 * second_overflow() on a copy of the NTP state at the midnight tick to show the step it returns;
 * then the real tick runs, and the state, the TAI offset and every clock
 * read around it are compared with what the steps said.
 */
#include <inttypes.h>

#include "sim/ntpd.h"
#include "sim/oracle.h"
#include "sim/trace.h"
#include "timekeeper/adjtimex.h"
#include "tools/explain/cmd_explain.h"
#include "tools/tksim.h"
#include "vdso/gettimeofday.h"

/* REALTIME as "1767311999.999034941 (23:59:59.999034941 UTC)". */
static void utc(char *buf, size_t n, const struct timespec64 *ts)
{
	s64 d = ts->tv_sec % 86400;

	snprintf(buf, n, "%" PRId64 ".%09ld (%02" PRId64 ":%02" PRId64 ":%02" PRId64 ".%09ld UTC)",
		 (s64)ts->tv_sec, ts->tv_nsec, d / 3600, d / 60 % 60, d % 60, ts->tv_nsec);
}

/* adjtimex() with modes 0: the state and the time it reports, nothing changed. */
static int adj_read(struct sim_system *s, struct tk_timex *tx)
{
	*tx = (struct tk_timex){ .modes = 0 };
	return do_adjtimex(&s->k, tx, true);
}

/* The reads of one instant: REALTIME (vDSO, checked against the kernel side), MONOTONIC, TAI. */
struct leap_reads {
	struct timespec64 real, mono, tai;
	struct tk_timex tx;
	int state;
};

static bool reads(struct sim_system *s, struct leap_reads *r)
{
	bool ok;

	cvdso_clock_gettime(&s->k.vdata, TK_CLOCK_REALTIME, &r->real);
	ok = explain_check_paths(s, TK_CLOCK_REALTIME, &r->real, "the vDSO REALTIME");
	tk_sys_clock_gettime(&s->k, TK_CLOCK_MONOTONIC, &r->mono);
	tk_sys_clock_gettime(&s->k, TK_CLOCK_TAI, &r->tai);
	r->state = adj_read(s, &r->tx);
	return ok;
}

static void show(const char *what, u64 t, const struct leap_reads *r)
{
	char a[48], b[64], c[48];
	/* The time field is in us unless STA_NANO is set. */
	struct timespec64 at = { .tv_sec = r->tx.time.tv_sec,
				 .tv_nsec = (long)r->tx.time.tv_usec *
					    ((r->tx.status & STA_NANO) ? 1 : NSEC_PER_USEC) };

	oracle_format_ns(a, sizeof(a), t);
	utc(b, sizeof(b), &r->real);
	printf("    %s, at %s s:\n      REALTIME %s\n", what, a, b);
	explain_ts(c, sizeof(c), &r->mono);
	printf("      MONOTONIC %s", c);
	explain_ts(c, sizeof(c), &r->tai);
	printf(", TAI %s\n", c);
	utc(b, sizeof(b), &at);
	printf("      adjtimex() returns %s; its time field %s, tai %d\n",
	       sim_time_state_name(r->state), b, r->tx.tai);
}

/* Step 5: what the midnight tick did, against what second_overflow() on a copy returned. */
static bool check_step(const struct leap_reads *b, const struct leap_reads *a,
		       const struct timekeeper *tb, const struct timekeeper *ta, int leap)
{
	bool ok = true;
	__int128 dm = ts_to_ns(&a->mono) - ts_to_ns(&b->mono);

	ok &= explain_check(ta->xtime_sec == tb->xtime_sec + 1 + (u64)(s64)leap, "xtime_sec");
	ok &= explain_check(ta->tai_offset == tb->tai_offset - leap, "tai_offset");
	ok &= explain_check(ta->wall_to_monotonic.tv_sec == tb->wall_to_monotonic.tv_sec - leap,
			    "wall_to_monotonic");
	/* REALTIME = MONOTONIC - wall_to_monotonic: it moved as MONOTONIC did, less a second. */
	ok &= explain_check(ts_to_ns(&a->real) - ts_to_ns(&b->real) ==
				    dm + (__int128)leap * NSEC_PER_SEC,
			    "REALTIME stepped by one second");
	ok &= explain_check(ts_to_ns(&a->tai) - ts_to_ns(&b->tai) == dm, "TAI ran on");
	return ok;
}

/**
 * explain_leap() - `tksim explain leap`
 * @o: the options (the counter and HZ; --at is not used)
 *
 * Return: exit status.
 */
int explain_leap(const struct explain_opts *o)
{
	struct explain_opts lo = *o;
	bool del = o->del;
	struct tk_timex arm = { .modes = ADJ_STATUS | ADJ_MAXERROR,
				.status = del ? STA_DEL : STA_INS };
	struct leap_reads prev = { 0 }, b, a;
	struct timekeeper tb, ta;
	struct ntp_data copy;
	time64_t midnight = sim_next_utc_midnight(o->cfg.wall_time.tv_sec);
	/* The first second the leap changes: 00:00:00 lived after 23:59:60, or 23:59:59 skipped. */
	time64_t leap_sec = del ? midnight - 1 : midnight;
	struct sim_system *s;
	u64 t, t_prev = 0;
	int leap = 0, ret, unsync, state0 = TIME_OK;
	bool ok = true, have_prev = false;
	char x[64];

	lo.cfg.wall_time = (struct timespec64){ .tv_sec = midnight - (del ? 3 : 2), .tv_nsec = 0 };
	s = explain_boot(&lo);
	if (!s)
		return TKSIM_EXIT_USAGE;
	ret = do_adjtimex(&s->k, &arm, true);
	printf(del ? "A deleted leap second: the tick at 23:59:59 UTC, and what programs see\n"
		   : "An inserted leap second: the tick at UTC midnight, and what programs see\n");
	printf("(kernel/time/ntp.c: second_overflow(), __do_adjtimex(); kernel/time/timekeeping.c: "
	       "accumulate_nsecs_to_secs())\n");
	explain_header(s);
	utc(x, sizeof(x), &lo.cfg.wall_time);
	printf("booted at %s, %d s before midnight\n\n", x, del ? 3 : 2);
	printf(" 1. at boot: adjtimex(ADJ_STATUS | ADJ_MAXERROR, status %s, maxerror 0) "
	       "returns %s:\n"
	       "    the %s is armed; maxerror 0 clears STA_UNSYNC (a daemon's call would)\n",
	       del ? "STA_DEL" : "STA_INS", sim_time_state_name(ret),
	       del ? "deletion" : "insertion");

	/* Tick by tick up to the one whose second_overflow() steps the clock. */
	for (unsigned int i = 0; i < 4 * s->cfg.hz; i++) {
		t = s->next_tick_ns;
		sim_advance_to(s, t - 1);
		ok &= reads(s, &b);
		tk_snapshot(&s->k, &tb);
		copy = s->k.ntp;
		sim_advance_to(s, t);
		tk_snapshot(&s->k, &ta);
		if (ta.xtime_sec != tb.xtime_sec && copy.time_state == TIME_OK &&
		    s->k.ntp.time_state == (del ? TIME_DEL : TIME_INS))
			printf(" 2. the tick that reaches %s: second_overflow(): TIME_OK -> "
			       "%s, the leap is due at %" PRId64 " (%s)\n",
			       del ? "23:59:58" : "23:59:59", del ? "TIME_DEL" : "TIME_INS",
			       (s64)s->k.ntp.ntp_next_leap_sec,
			       del ? "23:59:59, the second to delete" : "the next midnight");
		if (ta.tai_offset != tb.tai_offset) {
			/* The explanation: second_overflow() on a copy, at the second reached. */
			state0 = copy.time_state;
			leap = second_overflow(&copy, (time64_t)tb.xtime_sec + 1);
			break;
		}
		if (b.real.tv_sec < leap_sec) {
			prev = b;
			t_prev = t;
			have_prev = true;
		}
	}
	if (!leap || !have_prev) {
		explain_check(false, "a leap second within 4 s of boot");
		sim_system_free(s);
		return TKSIM_EXIT_VIOLATION;
	}
	printf(" 3. REALTIME is read 1 ns before every tick; the last read before %s:\n",
	       del ? "23:59:59" : "midnight");
	show(del ? "23:59:58, the last second before the one deleted"
		 : "23:59:59 for the first time",
	     t_prev - 1, &prev);
	printf(" 4. %s (the counter runs fast: REALTIME reaches it before 2 s),\n"
	       "    but the tick that applies the leap has not run:\n",
	       del ? "23:59:59 has begun" : "midnight has passed");
	show(del ? "1 ns before the tick that deletes 23:59:59" : "1 ns before the midnight tick",
	     t - 1, &b);
	if (b.real.tv_sec >= leap_sec && !del)
		printf("      the vDSO and the kernel-side read already say 00:00:00; adjtimex() "
		       "alone knows,\n      and reports 23:59:59 with TIME_OOP: that second is "
		       "23:59:60\n");
	if (b.real.tv_sec >= leap_sec && del)
		printf("      the vDSO and the kernel-side read say 23:59:59; adjtimex() alone "
		       "knows that\n      second is gone, and reports 00:00:00 with TIME_WAIT\n");
	printf(" 5. the %s tick: xtime_sec reaches %" PRIu64 ", second_overflow() returns "
	       "leap %d\n"
	       "    (%s -> %s): xtime_sec += leap -> %" PRIu64 ", wall_to_monotonic.tv_sec "
	       "-= leap,\n    tai_offset %d -> %d; MONOTONIC and TAI run on\n",
	       del ? "23:59:59" : "midnight", tb.xtime_sec + 1, leap, sim_time_state_name(state0),
	       sim_time_state_name(copy.time_state), ta.xtime_sec, tb.tai_offset, ta.tai_offset);
	ok &= explain_check(s->k.ntp.time_state == copy.time_state, "the leap state");
	ok &= reads(s, &a);
	show("right after the tick", t, &a);
	ok &= check_step(&b, &a, &tb, &ta, leap);
	if (del)
		printf("      REALTIME went forward by %.9f s: 23:59:59 is skipped\n",
		       (double)(ts_to_ns(&a.real) - ts_to_ns(&b.real)) * 1e-9);
	else
		printf("      REALTIME went back by %.9f s: 23:59:59 is lived twice\n",
		       (double)(ts_to_ns(&b.real) - ts_to_ns(&a.real)) * 1e-9);

	/* The same read with STA_UNSYNC, as when no daemon runs: the real ntp_adjtimex() on a copy.
	 */
	copy = s->k.ntp;
	copy.time_status |= STA_UNSYNC;
	{
		struct tk_timex tx = { .modes = 0 };
		s32 tai = ta.tai_offset;

		unsync = ntp_adjtimex(&copy, &tx, &a.real, (time64_t)ta.xtime_sec, &tai, 0);
	}
	printf(" 6. with STA_UNSYNC set (no daemon: maxerror grows past 16 s, as in "
	       "scenarios/leap-insert.scn)\n"
	       "    adjtimex() returns %s instead: the state is still %s\n",
	       sim_time_state_name(unsync), sim_time_state_name(s->k.ntp.time_state));
	ok &= explain_check(unsync == TIME_ERROR, "TIME_ERROR under STA_UNSYNC");

	/* One second on: TIME_OOP -> TIME_WAIT. */
	for (unsigned int i = 0; i < 2 * s->cfg.hz && s->k.ntp.time_state == TIME_OOP; i++)
		sim_advance_to(s, s->next_tick_ns);
	ok &= reads(s, &a);
	if (del) {
		printf(" 7. a deletion has no TIME_OOP (there is no extra second to live): the "
		       "tick "
		       "that\n    deleted 23:59:59 went to TIME_WAIT at once\n");
	} else {
		printf(" 7. a second later second_overflow() ends the leap: TIME_OOP -> "
		       "TIME_WAIT\n");
		show("that tick", s->now_ns, &a);
	}
	printf("    TIME_WAIT lasts until %s is cleared (adjtimex ADJ_STATUS), then "
	       "TIME_OK\n",
	       del ? "STA_DEL" : "STA_INS");
	ok &= explain_check(a.state == TIME_WAIT, "TIME_WAIT after the leap");
	if (ok)
		printf("\nchecked: second_overflow() on a copy and the real %s tick agree on "
		       "the step,\nthe state and TAI - UTC; REALTIME moved as MONOTONIC %s one "
		       "second, TAI as MONOTONIC;\nevery REALTIME read was the same through the "
		       "vDSO and the kernel side\n",
		       del ? "23:59:59" : "midnight", del ? "plus" : "less");
	sim_system_free(s);
	return ok ? TKSIM_EXIT_OK : TKSIM_EXIT_VIOLATION;
}
