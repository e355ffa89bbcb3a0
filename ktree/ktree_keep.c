// SPDX-License-Identifier: GPL-2.0
// tksim's own: the parts of a tree's object that a fresh kernel must not undo: gcov's counters.
/*
 * ktree_reset() gives a fresh kernel by copying the object's writable segment back, and that
 * segment also holds what the compiler added to the tree's code: with --coverage
 * (TKSIM_KTREE_CFLAGS, tests/fuzz/ktree-coverage.sh) gcov's arc counters, one local array
 * `__gcov0.FUNCTION` a function, in .bss.  Copied back with the rest, they would count only
 * what ran since the last reset, and lcov over a corpus would show its last input.  So the
 * copy skips them: the counters count the whole process, as in any program.  They are found
 * by name in the object's own symbol table (.symtab: they are local), once at load.
 */
#include "ktree/ktree_keep.h"

#include <elf.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Is @name one of gcov's counter arrays ("__gcov0.f", "__gcov1.f" ...)? */
static bool kt_is_counter(const char *name)
{
	return !strncmp(name, "__gcov", 6) && name[6] >= '0' && name[6] <= '9' && name[7] == '.';
}

static int kt_range_cmp(const void *a, const void *b)
{
	const struct kt_range *x = a, *y = b;

	return x->off < y->off ? -1 : x->off > y->off;
}

/* Add [@off, @off + @len) to @k; Return: false if out of memory. */
static bool kt_keep_add(struct kt_keep *k, size_t off, size_t len)
{
	if (k->nr == k->cap) {
		size_t cap = k->cap ? 2 * k->cap : 64;
		struct kt_range *r = realloc(k->r, cap * sizeof(*r));

		if (!r)
			return false;
		k->r = r;
		k->cap = cap;
	}
	k->r[k->nr++] = (struct kt_range){ off, len };
	return true;
}

/* Sort @k's ranges and join those that touch or overlap. */
static void kt_keep_merge(struct kt_keep *k)
{
	size_t n = 0;

	if (k->nr < 2)
		return; /* none (k->r NULL: qsort's argument must not be) or one */
	qsort(k->r, k->nr, sizeof(*k->r), kt_range_cmp);
	for (size_t i = 0; i < k->nr; i++) {
		struct kt_range *last = n ? &k->r[n - 1] : NULL;

		if (last && k->r[i].off <= last->off + last->len) {
			size_t end = k->r[i].off + k->r[i].len;

			if (end > last->off + last->len)
				last->len = end - last->off;
		} else {
			k->r[n++] = k->r[i];
		}
	}
	k->nr = n;
}

/**
 * kt_keep_find() - the ranges of an object's writable segment that a restore leaves alone
 * @k:       out: the ranges (none for an object built without --coverage)
 * @so:      the object's file
 * @seg_va:  the segment's address in the file's terms (its PT_LOAD's p_vaddr)
 * @seg_len: its length in memory
 *
 * Return: 0, or -1 if @so cannot be read or memory ran out (@k then keeps nothing).
 */
int kt_keep_find(struct kt_keep *k, const char *so, uintptr_t seg_va, size_t seg_len)
{
	FILE *f = fopen(so, "rb");
	char *buf = NULL;
	long size;
	int ret = -1;

	*k = (struct kt_keep){ 0 };
	if (!f)
		return -1;
	if (fseek(f, 0, SEEK_END) || (size = ftell(f)) < (long)sizeof(ElfW(Ehdr)) ||
	    fseek(f, 0, SEEK_SET) || !(buf = malloc(size)) ||
	    fread(buf, 1, size, f) != (size_t)size)
		goto out;
	const ElfW(Ehdr) *eh = (const void *)buf;

	if (memcmp(eh->e_ident, ELFMAG, SELFMAG) || eh->e_shentsize != sizeof(ElfW(Shdr)) ||
	    eh->e_shoff + (size_t)eh->e_shnum * sizeof(ElfW(Shdr)) > (size_t)size)
		goto out;
	const ElfW(Shdr) *sh = (const void *)(buf + eh->e_shoff);

	for (unsigned int i = 0; i < eh->e_shnum; i++) {
		if (sh[i].sh_type != SHT_SYMTAB || sh[i].sh_link >= eh->e_shnum)
			continue;
		const ElfW(Shdr) *str = &sh[sh[i].sh_link];

		if (sh[i].sh_offset + sh[i].sh_size > (size_t)size ||
		    str->sh_offset + str->sh_size > (size_t)size)
			goto out;
		const ElfW(Sym) *sym = (const void *)(buf + sh[i].sh_offset);
		size_t nsym = sh[i].sh_size / sizeof(*sym);

		for (size_t j = 0; j < nsym; j++) {
			if (sym[j].st_name >= str->sh_size || !sym[j].st_size ||
			    ELF64_ST_TYPE(sym[j].st_info) != STT_OBJECT)
				continue;
			const char *name = buf + str->sh_offset + sym[j].st_name;

			if (!memchr(name, '\0', str->sh_size - sym[j].st_name) ||
			    !kt_is_counter(name))
				continue;
			if (sym[j].st_value < seg_va ||
			    sym[j].st_value + sym[j].st_size > seg_va + seg_len)
				continue;
			if (!kt_keep_add(k, sym[j].st_value - seg_va, sym[j].st_size))
				goto out;
		}
	}
	kt_keep_merge(k);
	ret = 0;
out:
	if (ret)
		kt_keep_free(k);
	free(buf);
	fclose(f);
	return ret;
}

/**
 * kt_keep_restore() - copy @data over @seg, all but @k's ranges
 * @k:    the ranges kept (sorted, disjoint: kt_keep_find())
 * @seg:  the object's writable segment
 * @data: a copy of it (as loaded, or after a boot)
 * @len:  their length
 */
void kt_keep_restore(const struct kt_keep *k, void *seg, const void *data, size_t len)
{
	size_t at = 0;

	for (size_t i = 0; i < k->nr; i++) {
		memcpy((char *)seg + at, (const char *)data + at, k->r[i].off - at);
		at = k->r[i].off + k->r[i].len;
	}
	memcpy((char *)seg + at, (const char *)data + at, len - at);
}

/** kt_keep_free() - free @k's ranges */
void kt_keep_free(struct kt_keep *k)
{
	free(k->r);
	*k = (struct kt_keep){ 0 };
}
