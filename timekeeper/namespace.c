// SPDX-License-Identifier: GPL-2.0
// Mirrors: kernel/time/namespace.c (v6.18): offsets, the namespace vvar page; and
// include/linux/time_namespace.h's timens_add_* (not re-read against that release).
#include "timekeeper/namespace.h"

#include <errno.h>
#include <string.h>

#include "timekeeper/time64.h"
#include "timekeeper/timekeeping.h"

/**
 * timens_init() - a new time namespace with zero offsets (copy_time_ns)
 * @ns: the namespace
 * @k:  the kernel
 */
void timens_init(struct time_namespace *ns, struct tk_kernel *k)
{
	memset(ns, 0, sizeof(*ns));
	ns->k = k;
}

/**
 * proc_timens_set_offset() - write /proc/PID/timens_offsets
 * @ns:       the namespace (the one the writer's children will get)
 * @offsets:  the lines, at most two in the kernel's parser
 * @noffsets: how many
 *
 * All or nothing: every line is checked before any is stored.  Only
 * MONOTONIC and BOOTTIME have offsets; an offset's seconds must be within
 * KTIME_SEC_MAX, and the namespace's clock now (the host's clock plus the
 * offset) within [0, KTIME_SEC_MAX / 2], so that it can never overflow
 * ktime_t; once a task has entered, the offsets are frozen.
 *
 * Return: 0; -EINVAL for another clock or a tv_nsec outside [0, 1e9) (the
 * proc parser's check); -ERANGE for an offset out of range; -EACCES when frozen.
 */
int proc_timens_set_offset(struct time_namespace *ns, const struct proc_timens_offset *offsets,
			   unsigned int noffsets)
{
	struct timespec64 tp;
	unsigned int i;

	for (i = 0; i < noffsets; i++) {
		const struct proc_timens_offset *off = &offsets[i];

		if (off->val.tv_nsec < 0 || off->val.tv_nsec >= NSEC_PER_SEC)
			return -EINVAL;
		switch (off->clockid) {
		case TK_CLOCK_MONOTONIC:
			ktime_get_ts64(ns->k, &tp);
			break;
		case TK_CLOCK_BOOTTIME:
			ktime_get_boottime_ts64(ns->k, &tp);
			break;
		default:
			return -EINVAL;
		}
		if (off->val.tv_sec > KTIME_SEC_MAX || off->val.tv_sec < -KTIME_SEC_MAX)
			return -ERANGE;
		tp = timespec64_add(tp, off->val);
		/* Half of KTIME_SEC_MAX: the namespace's clock stays far from overflowing ktime_t.
		 */
		if (tp.tv_sec < 0 || tp.tv_sec > KTIME_SEC_MAX / 2)
			return -ERANGE;
	}
	if (ns->frozen_offsets)
		return -EACCES;
	for (i = 0; i < noffsets; i++) {
		if (offsets[i].clockid == TK_CLOCK_MONOTONIC)
			ns->offsets.monotonic = offsets[i].val;
		else
			ns->offsets.boottime = offsets[i].val;
	}
	return 0;
}

/* timens_setup_vdso_clock_data(): one clock group of the namespace page. */
static void timens_setup_vdso_clock_data(struct vdso_clock *vc, const struct timens_offsets *o)
{
	struct timens_offset monotonic = { o->monotonic.tv_sec, (u64)o->monotonic.tv_nsec };
	struct timens_offset boottime = { o->boottime.tv_sec, (u64)o->boottime.tv_nsec };

	WRITE_ONCE(vc->seq, 1);
	WRITE_ONCE(vc->clock_mode, VDSO_CLOCKMODE_TIMENS);
	vc->offset[TK_CLOCK_MONOTONIC] = monotonic;
	vc->offset[TK_CLOCK_MONOTONIC_RAW] = monotonic;
	vc->offset[TK_CLOCK_MONOTONIC_COARSE] = monotonic;
	vc->offset[TK_CLOCK_BOOTTIME] = boottime;
	vc->offset[TK_CLOCK_BOOTTIME_ALARM] = boottime;
}

/**
 * timens_set_vvar_page() - fill the namespace page when the first task enters
 * @ns: the namespace
 *
 * Every clock group, the aux ones included, gets seq 1 (odd, never changed again) and clock_mode
 * VDSO_CLOCKMODE_TIMENS, and the offsets; every other offset stays 0.  The
 * page then leads to the kernel's real vvar page.  Later calls do nothing:
 * the offsets are frozen.
 */
void timens_set_vvar_page(struct time_namespace *ns)
{
	if (ns->frozen_offsets)
		return;
	memset(&ns->vvar_page, 0, sizeof(ns->vvar_page));
	for (unsigned int i = 0; i < CS_BASES; i++)
		timens_setup_vdso_clock_data(&ns->vvar_page.clock_data[i], &ns->offsets);
	/* v6.17: the aux groups too, so that do_aux() notices the page and goes to the real one. */
	for (unsigned int i = 0; i < TK_MAX_AUX_CLOCKS; i++)
		timens_setup_vdso_clock_data(&ns->vvar_page.aux_clock_data[i], &ns->offsets);
	/* Release: a reader that finds the real page through this pointer sees the page filled. */
	__atomic_store_n(&ns->vvar_page.arch_data.timens_data, &ns->k->vdata, __ATOMIC_RELEASE);
	ns->frozen_offsets = true;
}

/** timens_add_monotonic() - @ts (a host MONOTONIC-based time) as seen in @ns. */
void timens_add_monotonic(const struct time_namespace *ns, struct timespec64 *ts)
{
	*ts = timespec64_add(*ts, ns->offsets.monotonic);
}

/** timens_add_boottime() - @ts (a host BOOTTIME) as seen in @ns. */
void timens_add_boottime(const struct time_namespace *ns, struct timespec64 *ts)
{
	*ts = timespec64_add(*ts, ns->offsets.boottime);
}

/**
 * timens_add_clock() - @ts (a host reading of @clock) as seen in @ns
 * @ns:    the namespace
 * @clock: clock id
 * @ts:    the host's value, changed in place
 *
 * tksim's one switch over the clock ids for what posix-timers.c's getters
 * do one by one: posix_get_monotonic_timespec(), posix_get_monotonic_raw()
 * and posix_get_monotonic_coarse() call timens_add_monotonic(),
 * posix_get_boottime_timespec() timens_add_boottime(); the other clocks
 * are not namespaced.
 */
void timens_add_clock(const struct time_namespace *ns, s32 clock, struct timespec64 *ts)
{
	switch (clock) {
	case TK_CLOCK_MONOTONIC:
	case TK_CLOCK_MONOTONIC_RAW:
	case TK_CLOCK_MONOTONIC_COARSE:
		timens_add_monotonic(ns, ts);
		break;
	case TK_CLOCK_BOOTTIME:
		timens_add_boottime(ns, ts);
		break;
	default:
		break;
	}
}

/**
 * timens_clock_offset() - the offset @ns applies to @clock
 * @ns:    the namespace
 * @clock: clock id
 *
 * Return: what timens_clock_gettime() (timekeeper/syscalls.c) adds to the host's @clock.
 */
struct timespec64 timens_clock_offset(const struct time_namespace *ns, s32 clock)
{
	struct timespec64 off = { 0, 0 };

	timens_add_clock(ns, clock, &off);
	return off;
}
