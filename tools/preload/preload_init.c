// SPDX-License-Identifier: GPL-2.0
/* tksim's own: libtksim-preload.so, its constructor: the top of the preload's layers, the one
 * file that may call every other (docs/daemons.md). */

#define _GNU_SOURCE
#include "tools/preload/preload.h"
#include "tools/preload/preload_exec.h"
#include "tools/preload/preload_sigsys.h"
#include "tools/preload/preload_vdso.h"

#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/*
 * No vDSO, as under a kernel booted with vdso=0: a program that looks for one itself
 * (getauxval(AT_SYSINFO_EHDR), and the parsers that start there) would read the host's clocks
 * through it; without one it falls back to the syscalls, which tksim's filter traps.  glibc
 * found its own vDSO entry points before any constructor ran and keeps them.  The auxiliary
 * vector follows the environment block @envp as the kernel laid it out (environ may have moved
 * since: setenv).
 */
static void tkp_hide_vdso(char **envp)
{
	char **e = envp;

	if (!e)
		return;
	while (*e)
		e++;
	for (ElfW(auxv_t) *a = (ElfW(auxv_t) *)(e + 1); a->a_type != AT_NULL; a++)
		if (a->a_type == AT_SYSINFO_EHDR)
			a->a_un.a_val = 0;
}

/* glibc passes an ELF constructor main()'s arguments. */
static __attribute__((constructor)) void tkp_init(int argc, char **argv, char **envp)
{
	const char *fd = getenv(TKSIM_PRELOAD_FD_ENV);
	const char *shm = getenv(TKSIM_PRELOAD_SHMID_ENV);
	struct tkp_req rq = { .op = TKP_HELLO, .clock = TKSIM_PRELOAD_PROTO_VERSION };
	struct tkp_rep rp;

	if (!fd) {
		fprintf(stderr,
			"tksim-preload: %s is not set: run the daemon with `tksim daemon`\n",
			TKSIM_PRELOAD_FD_ENV);
		_exit(2);
	}
	(void)argc, (void)argv;
	tkp_hide_vdso(envp);
	tkp_sigsys_init();
	tkp_fd = atoi(fd);
	tkp_shmid = shm ? atoi(shm) : -1;
	tkp_vdso_init();
	tkp_exec_init();
	tkp_call(&rq, &rp);
}
