/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the synthetic counter's value within one frequency segment (sim/counter.c and the
 * preload's in-process vDSO reads, tools/preload/preload_vdso.c). */
#ifndef TKSIM_SIM_COUNTER_SEG_H
#define TKSIM_SIM_COUNTER_SEG_H

#include "vdso/types.h"

/* Cycles are kept << 48 so that a rate in cycles per ns keeps its fraction. */
#define SIM_COUNTER_Q48 48

/**
 * sim_counter_seg_q48() - cycles counted since time 0 at @t_ns, << 48
 * @c0_q48:   cycles at @t0_ns, << 48
 * @t0_ns:    start of the segment
 * @rate_q48: cycles per ns << 48 in the segment
 * @t_ns:     virtual time within the segment
 */
static inline unsigned __int128 sim_counter_seg_q48(unsigned __int128 c0_q48, u64 t0_ns,
						    u64 rate_q48, u64 t_ns)
{
	return c0_q48 + (unsigned __int128)(t_ns - t0_ns) * rate_q48;
}

/**
 * sim_counter_seg_value() - the masked counter value at @t_ns within a segment
 * @c0_q48:   cycles at @t0_ns, << 48
 * @t0_ns:    start of the segment
 * @rate_q48: cycles per ns << 48
 * @start:    the counter's value at time 0
 * @mask:     the counter's width mask
 * @t_ns:     virtual time within the segment
 */
static inline u64 sim_counter_seg_value(unsigned __int128 c0_q48, u64 t0_ns, u64 rate_q48,
					u64 start, u64 mask, u64 t_ns)
{
	return (start +
		(u64)(sim_counter_seg_q48(c0_q48, t0_ns, rate_q48, t_ns) >> SIM_COUNTER_Q48)) &
	       mask;
}

#endif /* TKSIM_SIM_COUNTER_SEG_H */
