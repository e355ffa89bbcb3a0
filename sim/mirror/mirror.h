/* SPDX-License-Identifier: GPL-2.0 */
/* Mirrors: x86 vvar layouts, include/vdso/datapage.h + arch/x86/include/asm/vvar.h (v5.3-v6.18). */
#ifndef TKSIM_SIM_MIRROR_MIRROR_H
#define TKSIM_SIM_MIRROR_MIRROR_H

/*
 * Read the running kernel's own vvar page with tksim's vDSO arithmetic
 * (vdso/helpers.h seqcount, vdso/calc.h cycles_to_ns) and the real TSC,
 * to compare with what the host's clock_gettime() returns.
 *
 * x86 layouts of the time data in the [vvar] mapping:
 *   v5.3-v6.9    struct vdso_data[CS_BASES] at +128, 240 bytes each
 *   v6.10-v6.12  the same with max_cycles after cycle_last, 248 bytes each
 *   v6.13-v6.14  struct vdso_data moved to +0 (the 2024 "vdso-generic-base"
 *                series, on the way to the generic data store)
 *   v6.15-       struct vdso_time_data: struct vdso_clock clock_data[] at
 *                +0, 232 bytes each (the layout of vdso/datapage.h)
 *   v6.17-       the same, then struct vdso_clock aux_clock_data[8] (the
 *                auxiliary clocks, CLOCK_AUX + n) before tz and hrtimer_res
 * The clock modes have kept their numbers: 0 none, 1 TSC, 2 pvclock,
 * 3 Hyper-V; INT_MAX marks a time-namespace page.  In pvclock mode (a KVM
 * guest on kvm-clock) the counter is not the TSC but kvm-clock's ns, which
 * the vDSO computes from the TSC and vCPU 0's pvclock_vcpu_time_info
 * (mirror_vread_pvclock()); mult/shift then convert ns to ns.
 */

#include "vdso/datapage.h"

/** enum mirror_layout - a kernel's vvar time data layout */
enum mirror_layout {
	MIRROR_LAYOUT_V5_3,
	MIRROR_LAYOUT_V6_10,
	MIRROR_LAYOUT_V6_13,
	MIRROR_LAYOUT_V6_15,
	MIRROR_LAYOUT_NR,
};

/* Host clock modes (arch/x86/include/asm/vdso/clocksource.h). */
#define MIRROR_MODE_NONE 0
#define MIRROR_MODE_TSC 1
#define MIRROR_MODE_PVCLOCK 2
#define MIRROR_MODE_HVCLOCK 3
#define MIRROR_MODE_TIMENS 0x7fffffff

/**
 * struct mirror - a view of one vvar page
 * @data:   the first clock group (CS_HRES_COARSE) of the time data
 * @layout: how to decode it
 * @insn:   enum vdso_tsc_insn to read the TSC with
 * @pvti:   vCPU 0's struct pvclock_vcpu_time_info (the first entry of the
 *          pvclock page, [vvar_vclock] since v6.13), or NULL
 * @aux_clocks: the page holds aux_clock_data[MIRROR_MAX_AUX_CLOCKS] after
 *          clock_data[] (v6.17+, mirror_attach_aux())
 */
struct mirror {
	const unsigned char *data;
	enum mirror_layout layout;
	u32 insn;
	const unsigned char *pvti;
	bool aux_clocks;
};

/*
 * The host's auxiliary clocks (v6.17 include/uapi/linux/time.h CLOCK_AUX,
 * include/vdso/datapage.h MAX_AUX_CLOCKS): the host's ABI, which stays the
 * same whatever the model's profile is.
 */
#define MIRROR_CLOCK_AUX 16
#define MIRROR_MAX_AUX_CLOCKS 8

const char *mirror_layout_name(enum mirror_layout l);
const char *mirror_mode_name(s32 mode);
int mirror_parse_release(const char *release, int *major, int *minor);
int mirror_layout_for(int major, int minor, enum mirror_layout *l);
int mirror_find_mapping(const char *maps, const char *tag, unsigned long *start,
			unsigned long *end);
int mirror_find_vvar(const char *maps, unsigned long *start, unsigned long *end);
unsigned long mirror_data_offset(enum mirror_layout l);
void mirror_attach(struct mirror *m, const void *data, enum mirror_layout l, u32 insn);
void mirror_attach_aux(struct mirror *m, bool aux);
void mirror_attach_pvclock(struct mirror *m, const void *pvti);
u64 mirror_vread_pvclock(const struct mirror *m);
/*
 * A decoded group is a struct vdso_clock (vdso/datapage.h): every layout holds
 * the same fields; max_cycles is 0 where the layout has none.
 */
/* Reads of a seqcount before a mirror gives up on a page (wrong layout). */
#define MIRROR_MAX_TRIES 1000000U

int mirror_read_group(const struct mirror *m, int group, struct vdso_clock *g);

/**
 * struct mirror_misc - the page's fields outside the clock groups
 * @tz_minuteswest: sys_tz (settimeofday(2)'s timezone), minutes west of Greenwich
 * @tz_dsttime:     sys_tz's DST type
 * @hrtimer_res:    clock_getres() of the hres clocks (ns)
 */
struct mirror_misc {
	s32 tz_minuteswest;
	s32 tz_dsttime;
	u32 hrtimer_res;
};

bool mirror_has_aux_clocks(int major, int minor);
void mirror_read_misc(const struct mirror *m, bool aux_clocks, struct mirror_misc *misc);
int mirror_clock_gettime(const struct mirror *m, s32 clock, struct timespec64 *ts);

#endif /* TKSIM_SIM_MIRROR_MIRROR_H */
