/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: include/linux/nmi.h for a tree's time files: no watchdog to pet. */
#ifndef TKSIM_KTREE_SHIM_NMI_H
#define TKSIM_KTREE_SHIM_NMI_H

#include "kt_kernel.h"

static inline void touch_softlockup_watchdog(void)
{
}

#endif /* TKSIM_KTREE_SHIM_NMI_H */
