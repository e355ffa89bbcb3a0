/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: libtksim-preload.so, glibc's own dlsym, below every layer
 * (tools/preload/preload_dlsym.c). */
#ifndef TKSIM_TOOLS_PRELOAD_PRELOAD_DLSYM_H
#define TKSIM_TOOLS_PRELOAD_PRELOAD_DLSYM_H

/**
 * tkp_next() - glibc's dlsym(RTLD_NEXT, @name), asked from the preload
 * @name: a symbol
 *
 * The preload's own dlsym answers with the preload's functions, so the preload asks glibc's
 * (found in libc's symbol table) for the next definition: libc's.
 * Return: the address, or NULL.
 */
void *tkp_next(const char *name);

#endif /* TKSIM_TOOLS_PRELOAD_PRELOAD_DLSYM_H */
