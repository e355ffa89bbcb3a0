/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the host vDSO's symbols (the job of the kernel's selftests/vDSO/parse_vdso.c). */
#ifndef TKSIM_TOOLS_PARSE_VDSO_H
#define TKSIM_TOOLS_PARSE_VDSO_H

/*
 * The kernel maps a small ELF shared object, the vDSO, into every process
 * and passes its address in the auxiliary vector (AT_SYSINFO_EHDR).  This
 * parser reads its dynamic section and looks symbols up by name and
 * version through DT_GNU_HASH or DT_HASH, so that `tksim bench` can call
 * __vdso_clock_gettime directly, without libc in between.
 *
 *   struct tk_vdso v;
 *   if (tk_vdso_init_self(&v) == 0)
 *           gettime = tk_vdso_sym(&v, "LINUX_2.6", "__vdso_clock_gettime");
 */

#include <link.h>
#include <stdbool.h>
#include <stdint.h>

/**
 * struct tk_vdso - a parsed vDSO image (pointers into the mapping itself)
 * @load_offset: what to add to a virtual address of the image (bytes)
 * @symtab:      DT_SYMTAB
 * @strtab:      DT_STRTAB
 * @nsyms:       number of symbols, from DT_HASH's nchain (0 if unknown)
 * @hash:        DT_HASH (nbucket, nchain, buckets, chains), or NULL
 * @gnu_hash:    DT_GNU_HASH, or NULL; preferred over @hash when present
 * @versym:      DT_VERSYM (version index of each symbol), or NULL
 * @verdef:      DT_VERDEF (the versions defined), or NULL
 */
struct tk_vdso {
	uintptr_t load_offset;
	const ElfW(Sym) * symtab;
	const char *strtab;
	uint32_t nsyms;
	const uint32_t *hash;
	const uint32_t *gnu_hash;
	const ElfW(Half) * versym;
	const ElfW(Verdef) * verdef;
};

int tk_vdso_init(struct tk_vdso *v, uintptr_t base);
int tk_vdso_init_self(struct tk_vdso *v);
int tk_elf_init_dyn(struct tk_vdso *v, uintptr_t load_offset, const ElfW(Dyn) * dyn);
void *tk_vdso_sym(const struct tk_vdso *v, const char *version, const char *name);

#endif /* TKSIM_TOOLS_PARSE_VDSO_H */
