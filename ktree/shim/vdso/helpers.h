/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: include/vdso/helpers.h of a tree, included as it is, and a test-only knob that
 * breaks its seqcount. */
#ifndef TKSIM_KTREE_SHIM_VDSO_HELPERS_H
#define TKSIM_KTREE_SHIM_VDSO_HELPERS_H

#include_next <vdso/helpers.h>

/*
 * The tree's vdso_read_begin()/vdso_read_retry() and vdso_write_begin()/end()
 * are used as they are.  On x86-64 their smp_rmb() and smp_wmb() are the
 * tree's own arch/x86/include/asm/barrier.h: compiler barriers, which is all
 * that threads need there (x86-TSO keeps loads in order with loads and stores
 * with stores), and READ_ONCE()/WRITE_ONCE() are volatile accesses.
 *
 * kt_vdso_break (ktree_vdso_break(), set only through TKSIM_KTREE_BREAK by
 * tksim torture) breaks them on purpose, so that a test proves the torture
 * checks see a torn read: with KT_BREAK_READ_RETRY the tree's own retry is
 * still evaluated but never taken; with KT_BREAK_SEQ_BUMP update_vsyscall()
 * writes the page without moving seq.  Each macro names the function it
 * wraps, which a macro's own expansion does not expand again: the call sites
 * in lib/vdso/gettimeofday.c and kernel/time/vsyscall.c, compiled after this
 * header, go through it.  0 (boot's value) is the tree's code as it is, at
 * the cost of one load per read.
 */
#define KT_BREAK_READ_RETRY 1U
#define KT_BREAK_SEQ_BUMP 2U

extern unsigned int kt_vdso_break;

#define vdso_read_retry(vd, start) \
	(vdso_read_retry((vd), (start)) && !(READ_ONCE(kt_vdso_break) & KT_BREAK_READ_RETRY))
#define vdso_write_begin(vd)                                         \
	do {                                                         \
		if (!(READ_ONCE(kt_vdso_break) & KT_BREAK_SEQ_BUMP)) \
			vdso_write_begin(vd);                        \
	} while (0)
#define vdso_write_end(vd)                                           \
	do {                                                         \
		if (!(READ_ONCE(kt_vdso_break) & KT_BREAK_SEQ_BUMP)) \
			vdso_write_end(vd);                          \
	} while (0)

#endif /* TKSIM_KTREE_SHIM_VDSO_HELPERS_H */
