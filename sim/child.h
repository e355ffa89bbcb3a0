/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: a process tksim forks ends when tksim ends (the fuzz workers, the daemon's
 * program, the i386 reader). */
#ifndef TKSIM_SIM_CHILD_H
#define TKSIM_SIM_CHILD_H

#include <sys/types.h>

int sim_child_init(pid_t parent);

#endif /* TKSIM_SIM_CHILD_H */
