/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: include/linux/audit.h for a tree's time files: auditing off (CONFIG_AUDITSYSCALL=n).
 */
#ifndef TKSIM_KTREE_SHIM_AUDIT_H
#define TKSIM_KTREE_SHIM_AUDIT_H

#include "kt_kernel.h"

/* The kernel's !CONFIG_AUDITSYSCALL forms: the types exist, every call does nothing. */
enum audit_ntp_type {
	AUDIT_NTP_OFFSET,
	AUDIT_NTP_FREQ,
	AUDIT_NTP_STATUS,
	AUDIT_NTP_TAI,
	AUDIT_NTP_TICK,
	AUDIT_NTP_ADJUST,
	AUDIT_NTP_NVALS
};

struct audit_ntp_data {
	int unused;
};

#define audit_ntp_init(ad) ((void)(ad))
#define audit_ntp_set_old(ad, type, val) ((void)(ad), (void)(val))
#define audit_ntp_set_new(ad, type, val) ((void)(ad), (void)(val))
#define audit_ntp_log(ad) ((void)(ad))
#define audit_tk_injoffset(offset) ((void)(offset))

#endif /* TKSIM_KTREE_SHIM_AUDIT_H */
