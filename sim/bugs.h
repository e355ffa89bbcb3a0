/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the table of injectable historical bugs (the bits are in vdso/bug_bits.h). */
#ifndef TKSIM_SIM_BUGS_H
#define TKSIM_SIM_BUGS_H

/*
 * The historical kernel timekeeping bugs that the model can express, each
 * with the kernel change that fixed it (subject, and hash where verified)
 * and the property that catches it (docs/torture.md, "tksim bugs").
 * `tksim bugs` prints this table; `tksim torture --inject` and the tests in
 * tests/sim/check_bugs.c switch the bits on.
 */

#include "timekeeper/timekeeper.h"
#include "vdso/bug_bits.h"

/** enum sim_bug_side - where a bug's hook is */
enum sim_bug_side {
	SIM_BUG_READER, /* the vDSO: vdata.arch_data.bugs */
	SIM_BUG_WRITER, /* the timekeeper: struct tk_kernel.bugs */
	SIM_BUG_CONFIG, /* a configuration choice (the TSC read instruction) */
	SIM_BUG_CHECKER, /* the torture checker itself */
};

/**
 * struct sim_bug - one injectable bug
 * @name:       what --inject takes, e.g. "coarse-pre-6.15"
 * @bit:        its BUG_* bit
 * @side:       where the hook is
 * @concurrent: true if only real threads can show it
 * @what:       what the injected code does, one line
 * @fix:        subject of the kernel commit that fixed it (or why there is none)
 * @hash:       12-digit hash of that commit, "" where not verified
 * @version:    the kernel release that carried the fix
 * @caught_by:  the property (and the check) that catches it
 * @shows:      the one command that exits 1 on it (and 0 without its
 *              --inject), or where it is shown when no command can
 * @torture:    what tksim torture needs besides --inject to see it ("" for
 *              nothing), or NULL where torture cannot see it
 */
struct sim_bug {
	const char *name;
	u64 bit;
	enum sim_bug_side side;
	bool concurrent;
	const char *what;
	const char *fix;
	const char *hash;
	const char *version;
	const char *caught_by;
	const char *shows;
	const char *torture;
};

extern const struct sim_bug sim_bugs[];
extern const unsigned int sim_nr_bugs;

const struct sim_bug *sim_bug_find(const char *name);
const struct sim_bug *sim_bug_by_bit(u64 bit);
int sim_bugs_parse(const char *list, u64 *mask);
const struct sim_bug *sim_bugs_unseen(u64 mask, const char **why);
int sim_bugs_format(u64 mask, char *buf, size_t n);
void sim_bugs_apply(struct tk_kernel *k, u64 mask);
void sim_bugs_clear(struct tk_kernel *k, u64 mask);

#endif /* TKSIM_SIM_BUGS_H */
