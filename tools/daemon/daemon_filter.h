/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the seccomp filter between `tksim daemon`'s program and the host's clocks
 * (tools/daemon/daemon_filter.c, docs/daemons.md "The filter"). */
#ifndef TKSIM_TOOLS_DAEMON_DAEMON_FILTER_H
#define TKSIM_TOOLS_DAEMON_DAEMON_FILTER_H

#include <seccomp.h>

/**
 * daemon_filter_build() - the filter the program runs under, built but not loaded
 * @why: receives what failed, on failure
 *
 * Traps (SIGSYS, served by the preload's handler) every clock-setting and clock-reading
 * syscall of the x86_64 ABI, and every syscall of another ABI (i386, x32).  When
 * $TKSIM_SECCOMP_PFC names a file, the filter is written there in libseccomp's PFC text, which
 * is how the tests see the setters trapped without issuing one.  Built in tksim before the
 * fork, while it can still write where it was started.
 *
 * Return: the filter (seccomp_release() it), or NULL with @why set.
 */
scmp_filter_ctx daemon_filter_build(const char **why);

#endif /* TKSIM_TOOLS_DAEMON_DAEMON_FILTER_H */
