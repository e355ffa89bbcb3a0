/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: find a scenario by name (`tksim run leap-insert`, `daemon/chronyd-shm`). */
#ifndef TKSIM_TOOLS_SCENARIO_SCENARIO_FIND_H
#define TKSIM_TOOLS_SCENARIO_SCENARIO_FIND_H

#include <stddef.h>

/* Set by the build: the installed examples, $(pkgdatadir)/scenarios ... */
#ifndef TKSIM_SCENARIO_DIR
#define TKSIM_SCENARIO_DIR "/usr/local/share/tksim/scenarios"
#endif
/* ... and the source tree's, for a tksim run from its build folder before `make install`. */
#ifndef TKSIM_SCENARIO_SRCDIR
#define TKSIM_SCENARIO_SRCDIR "scenarios"
#endif

const char *scenario_find(const char *name, char *buf, size_t n);

#endif /* TKSIM_TOOLS_SCENARIO_SCENARIO_FIND_H */
