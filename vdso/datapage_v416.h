/* SPDX-License-Identifier: GPL-2.0 */
/* Mirrors: arch/x86/include/asm/vgtod.h (v4.16: struct vsyscall_gtod_data). */
#ifndef TKSIM_VDSO_DATAPAGE_V416_H
#define TKSIM_VDSO_DATAPAGE_V416_H

/*
 * The x86 vvar page of v3.15 to v4.19, before v4.20 replaced the per-clock
 * fields with basetime[] indexed by clock id.  One seqcount covers the
 * whole page; each clock the vDSO serves has its own pair of fields and its
 * own read function, selected by a switch on the clock id.
 *
 * Units, as in the kernel:
 *   *_snsec are shifted ns (ns << shift), so that
 *   (delta * mult + snsec) >> shift keeps the sub-ns fraction;
 *   *_coarse_nsec are plain ns.
 *
 * The "seed patches" (the 2018 threads that brought CLOCK_MONOTONIC_RAW and
 * CLOCK_TAI into the x86 vDSO) add a raw pair with its own mult, and a TAI
 * pair.  The writer always fills them; a reader built without the patches
 * ignores them and sends those clocks to the syscall, as v4.16 did.  The
 * names of these fields are tksim's.
 *
 * The tksim part at the end stands for what the real vDSO has in its code
 * or in a neighbouring mapping: the rdtsc_ordered() flavour patched in by
 * ALTERNATIVE_2, the pvclock-like counter page, and the syscall gate.
 */

#include "vdso/datapage.h"

/**
 * struct vsyscall_gtod_data - the v4.16 x86 vvar page
 * @seq:                       odd while the writer works; readers retry on change
 * @vclock_mode:               enum vdso_clock_mode (VCLOCK_NONE/TSC/PVCLOCK then)
 * @cycle_last:                counter value (cycles) the bases refer to
 * @mask:                      counter width mask (cycles)
 * @mult:                      NTP-adjusted cycles to shifted ns multiplier
 * @shift:                     shift of @mult and of every *_snsec
 * @wall_time_snsec:           CLOCK_REALTIME sub-second part, shifted ns
 * @wall_time_sec:             CLOCK_REALTIME seconds (gtod_long_t)
 * @monotonic_time_sec:        CLOCK_MONOTONIC seconds
 * @monotonic_time_snsec:      CLOCK_MONOTONIC sub-second part, shifted ns, < 1e9 << shift
 * @wall_time_coarse_sec:      CLOCK_REALTIME_COARSE seconds
 * @wall_time_coarse_nsec:     CLOCK_REALTIME_COARSE ns
 * @monotonic_time_coarse_sec: CLOCK_MONOTONIC_COARSE seconds
 * @monotonic_time_coarse_nsec: CLOCK_MONOTONIC_COARSE ns, < 1e9
 * @tz_minuteswest:            sys_tz
 * @tz_dsttime:                sys_tz
 * @raw_mult:                  seed patches: the clocksource's own mult (not NTP-adjusted)
 * @raw_shift:                 seed patches: its shift
 * @raw_time_sec:              seed patches: CLOCK_MONOTONIC_RAW seconds
 * @raw_time_snsec:            seed patches: CLOCK_MONOTONIC_RAW, shifted ns (<< @raw_shift)
 * @tai_time_sec:              seed patches: CLOCK_TAI seconds
 * @tai_time_snsec:            seed patches: CLOCK_TAI, shifted ns (<< @shift)
 * @tsc_insn:                  tksim: enum vdso_tsc_insn of rdtsc_ordered()
 * @counter:                   tksim: the synthetic counter page (mode SIM, as pvclock)
 * @sys:                       tksim: the v6.15 page of the same kernel, used only
 *                             to enter that kernel on a fallback (the syscall gate)
 */
struct vsyscall_gtod_data {
	u32 seq;
	s32 vclock_mode;
	u64 cycle_last;
	u64 mask;
	u32 mult;
	u32 shift;

	u64 wall_time_snsec;
	u64 wall_time_sec;
	u64 monotonic_time_sec;
	u64 monotonic_time_snsec;
	u64 wall_time_coarse_sec;
	u64 wall_time_coarse_nsec;
	u64 monotonic_time_coarse_sec;
	u64 monotonic_time_coarse_nsec;

	s32 tz_minuteswest;
	s32 tz_dsttime;

	u32 raw_mult;
	u32 raw_shift;
	u64 raw_time_sec;
	u64 raw_time_snsec;
	u64 tai_time_sec;
	u64 tai_time_snsec;

	u32 tsc_insn;
	u32 unused;
	const struct vdso_sim_counter *counter;
	const struct vdso_time_data *sys;
} __attribute__((aligned(64)));

#endif /* TKSIM_VDSO_DATAPAGE_V416_H */
