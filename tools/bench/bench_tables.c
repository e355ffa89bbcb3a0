// SPDX-License-Identifier: GPL-2.0
// tksim's own: the rows (entry points) and columns (read paths) of `tksim bench`.
#include "sim/clocks.h"
#include "tools/bench/bench_common.h"

#define GETTIME_ROW(id, name, arg, vdsotest) { "clock-gettime-" vdsotest, BENCH_GETTIME, id },
#define GETRES_ROW(id, name, arg, vdsotest) { "clock-getres-" vdsotest, BENCH_GETRES, id },

/* The rows, in vdsotest's names: one clock_gettime() and one clock_getres() per clock. */
const struct bench_api bench_apis[BENCH_NR_APIS] = {
	SIM_VDSO_CLOCKS(GETTIME_ROW) /* a row per clock of sim/clocks.h */
	{ "gettimeofday", BENCH_GETTIMEOFDAY, TK_CLOCK_REALTIME },
	{ "time", BENCH_TIME, TK_CLOCK_REALTIME },
	SIM_VDSO_CLOCKS(GETRES_ROW) /* and again */
};

const char *const bench_impl_names[IMPL_MAX] = {
	[IMPL_SIM_LFENCE] = "sim-vdso-lfence",
	[IMPL_SIM_RDTSCP] = "sim-vdso-rdtscp",
	[IMPL_SIM_RDTSC] = "sim-vdso-rdtsc",
	[IMPL_SIM_SYNTH] = "sim-vdso-synthetic",
	[IMPL_V416] = "sim-v4.16",
	[IMPL_V416_RETPOLINE] = "sim-v4.16-retpoline",
	[IMPL_V416_SEED] = "sim-v4.16-seed",
	[IMPL_MONO_ENTRY] = "sim-mono-entry",
	[IMPL_VDSO32] = "sim-vdso32",
	[IMPL_SIM_FALLBACK] = "sim-fallback",
	[IMPL_SIM_SYSCALL] = "sim-fallback+syscall",
	[IMPL_HOST_LIBC] = "host-libc",
	[IMPL_HOST_VDSO] = "host-vdso",
	[IMPL_HOST_SYSCALL] = "host-syscall",
};

const char *const bench_impl_short[IMPL_MAX] = {
	[IMPL_SIM_LFENCE] = "lfence",  [IMPL_SIM_RDTSCP] = "rdtscp",
	[IMPL_SIM_RDTSC] = "rdtsc",    [IMPL_SIM_SYNTH] = "synth",
	[IMPL_V416] = "v4.16",	       [IMPL_V416_RETPOLINE] = "v416rp",
	[IMPL_V416_SEED] = "v416sd",   [IMPL_MONO_ENTRY] = "mono",
	[IMPL_VDSO32] = "vdso32",      [IMPL_SIM_FALLBACK] = "fallbk",
	[IMPL_SIM_SYSCALL] = "fb+sys", [IMPL_HOST_LIBC] = "h-libc",
	[IMPL_HOST_VDSO] = "h-vdso",   [IMPL_HOST_SYSCALL] = "h-sys",
};

const char *const bench_counter_names[COUNTER_MAX] = {
	[COUNTER_LFENCE] = "lfence-rdtsc",
	[COUNTER_RDTSCP] = "rdtscp",
	[COUNTER_RDTSC] = "rdtsc",
	[COUNTER_SYNTH] = "synthetic-page",
};

/** bench_path_name() - "vdso", "fallback", "syscall" or "-". */
const char *bench_path_name(enum bench_path p)
{
	switch (p) {
	case PATH_VDSO:
		return "vdso";
	case PATH_FALLBACK:
		return "fallback";
	case PATH_SYSCALL:
		return "syscall";
	default:
		return "-";
	}
}
