/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the kernel configuration a tree's time files are compiled with (force-included
 * first). */
/*
 * What a kernel build's include/generated/autoconf.h and the kbuild command
 * line give: an x86_64 kernel with the generic vDSO and the generic
 * vsyscall, no PPS, no CMOS sync, no time namespaces, no debug checks.
 * CONFIG_HZ comes from the command line (-DCONFIG_HZ=N): the kernel's HZ is
 * a compile-time constant, so the backend builds one object per HZ.
 */
#ifndef TKSIM_KTREE_SHIM_KT_CONFIG_H
#define TKSIM_KTREE_SHIM_KT_CONFIG_H

#ifndef CONFIG_HZ
#define CONFIG_HZ 250
#endif
#define CONFIG_64BIT 1
#define CONFIG_X86_64 1
#define CONFIG_X86 1
#define CONFIG_PAGE_SHIFT 12
#define CONFIG_X86_L1_CACHE_SHIFT 6
#define CONFIG_GENERIC_TIME_VSYSCALL 1
#define CONFIG_GENERIC_GETTIMEOFDAY 1
#define CONFIG_HAVE_GENERIC_VDSO 1
/* x86 selects it (6.10 on): struct vdso_data has max_cycles, and the vDSO checks deltas against it.
 */
#define CONFIG_GENERIC_VDSO_OVERFLOW_PROTECT 1
#define CONFIG_KCSAN_ASSUME_PLAIN_WRITES_ATOMIC 1
#define CONFIG_CC_HAS_ASM_INLINE 1

/* The kernel's own spelling of the compiler's features, from the kbuild command line. */
#define KBUILD_MODNAME "tksim_ktree"
#define KBUILD_BASENAME "tksim_ktree"

/* IS_ENABLED() and friends, as every kernel file gets them from kbuild's -include. */
#include <linux/kconfig.h>

#endif /* TKSIM_KTREE_SHIM_KT_CONFIG_H */
