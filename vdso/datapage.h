/* SPDX-License-Identifier: GPL-2.0 */
/* Mirrors: include/vdso/datapage.h (v6.18, struct vdso_time_data / struct vdso_clock). */
#ifndef TKSIM_VDSO_DATAPAGE_H
#define TKSIM_VDSO_DATAPAGE_H

/*
 * The vvar page: the only memory the kernel's timekeeper and the vDSO share.
 * The timekeeper writes it in update_vsyscall() between vdso_write_begin()
 * and vdso_write_end(); readers copy what they need under the seqcount.
 *
 * Units, as in the kernel:
 *   basetime[hres clock].nsec and basetime[MONOTONIC_RAW].nsec are *shifted*
 *   ns (ns << shift), so that (delta * mult + nsec) >> shift keeps the
 *   sub-ns fraction;  basetime[coarse clock].nsec are plain ns.
 */

#include "vdso/clocksource.h"
#include "vdso/types.h"

#define VDSO_BASES (TK_CLOCK_TAI + 1)
/* An aux clock group has one clock: its base is basetime[VDSO_BASE_AUX] (v6.17). */
#define VDSO_BASE_AUX 0
#define VDSO_HRES                                                                    \
	(BIT(TK_CLOCK_REALTIME) | BIT(TK_CLOCK_MONOTONIC) | BIT(TK_CLOCK_BOOTTIME) | \
	 BIT(TK_CLOCK_TAI))
#define VDSO_COARSE (BIT(TK_CLOCK_REALTIME_COARSE) | BIT(TK_CLOCK_MONOTONIC_COARSE))
#define VDSO_RAW BIT(TK_CLOCK_MONOTONIC_RAW)
/* The aux clock ids, CLOCK_AUX .. CLOCK_AUX_LAST (v6.17). */
#define VDSO_AUX (((1U << TK_MAX_AUX_CLOCKS) - 1) << TK_CLOCK_AUX)

#define CS_HRES_COARSE 0
#define CS_RAW 1
#define CS_BASES (CS_RAW + 1)

/** struct vdso_timestamp - a clock's base: @sec seconds, @nsec (shifted ns or ns, see top). */
struct vdso_timestamp {
	u64 sec;
	u64 nsec;
};

/*
 * Time namespaces (include/vdso/datapage.h, include/vdso/time.h): a task in
 * a time namespace has the namespace's own page where the vvar page should
 * be.  Both of its clock groups have clock_mode VDSO_CLOCKMODE_TIMENS and a
 * seq of 1, odd for ever, so that a reader's "wait while odd" loop is where
 * it notices; instead of bases the page holds per-clock offsets.  The real
 * vvar page follows it (arch_vdso_time_data.timens_data).
 */
#define VDSO_CLOCKMODE_TIMENS INT_MAX

/**
 * struct timens_offset - a namespace's offset of one clock
 * @sec:  seconds, negative for a namespace behind the host
 * @nsec: ns, always in [0, NSEC_PER_SEC)
 */
struct timens_offset {
	s64 sec;
	u64 nsec;
};

/**
 * struct vdso_clock - one counter-based clock group and its seqcount
 * @seq:        odd while the timekeeper writes; readers retry on change
 * @clock_mode: enum vdso_clock_mode of the current clocksource
 * @cycle_last: counter value (cycles) the bases refer to
 * @max_cycles: largest delta (cycles) whose delta * mult fits in 64 bits
 * @mask:       counter width mask (cycles)
 * @mult:       cycles to shifted ns multiplier (NTP-adjusted for HRES_COARSE)
 * @shift:      the shift of @mult
 * @basetime:   per clock id base at @cycle_last
 * @offset:     on a time-namespace page instead: per clock id offset
 *
 * Fields are ordered so that a hres read touches only the first cache line
 * and the basetime entry of its clock, as in the kernel.
 */
struct vdso_clock {
	u32 seq;
	s32 clock_mode;
	u64 cycle_last;
	u64 max_cycles;
	u64 mask;
	u32 mult;
	u32 shift;
	union {
		struct vdso_timestamp basetime[VDSO_BASES];
		struct timens_offset offset[VDSO_BASES];
	};
};

/*
 * Simulated CPUs a reader thread can claim (vdso_this_cpu); per-CPU counter
 * skew is kept for each of them.
 */
#define VDSO_MAX_CPUS 64

/**
 * enum vdso_tsc_insn - the instruction rdtsc_ordered() uses
 * @VDSO_TSC_LFENCE: "lfence; rdtsc" (X86_FEATURE_LFENCE_RDTSC)
 * @VDSO_TSC_RDTSCP: "rdtscp" (X86_FEATURE_RDTSCP, preferred by current kernels)
 * @VDSO_TSC_BARE:   plain "rdtsc": the rejected 2023 patch, not ordered after loads
 *
 * The kernel patches one of these in at boot with ALTERNATIVE_2; tksim picks
 * one at run time and keeps it in the arch data.
 */
enum vdso_tsc_insn {
	VDSO_TSC_LFENCE = 0,
	VDSO_TSC_RDTSCP,
	VDSO_TSC_BARE,
};

/**
 * struct vdso_sim_counter - the synthetic counter's "hardware registers"
 * @now:        deterministic mode: the counter value at the current virtual
 *              instant, published by the engine (cycles, already masked)
 * @from_tsc:   concurrent mode: 1 when the value is derived from the TSC
 * @tsc_base:   TSC value at which the derived counter read @cycles_base
 * @cycles_base: derived counter value at @tsc_base (cycles, unmasked)
 * @tsc_mult:   TSC cycles to counter cycles multiplier (<< @tsc_shift)
 * @tsc_shift:  shift of @tsc_mult
 * @mask:       counter width mask
 * @cpu_offset: per-CPU skew added to the value (cycles, two's complement)
 *
 * Readers use READ_ONCE on every field: the engine or the setup code may
 * write them while readers run, like a device register.
 */
struct vdso_sim_counter {
	u64 now;
	u32 from_tsc;
	u32 tsc_shift;
	u64 tsc_base;
	u64 cycles_base;
	u64 tsc_mult;
	u64 mask;
	u64 cpu_offset[VDSO_MAX_CPUS];
};

/**
 * struct arch_vdso_time_data - tksim's "arch" part of the vvar page
 * @tsc_insn:     enum vdso_tsc_insn, fixed while readers run
 * @low_res_nsec: LOW_RES_NSEC = TICK_NSEC of the simulated HZ (the kernel has
 *                it as a compile-time constant; tksim's HZ is a run-time choice)
 * @bugs:         bitmask of injected historical bugs on the read side
 *                (sim/bugs.h); 0 in a faithful system
 * @counter:      the synthetic counter page (VDSO_CLOCKMODE_SIM), like the
 *                pvclock page x86 maps beside the vvar page
 * @timens_data:  on a time-namespace page: the real vvar page, which the
 *                kernel maps one page after it (__arch_get_vdso_u_timens_data);
 *                NULL on a real page
 * @no_aux:       1 where the modelled release predates the aux clocks (v6.17):
 *                its vDSO's vdso_clockid_valid() stops at MAX_CLOCKS, so the aux
 *                ids go to the syscall; the kernel compiles one vDSO per release,
 *                tksim has one for every profile, so the release is data here.
 *                0 (the default) for v6.17+; fixed while readers run
 * @unused:       keeps the u64s after it 8-byte aligned on i386
 */
struct arch_vdso_time_data {
	u32 tsc_insn;
	u32 low_res_nsec;
	u64 bugs;
	/* 8 bytes on every ABI, so that an i386 reader sees the same page layout. */
	union {
		const struct vdso_sim_counter *counter;
		u64 counter_slot;
	};
	/* The same for the namespace page's pointer (an i386 reader does not follow it). */
	union {
		const struct vdso_time_data *timens_data;
		u64 timens_data_slot;
	};
	u32 no_aux;
	u32 unused;
};

/**
 * struct vdso_time_data - the vvar page
 * @arch_data:      see struct arch_vdso_time_data
 * @clock_data:     [CS_HRES_COARSE] and [CS_RAW]
 * @aux_clock_data: one group per auxiliary clock (v6.17): its own seq,
 *                  mult and basetime[VDSO_BASE_AUX] (shifted ns); clock_mode
 *                  VDSO_CLOCKMODE_NONE while the aux clock is disabled
 * @tz_minuteswest: sys_tz, written without the seqcount (update_vsyscall_tz)
 * @tz_dsttime:     sys_tz
 * @hrtimer_res:    clock_getres() of hres clocks (ns), read without the seqcount
 */
struct vdso_time_data {
	struct arch_vdso_time_data arch_data;
	struct vdso_clock clock_data[CS_BASES];
	struct vdso_clock aux_clock_data[TK_MAX_AUX_CLOCKS];
	s32 tz_minuteswest;
	s32 tz_dsttime;
	u32 hrtimer_res;
	u32 unused;
} __attribute__((aligned(64)));

/*
 * One layout for both ABIs: a 64-bit simulated kernel writes the page that a
 * gcc -m32 reader maps (tools/reader32/reader32.c).  i386 aligns u64 members to 4
 * bytes only, so every u64 above sits at an offset that is a multiple of 8 by
 * construction; these pin the offsets the two builds must agree on.
 */
_Static_assert(sizeof(struct vdso_clock) == 232, "vdso_clock layout");
_Static_assert(offsetof(struct vdso_time_data, clock_data) == 40, "vvar layout");
_Static_assert(offsetof(struct vdso_time_data, aux_clock_data) == 504, "vvar layout");
_Static_assert(offsetof(struct vdso_time_data, tz_minuteswest) == 2360, "vvar layout");
_Static_assert(sizeof(struct vdso_time_data) == 2432, "vvar layout");
_Static_assert(offsetof(struct vdso_sim_counter, cpu_offset) == 48, "counter page layout");

#endif /* TKSIM_VDSO_DATAPAGE_H */
