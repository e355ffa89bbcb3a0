// SPDX-License-Identifier: GPL-2.0
// tksim's own: `tksim explain read|retry`, after lib/vdso/gettimeofday.c do_hres() and
// include/vdso/helpers.h (v6.15).
/*
 * read:  one clock_gettime() through the simulated vDSO, each load and each
 *        step of the conversion with its value.
 * retry: the same read interleaved by hand with the tick's update_vsyscall():
 *        the reader loads half of the old page and half of the new one, gets
 *        a torn value, and vdso_read_retry() sends it round again.
 * The steps use the vDSO's own helpers (vdso_read_begin/retry,
 * arch_get_hw_counter, cycles_to_ns) and the result is compared with
 * cvdso_clock_gettime() and the kernel-side path.
 */
#include <inttypes.h>
#include <string.h>

#include "sim/clocks.h"
#include "sim/oracle.h"
#include "tools/explain/cmd_explain.h"
#include "tools/tksim.h"
#include "vdso/calc.h"
#include "vdso/hw_counter.h"
#include "vdso/gettimeofday.h"
#include "vdso/helpers.h"

/** explain_clock_mode() - a vdso_clock_mode in words. */
const char *explain_clock_mode(s32 mode)
{
	switch (mode) {
	case VDSO_CLOCKMODE_NONE:
		return "NONE (always the syscall)";
	case VDSO_CLOCKMODE_TSC:
		return "TSC (rdtsc_ordered())";
	case VDSO_CLOCKMODE_SIM:
		return "SIM (the synthetic counter's page, like x86's pvclock page)";
	case VDSO_CLOCKMODE_SIM_X86:
		return "SIM_X86 (the synthetic counter's page, x86's vDSO rule like its pvclock)";
	default:
		return "unknown";
	}
}

/** explain_clock_group() - which clock_data[] group serves @clock: CS_RAW or CS_HRES_COARSE. */
unsigned int explain_clock_group(s32 clock)
{
	return (BIT(clock) & VDSO_RAW) ? CS_RAW : CS_HRES_COARSE;
}

/** explain_ts() - "sec.nnnnnnnnn" of a timespec. */
void explain_ts(char *buf, size_t n, const struct timespec64 *ts)
{
	oracle_format_ns(buf, n, ts_to_ns(ts));
}

/**
 * explain_conversion() - the conversion of do_hres() spelled out
 * @step:  number of the first step printed (five steps)
 * @cycles, @last, @mask, @max_cycles, @mult, @shift: what the reader loaded
 * @base:  the basetime[] entry it loaded
 * @clock: its clock id, for the names
 * @ts:    out: the result
 *
 * delta, the product, the base, the shift, the carry of whole seconds.
 *
 * Return: true if the ns agree with cycles_to_ns() on the same loads.
 */
bool explain_conversion(int step, u64 cycles, u64 last, u64 mask, u64 max_cycles, u32 mult,
			u32 shift, const struct vdso_timestamp *base, s32 clock,
			struct timespec64 *ts)
{
	u64 delta = (cycles - last) & mask;
	unsigned __int128 prod = (unsigned __int128)delta * mult;
	u64 ns = (u64)((prod + base->nsec) >> shift);
	u64 real = cycles_to_ns(cycles, last, mask, max_cycles, mult, base->nsec, shift);

	printf("%2d. delta = (cycles - cycle_last) & mask = (%" PRIu64 " - %" PRIu64
	       ") & 0x%" PRIx64 " = %" PRIu64 " cycles\n",
	       step, cycles, last, mask, delta);
	if (delta <= max_cycles)
		printf("    delta <= max_cycles (%" PRIu64 "): delta * mult fits in 64 bits\n",
		       max_cycles);
	else
		printf("    delta > max_cycles (%" PRIu64 "): multiplied in 128 bits "
		       "(mul_u64_u32_add_u64_shr)\n",
		       max_cycles);
	printf("%2d. delta * mult = %" PRIu64 " * %" PRIu32 " = %" PRIu64 " shifted ns\n", step + 1,
	       delta, mult, (u64)prod);
	/* An aux clock's group has one base, VDSO_BASE_AUX (do_aux()). */
	const char *base_name =
		sim_clock_is_aux(clock) ? "VDSO_BASE_AUX" : oracle_clock_name(clock);

	printf("%2d. + basetime[%s].nsec = %" PRIu64 " + %" PRIu64 " = %" PRIu64
	       " shifted ns (ns << %" PRIu32 ")\n",
	       step + 2, base_name, (u64)prod, base->nsec, (u64)(prod + base->nsec), shift);
	printf("%2d. >> shift %" PRIu32 " = %" PRIu64 " ns past basetime[%s].sec\n", step + 3,
	       shift, ns, base_name);
	ts->tv_sec = (time64_t)(base->sec + ns / NSEC_PER_SEC);
	ts->tv_nsec = (long)(ns % NSEC_PER_SEC);
	printf("%2d. normalise: tv_sec = %" PRIu64 " + %" PRIu64 " / 1e9 = %" PRId64
	       ", tv_nsec = %" PRIu64 " %% 1e9 = %ld\n",
	       step + 4, base->sec, ns, (s64)ts->tv_sec, ns, ts->tv_nsec);
	return explain_check(ns == real, "the ns of the conversion (cycles_to_ns())");
}

/* A coarse clock: no counter, the base is already plain ns (do_coarse()). */
static int explain_coarse(struct sim_system *s, s32 clock)
{
	const struct vdso_clock *vc = &s->k.vdata.clock_data[CS_HRES_COARSE];
	struct timespec64 ts;
	u32 seq = vdso_read_begin(vc);
	char a[48];
	bool ok;

	printf(" 1. seq = vdso_read_begin() = %" PRIu32 " (even: no update in progress)\n", seq);
	ts.tv_sec = (time64_t)vc->basetime[clock].sec;
	ts.tv_nsec = (long)vc->basetime[clock].nsec;
	printf(" 2. basetime[%s] (index %d) = { sec %" PRIu64 ", nsec %" PRIu64
	       " }: plain ns, no counter, no multiply\n",
	       oracle_clock_name(clock), clock, vc->basetime[clock].sec, vc->basetime[clock].nsec);
	printf(" 3. vdso_read_retry(): seq still %" PRIu32 ", done\n", seq);
	ok = explain_check(!vdso_read_retry(vc, seq), "the seq");
	explain_ts(a, sizeof(a), &ts);
	printf("\nCLOCK_%s = %s: the time of the last tick, whatever the counter says now\n",
	       oracle_clock_name(clock), a);
	ok &= explain_check_paths(s, clock, &ts, "the coarse read of cvdso_clock_gettime()");
	if (ok)
		printf("checked: cvdso_clock_gettime() and the kernel-side tk_sys_clock_gettime() "
		       "return "
		       "the same\n");
	return ok ? TKSIM_EXIT_OK : TKSIM_EXIT_VIOLATION;
}

/**
 * explain_read() - `tksim explain read`
 * @o: the options (system, --at, --clock)
 *
 * Return: exit status.
 */
int explain_read(const struct explain_opts *o)
{
	struct sim_system *s = explain_boot(o);
	const struct vdso_time_data *vd;
	const struct vdso_clock *vc;
	struct timespec64 ts;
	s32 clock = o->clock;
	unsigned int g = explain_clock_group(clock);
	u64 cycles;
	u32 seq;
	char a[48];
	bool ok;
	int ret;

	if (!s)
		return TKSIM_EXIT_USAGE;
	sim_advance_to(s, explain_at(o, NSEC_PER_SEC + 500000));
	vd = &s->k.vdata;
	vc = &vd->clock_data[g];
	oracle_format_ns(a, sizeof(a), s->now_ns);
	printf("One clock_gettime(CLOCK_%s) through the simulated vDSO, %s s of true time after "
	       "boot\n",
	       oracle_clock_name(clock), a);
	printf("(lib/vdso/gettimeofday.c: %s)\n",
	       (BIT(clock) & VDSO_COARSE) ? "do_coarse()" : "do_hres()");
	explain_header(s);
	printf("\nthe clock group: clock_data[%s], one seqcount for %s\n\n",
	       g == CS_RAW ? "CS_RAW" : "CS_HRES_COARSE",
	       g == CS_RAW ? "MONOTONIC_RAW"
			   : "REALTIME, MONOTONIC, BOOTTIME, TAI and the coarse clocks");
	if (BIT(clock) & VDSO_COARSE) {
		ret = explain_coarse(s, clock);
		sim_system_free(s);
		return ret;
	}

	seq = vdso_read_begin(vc);
	printf(" 1. seq = vdso_read_begin() = %" PRIu32 " (even: no update in progress; the writer "
	       "adds 2 per update)\n",
	       seq);
	printf(" 2. clock_mode = %s\n", explain_clock_mode(vc->clock_mode));
	cycles = arch_get_hw_counter(vc->clock_mode, vd);
	printf(" 3. cycles = arch_get_hw_counter() = %" PRIu64 "\n", cycles);
	printf(" 4. cycle_last = %" PRIu64
	       " (the counter at the last accumulation), mult = %" PRIu32 ", shift = %" PRIu32 "\n",
	       vc->cycle_last, vc->mult, vc->shift);
	printf(" 5. basetime[%s] is basetime[%d] (the array is indexed by clock id) = { sec "
	       "%" PRIu64 ", nsec %" PRIu64 " }\n",
	       oracle_clock_name(clock), clock, vc->basetime[clock].sec, vc->basetime[clock].nsec);
	ok = explain_conversion(6, cycles, vc->cycle_last, vc->mask, vc->max_cycles, vc->mult,
				vc->shift, &vc->basetime[clock], clock, &ts);
	printf("11. vdso_read_retry(): seq still %" PRIu32 ", no writer ran: the result stands\n",
	       seq);
	ok &= explain_check(!vdso_read_retry(vc, seq), "the seq");

	explain_ts(a, sizeof(a), &ts);
	printf("\nCLOCK_%s = %s\n", oracle_clock_name(clock), a);
	ok &= explain_check_paths(s, clock, &ts, "cvdso_clock_gettime()");
	if (ok)
		printf("checked: cycles_to_ns(), cvdso_clock_gettime() and the kernel-side "
		       "tk_sys_clock_gettime() give the same\n");
	sim_system_free(s);
	return ok ? TKSIM_EXIT_OK : TKSIM_EXIT_VIOLATION;
}
