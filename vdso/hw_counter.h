/* SPDX-License-Identifier: GPL-2.0 */
/* Mirrors: arch/x86/include/asm/vdso/gettimeofday.h and asm/msr.h rdtsc_ordered() (v6.18). */
#ifndef TKSIM_VDSO_HW_COUNTER_H
#define TKSIM_VDSO_HW_COUNTER_H

/*
 * The counter hook of the generic vDSO: arch_get_hw_counter() returns the
 * current counter value for a clock_mode, or U64_MAX to say "take the
 * syscall" (vdso_cycles_ok() rejects values with the sign bit set).  It is
 * selected by a switch on clock_mode, never through a function pointer: the
 * read path stays free of indirect calls as in the kernel.
 */

#include "vdso/datapage.h"
#include "vdso/math64.h"

/*
 * The simulated CPU the calling thread runs on, an index into the per-CPU
 * counter skew.  It stands for the hardware's notion of "this CPU" (what
 * rdtscp returns in TSC_AUX), so it is per thread and not part of any
 * simulated system.  Reader threads set it; it defaults to CPU 0.
 */
extern _Thread_local unsigned int vdso_this_cpu;

#if defined(__i386__)
/*
 * The i386 reader (tools/reader32/reader32.c) shares the vvar page with a 64-bit
 * simulated kernel, whose arch_data.counter is a 64-bit pointer into that
 * kernel's address space.  The reader finds the counter page as the kernel's
 * vDSO finds its pvclock page: at a place fixed when the pages are mapped
 * into the process, set once before the first read.
 */
extern const struct vdso_sim_counter *vdso32_sim_counter;
#define vdso_sim_counter_page(vd) ((void)(vd), vdso32_sim_counter)
#else
#define vdso_sim_counter_page(vd) ((vd)->arch_data.counter)
#endif

/** rdtsc() - read the TSC with no ordering against earlier loads. */
static inline u64 rdtsc(void)
{
#if defined(__x86_64__) || defined(__i386__)
	u32 lo, hi;

	__asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
	return ((u64)hi << 32) | lo;
#else
	return 0;
#endif
}

/**
 * rdtsc_ordered() - read the TSC ordered after every earlier load
 * @insn: enum vdso_tsc_insn, the instruction ALTERNATIVE_2 would patch in
 *
 * "lfence; rdtsc" and "rdtscp" make the read behave like a load from a
 * global counter; VDSO_TSC_BARE reproduces the rejected 2023 patch.
 */
static inline u64 rdtsc_ordered(u32 insn)
{
#if defined(__x86_64__) || defined(__i386__)
	u32 lo, hi, aux;

	switch (insn) {
	case VDSO_TSC_RDTSCP:
		__asm__ __volatile__("rdtscp" : "=a"(lo), "=d"(hi), "=c"(aux)::"memory");
		break;
	case VDSO_TSC_BARE:
		__asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi)::"memory");
		break;
	default:
		__asm__ __volatile__("lfence; rdtsc" : "=a"(lo), "=d"(hi)::"memory");
		break;
	}
	(void)aux;
	return ((u64)hi << 32) | lo;
#else
	(void)insn;
	return 0;
#endif
}

/**
 * vdso_sim_counter_read() - read the synthetic counter as seen from one CPU
 * @sc:   the counter page
 * @insn: the TSC instruction, when the counter is derived from the TSC
 * @cpu:  the simulated CPU (per-CPU skew)
 *
 * Deterministic mode returns the value the engine published for the current
 * virtual instant.  Concurrent mode scales the TSC: cycles_base +
 * (tsc - tsc_base) * tsc_mult >> tsc_shift.  The per-CPU offset is added
 * last and the result masked to the counter width, as narrow hardware
 * counters wrap.
 *
 * Return: the counter value in cycles, within the counter's mask.
 */
static inline u64 vdso_sim_counter_read(const struct vdso_sim_counter *sc, u32 insn,
					unsigned int cpu)
{
	u64 v;

	if (READ_ONCE(sc->from_tsc)) {
		u64 tsc = rdtsc_ordered(insn);
		u64 base = READ_ONCE(sc->tsc_base);

		v = READ_ONCE(sc->cycles_base) +
		    mul_u64_u64_shr(tsc - base, READ_ONCE(sc->tsc_mult), READ_ONCE(sc->tsc_shift));
	} else {
		v = READ_ONCE(sc->now);
	}
	v += READ_ONCE(sc->cpu_offset[cpu % VDSO_MAX_CPUS]);
	return v & READ_ONCE(sc->mask);
}

/**
 * arch_get_hw_counter() - the counter value for a clock_mode
 * @clock_mode: vdso_clock.clock_mode read inside the seqcount section
 * @vd:         the vvar page
 *
 * The TSC is masked with S64_MAX as on x86, so that vdso_cycles_ok() can use
 * the sign bit for "not available".
 *
 * Return: the counter value, or U64_MAX to fall back to the syscall.
 */
static inline u64 arch_get_hw_counter(s32 clock_mode, const struct vdso_time_data *vd)
{
	if (likely(clock_mode == VDSO_CLOCKMODE_TSC))
		return rdtsc_ordered(vd->arch_data.tsc_insn) & (u64)S64_MAX;
	if (clock_mode == VDSO_CLOCKMODE_SIM || clock_mode == VDSO_CLOCKMODE_SIM_X86) {
		/* Like x86's barrier() before vread_pvclock(): no page load before the mode check.
		 */
		barrier();
		return vdso_sim_counter_read(vdso_sim_counter_page(vd), vd->arch_data.tsc_insn,
					     vdso_this_cpu);
	}
	return U64_MAX;
}

#endif /* TKSIM_VDSO_HW_COUNTER_H */
