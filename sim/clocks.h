/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the one table of clock ids and the names tksim spells them with. */
#ifndef TKSIM_SIM_CLOCKS_H
#define TKSIM_SIM_CLOCKS_H

#include "vdso/datapage.h"

/*
 * SIM_VDSO_CLOCKS() - the clocks the vDSO serves (VDSO_HRES, VDSO_COARSE and
 * VDSO_RAW), in clock id order, one X(id, name, arg, vdsotest) each.  It is a
 * macro, not only an array, so that tables which need their strings at compile
 * time (torture's --clocks words, bench's "clock-gettime-" rows, the oracle's
 * list of ids) expand it instead of spelling the names again.  The same clock has
 * several spellings because each matches a convention outside tksim:
 *   name      the kernel's CLOCK_ name without the prefix ("MONOTONIC_RAW"), as
 *             reports, JSON "clock" values, scenario files and explain use it;
 *   arg       the word `tksim torture --clocks` takes ("raw", "realtime_coarse");
 *   vdsotest  vdsotest's spelling in its API names ("monotonic-raw", as in
 *             "clock-gettime-monotonic-raw"), which bench's rows keep.
 */
#define SIM_VDSO_CLOCKS(X)                                                                       \
	X(TK_CLOCK_REALTIME, "REALTIME", "realtime", "realtime")                                 \
	X(TK_CLOCK_MONOTONIC, "MONOTONIC", "monotonic", "monotonic")                             \
	X(TK_CLOCK_MONOTONIC_RAW, "MONOTONIC_RAW", "raw", "monotonic-raw")                       \
	X(TK_CLOCK_REALTIME_COARSE, "REALTIME_COARSE", "realtime_coarse", "realtime-coarse")     \
	X(TK_CLOCK_MONOTONIC_COARSE, "MONOTONIC_COARSE", "monotonic_coarse", "monotonic-coarse") \
	X(TK_CLOCK_BOOTTIME, "BOOTTIME", "boottime", "boottime")                                 \
	X(TK_CLOCK_TAI, "TAI", "tai", "tai")

/*
 * SIM_AUX_CLOCKS() - the auxiliary clocks of v6.17 (CLOCK_AUX .. CLOCK_AUX_LAST, ids
 * 16..23), one X(id, name, arg, vdsotest) each as SIM_VDSO_CLOCKS().  The kernel names
 * them by number only (CLOCK_AUX + n, /sys/kernel/time/aux_clocks/n/); "AUX0" .. "AUX7"
 * follow clknetsim's CLKNETSIM_CLOCKS spelling.  vdsotest has no aux clocks: bench's rows
 * spell them "aux0" as the torture word.  The vDSO serves them (do_aux()) while they are
 * enabled; they are not in oracle_clocks[], whose clocks every system has.
 */
#define SIM_AUX_CLOCKS(X)                           \
	X(TK_CLOCK_AUX + 0, "AUX0", "aux0", "aux0") \
	X(TK_CLOCK_AUX + 1, "AUX1", "aux1", "aux1") \
	X(TK_CLOCK_AUX + 2, "AUX2", "aux2", "aux2") \
	X(TK_CLOCK_AUX + 3, "AUX3", "aux3", "aux3") \
	X(TK_CLOCK_AUX + 4, "AUX4", "aux4", "aux4") \
	X(TK_CLOCK_AUX + 5, "AUX5", "aux5", "aux5") \
	X(TK_CLOCK_AUX + 6, "AUX6", "aux6", "aux6") \
	X(TK_CLOCK_AUX + 7, "AUX7", "aux7", "aux7")

/** sim_clock_is_aux() - @id is one of the auxiliary clocks, CLOCK_AUX .. CLOCK_AUX_LAST. */
static inline bool sim_clock_is_aux(s32 id)
{
	return id >= TK_CLOCK_AUX && id <= TK_CLOCK_AUX_LAST;
}

/* The bits (BIT(id)) of the clocks of SIM_VDSO_CLOCKS(); sim/clocks.c checks that they agree. */
#define SIM_VDSO_CLOCK_MASK (VDSO_HRES | VDSO_COARSE | VDSO_RAW)

/**
 * struct sim_clock_desc - one clock id and its names
 * @id:       the clock id, TK_CLOCK_* (the kernel's CLOCK_* value)
 * @name:     its CLOCK_ name without the prefix, e.g. "MONOTONIC_RAW"
 * @arg:      its word in `tksim torture --clocks`, e.g. "raw"; NULL for a clock
 *            the vDSO does not serve
 * @vdsotest: its spelling in vdsotest's API names, e.g. "monotonic-raw"; NULL
 *            likewise
 *
 * Every clock id below VDSO_BASES has one, the clocks outside SIM_VDSO_CLOCKS()
 * (the CPU-time, alarm and SGI clocks) by name only: scenario files may name them
 * in clock_settime and clock_adjtime, which refuse them as the kernel does.  So
 * has every aux clock (SIM_AUX_CLOCKS()); ids 12..15 have none, as in the kernel.
 */
struct sim_clock_desc {
	s32 id;
	const char *name;
	const char *arg;
	const char *vdsotest;
};

const struct sim_clock_desc *sim_clock_by_id(s32 id);
const struct sim_clock_desc *sim_clock_by_name(const char *name);

#endif
