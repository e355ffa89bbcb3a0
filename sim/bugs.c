// SPDX-License-Identifier: GPL-2.0
// tksim's own: the injectable historical bugs, each with the kernel commit that fixed it.
#include "sim/bugs.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/*
 * Hashes are the mainline commits, 12 digits, as seen in stored kernel
 * history during the port; "" marks a fix whose hash was not verified or
 * that is not a single commit.
 */
const struct sim_bug sim_bugs[] = {
	{
		.name = "reader-no-retry",
		.bit = BUG_READER_NO_RETRY,
		.side = SIM_BUG_READER,
		.concurrent = true,
		.what = "do_hres()/do_coarse() keep what they read although the seqcount moved",
		.fix = "the vvar seqcount read protocol of the first x86-64 vDSO (\"x86_64: Add "
		       "vDSO for x86-64 with gettimeofday/clock_gettime/getcpu\")",
		.hash = "2aae950b21e4",
		.version = "v2.6.23",
		.caught_by = "torture seqcount: a value no single published update can give",
		.shows = "tksim torture --inject reader-no-retry --seconds 2",
		.torture = "",
	},
	{
		.name = "writer-no-seq",
		.bit = BUG_WRITER_NO_SEQ,
		.side = SIM_BUG_WRITER,
		.concurrent = true,
		.what = "update_vsyscall() stores the vvar page without vdso_write_begin/end",
		.fix = "the vvar seqcount write protocol of the first x86-64 vDSO (\"x86_64: Add "
		       "vDSO for x86-64 with gettimeofday/clock_gettime/getcpu\")",
		.hash = "2aae950b21e4",
		.version = "v2.6.23",
		.caught_by = "torture seqcount: a value no single published update can give",
		.shows = "tksim torture --inject writer-no-seq --seconds 2",
		.torture = "",
	},
	{
		.name = "bare-rdtsc",
		.bit = BUG_BARE_RDTSC,
		.side = SIM_BUG_CONFIG,
		.concurrent = true,
		.what = "the vDSO reads the TSC with plain rdtsc, not ordered after earlier loads",
		.fix = "rejected, never merged: \"[PATCH] x86/vdso: Use non-serializing "
		       "instruction "
		       "rdtsc\" (May 2023); the vDSO keeps rdtsc_ordered()",
		.hash = "",
		.version = "-",
		.caught_by =
			"litmus Now/Load/Load3: a clock read after seeing a timestamp is older "
			"(depends on the CPU)",
		.shows = "tksim torture --inject bare-rdtsc --checks litmus --seconds 4 (where the "
			 "CPU reorders rdtsc)",
		.torture = "",
	},
	{
		.name = "no-neg-clamp",
		.bit = BUG_NO_NEG_CLAMP,
		.side = SIM_BUG_READER,
		.concurrent = false,
		.what = "a counter behind cycle_last gives a huge delta instead of the base",
		.fix = "x86: tsc prevent time going backwards",
		.hash = "d8bb6f4c1670",
		.version = "v2.6.25",
		.caught_by = "torture sandwich and seqcount: x86-rule vDSO == kernel-side on a "
			     "CPU whose counter lags (skew)",
		/* Cross-CPU checks would see the skew itself: the hardware's, not the bug's. */
		.shows = "tksim torture --inject no-neg-clamp --counter synthetic --skew 10000000 "
			 "--checks sandwich,seqcount --seconds 2",
		.torture = "--counter synthetic --skew N (x86's vDSO rule) and the sandwich or "
			   "seqcount check",
	},
	{
		.name = "no-xtime-correction",
		.bit = BUG_NO_XTIME_CORRECTION,
		.side = SIM_BUG_WRITER,
		.concurrent = false,
		.what = "a mult change skips xtime_nsec -= offset * adj, so the clock steps",
		.fix = "the continuity term of the generic NTP mult steering "
		       "(clocksource_adjust(), "
		       "now timekeeping_apply_adjustment())",
		.hash = "",
		.version = "v2.6.18",
		.caught_by = "oracle: no clock moves when the frequency changes at one instant",
		.shows = "tksim run --inject no-xtime-correction --ntpd off --duration 2s "
			 "--adjtimex 1.0005s:freq=500",
		.torture = NULL,
	},
	{
		.name = "coarse-pre-6.15",
		.bit = BUG_COARSE_PRE615,
		.side = SIM_BUG_WRITER,
		.concurrent = false,
		.what = "coarse clocks follow xtime_nsec, which TK_ADV_FREQ may lower",
		.fix = "timekeeping: Prevent coarse clocks going backwards",
		.hash = "b71f9804f66c",
		.version = "v6.15",
		.caught_by = "oracle: coarse clocks unchanged by a frequency change; "
			     "inconsistency-check on *_COARSE under adjtimex churn",
		.shows = "tksim run --inject coarse-pre-6.15 --ntpd off --duration 2s --adjtimex "
			 "1.0005s:freq=500",
		.torture = "--churn freq",
	},
	{
		.name = "raw-pre-4.13",
		.bit = BUG_RAW_PRE413,
		.side = SIM_BUG_WRITER,
		.concurrent = false,
		.what = "MONOTONIC_RAW accumulates whole ns per interval, dropping the fraction",
		.fix = "time: Fix CLOCK_MONOTONIC_RAW sub-nanosecond accounting",
		.hash = "3d88d56c5873",
		.version = "v4.13",
		.caught_by = "oracle_check_raw_exact: RAW == (cycles * mult) >> shift",
		.shows = "tksim run --inject raw-pre-4.13 --duration 2s",
		.torture = NULL,
	},
	{
		.name = "delta-overflow-pre-6.10",
		.bit = BUG_DELTA_OVERFLOW,
		.side = SIM_BUG_READER,
		.concurrent = false,
		.what = "the vDSO multiplies delta * mult in 64 bits beyond max_cycles",
		.fix = "vdso: Make delta calculation overflow safe (x86: 7e90ffb716d2)",
		.hash = "456e3788bc71",
		.version = "v6.10",
		.caught_by = "oracle: vDSO == kernel-side after a gap longer than max_cycles",
		.shows = "tksim run --inject delta-overflow-pre-6.10 --hz 100 --duration 1600s "
			 "--stall 1s:1500s",
		.torture = NULL,
	},
	{
		.name = "boottime-shift-pre-5.3",
		.bit = BUG_BOOTTIME_SHIFT,
		.side = SIM_BUG_WRITER,
		.concurrent = false,
		.what = "the vDSO BOOTTIME base adds offs_boot << shift, overflowing 64 bits",
		.fix = "timekeeping/vsyscall: Prevent math overflow in BOOTTIME update",
		.hash = "b99328a60a48",
		.version = "v5.3",
		.caught_by = "oracle: vDSO BOOTTIME == kernel-side after a long total suspend",
		.shows = "tksim run --inject boottime-shift-pre-5.3 --ntpd off --duration 2s "
			 "--suspend 1s:2h",
		.torture = NULL,
	},
	{
		.name = "threadtest-cmp",
		.bit = BUG_THREADTEST_CMP,
		.side = SIM_BUG_CHECKER,
		.concurrent = false,
		.what = "threadtest's check (b.sec <= a.sec) && (b.nsec < a.nsec)",
		.fix = "none: tools/testing/selftests/timers/threadtest.c still compares this way",
		.hash = "",
		.version = "-",
		.caught_by = "torture's self-test of its checks before a run: threadtest must "
			     "flag 5.000000100 then 4.000000200",
		.shows = "tksim torture --inject threadtest-cmp --checks threadtest --seconds 1",
		.torture = "the threadtest check",
	},
	{
		.name = "neg-motion-half",
		.bit = BUG_NEG_MOTION_HALF,
		.side = SIM_BUG_WRITER,
		.concurrent = false,
		.what = "the tick treats a delta above half the mask as negative motion",
		.fix = "clocksource: Make negative motion detection more robust",
		.hash = "76031d9536a0",
		.version = "v6.13",
		.caught_by = "oracle_check_raw_exact after a tick delayed past half a 24-bit wrap",
		.shows = "tksim run --inject neg-motion-half --freq 3579545 --bits 24 --duration "
			 "8s --stall 1s:3s",
		.torture = NULL,
	},
	{
		.name = "delta-nomask",
		.bit = BUG_DELTA_NOMASK,
		.side = SIM_BUG_READER,
		.concurrent = false,
		.what = "the generic vDSO masks every delta with x86's S64_MAX, not the counter's "
			"mask",
		.fix = "lib/vdso: Make delta calculation work correctly",
		.hash = "9d90b93bf325",
		.version = "v5.3",
		.caught_by = "oracle: vDSO == kernel-side across the wrap of a 24-bit counter",
		.shows = "tksim run --inject delta-nomask --freq 3579545 --bits 24 --ppm 0 "
			 "--duration 10s",
		.torture = NULL,
	},
	{
		.name = "ntp-offset-u32",
		.bit = BUG_NTP_OFFSET_U32,
		.side = SIM_BUG_WRITER,
		.concurrent = false,
		.what = "adjtimex() reads a negative us offset back through a (u32) cast: "
			"-5 us as 4294962",
		.fix = "ntp: Remove invalid cast in time offset math",
		.hash = "f5807b0606da",
		.version = "v6.13",
		.caught_by = "adjtimex read-back: the offset set is the offset read (ADJ_MICRO)",
		/* The op oracle reads adjtimex back after every call; the plain run does not. */
		.shows = "tksim fuzz --inject ntp-offset-u32 --seconds 30",
		.torture = NULL,
	},
	{
		.name = "refused-set-update-pre-6.13",
		.bit = BUG_REFUSED_SET_UPDATE,
		.side = SIM_BUG_WRITER,
		.concurrent = false,
		.what = "a clock set refused after the time was forwarded (settimeofday or "
			"clock_settime before boot, an invalid ADJ_SETOFFSET) still clears NTP and "
			"bumps clock_was_set_seq",
		.fix = "timekeeping: Rework do_settimeofday64() to use shadow_timekeeper (and "
		       "82214756d35f for timekeeping_inject_offset())",
		.hash = "bba9898ef399",
		.version = "v6.13",
		.caught_by = "oracle: a failed call changes nothing (failed-call-changes-nothing)",
		/* A refused set is a call of the executor's, whose oracle compares the state. */
		.shows = "tksim run --inject refused-set-update-pre-6.13 --ntpd off --duration 1s "
			 "--adjtimex 100ms:maxerror=1000 --settimeofday 200ms:0",
		.torture = NULL,
	},
	{
		.name = "aux-offs-ns",
		.bit = BUG_AUX_OFFS_NS,
		.side = SIM_BUG_WRITER,
		.concurrent = false,
		.what = "the vDSO's aux clock base adds offs_aux as u64 ns: an aux clock set "
			"behind its own monotonic time reads 584 years ahead through the vDSO",
		.fix = "vdso/vsyscall: Avoid slow division loop in auxiliary clock update",
		.hash = "762af5a2aa0a",
		.version = "v6.17",
		.caught_by = "aux vDSO == kernel side (a negative offs_aux wraps the page's base)",
		/* An aux clock set back is a timeline's or the fuzzer's: no option sets one. */
		.shows = "tksim fuzz --inject aux-offs-ns --seconds 30",
		.torture = NULL,
	},
};
const unsigned int sim_nr_bugs = sizeof(sim_bugs) / sizeof(sim_bugs[0]);

/** sim_bug_find() - the bug named @name, or NULL. */
const struct sim_bug *sim_bug_find(const char *name)
{
	for (unsigned int i = 0; i < sim_nr_bugs; i++)
		if (!strcmp(sim_bugs[i].name, name))
			return &sim_bugs[i];
	return NULL;
}

/** sim_bug_by_bit() - the bug with BUG_* bit @bit, or NULL. */
const struct sim_bug *sim_bug_by_bit(u64 bit)
{
	for (unsigned int i = 0; i < sim_nr_bugs; i++)
		if (sim_bugs[i].bit == bit)
			return &sim_bugs[i];
	return NULL;
}

/**
 * sim_bugs_unseen() - the first bug of @mask that the deterministic engine cannot show
 * @mask: BUG_* bits
 * @why:  out: why not, in words ("only real threads show it", or that it weakens torture's
 *        own check: no apostrophe, as a message in a file quotes with ')
 *
 * A run, a timeline, a fuzz run or a daemon run with such a bug would print "all held" for
 * what it could not see; only tksim torture can.
 *
 * Return: the bug, or NULL when every bug of @mask can be seen.
 */
const struct sim_bug *sim_bugs_unseen(u64 mask, const char **why)
{
	for (unsigned int i = 0; i < sim_nr_bugs; i++) {
		const struct sim_bug *bug = &sim_bugs[i];

		if (!(mask & bug->bit))
			continue;
		if (bug->concurrent) {
			*why = "only real threads show it";
			return bug;
		}
		if (bug->side == SIM_BUG_CHECKER) {
			*why = "it weakens the check of tksim torture";
			return bug;
		}
	}
	return NULL;
}

/**
 * sim_bugs_parse() - a comma-separated list of bug names
 * @list: e.g. "coarse-pre-6.15,raw-pre-4.13", "none" or "all"
 * @mask: out, the BUG_* bits (ORed into what is there)
 *
 * Return: 0, or -EINVAL for an unknown name (nothing is changed then).
 */
int sim_bugs_parse(const char *list, u64 *mask)
{
	char buf[512], *save = NULL, *tok;
	u64 m = 0;

	if (strlen(list) >= sizeof(buf))
		return -EINVAL;
	strcpy(buf, list);
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		const struct sim_bug *b = sim_bug_find(tok);

		if (!strcmp(tok, "none"))
			continue;
		if (!strcmp(tok, "all")) {
			for (unsigned int i = 0; i < sim_nr_bugs; i++)
				m |= sim_bugs[i].bit;
			continue;
		}
		if (!b)
			return -EINVAL;
		m |= b->bit;
	}
	*mask |= m;
	return 0;
}

/**
 * sim_bugs_format() - the names of the bugs in @mask, comma-separated
 * @mask: BUG_* bits
 * @buf:  output ("none" for 0)
 * @n:    its size
 *
 * Return: 0, or -ENOSPC if @buf was too small (it is truncated).
 */
int sim_bugs_format(u64 mask, char *buf, size_t n)
{
	size_t len = 0;

	if (!n)
		return -ENOSPC;
	buf[0] = '\0';
	for (unsigned int i = 0; i < sim_nr_bugs; i++) {
		int w;

		if (!(mask & sim_bugs[i].bit))
			continue;
		w = snprintf(buf + len, n - len, "%s%s", len ? "," : "", sim_bugs[i].name);
		if (w < 0 || (size_t)w >= n - len)
			return -ENOSPC;
		len += (size_t)w;
	}
	if (!len)
		snprintf(buf, n, "none");
	return 0;
}

/**
 * sim_bugs_apply() - switch bugs on (and every other one off) in a kernel
 * @k:    a booted kernel; no thread may be using it yet
 * @mask: BUG_* bits; those its version profile implies stay on besides
 *        (tk_profile_bugs(): an older release's behaviour is its bug bit),
 *        but for the fixes it carries (@k->backports)
 *
 * Writer bits go to @k->bugs, reader bits to the vvar page, and
 * BUG_BARE_RDTSC patches the vDSO's TSC read to plain rdtsc, as the
 * rejected patch did (the kernel-side clocksource read keeps its order).
 * BUG_THREADTEST_CMP belongs to the torture checker and is ignored here.
 */
void sim_bugs_apply(struct tk_kernel *k, u64 mask)
{
	mask |= tk_profile_bugs(k->profile) & ~k->backports;
	k->bugs = mask & BUG_WRITER_MASK;
	WRITE_ONCE(k->vdata.arch_data.bugs, mask & BUG_READER_MASK);
	if (mask & BUG_BARE_RDTSC)
		WRITE_ONCE(k->vdata.arch_data.tsc_insn, (u32)VDSO_TSC_BARE);
}

/**
 * sim_bugs_clear() - switch the writer and reader bugs of @mask off in a kernel
 * @k:    a booted kernel; no thread may be using it yet
 * @mask: BUG_* bits, a profile's implied ones among them (its newer behaviour then)
 */
void sim_bugs_clear(struct tk_kernel *k, u64 mask)
{
	k->bugs &= ~mask;
	WRITE_ONCE(k->vdata.arch_data.bugs, READ_ONCE(k->vdata.arch_data.bugs) & ~mask);
}
