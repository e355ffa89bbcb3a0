/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the bits of the injectable historical bugs (the table is in sim/bugs.c). */
#ifndef TKSIM_VDSO_BUG_BITS_H
#define TKSIM_VDSO_BUG_BITS_H

/*
 * Each bit re-creates one historical bug, or one rejected patch, at a hook
 * in the core code.  Writer-side bits are tested in struct tk_kernel.bugs,
 * reader-side bits in the vvar page's arch_data.bugs; both are 0 in a
 * faithful system, and every hook is a single unlikely() branch.  The bits
 * live here, in vdso/, because both halves test them and vdso/ may include
 * nothing else.  sim/bugs.c names them, with the commit that fixed each.
 */

#include "vdso/types.h"

#define TK_BUG(n) ((u64)1 << (n))

/* Reader side (arch_data.bugs). */
#define BUG_READER_NO_RETRY TK_BUG(0) /* do_hres/do_coarse ignore the seqcount retry */
#define BUG_NO_NEG_CLAMP TK_BUG(3) /* negative motion is not frozen at the base (pre-2008 x86) */
#define BUG_DELTA_OVERFLOW TK_BUG(7) /* delta * mult in 64 bits beyond max_cycles (pre-6.10) */
#define BUG_DELTA_NOMASK TK_BUG(11) /* x86's S64_MAX delta mask on every counter (pre-5.3) */

/* Writer side (struct tk_kernel.bugs). */
#define BUG_WRITER_NO_SEQ TK_BUG(1) /* update_vsyscall() without vdso_write_begin/end */
#define BUG_NO_XTIME_CORRECTION TK_BUG(4) /* a mult change does not correct xtime_nsec */
#define BUG_COARSE_PRE615 TK_BUG(5) /* coarse clocks follow xtime_nsec (pre-6.15) */
#define BUG_RAW_PRE413 TK_BUG(6) /* RAW accumulates whole ns per interval (pre-4.13) */
#define BUG_BOOTTIME_SHIFT TK_BUG(8) /* vDSO BOOTTIME as offs_boot << shift (pre-5.3) */
#define BUG_NEG_MOTION_HALF TK_BUG(10) /* negative motion cut-off at half the mask (6.13-rc) */
#define BUG_NTP_OFFSET_U32 TK_BUG(12) /* adjtimex's us offset read back via (u32) (pre-6.13) */
#define BUG_REFUSED_SET_UPDATE \
	TK_BUG(13) /* a refused set clears NTP, says time was set (pre-6.13) */
/* Bit 20, clear of the low bits other branches of issue 18 may take. */
#define BUG_AUX_OFFS_NS TK_BUG(20) /* vDSO aux base from offs_aux in ns (v6.17-rc1..rc4) */

/* Applied by configuration rather than a hook. */
#define BUG_BARE_RDTSC TK_BUG(2) /* the vDSO reads the TSC with plain rdtsc (rejected 2023) */
/* In the torture checker, not in the kernel. */
#define BUG_THREADTEST_CMP TK_BUG(9) /* threadtest's (b.sec <= a.sec) && (b.nsec < a.nsec) */

#define BUG_READER_MASK \
	(BUG_READER_NO_RETRY | BUG_NO_NEG_CLAMP | BUG_DELTA_OVERFLOW | BUG_DELTA_NOMASK)
#define BUG_WRITER_MASK                                                                           \
	(BUG_WRITER_NO_SEQ | BUG_NO_XTIME_CORRECTION | BUG_COARSE_PRE615 | BUG_RAW_PRE413 |       \
	 BUG_BOOTTIME_SHIFT | BUG_NEG_MOTION_HALF | BUG_NTP_OFFSET_U32 | BUG_REFUSED_SET_UPDATE | \
	 BUG_AUX_OFFS_NS)

#endif /* TKSIM_VDSO_BUG_BITS_H */
