/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the summary of a `tksim daemon` run (tools/daemon/daemon_report.c). */
#ifndef TKSIM_TOOLS_DAEMON_DAEMON_REPORT_H
#define TKSIM_TOOLS_DAEMON_DAEMON_REPORT_H

#include <stdio.h>

#include "sim/daemon/daemon.h"

void daemon_summary(struct sim_daemon *d, const char *cmd, s64 offset_ns, FILE *f);

#endif /* TKSIM_TOOLS_DAEMON_DAEMON_REPORT_H */
