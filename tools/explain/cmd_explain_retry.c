// SPDX-License-Identifier: GPL-2.0
// tksim's own: `tksim explain retry`, after include/vdso/helpers.h and kernel/time/vsyscall.c
// (v6.15).
/*
 * A reader and the tick's writer interleaved by hand in one thread, so that
 * the interleaving is the same on every run: the reader loads cycle_last and
 * mult of the old page, the writer publishes the tick (vdso_write_begin, the
 * stores update_vsyscall() made, vdso_write_end), the reader loads the new
 * base.  The torn value counts the tick's accumulated cycles twice;
 * vdso_read_retry() sees the seq moved and the second round is right.
 * With --odd the reader arrives while the writer is inside: it meets an odd
 * seq, which vdso_read_begin() waits out, and what a reader that only
 * compared the two seqs would have returned is shown beside it.
 */
#include <inttypes.h>
#include <string.h>

#include "sim/oracle.h"
#include "tools/explain/cmd_explain.h"
#include "tools/tksim.h"
#include "vdso/hw_counter.h"
#include "vdso/gettimeofday.h"
#include "vdso/helpers.h"

/*
 * The writer's data stores, between vdso_write_begin() and vdso_write_end():
 * every field of both clock groups but the seq, as the real update_vsyscall()
 * left them in @to.
 */
static void writer_stores(struct vdso_time_data *page, const struct vdso_time_data *to)
{
	for (unsigned int g = 0; g < CS_BASES; g++) {
		u32 seq = page->clock_data[g].seq;

		page->clock_data[g] = to->clock_data[g];
		page->clock_data[g].seq = seq;
	}
}

/* The writer's first stores: the conversion fields of every group, not yet the bases. */
static void writer_first_half(struct vdso_time_data *page, const struct vdso_time_data *to)
{
	for (unsigned int g = 0; g < CS_BASES; g++) {
		struct vdso_clock *vc = &page->clock_data[g];
		const struct vdso_clock *t = &to->clock_data[g];

		vc->clock_mode = t->clock_mode;
		vc->cycle_last = t->cycle_last;
		vc->max_cycles = t->max_cycles;
		vc->mask = t->mask;
		vc->mult = t->mult;
		vc->shift = t->shift;
	}
}

/* The reader's loads of one round; returns the value it computes. */
static bool reader_round(int step, const struct vdso_time_data *page, s32 clock, u64 cycles,
			 const struct vdso_clock *loads_from, struct timespec64 *ts)
{
	const struct vdso_clock *vc = &page->clock_data[explain_clock_group(clock)];

	return explain_conversion(step, cycles, loads_from->cycle_last, loads_from->mask,
				  loads_from->max_cycles, loads_from->mult, loads_from->shift,
				  &vc->basetime[clock], clock, ts);
}

/*
 * --odd: the reader comes while the writer is between vdso_write_begin() and
 * vdso_write_end(), after the conversion fields and before the bases.
 */
static bool retry_odd(struct sim_system *s, struct vdso_time_data *page, s32 clock, u64 cycles,
		      struct timespec64 *torn, struct timespec64 *good)
{
	unsigned int g = explain_clock_group(clock);
	struct vdso_clock *vc = &page->clock_data[g];
	u32 seq0 = vc->seq, odd, seq;
	bool ok;

	printf("\nwriter, the tick's update_vsyscall(), first half\n");
	vdso_write_begin(page);
	printf("    vdso_write_begin(): seq %" PRIu32 " -> %" PRIu32
	       " (odd: an update is in progress)\n",
	       seq0, vc->seq);
	printf("    stores so far: cycle_last %" PRIu64, vc->cycle_last);
	writer_first_half(page, &s->k.vdata);
	printf(" -> %" PRIu64 ", mult -> %" PRIu32 "; basetime[%s] not yet\n", vc->cycle_last,
	       vc->mult, oracle_clock_name(clock));

	printf("\nreader\n");
	odd = READ_ONCE(vc->seq);
	printf(" 1. seq = %" PRIu32
	       ": odd, the writer is inside; vdso_read_begin() does not return "
	       "yet,\n    it spins (cpu_relax()) and loads seq again\n",
	       odd);
	ok = explain_check(odd & 1, "an odd seq while the writer is inside");
	printf("    a reader without that test would load the half-written page now:\n");
	printf(" 2. cycles = arch_get_hw_counter() = %" PRIu64 ", cycle_last = %" PRIu64
	       " (new), mult = %" PRIu32 "\n",
	       cycles, vc->cycle_last, vc->mult);
	ok &= reader_round(3, page, clock, cycles, vc, torn);
	printf(" 8. vdso_read_retry(): seq still %" PRIu32
	       ": the comparison alone passes, and this value would stand\n",
	       odd);
	ok &= explain_check(!vdso_read_retry(vc, odd),
			    "vdso_read_retry() cannot see a writer that is still inside");

	printf("\nwriter, second half\n");
	writer_stores(page, &s->k.vdata);
	printf("    stores: basetime[%s] -> { %" PRIu64 ", %" PRIu64 " }\n",
	       oracle_clock_name(clock), vc->basetime[clock].sec, vc->basetime[clock].nsec);
	vdso_write_end(page);
	printf("    vdso_write_end(): seq -> %" PRIu32 "\n", vc->seq);
	ok &= explain_check(vc->seq == s->k.vdata.clock_data[g].seq,
			    "the seq the real update_vsyscall() left");

	printf("\nreader, continued\n");
	seq = vdso_read_begin(vc);
	printf(" 1. seq = vdso_read_begin() = %" PRIu32 " (even now: the spin ends)\n", seq);
	printf(" 2. cycles = %" PRIu64 " (the same instant), cycle_last = %" PRIu64
	       ", mult = %" PRIu32 "\n",
	       cycles, vc->cycle_last, vc->mult);
	ok &= reader_round(3, page, clock, cycles, vc, good);
	printf(" 8. vdso_read_retry(): seq still %" PRIu32 ": done\n", seq);
	ok &= explain_check(!vdso_read_retry(vc, seq), "vdso_read_retry() with no writer");
	return ok;
}

/* --odd's summary and checks. */
static bool retry_odd_result(struct sim_system *s, s32 clock, const struct timespec64 *torn,
			     const struct timespec64 *good, u64 accumulated)
{
	char a[48], b[48];

	explain_ts(a, sizeof(a), torn);
	explain_ts(b, sizeof(b), good);
	printf("\ntorn   %s  (new cycle_last, old base: the tick's %" PRIu64
	       " accumulated cycles counted in neither)\n",
	       a, accumulated);
	printf("right  %s  (after the spin)\n", b);
	oracle_format_ns(a, sizeof(a), ts_to_ns(good) - ts_to_ns(torn));
	printf("the torn value is %s s behind: the odd test in vdso_read_begin() is what keeps it "
	       "out\n",
	       a);
	if (!explain_check_paths(s, clock, good, "cvdso_clock_gettime() on the new page"))
		return false;
	printf("checked: the value after the spin equals cvdso_clock_gettime() and the "
	       "kernel-side tk_sys_clock_gettime() after the tick\n");
	return true;
}

/**
 * explain_retry() - `tksim explain retry`
 * @o: the options (system, --at: the tick to race, --clock, --odd)
 *
 * Return: exit status.
 */
int explain_retry(const struct explain_opts *o)
{
	struct vdso_time_data page __attribute__((aligned(64)));
	struct vdso_time_data before __attribute__((aligned(64)));
	struct sim_system *s = explain_boot(o);
	struct vdso_clock old_loads;
	const struct vdso_clock *vc, *nvc;
	struct timespec64 torn, good, old;
	s32 clock = o->clock;
	unsigned int g = explain_clock_group(clock);
	u64 cycles, t_tick;
	u32 seq0, seq1;
	char a[48], b[48];
	bool ok;

	if (!s)
		return TKSIM_EXIT_USAGE;
	if (BIT(clock) & VDSO_COARSE) {
		sim_system_free(s);
		return tksim_usage_error("explain",
					 "retry explains a clock that reads the counter, "
					 "not CLOCK_%s",
					 oracle_clock_name(clock));
	}
	/* Stop 1 ns before the tick at or after --at, and keep the page as it is. */
	sim_advance_to(s, explain_at(o, NSEC_PER_SEC) - 1);
	t_tick = s->next_tick_ns;
	sim_advance_to(s, t_tick - 1);
	page = s->k.vdata;
	before = page;
	/* The tick: the real timekeeping_advance() and update_vsyscall() write s->k.vdata. */
	sim_advance_to(s, t_tick);
	vc = &page.clock_data[g];
	nvc = &s->k.vdata.clock_data[g];

	oracle_format_ns(a, sizeof(a), t_tick);
	printf("A CLOCK_%s reader and the tick at %s s, interleaved by hand in one thread\n",
	       oracle_clock_name(clock), a);
	printf("(include/vdso/helpers.h: vdso_read_begin/retry, vdso_write_begin/end; "
	       "kernel/time/vsyscall.c: update_vsyscall())\n");
	explain_header(s);

	if (o->odd) {
		cycles = arch_get_hw_counter(vc->clock_mode, &page);
		ok = retry_odd(s, &page, clock, cycles, &torn, &good);
		ok = ok && retry_odd_result(s, clock, &torn, &good,
					    nvc->cycle_last - before.clock_data[g].cycle_last);
		sim_system_free(s);
		return ok ? TKSIM_EXIT_OK : TKSIM_EXIT_VIOLATION;
	}

	printf("\nreader, round 1\n");
	seq0 = vdso_read_begin(vc);
	printf(" 1. seq = vdso_read_begin() = %" PRIu32 " (even)\n", seq0);
	cycles = arch_get_hw_counter(vc->clock_mode, &page);
	printf(" 2. cycles = arch_get_hw_counter() = %" PRIu64 "\n", cycles);
	old_loads = *vc;
	printf(" 3. cycle_last = %" PRIu64 ", mult = %" PRIu32 " (loaded before the writer came)\n",
	       vc->cycle_last, vc->mult);

	printf("\nwriter, the tick's update_vsyscall()\n");
	vdso_write_begin(&page);
	printf("    vdso_write_begin(): seq %" PRIu32 " -> %" PRIu32
	       " (odd: an update is in progress)\n",
	       seq0, vc->seq);
	writer_stores(&page, &s->k.vdata);
	printf("    stores: cycle_last %" PRIu64 " -> %" PRIu64 ", mult %" PRIu32 " -> %" PRIu32
	       ",\n"
	       "            basetime[%s] { %" PRIu64 ", %" PRIu64 " } -> { %" PRIu64 ", %" PRIu64
	       " }\n",
	       old_loads.cycle_last, vc->cycle_last, old_loads.mult, vc->mult,
	       oracle_clock_name(clock), before.clock_data[g].basetime[clock].sec,
	       before.clock_data[g].basetime[clock].nsec, vc->basetime[clock].sec,
	       vc->basetime[clock].nsec);
	vdso_write_end(&page);
	printf("    vdso_write_end(): seq -> %" PRIu32 "\n", vc->seq);
	ok = explain_check(vc->seq == nvc->seq, "the seq the real update_vsyscall() left");

	printf("\nreader, round 1 continued: basetime[%s] is loaded now, from the new page\n",
	       oracle_clock_name(clock));
	ok &= reader_round(4, &page, clock, cycles, &old_loads, &torn);
	seq1 = vdso_read_begin(vc);
	printf(" 9. vdso_read_retry(): seq is %" PRIu32 ", not %" PRIu32 ": the loads may be torn, "
	       "read again\n",
	       vc->seq, seq0);
	ok &= explain_check(vdso_read_retry(vc, seq0), "vdso_read_retry() after the writer");

	printf("\nreader, round 2\n");
	printf(" 1. seq = vdso_read_begin() = %" PRIu32 "\n", seq1);
	printf(" 2. cycles = %" PRIu64 " (the same instant), cycle_last = %" PRIu64
	       ", mult = %" PRIu32 "\n",
	       cycles, vc->cycle_last, vc->mult);
	ok &= reader_round(3, &page, clock, cycles, vc, &good);
	printf(" 8. vdso_read_retry(): seq still %" PRIu32 ": done\n", seq1);
	ok &= explain_check(!vdso_read_retry(vc, seq1), "vdso_read_retry() with no writer");

	explain_ts(a, sizeof(a), &torn);
	explain_ts(b, sizeof(b), &good);
	printf("\ntorn   %s  (old cycle_last, new base: the tick's %" PRIu64 " accumulated cycles "
	       "counted twice)\n",
	       a, nvc->cycle_last - old_loads.cycle_last);
	printf("right  %s  (round 2)\n", b);
	oracle_format_ns(a, sizeof(a), ts_to_ns(&torn) - ts_to_ns(&good));
	printf("the torn value is %s s ahead; a reader without the retry (--inject reader-no-retry "
	       "in tksim torture, or in tksim run with a read-across-tick op) returns it\n",
	       a);
	cvdso_clock_gettime(&before, clock, &old);
	oracle_format_ns(a, sizeof(a), ts_to_ns(&old));
	printf("the old page alone gives %s at the same counter value: either whole page is "
	       "right\n",
	       a);

	ok &= explain_check_paths(s, clock, &good, "cvdso_clock_gettime() on the new page");
	if (ok)
		printf("checked: round 2 equals cvdso_clock_gettime() and the kernel-side "
		       "tk_sys_clock_gettime() after the tick\n");
	sim_system_free(s);
	return ok ? TKSIM_EXIT_OK : TKSIM_EXIT_VIOLATION;
}
