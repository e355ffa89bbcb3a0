/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the table of proposed kernel fixes (fix variants; the bits are FIX_* in
 * timekeeper/timekeeper.h). */
#ifndef TKSIM_SIM_FIXES_H
#define TKSIM_SIM_FIXES_H

/*
 * A fix variant is the inverse of an injectable bug (sim/bugs.h): a change
 * to the kernel's logic that tksim proposes for a bug the project found in
 * the kernel that machines run.  The default model keeps the kernel's
 * behaviour; `--fix NAME` (run, fuzz, torture, daemon, a scenario's `fix`
 * line) switches the proposed code on, and `tksim bugs` lists the table.
 */

#include "timekeeper/timekeeper.h"

/**
 * struct sim_fix - one proposed fix
 * @name:    what --fix takes, e.g. "coarse-sec"
 * @bit:     its FIX_* bit
 * @what:    what the fixed code does, one line
 * @changes: the kernel functions it changes
 * @why:     the kernel bug it fixes, and why this shape
 * @finding: the finding signature it removes (tksim fuzz --list-known)
 * @report:  the report for kernel maintainers (docs/findings/)
 * @shows:   the command that exits 1 without the fix and 0 with it
 */
struct sim_fix {
	const char *name;
	u64 bit;
	const char *what;
	const char *changes;
	const char *why;
	const char *finding;
	const char *report;
	const char *shows;
};

extern const struct sim_fix sim_fixes[];
extern const unsigned int sim_nr_fixes;

const struct sim_fix *sim_fix_find(const char *name);
int sim_fixes_parse(const char *list, u64 *mask);
int sim_fixes_format(u64 mask, char *buf, size_t n);
void sim_fixes_apply(struct tk_kernel *k, u64 mask);

#endif /* TKSIM_SIM_FIXES_H */
