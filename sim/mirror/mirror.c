// SPDX-License-Identifier: GPL-2.0
// Mirrors: lib/vdso/gettimeofday.c do_hres()/do_coarse() over host x86 vvar layouts
// (sim/mirror/mirror.h).
#include "sim/mirror/mirror.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "vdso/calc.h"
#include "vdso/hw_counter.h"
#include "vdso/helpers.h"

/**
 * struct layout_desc - where the fields of one clock group are
 * @name:       for reports
 * @data_off:   offset of the CS_HRES_COARSE group in the [vvar] mapping
 * @stride:     bytes from one group to the next
 * @max_cycles: offset of max_cycles, or 0 if the layout has none
 * @mask:       offset of mask
 * @mult:       offset of mult (shift follows it)
 * @basetime:   offset of basetime[0]
 */
struct layout_desc {
	const char *name;
	unsigned long data_off;
	unsigned long stride;
	unsigned long max_cycles;
	unsigned long mask;
	unsigned long mult;
	unsigned long basetime;
};

/* seq at 0, clock_mode at 4 and cycle_last at 8 in every layout. */
static const struct layout_desc layouts[MIRROR_LAYOUT_NR] = {
	[MIRROR_LAYOUT_V5_3] = { "v5.3-v6.9 struct vdso_data[2] at +128", 128, 240, 0, 16, 24, 32 },
	[MIRROR_LAYOUT_V6_10] = { "v6.10-v6.12 struct vdso_data[2] at +128 (max_cycles)", 128, 248,
				  16, 24, 32, 40 },
	[MIRROR_LAYOUT_V6_13] = { "v6.13-v6.14 struct vdso_data[2] at +0 (max_cycles)", 0, 248, 16,
				  24, 32, 40 },
	[MIRROR_LAYOUT_V6_15] = { "v6.15+ struct vdso_time_data, vdso_clock[2] at +0", 0, 232, 16,
				  24, 32, 40 },
};

_Static_assert(sizeof(struct vdso_clock) == 232, "tksim's vdso_clock is the v6.15 layout");

/** mirror_layout_name() - a layout in words. */
const char *mirror_layout_name(enum mirror_layout l)
{
	return l < MIRROR_LAYOUT_NR ? layouts[l].name : "unknown";
}

/** mirror_mode_name() - "TSC", "PVCLOCK" (kvm-clock, Xen), "HVCLOCK" (Hyper-V)... */
const char *mirror_mode_name(s32 mode)
{
	switch (mode) {
	case MIRROR_MODE_NONE:
		return "NONE";
	case MIRROR_MODE_TSC:
		return "TSC";
	case MIRROR_MODE_PVCLOCK:
		return "PVCLOCK";
	case MIRROR_MODE_HVCLOCK:
		return "HVCLOCK";
	case MIRROR_MODE_TIMENS:
		return "TIMENS";
	default:
		return "unknown";
	}
}

/**
 * mirror_parse_release() - the version of a `uname -r` string
 * @release: e.g. "6.18.44-fc-v782"
 * @major:   out
 * @minor:   out
 *
 * Return: 0 or -EINVAL.
 */
int mirror_parse_release(const char *release, int *major, int *minor)
{
	return sscanf(release, "%d.%d", major, minor) == 2 && *major >= 0 && *minor >= 0 ? 0
											 : -EINVAL;
}

/**
 * mirror_layout_for() - the layout of a kernel version
 * @major: e.g. 6
 * @minor: e.g. 18
 * @l:     out
 *
 * Known: v5.3 (the generic vDSO on x86) up to v6.19.  Earlier kernels kept
 * struct vsyscall_gtod_data, later ones are not known yet.
 *
 * Return: 0, or -EOPNOTSUPP for an unknown version.
 */
int mirror_layout_for(int major, int minor, enum mirror_layout *l)
{
	int v = major * 100 + minor;

	if (v < 503 || v > 619)
		return -EOPNOTSUPP;
	*l = v < 610   ? MIRROR_LAYOUT_V5_3
	     : v < 613 ? MIRROR_LAYOUT_V6_10
	     : v < 615 ? MIRROR_LAYOUT_V6_13
		       : MIRROR_LAYOUT_V6_15;
	return 0;
}

/**
 * mirror_find_mapping() - a special mapping in the text of /proc/self/maps
 * @maps:  the whole text
 * @tag:   its name, e.g. "[vvar]" or "[vvar_vclock]" (matched whole)
 * @start: out, its first address
 * @end:   out, one past its last
 *
 * Return: 0, or -ENOENT if there is none.
 */
int mirror_find_mapping(const char *maps, const char *tag, unsigned long *start, unsigned long *end)
{
	size_t tl = strlen(tag);

	for (const char *line = maps; line && *line;) {
		const char *nl = strchr(line, '\n');
		size_t len = nl ? (size_t)(nl - line) : strlen(line);

		if (len >= tl && !memcmp(line + len - tl, tag, tl) &&
		    (len == tl || line[len - tl - 1] == ' ') &&
		    sscanf(line, "%lx-%lx", start, end) == 2)
			return 0;
		line = nl ? nl + 1 : NULL;
	}
	return -ENOENT;
}

/**
 * mirror_find_vvar() - the [vvar] mapping (not "[vvar_vclock]")
 * @maps:  the text of /proc/self/maps
 * @start: out, its first address
 * @end:   out, one past its last
 *
 * Return: 0, or -ENOENT if there is none.
 */
int mirror_find_vvar(const char *maps, unsigned long *start, unsigned long *end)
{
	return mirror_find_mapping(maps, "[vvar]", start, end);
}

/** mirror_data_offset() - where a layout's time data starts in [vvar] (bytes). */
unsigned long mirror_data_offset(enum mirror_layout l)
{
	return layouts[l].data_off;
}

/**
 * mirror_attach() - view time data in a layout
 * @m:    the view
 * @data: the CS_HRES_COARSE group (the [vvar] start plus mirror_data_offset())
 * @l:    the layout
 * @insn: enum vdso_tsc_insn for the TSC reads
 */
void mirror_attach(struct mirror *m, const void *data, enum mirror_layout l, u32 insn)
{
	*m = (struct mirror){ .data = data, .layout = l, .insn = insn };
}

/**
 * mirror_attach_aux() - say whether the view's page holds v6.17's aux clock groups
 * @m:   the view (after mirror_attach())
 * @aux: mirror_has_aux_clocks() of the running kernel
 */
void mirror_attach_aux(struct mirror *m, bool aux)
{
	m->aux_clocks = aux && m->layout >= MIRROR_LAYOUT_V6_15;
}

/**
 * mirror_attach_pvclock() - give the view vCPU 0's pvclock entry
 * @m:    the view
 * @pvti: the start of the pvclock page, or NULL
 */
void mirror_attach_pvclock(struct mirror *m, const void *pvti)
{
	m->pvti = pvti;
}

/* struct pvclock_vcpu_time_info (arch/x86/include/asm/pvclock-abi.h), packed, 32 bytes. */
#define PVTI_VERSION 0
#define PVTI_TSC_TIMESTAMP 8
#define PVTI_SYSTEM_TIME 16
#define PVTI_MUL 24
#define PVTI_SHIFT 28
#define PVTI_FLAGS 29
#define PVCLOCK_TSC_STABLE_BIT 0x01

/**
 * mirror_vread_pvclock() - the x86 vDSO's vread_pvclock() on the host's page
 * @m: the view, with a pvclock entry attached
 *
 * kvm-clock counts ns: system_time at tsc_timestamp, plus the TSC delta
 * scaled by tsc_to_system_mul / 2^32 after a shift by tsc_shift
 * (pvclock_scale_delta()).  The host updates the entry under its version
 * seqcount (odd while writing).  The vDSO trusts only an entry flagged
 * PVCLOCK_TSC_STABLE_BIT: the same value from every vCPU.
 *
 * Return: kvm-clock ns masked to 63 bits, or U64_MAX (not stable: the
 * vDSO would take the syscall).
 */
u64 mirror_vread_pvclock(const struct mirror *m)
{
	const unsigned char *p = m->pvti;
	u64 tsc, delta, ns;
	u32 version, mul;
	s8 shift;

	do {
		/* pvclock_read_begin(): an even version, then (acquire) the fields. */
		version = __atomic_load_n((const u32 *)(const void *)(p + PVTI_VERSION),
					  __ATOMIC_ACQUIRE) &
			  ~1U;
		if (!(READ_ONCE(*(const u8 *)(p + PVTI_FLAGS)) & PVCLOCK_TSC_STABLE_BIT))
			return U64_MAX;
		tsc = rdtsc_ordered(m->insn);
		delta = tsc - READ_ONCE(*(const u64 *)(const void *)(p + PVTI_TSC_TIMESTAMP));
		mul = READ_ONCE(*(const u32 *)(const void *)(p + PVTI_MUL));
		shift = READ_ONCE(*(const s8 *)(p + PVTI_SHIFT));
		delta = shift < 0 ? delta >> -shift : delta << shift;
		ns = READ_ONCE(*(const u64 *)(const void *)(p + PVTI_SYSTEM_TIME)) +
		     mul_u64_u32_shr(delta, mul, 32);
	} while (seqcount_read_retry((const u32 *)(const void *)(p + PVTI_VERSION), version));
	return ns & (u64)S64_MAX;
}

static const unsigned char *group_base(const struct mirror *m, int group)
{
	return m->data + (unsigned long)group * layouts[m->layout].stride;
}

#define FIELD(type, base, off) (*(const type *)(const void *)((base) + (off)))

/* One group's fields; the caller holds the seqcount. */
static void read_fields(const struct mirror *m, const unsigned char *b, struct vdso_clock *g)
{
	const struct layout_desc *d = &layouts[m->layout];

	g->clock_mode = READ_ONCE(FIELD(s32, b, 4));
	g->cycle_last = READ_ONCE(FIELD(u64, b, 8));
	g->max_cycles = d->max_cycles ? READ_ONCE(FIELD(u64, b, d->max_cycles)) : 0;
	g->mask = READ_ONCE(FIELD(u64, b, d->mask));
	g->mult = READ_ONCE(FIELD(u32, b, d->mult));
	g->shift = READ_ONCE(FIELD(u32, b, d->mult + 4));
}

/*
 * seqcount_read_begin() with a bound: a page read with the wrong layout
 * may show an odd "sequence" forever, and the kernel's loop would spin on
 * it.  A real writer holds the sequence odd for microseconds.
 */
static bool seq_begin_bounded(const u32 *seq, u32 *start, unsigned int *tries)
{
	u32 s;

	while ((s = __atomic_load_n(seq, __ATOMIC_ACQUIRE)) & 1) {
		if (++*tries > MIRROR_MAX_TRIES)
			return false;
		cpu_relax();
	}
	*start = s;
	return true;
}

/**
 * mirror_read_group() - a consistent copy of one clock group
 * @m:     the view
 * @group: CS_HRES_COARSE or CS_RAW
 * @g:     out
 *
 * Return: 0, or -EAGAIN if the group never showed a stable even sequence
 * in MIRROR_MAX_TRIES reads (not this kernel's layout).
 */
int mirror_read_group(const struct mirror *m, int group, struct vdso_clock *g)
{
	const unsigned char *b = group_base(m, group);
	const struct layout_desc *d = &layouts[m->layout];
	unsigned int tries = 0;

	do {
		if (!seq_begin_bounded(&FIELD(u32, b, 0), &g->seq, &tries) ||
		    ++tries > MIRROR_MAX_TRIES)
			return -EAGAIN;
		read_fields(m, b, g);
		for (int i = 0; i < VDSO_BASES; i++) {
			unsigned long off = d->basetime + 16 * (unsigned long)i;

			g->basetime[i].sec = READ_ONCE(FIELD(u64, b, off));
			g->basetime[i].nsec = READ_ONCE(FIELD(u64, b, off + 8));
		}
	} while (seqcount_read_retry(&FIELD(u32, b, 0), g->seq));
	return 0;
}

/**
 * mirror_has_aux_clocks() - whether a kernel's page holds the auxiliary clock groups
 * @major: e.g. 6
 * @minor: e.g. 18
 *
 * Return: true from v6.17 (the POSIX auxiliary clocks, CLOCK_AUX).
 */
bool mirror_has_aux_clocks(int major, int minor)
{
	return major * 100 + minor >= 617;
}

/**
 * mirror_read_misc() - tz and hrtimer_res, the fields after the clock groups
 * @m:          the view
 * @aux_clocks: the page has v6.17's auxiliary clock groups (mirror_has_aux_clocks())
 * @misc:       out
 *
 * The kernel writes them without the seqcount (update_vsyscall_tz(),
 * WRITE_ONCE of hrtimer_res), so they are read once.  Before v6.15 they
 * follow basetime[] in each struct vdso_data (group 0's are the ones
 * written); from v6.15 they follow the groups in struct vdso_time_data.
 */
void mirror_read_misc(const struct mirror *m, bool aux_clocks, struct mirror_misc *misc)
{
	const struct layout_desc *d = &layouts[m->layout];
	unsigned long off = d->basetime + 16 * VDSO_BASES;

	if (m->layout >= MIRROR_LAYOUT_V6_15)
		off = d->stride * (CS_BASES + (aux_clocks ? MIRROR_MAX_AUX_CLOCKS : 0));
	misc->tz_minuteswest = READ_ONCE(FIELD(s32, m->data, off));
	misc->tz_dsttime = READ_ONCE(FIELD(s32, m->data, off + 4));
	misc->hrtimer_res = READ_ONCE(FIELD(u32, m->data, off + 8));
}

/* The counter of a group in @mode; U64_MAX where tksim cannot read it the host's way. */
static u64 read_counter(const struct mirror *m, s32 mode)
{
	u64 cycles;

	if (mode == MIRROR_MODE_TSC)
		cycles = rdtsc_ordered(m->insn) & (u64)S64_MAX;
	else if (mode == MIRROR_MODE_PVCLOCK && m->pvti)
		cycles = mirror_vread_pvclock(m);
	else
		return U64_MAX;
	return (s64)cycles < 0 ? U64_MAX : cycles;
}

/*
 * The seqcount loop of do_hres()/do_coarse()/do_aux() over group @b's base
 * @base.  @coarse: the base is the time (no counter).  @none_errno: what a
 * clock mode of NONE means: -EOPNOTSUPP for the system clocks (the host's
 * vDSO would take the syscall), -ENODEV for an aux clock (disabled: the
 * syscall's answer).
 */
static int read_base(const struct mirror *m, const unsigned char *b, int base, bool coarse,
		     int none_errno, struct timespec64 *ts)
{
	const struct layout_desc *d = &layouts[m->layout];
	struct vdso_clock g;
	u64 sec, nsec, cycles = 0;
	unsigned int tries = 0;
	u32 seq;

	do {
		if (!seq_begin_bounded(&FIELD(u32, b, 0), &seq, &tries) ||
		    ++tries > MIRROR_MAX_TRIES)
			return -EAGAIN;
		sec = READ_ONCE(FIELD(u64, b, d->basetime + 16 * (unsigned long)base));
		nsec = READ_ONCE(FIELD(u64, b, d->basetime + 16 * (unsigned long)base + 8));
		if (coarse)
			continue;
		read_fields(m, b, &g);
		if (g.clock_mode == MIRROR_MODE_NONE)
			return none_errno;
		cycles = read_counter(m, g.clock_mode);
		if (cycles == U64_MAX)
			return -EOPNOTSUPP;
	} while (seqcount_read_retry(&FIELD(u32, b, 0), seq));

	if (!coarse) {
		u64 max = d->max_cycles ? g.max_cycles : (u64)S64_MAX >> 1;

		nsec = cycles_to_ns(cycles, g.cycle_last, (u64)S64_MAX, max, g.mult, nsec, g.shift);
	}
	ts->tv_sec = (time64_t)(sec + iter_div_u64_rem(nsec, NSEC_PER_SEC, &nsec));
	ts->tv_nsec = (long)nsec;
	return 0;
}

/**
 * mirror_clock_gettime() - clock_gettime() from the host's page, tksim's way
 * @m:     the view
 * @clock: clock id; CLOCK_AUX..CLOCK_AUX_LAST (16..23) on a view with
 *         mirror_attach_aux()
 * @ts:    result
 *
 * do_hres()/do_coarse() over the host's layout: the counter is the TSC,
 * read with @m->insn and masked to 63 bits as on x86, or in pvclock mode
 * kvm-clock's ns from vCPU 0's pvclock entry (mirror_vread_pvclock()), converted with
 * cycles_to_ns() (the same function the simulated vDSO uses).  Layouts
 * without max_cycles (before v6.10) had no overflow protection; half the
 * delta range stands for it, which keeps the negative-motion clamp.  An
 * aux id is v6.17's do_aux(): aux_clock_data[id - CLOCK_AUX], its one base
 * at basetime[0] (VDSO_BASE_AUX), the same counter.
 *
 * Return: 0; -EAGAIN when the group never showed a stable even sequence in
 * MIRROR_MAX_TRIES reads; -EINVAL for a clock the vDSO does not serve; -ENODEV
 * for an aux clock whose entry says clock mode NONE (disabled: the host's
 * vDSO takes the syscall, which says ENODEV, or EINVAL on a kernel without
 * CONFIG_POSIX_AUX_CLOCKS); -EOPNOTSUPP when the page's clock mode is neither
 * TSC nor pvclock with a pvclock entry attached, or the pvclock entry is not
 * stable (the host's vDSO would use the Hyper-V page or the syscall, which
 * tksim does not mirror).
 */
int mirror_clock_gettime(const struct mirror *m, s32 clock, struct timespec64 *ts)
{
	u32 msk;

	if (clock >= MIRROR_CLOCK_AUX && clock < MIRROR_CLOCK_AUX + MIRROR_MAX_AUX_CLOCKS) {
		if (!m->aux_clocks)
			return -EINVAL;
		return read_base(m, group_base(m, CS_BASES + (clock - MIRROR_CLOCK_AUX)), 0, false,
				 -ENODEV, ts);
	}
	if ((u32)clock >= VDSO_BASES)
		return -EINVAL;
	msk = BIT(clock);
	if (!(msk & (VDSO_HRES | VDSO_COARSE | VDSO_RAW)))
		return -EINVAL;
	return read_base(m, group_base(m, msk & VDSO_RAW ? CS_RAW : CS_HRES_COARSE), clock,
			 msk & VDSO_COARSE, -EOPNOTSUPP, ts);
}
