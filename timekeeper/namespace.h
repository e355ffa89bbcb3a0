/* SPDX-License-Identifier: GPL-2.0 */
/* Mirrors: kernel/time/namespace.c and include/linux/time_namespace.h (v6.15). */
#ifndef TKSIM_TIMEKEEPER_NAMESPACE_H
#define TKSIM_TIMEKEEPER_NAMESPACE_H

/*
 * A time namespace shifts CLOCK_MONOTONIC (with MONOTONIC_RAW and
 * MONOTONIC_COARSE) and CLOCK_BOOTTIME by per-namespace offsets; REALTIME
 * and TAI are not namespaced.  The kernel side adds the offsets in the
 * clock_gettime() syscall (timens_add_monotonic/boottime); the vDSO finds
 * them on the namespace's vvar page, which the kernel maps in place of the
 * real one for the namespace's tasks.
 *
 *   timens_init(&ns, k);
 *   proc_timens_set_offset(&ns, offs, 2);     as writing /proc/PID/timens_offsets
 *   timens_set_vvar_page(&ns);                 the first task enters: offsets freeze
 *   cvdso_clock_gettime(&ns.vvar_page, ...);   a reader inside the namespace
 *
 * Not modelled: user namespaces and capabilities (EPERM), entering
 * (timens_install's EUSERS), and the page-table swap itself.
 */

#include "timekeeper/timekeeper.h"

/**
 * struct timens_offsets - the offsets of one namespace
 * @monotonic: added to MONOTONIC, MONOTONIC_RAW, MONOTONIC_COARSE
 * @boottime:  added to BOOTTIME
 */
struct timens_offsets {
	struct timespec64 monotonic;
	struct timespec64 boottime;
};

/**
 * struct time_namespace - one time namespace of a simulated kernel
 * @vvar_page:      the namespace's vvar page (what its tasks map as vvar)
 * @k:              the kernel
 * @offsets:        the offsets
 * @frozen_offsets: a task has entered: the offsets can no longer change
 */
struct time_namespace {
	struct vdso_time_data vvar_page;
	struct tk_kernel *k;
	struct timens_offsets offsets;
	bool frozen_offsets;
};

/**
 * struct proc_timens_offset - one line of /proc/PID/timens_offsets
 * @clockid: TK_CLOCK_MONOTONIC or TK_CLOCK_BOOTTIME
 * @val:     the offset (tv_nsec in [0, NSEC_PER_SEC))
 */
struct proc_timens_offset {
	s32 clockid;
	struct timespec64 val;
};

void timens_init(struct time_namespace *ns, struct tk_kernel *k);
int proc_timens_set_offset(struct time_namespace *ns, const struct proc_timens_offset *offsets,
			   unsigned int noffsets);
void timens_set_vvar_page(struct time_namespace *ns);
void timens_add_monotonic(const struct time_namespace *ns, struct timespec64 *ts);
void timens_add_boottime(const struct time_namespace *ns, struct timespec64 *ts);
void timens_add_clock(const struct time_namespace *ns, s32 clock, struct timespec64 *ts);
struct timespec64 timens_clock_offset(const struct time_namespace *ns, s32 clock);

/* The namespaced clock_gettime(2), in timekeeper/syscalls.c beside the host's. */
int timens_clock_gettime(const struct time_namespace *ns, s32 clock, struct timespec64 *ts);

/** vdso_page_is_timens() - is @vd a namespace page (both groups say VDSO_CLOCKMODE_TIMENS)? */
static inline bool vdso_page_is_timens(const struct vdso_time_data *vd)
{
	return READ_ONCE(vd->clock_data[CS_HRES_COARSE].clock_mode) == VDSO_CLOCKMODE_TIMENS;
}

/** timens_of_page() - the namespace owning a namespace page. */
static inline const struct time_namespace *timens_of_page(const struct vdso_time_data *vd)
{
	return (const struct time_namespace *)((const char *)vd -
					       offsetof(struct time_namespace, vvar_page));
}

#endif /* TKSIM_TIMEKEEPER_NAMESPACE_H */
