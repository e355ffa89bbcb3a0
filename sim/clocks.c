// SPDX-License-Identifier: GPL-2.0
// tksim's own: the one table of clock ids and their names (see sim/clocks.h).
#include "sim/clocks.h"

#include <stddef.h>
#include <strings.h>

#define SIM_CLOCK_DESC(i, n, a, v) [i] = { .id = i, .name = n, .arg = a, .vdsotest = v },

/*
 * Indexed by clock id: every id below VDSO_BASES is one the kernel defines, and so is
 * every aux id; 12..15 are not (their entries have no name).
 */
static const struct sim_clock_desc sim_clocks[TK_CLOCK_AUX_LAST + 1] = {
	[TK_CLOCK_PROCESS_CPUTIME_ID] = { TK_CLOCK_PROCESS_CPUTIME_ID, "PROCESS_CPUTIME_ID" },
	[TK_CLOCK_THREAD_CPUTIME_ID] = { TK_CLOCK_THREAD_CPUTIME_ID, "THREAD_CPUTIME_ID" },
	[TK_CLOCK_REALTIME_ALARM] = { TK_CLOCK_REALTIME_ALARM, "REALTIME_ALARM" },
	[TK_CLOCK_BOOTTIME_ALARM] = { TK_CLOCK_BOOTTIME_ALARM, "BOOTTIME_ALARM" },
	[TK_CLOCK_SGI_CYCLE] = { TK_CLOCK_SGI_CYCLE, "SGI_CYCLE" },
	SIM_VDSO_CLOCKS(SIM_CLOCK_DESC) SIM_AUX_CLOCKS(SIM_CLOCK_DESC)
};

#define SIM_CLOCK_BIT(i, n, a, v) | BIT(i)
_Static_assert((0 SIM_VDSO_CLOCKS(SIM_CLOCK_BIT)) == SIM_VDSO_CLOCK_MASK,
	       "SIM_VDSO_CLOCKS() lists exactly the clocks the vDSO serves");

/**
 * sim_clock_by_id() - the table's entry for a clock id
 * @id: the clock id, TK_CLOCK_*
 *
 * Return: the entry, or NULL for an id the kernel does not define (below 0,
 * 12..15, beyond CLOCK_AUX_LAST).
 */
const struct sim_clock_desc *sim_clock_by_id(s32 id)
{
	if (id < 0 || id > TK_CLOCK_AUX_LAST || !sim_clocks[id].name)
		return NULL;
	return &sim_clocks[id];
}

/**
 * sim_clock_by_name() - the entry whose @name is @name, in any case
 * @name: a CLOCK_ name without the prefix, e.g. "monotonic_raw"
 *
 * Return: the entry (any clock id, served by the vDSO or not, aux clocks too), or NULL.
 */
const struct sim_clock_desc *sim_clock_by_name(const char *name)
{
	for (s32 id = 0; id <= TK_CLOCK_AUX_LAST; id++)
		if (sim_clocks[id].name && !strcasecmp(name, sim_clocks[id].name))
			return &sim_clocks[id];
	return NULL;
}
