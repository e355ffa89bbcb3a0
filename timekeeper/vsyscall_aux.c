// SPDX-License-Identifier: GPL-2.0
// Mirrors: kernel/time/vsyscall.c (v6.18): vdso_time_update_aux().
/*
 * Publication of one aux clock into its own group of the vvar page,
 * aux_clock_data[n], inside that group's own seqcount
 * (vdso_write_begin_clock()/end): an aux update never makes a reader of
 * the system clocks retry, nor the reverse.
 *
 * The group's one base, basetime[VDSO_BASE_AUX], is the aux time at
 * cycle_last: sec = xtime_sec + monotonic_to_aux.tv_sec and shifted ns
 * ((xtime_nsec >> shift) + monotonic_to_aux.tv_nsec, normalised) << shift.
 * The kernel truncates xtime_nsec to whole ns before adding the offset,
 * which the kernel-side read (ktime_get_aux(), full shifted ns) does not:
 * for the same counter value the vDSO can read an aux clock up to 1 ns
 * behind the syscall, never ahead of it.
 */
#include "timekeeper/timekeeping_internal.h"

#include "vdso/bug_bits.h"
#include "vdso/helpers.h"

/*
 * BUG_AUX_OFFS_NS: before commit 762af5a2aa0a (v6.17-rc5) the ns offset
 * offs_aux itself was added to the u64 ns and split with the subtract loop
 * __iter_div_u64_rem(): seconds of subtractions per update for an offset of
 * years, and for a negative offset (a clock set back) a u64 wrap that puts
 * the vDSO's base 2^64 ns (584 years) ahead.  The model computes the same
 * quotient with one division, so that an injected run stays fast.
 */
static u64 aux_base_pre_762af5a(const struct timekeeper *tk, u64 *nsec)
{
	u64 ns = (tk->tkr_mono.xtime_nsec >> tk->tkr_mono.shift) + (u64)tk->offs_aux;

	*nsec = ns % NSEC_PER_SEC;
	return tk->xtime_sec + ns / NSEC_PER_SEC;
}

/**
 * vdso_time_update_aux() - publish an aux timekeeper into aux_clock_data[]
 * @k:  the kernel that owns the vvar page
 * @tk: the aux timekeeper being published (the shadow)
 *
 * A disabled clock's group gets clock_mode VDSO_CLOCKMODE_NONE and nothing
 * else, so that do_aux() falls back to the syscall, which says -ENODEV.
 */
void vdso_time_update_aux(struct tk_kernel *k, const struct timekeeper *tk)
{
	struct vdso_clock *vc = &k->vdata.aux_clock_data[tk->id - TIMEKEEPER_AUX_FIRST];
	s32 clock_mode = tk->tkr_mono.clock->vdso_clock_mode;
	u32 shift = tk->tkr_mono.shift;
	u64 sec, nsec;

	/* BUG_WRITER_NO_SEQ: as update_vsyscall()'s, the group written without its seqcount. */
	const bool seq = likely(!(k->bugs & BUG_WRITER_NO_SEQ));

	if (!tk->clock_valid)
		clock_mode = VDSO_CLOCKMODE_NONE;

	if (seq)
		vdso_write_begin_clock(vc);
	WRITE_ONCE(vc->clock_mode, clock_mode);
	if (clock_mode != VDSO_CLOCKMODE_NONE) {
		fill_clock_configuration(vc, &tk->tkr_mono);
		if (unlikely(k->bugs & BUG_AUX_OFFS_NS)) {
			sec = aux_base_pre_762af5a(tk, &nsec);
		} else {
			sec = tk->xtime_sec + (u64)tk->monotonic_to_aux.tv_sec;
			nsec = (tk->tkr_mono.xtime_nsec >> shift) +
			       (u64)tk->monotonic_to_aux.tv_nsec;
			sec += iter_div_u64_rem(nsec, NSEC_PER_SEC, &nsec);
		}
		WRITE_ONCE(vc->basetime[VDSO_BASE_AUX].sec, sec);
		WRITE_ONCE(vc->basetime[VDSO_BASE_AUX].nsec, nsec << shift);
	}
	if (seq)
		vdso_write_end_clock(vc);
}
