/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: include/linux/cache.h for a tree's time files: x86_64's 64-byte lines. */
#ifndef TKSIM_KTREE_SHIM_CACHE_H
#define TKSIM_KTREE_SHIM_CACHE_H

#define L1_CACHE_SHIFT CONFIG_X86_L1_CACHE_SHIFT
#define L1_CACHE_BYTES (1 << L1_CACHE_SHIFT)
#define SMP_CACHE_BYTES L1_CACHE_BYTES
#define ____cacheline_aligned __attribute__((__aligned__(SMP_CACHE_BYTES)))
#define ____cacheline_aligned_in_smp ____cacheline_aligned
#define __cacheline_aligned ____cacheline_aligned
#define __cacheline_aligned_in_smp ____cacheline_aligned
#define ____cacheline_internodealigned_in_smp ____cacheline_aligned

#endif /* TKSIM_KTREE_SHIM_CACHE_H */
