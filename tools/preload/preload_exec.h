/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: libtksim-preload.so, the program's descendants keep the preload
 * (tools/preload/preload_exec.c). */
#ifndef TKSIM_TOOLS_PRELOAD_PRELOAD_EXEC_H
#define TKSIM_TOOLS_PRELOAD_PRELOAD_EXEC_H

/**
 * tkp_exec_init() - remember what a descendant needs: the preload's path and its variables
 *
 * Called by the constructor once the vvar page is in place (tkp_vdso_init() sets its
 * variable): every exec from then on puts these back into the new program's environment.
 */
void tkp_exec_init(void);

#endif /* TKSIM_TOOLS_PRELOAD_PRELOAD_EXEC_H */
