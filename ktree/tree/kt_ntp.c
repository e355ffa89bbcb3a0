// SPDX-License-Identifier: GPL-2.0
// tksim's own: the tree's kernel/time/ntp.c, compiled as it is, and what the backend reads of its
// statics.
#include <kernel/time/ntp.c>

#include "ktree/ktree_abi.h"

/** kt_ntp_snapshot() - ntp.c's file statics (read by the one thread that also writes them) */
void kt_ntp_snapshot(struct tk_snapshot *snap)
{
	snap->tick_length = tick_length;
	snap->time_state = time_state;
	snap->time_status = time_status;
	snap->time_offset = time_offset;
	snap->time_freq = time_freq;
	snap->time_adjust = time_adjust;
	snap->time_constant = time_constant;
	snap->time_maxerror = time_maxerror;
	snap->time_esterror = time_esterror;
	snap->ntp_tick_adj = ntp_tick_adj;
	snap->tick_usec = (long)tick_usec;
	snap->ntp_next_leap_sec = ntp_next_leap_sec;
}
