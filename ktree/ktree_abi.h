/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the entry points a tree's shared object exports to ktree/ktree.c (one ABI for every
 * tree). */
#ifndef TKSIM_KTREE_KTREE_ABI_H
#define TKSIM_KTREE_KTREE_ABI_H

#include "ktree/ktree.h"

/*
 * The files of ktree/tree/ are compiled, with the tree's own files, into one shared
 * object per tree and HZ; these are its only exported symbols
 * (-fvisibility=hidden elsewhere, -Bsymbolic), so that the tree's kernel
 * names never meet the model's.  Bump KT_ABI_VERSION with any change here:
 * an object of another version is rebuilt.
 */
#define KT_ABI_VERSION 4

int kt_abi_version(void);
int kt_abi_boot(const struct ktree_config *cfg);
void kt_abi_tick(void);
int kt_abi_suspend(void);
int kt_abi_resume(long long sec, long nsec);
int kt_abi_adjtimex(int clock, struct ktree_timex *tx, int privileged);
int kt_abi_clock_settime(int clock, long long sec, long nsec, int privileged);
int kt_abi_settimeofday(const long long *sec, long usec, const int *tz_minuteswest,
			const int *tz_dsttime, int privileged);
int kt_abi_inject_offset(long long sec, long nsec);
int kt_abi_clock_gettime(int path, int clock, long long *sec, long *nsec);
int kt_abi_clock_getres(int path, int clock, long long *sec, long *nsec);
long long kt_abi_time(int path);
void kt_abi_snapshot(struct tk_snapshot *snap);
unsigned long kt_abi_warnings(void);
void kt_abi_vvar_read(struct ktree_vvar *vv);
const unsigned int *kt_abi_vvar_seq(int base);
const unsigned int *kt_abi_tk_seq(void);
void kt_abi_vdso_break(unsigned int bits);
void kt_abi_advance_freq(void);

#endif /* TKSIM_KTREE_KTREE_ABI_H */
