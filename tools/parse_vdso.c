// SPDX-License-Identifier: GPL-2.0
// tksim's own: a minimal ELF reader for the host vDSO (see tools/parse_vdso.h).
/*
 * What the vDSO image offers and what this reader relies on:
 *   - one PT_LOAD segment (the whole image) and a PT_DYNAMIC segment; the
 *     image is mapped as loaded, so a virtual address v of the image is at
 *     base + (v - p_vaddr + p_offset) of the PT_LOAD segment;
 *   - DT_SYMTAB/DT_STRTAB and at least one of DT_GNU_HASH (current
 *     kernels) and DT_HASH (older ones, or --hash-style=sysv);
 *   - symbol versions (DT_VERSYM/DT_VERDEF): "LINUX_2.6" on x86-64.
 * Nothing is written and nothing is allocated.
 */
#include "tools/parse_vdso.h"

#include <elf.h>
#include <errno.h>
#include <string.h>
#include <sys/auxv.h>

/* The classic System V ELF hash of DT_HASH and of vd_hash in DT_VERDEF. */
static uint32_t elf_sysv_hash(const char *name)
{
	uint32_t h = 0, g;

	for (const unsigned char *p = (const unsigned char *)name; *p; p++) {
		h = (h << 4) + *p;
		g = h & 0xf0000000u;
		if (g)
			h ^= g >> 24;
		h &= ~g;
	}
	return h;
}

/* The DJB-style hash of DT_GNU_HASH: h = h * 33 + c from 5381. */
static uint32_t elf_gnu_hash(const char *name)
{
	uint32_t h = 5381;

	for (const unsigned char *p = (const unsigned char *)name; *p; p++)
		h = h * 33 + *p;
	return h;
}

/**
 * tk_vdso_init() - parse a vDSO image mapped at @base
 * @v:    out
 * @base: the image's ELF header, e.g. getauxval(AT_SYSINFO_EHDR)
 *
 * Return: 0; -ENOENT for no image (@base 0); -ENOEXEC for something that
 * is not an ELF object of this machine's class or lacks the dynamic
 * symbol table and a hash table.
 */
int tk_vdso_init(struct tk_vdso *v, uintptr_t base)
{
	const ElfW(Ehdr) *eh = (const ElfW(Ehdr) *)base;
	const ElfW(Phdr) * ph;
	const ElfW(Dyn) *dyn = NULL;
	bool have_load = false;

	memset(v, 0, sizeof(*v));
	if (!base)
		return -ENOENT;
	if (memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 ||
	    eh->e_ident[EI_CLASS] != (sizeof(void *) == 8 ? ELFCLASS64 : ELFCLASS32))
		return -ENOEXEC;

	ph = (const ElfW(Phdr) *)(base + eh->e_phoff);
	for (unsigned int i = 0; i < eh->e_phnum; i++) {
		if (ph[i].p_type == PT_LOAD && !have_load) {
			v->load_offset = base + ph[i].p_offset - ph[i].p_vaddr;
			have_load = true;
		} else if (ph[i].p_type == PT_DYNAMIC) {
			dyn = (const ElfW(Dyn) *)(base + ph[i].p_offset);
		}
	}
	if (!have_load || !dyn)
		return -ENOEXEC;
	return tk_elf_init_dyn(v, v->load_offset, dyn);
}

/**
 * tk_elf_init_dyn() - the symbol tables of a mapped ELF object, from its dynamic section
 * @v:           out
 * @load_offset: what to add to a virtual address of the object (bytes)
 * @dyn:         its dynamic section, as mapped
 *
 * An address at or above @load_offset is taken as relocated already: ld.so relocates the
 * dynamic section of an object it loaded in place when that section is writable (libc.so.6's,
 * where tools/preload/preload_dlsym.c looks), never the vDSO's, whose addresses are small.
 *
 * Return: 0; -ENOEXEC without the dynamic symbol table and a hash table.
 */
int tk_elf_init_dyn(struct tk_vdso *v, uintptr_t load_offset, const ElfW(Dyn) * dyn)
{
	memset(v, 0, sizeof(*v));
	v->load_offset = load_offset;
	for (; dyn->d_tag != DT_NULL; dyn++) {
		uintptr_t addr = dyn->d_un.d_ptr >= load_offset ? dyn->d_un.d_ptr
								: load_offset + dyn->d_un.d_ptr;

		switch (dyn->d_tag) {
		case DT_STRTAB:
			v->strtab = (const char *)addr;
			break;
		case DT_SYMTAB:
			v->symtab = (const ElfW(Sym) *)addr;
			break;
		case DT_HASH:
			v->hash = (const uint32_t *)addr;
			break;
		case DT_GNU_HASH:
			v->gnu_hash = (const uint32_t *)addr;
			break;
		case DT_VERSYM:
			v->versym = (const ElfW(Half) *)addr;
			break;
		case DT_VERDEF:
			v->verdef = (const ElfW(Verdef) *)addr;
			break;
		default:
			break;
		}
	}
	if (!v->strtab || !v->symtab || (!v->hash && !v->gnu_hash)) {
		memset(v, 0, sizeof(*v));
		return -ENOEXEC;
	}
	if (v->hash)
		v->nsyms = v->hash[1];
	if (!v->verdef)
		v->versym = NULL;
	return 0;
}

/**
 * tk_vdso_init_self() - parse the vDSO the kernel mapped into this process
 * @v: out
 *
 * Return: as tk_vdso_init(); -ENOENT when the process has no vDSO.
 */
int tk_vdso_init_self(struct tk_vdso *v)
{
	return tk_vdso_init(v, (uintptr_t)getauxval(AT_SYSINFO_EHDR));
}

/*
 * Whether symbol @i is defined in @version: its DT_VERSYM index (hidden bit
 * dropped) names a DT_VERDEF entry whose first name is @version.  Without
 * version tables every symbol matches.
 */
static bool vdso_version_matches(const struct tk_vdso *v, uint32_t i, const char *version)
{
	const ElfW(Verdef) *def = v->verdef;
	ElfW(Half) ndx;
	uint32_t hash;

	if (!v->versym)
		return true;
	ndx = v->versym[i] & 0x7fff;
	hash = elf_sysv_hash(version);
	for (;;) {
		if (!(def->vd_flags & VER_FLG_BASE) && def->vd_ndx == ndx) {
			const ElfW(Verdaux) *aux =
				(const ElfW(Verdaux) *)((const char *)def + def->vd_aux);

			return def->vd_hash == hash && !strcmp(version, v->strtab + aux->vda_name);
		}
		if (!def->vd_next)
			return false;
		def = (const ElfW(Verdef) *)((const char *)def + def->vd_next);
	}
}

/* Whether symbol @i is the defined function or object @name of @version. */
static bool vdso_sym_matches(const struct tk_vdso *v, uint32_t i, const char *version,
			     const char *name)
{
	const ElfW(Sym) *sym = &v->symtab[i];
	unsigned int type = ELF64_ST_TYPE(sym->st_info), bind = ELF64_ST_BIND(sym->st_info);

	if (type != STT_FUNC && type != STT_NOTYPE && type != STT_OBJECT)
		return false;
	if (bind != STB_GLOBAL && bind != STB_WEAK)
		return false;
	if (sym->st_shndx == SHN_UNDEF || strcmp(name, v->strtab + sym->st_name) != 0)
		return false;
	return vdso_version_matches(v, i, version);
}

/*
 * DT_GNU_HASH: nbuckets, symoffset, bloom_size, bloom_shift, then the bloom
 * words (ElfW(Addr) each), the buckets and the chain.  A bucket holds the
 * first symbol index with that hash % nbuckets; chain[i - symoffset] holds
 * that symbol's hash with bit 0 set on the last entry of the run.
 */
static void *vdso_lookup_gnu(const struct tk_vdso *v, const char *version, const char *name)
{
	const uint32_t *gh = v->gnu_hash;
	uint32_t nbuckets = gh[0], symoffset = gh[1], bloom_size = gh[2];
	const uint32_t *buckets = (const uint32_t *)((const ElfW(Addr) *)(gh + 4) + bloom_size);
	const uint32_t *chain = buckets + nbuckets;
	uint32_t h = elf_gnu_hash(name);
	uint32_t i;

	if (!nbuckets)
		return NULL;
	i = buckets[h % nbuckets];
	if (i < symoffset)
		return NULL;
	for (;; i++) {
		uint32_t ch = chain[i - symoffset];

		if ((ch | 1) == (h | 1) && vdso_sym_matches(v, i, version, name))
			return (void *)(v->load_offset + v->symtab[i].st_value);
		if (ch & 1)
			return NULL;
	}
}

/* DT_HASH: nbucket, nchain, buckets, chains; index 0 ends a chain. */
static void *vdso_lookup_sysv(const struct tk_vdso *v, const char *version, const char *name)
{
	uint32_t nbucket = v->hash[0], nchain = v->hash[1];
	const uint32_t *bucket = v->hash + 2, *chain = bucket + nbucket;

	if (!nbucket)
		return NULL;
	for (uint32_t i = bucket[elf_sysv_hash(name) % nbucket]; i && i < nchain; i = chain[i])
		if (vdso_sym_matches(v, i, version, name))
			return (void *)(v->load_offset + v->symtab[i].st_value);
	return NULL;
}

/**
 * tk_vdso_sym() - the address of a vDSO symbol
 * @v:       a parsed image
 * @version: the symbol version, e.g. "LINUX_2.6"
 * @name:    e.g. "__vdso_clock_gettime"
 *
 * Return: the address, or NULL if the image does not define @name in
 * @version (or @v was not initialised).
 */
void *tk_vdso_sym(const struct tk_vdso *v, const char *version, const char *name)
{
	if (!v->symtab)
		return NULL;
	if (v->gnu_hash)
		return vdso_lookup_gnu(v, version, name);
	return vdso_lookup_sysv(v, version, name);
}
