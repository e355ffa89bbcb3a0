/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: arch/x86/include/asm/vdso/vsyscall.h for a tree's vsyscall.c: the vvar page is a
 * page of the backend's. */
#ifndef TKSIM_KTREE_SHIM_ASM_VDSO_VSYSCALL_H
#define TKSIM_KTREE_SHIM_ASM_VDSO_VSYSCALL_H

#include <linux/timekeeper_internal.h>
#include <vdso/datapage.h>

/*
 * The kernel writes the vvar page through its kernel mapping and the vDSO
 * reads the same physical page through the user one; here both are the same
 * object in the backend's data (ktree/shim/kt_vvar.c), page-aligned.
 */
extern union vdso_data_store kt_vdso_data_store;

static __always_inline struct vdso_data *__kt_get_k_vdso_data(void)
{
	return kt_vdso_data_store.data;
}
#define __arch_get_k_vdso_data __kt_get_k_vdso_data

#include <asm-generic/vdso/vsyscall.h>

#endif /* TKSIM_KTREE_SHIM_ASM_VDSO_VSYSCALL_H */
