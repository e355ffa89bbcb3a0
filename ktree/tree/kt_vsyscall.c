// SPDX-License-Identifier: GPL-2.0
// tksim's own: the tree's kernel/time/vsyscall.c, compiled as it is, and the vvar page it writes.
#include <kernel/time/vsyscall.c>

#include "ktree/ktree_abi.h"

/* The vvar page: written by update_vsyscall(), read by the tree's lib/vdso (kt_vdso.c). */
struct vdso_data kt_vdso_data[CS_BASES] __aligned(4096);

/** kt_vvar_snapshot() - the page's CS_HRES_COARSE base, as a reader would see it last */
void kt_vvar_snapshot(struct tk_snapshot *snap)
{
	const struct vdso_data *vd = &kt_vdso_data[CS_HRES_COARSE];

	snap->vdso_seq = READ_ONCE(vd->seq);
	snap->vdso_clock_mode = READ_ONCE(vd->clock_mode);
	snap->vdso_cycle_last = READ_ONCE(vd->cycle_last);
	snap->vdso_mult = READ_ONCE(vd->mult);
	snap->vdso_shift = READ_ONCE(vd->shift);
	snap->time_tai = 0; /* 6.12 keeps TAI in the timekeeper: tai_offset */
}

#define KT_VISIBLE __attribute__((visibility("default")))

_Static_assert(VDSO_BASES == KTREE_VDSO_BASES && CS_BASES == KTREE_CS_BASES &&
		       CS_RAW == KTREE_CS_RAW,
	       "struct ktree_vvar has the shape of this tree's vvar page");

/**
 * kt_abi_vvar_read() - both clock bases of the page, field by field out of the tree's layout
 * @vv: out
 *
 * For the thread that ticks (the page's one writer), after a publication.
 * A tree without max_cycles in its struct vdso_data (before v6.10) multiplies
 * every delta in 64 bits: UINT64_MAX says so.
 */
KT_VISIBLE void kt_abi_vvar_read(struct ktree_vvar *vv)
{
	for (int b = 0; b < CS_BASES; b++) {
		const struct vdso_data *vd = &kt_vdso_data[b];
		struct ktree_vvar_base *o = &vv->base[b];

		o->seq = READ_ONCE(vd->seq);
		o->clock_mode = READ_ONCE(vd->clock_mode);
		o->cycle_last = READ_ONCE(vd->cycle_last);
#ifdef KT_TREE_HAS_VDSO_MAX_CYCLES
		o->max_cycles = READ_ONCE(vd->max_cycles);
#else
		o->max_cycles = ~0ULL;
#endif
		o->mask = READ_ONCE(vd->mask);
		o->mult = READ_ONCE(vd->mult);
		o->shift = READ_ONCE(vd->shift);
		for (int c = 0; c < VDSO_BASES; c++) {
			o->sec[c] = READ_ONCE(vd->basetime[c].sec);
			o->nsec[c] = READ_ONCE(vd->basetime[c].nsec);
		}
	}
}

/** kt_abi_vvar_seq() - the seq word of clock base @base, which the tree's vDSO waits on */
KT_VISIBLE const unsigned int *kt_abi_vvar_seq(int base)
{
	return &kt_vdso_data[base].seq;
}
