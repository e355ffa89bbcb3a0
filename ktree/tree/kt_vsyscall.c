// SPDX-License-Identifier: GPL-2.0
// tksim's own: the tree's kernel/time/vsyscall.c, compiled as it is, and the vvar page it writes.
#include <kernel/time/vsyscall.c>

#include "ktree/ktree_abi.h"

/* The vvar page: written by update_vsyscall(), read by the tree's lib/vdso (kt_vdso.c). */
union vdso_data_store kt_vdso_data_store __aligned(4096);

/** kt_vvar_snapshot() - the page's CS_HRES_COARSE base, as a reader would see it last */
void kt_vvar_snapshot(struct tk_snapshot *snap)
{
	const struct vdso_data *vd = &kt_vdso_data_store.data[CS_HRES_COARSE];

	snap->vdso_seq = READ_ONCE(vd->seq);
	snap->vdso_clock_mode = READ_ONCE(vd->clock_mode);
	snap->vdso_cycle_last = READ_ONCE(vd->cycle_last);
	snap->vdso_mult = READ_ONCE(vd->mult);
	snap->vdso_shift = READ_ONCE(vd->shift);
	snap->time_tai = 0; /* 6.12 keeps TAI in the timekeeper: tai_offset */
}
