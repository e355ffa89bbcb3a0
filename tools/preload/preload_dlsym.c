// SPDX-License-Identifier: GPL-2.0
/* tksim's own: libtksim-preload.so, glibc's own dlsym found in libc's symbol table, and dlsym and
 * dlvsym interposed (docs/daemons.md, "What is interposed"). */

/*
 * A program that asks libc itself for a function (dlsym(dlopen("libc.so.6"), "clock_gettime"),
 * dlvsym(..., "GLIBC_2.17")) would get libc's, which reads the host's vDSO.  So dlsym and dlvsym
 * are the preload's: a name the preload exports gives the preload's function, whatever the
 * handle; any other name goes on to glibc's.
 *
 * glibc's own dlsym cannot be asked for by name once the preload defines one, so it is looked
 * up in libc's dynamic symbol table (tools/parse_vdso.c reads it as it reads the vDSO's).  The
 * two entry points are assembly that *jumps* to glibc's: glibc reads its caller's return
 * address for RTLD_NEXT, which must stay the program's.  The bottom of the preload's layers:
 * tkp_real() (preload.c) asks glibc's dlsym through tkp_next().
 */

#define _GNU_SOURCE
#include "tools/preload/preload_dlsym.h"

#include <dlfcn.h>
#include <link.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "tools/parse_vdso.h"

/* glibc's dlsym and dlvsym, for the entry points below (hidden, like every name not marked
 * TKP_EXPORT: the assembly reaches them without a relocation of the dynamic linker). */
void *(*tkp_libc_dlsym)(void *, const char *);
void *(*tkp_libc_dlvsym)(void *, const char *, const char *);

/* libc.so.6's dynamic symbol table, from its PT_DYNAMIC (ld.so relocated the addresses there). */
static int tkp_find_libc(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size;
	if (!strstr(info->dlpi_name, "/libc.so.6"))
		return 0;
	for (int i = 0; i < info->dlpi_phnum; i++)
		if (info->dlpi_phdr[i].p_type == PT_DYNAMIC)
			return !tk_elf_init_dyn(
				data, info->dlpi_addr,
				(const void *)(info->dlpi_addr + info->dlpi_phdr[i].p_vaddr));
	return 0;
}

/* glibc 2.34 moved dlsym into libc (GLIBC_2.34); older symbols are GLIBC_2.2.5. */
static void *tkp_libc_sym(const struct tk_vdso *v, const char *name)
{
	void *p = tk_vdso_sym(v, "GLIBC_2.34", name);

	return p ? p : tk_vdso_sym(v, "GLIBC_2.2.5", name);
}

/* Once, from whichever comes first: another library's constructor may call dlsym before ours. */
static void tkp_dlsym_init(void)
{
	struct tk_vdso v = { 0 };

	if (tkp_libc_dlsym)
		return;
	if (dl_iterate_phdr(tkp_find_libc, &v) != 1 ||
	    !(tkp_libc_dlvsym = tkp_libc_sym(&v, "dlvsym")) ||
	    !(tkp_libc_dlsym = tkp_libc_sym(&v, "dlsym"))) {
		fprintf(stderr, "tksim-preload: glibc's dlsym not found in libc.so.6\n");
		_exit(2);
	}
}

/* Called here, in the preload: RTLD_NEXT is what comes after the preload (libc). */
void *tkp_next(const char *name)
{
	tkp_dlsym_init();
	return tkp_libc_dlsym(RTLD_NEXT, name);
}

/* The preload's own function called @name, or NULL when it exports none. */
void *tkp_dl_ours(const char *name);
void *tkp_dl_ours(const char *name)
{
	static void *self, *base;
	Dl_info in;
	void *p;

	tkp_dlsym_init();
	if (!self) {
		if (!dladdr((void *)tkp_dl_ours, &in))
			return NULL;
		base = in.dli_fbase;
		self = dlopen(in.dli_fname, RTLD_NOLOAD | RTLD_LAZY);
		if (!self)
			return NULL;
	}
	if (!name)
		return NULL;
	/* A handle's lookup goes on into libc: keep only what is the preload's. */
	p = tkp_libc_dlsym(self, name);
	return p && dladdr(p, &in) && in.dli_fbase == base ? p : NULL;
}

/*
 * dlsym(handle, name) and dlvsym(handle, name, version): tkp_dl_ours(name) with the arguments
 * kept on the stack (16-byte aligned at the call), then its answer, or a jump to glibc's
 * function with the program's arguments and return address untouched.
 */
__asm__(".text\n"
	".globl dlsym\n"
	".type dlsym, @function\n"
	"dlsym:\n"
	"\tpush %rdi\n"
	"\tpush %rsi\n"
	"\tsub $8, %rsp\n"
	"\tmov %rsi, %rdi\n"
	"\tcall tkp_dl_ours\n"
	"\tadd $8, %rsp\n"
	"\tpop %rsi\n"
	"\tpop %rdi\n"
	"\ttest %rax, %rax\n"
	"\tjnz 1f\n"
	"\tjmp *tkp_libc_dlsym(%rip)\n"
	"1:\tret\n"
	".size dlsym, .-dlsym\n"
	".globl dlvsym\n"
	".type dlvsym, @function\n"
	"dlvsym:\n"
	"\tpush %rdi\n"
	"\tpush %rsi\n"
	"\tpush %rdx\n"
	"\tmov %rsi, %rdi\n"
	"\tcall tkp_dl_ours\n"
	"\tpop %rdx\n"
	"\tpop %rsi\n"
	"\tpop %rdi\n"
	"\ttest %rax, %rax\n"
	"\tjnz 1f\n"
	"\tjmp *tkp_libc_dlvsym(%rip)\n"
	"1:\tret\n"
	".size dlvsym, .-dlvsym\n");
