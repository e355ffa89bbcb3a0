/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: what `tksim mirror` prints: the decoded vvar page (--dump) and --json. */
#ifndef TKSIM_TOOLS_MIRROR_MIRROR_REPORT_H
#define TKSIM_TOOLS_MIRROR_MIRROR_REPORT_H

#include <stdio.h>

#include "sim/mirror/mirror.h"
#include "tools/json.h"

/**
 * struct cmd_mirror_page - one decoded copy of the host's time data
 * @release: the kernel, as uname -r
 * @layout:  how it was decoded
 * @insn:    the TSC read instruction (enum vdso_tsc_insn)
 * @vvar:    the [vvar] mapping's address
 * @vvar_kib: its size
 * @group:   CS_HRES_COARSE and CS_RAW, each a consistent copy
 * @misc:    tz and hrtimer_res
 * @aux_clocks: whether the layout has v6.17's auxiliary clock groups
 */
struct cmd_mirror_page {
	const char *release;
	enum mirror_layout layout;
	u32 insn;
	unsigned long vvar;
	unsigned long vvar_kib;
	struct vdso_clock group[CS_BASES];
	struct mirror_misc misc;
	bool aux_clocks;
};

/**
 * struct cmd_mirror_cmp - one clock's sandwich: host before <= tksim <= host after
 * @clock:      clock id
 * @samples:    reads that succeeded
 * @within:     of those, the reads inside the host's bracket
 * @mean_diff:  mean of tksim - the bracket's middle (ns)
 * @mean_width: mean bracket width (ns)
 * @worst:      the largest distance outside the bracket (ns)
 */
struct cmd_mirror_cmp {
	s32 clock;
	u64 samples;
	u64 within;
	double mean_diff;
	double mean_width;
	s64 worst;
};

void cmd_mirror_print_dump(FILE *f, const struct cmd_mirror_page *p);
void cmd_mirror_json_page(struct json *j, const struct cmd_mirror_page *p);
void cmd_mirror_json_cmp(struct json *j, const struct cmd_mirror_cmp *c);

#endif /* TKSIM_TOOLS_MIRROR_MIRROR_REPORT_H */
