/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: libtksim-preload.so, the SIGSYS handler that serves the syscalls tksim's seccomp
 * filter traps (tools/preload/preload_sigsys.c). */
#ifndef TKSIM_TOOLS_PRELOAD_PRELOAD_SIGSYS_H
#define TKSIM_TOOLS_PRELOAD_PRELOAD_SIGSYS_H

/**
 * tkp_sigsys_init() - install the SIGSYS handler and unblock SIGSYS
 *
 * Called by the constructor before the first request: from then on a trapped clock syscall
 * is answered by the simulated kernel, and the program's own SIGSYS action is kept aside.
 */
void tkp_sigsys_init(void);

#endif /* TKSIM_TOOLS_PRELOAD_PRELOAD_SIGSYS_H */
