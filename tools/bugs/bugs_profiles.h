/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: `tksim bugs --profiles`, the version profiles and their named differences. */
#ifndef TKSIM_TOOLS_BUGS_PROFILES_H
#define TKSIM_TOOLS_BUGS_PROFILES_H

#include <stdbool.h>

int bugs_list_profiles(bool names);

#endif /* TKSIM_TOOLS_BUGS_PROFILES_H */
