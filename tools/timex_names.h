/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the names of adjtimex's mode bits and STA_* status bits, both ways. */
#ifndef TKSIM_TOOLS_TIMEX_NAMES_H
#define TKSIM_TOOLS_TIMEX_NAMES_H

#include <stdio.h>

#include "vdso/types.h"

/*
 * One table each for struct timex's modes (ADJ_*) and status (STA_*), shared
 * by `tksim run --adjtimex`, the summary, and the op language's `at ...
 * adjtimex` lines, so that every one of them reads and writes the same names.
 * Text is names or decimal numbers joined by '+': "pll+ins", "freq+status",
 * "8193" (decimal only, as everywhere in tools/parse.h).
 */

int timex_parse_modes(const char *s, u64 *out);
int timex_parse_status(const char *s, u64 *out);
void timex_format_modes(FILE *f, u64 modes);
void timex_format_status(FILE *f, u64 status);

#endif /* TKSIM_TOOLS_TIMEX_NAMES_H */
