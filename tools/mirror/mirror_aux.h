/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: `tksim mirror`'s view of the host's auxiliary clocks (v6.17+ CLOCK_AUX + n). */
#ifndef TKSIM_TOOLS_MIRROR_MIRROR_AUX_H
#define TKSIM_TOOLS_MIRROR_MIRROR_AUX_H

#include <stdio.h>

#include "sim/mirror/mirror.h"
#include "tools/json.h"

/* Where the host's knob of aux clock N lives (kernel/time/timekeeping.c, v6.17). */
#define CMD_MIRROR_AUX_SYSFS "/sys/kernel/time/aux_clocks"

/**
 * struct cmd_mirror_aux_clock - what the host says of one aux clock
 * @knob:       its aux_clock_enable: 1, 0, or -1 when the file cannot be read
 * @group:      its aux_clock_data[] entry, a consistent copy
 * @group_ret:  mirror_read_group()'s return for it
 * @host_errno: host clock_gettime(CLOCK_AUX + n): 0 or its errno
 * @tksim_ret:  mirror_clock_gettime() of the same: 0 or -errno
 * @agrees:     the page, the knob and the host's call tell one story
 */
struct cmd_mirror_aux_clock {
	int knob;
	struct vdso_clock group;
	int group_ret;
	int host_errno;
	int tksim_ret;
	bool agrees;
};

/**
 * struct cmd_mirror_aux - the host's aux clocks as `tksim mirror` probes them (reads only)
 * @present: the page has aux_clock_data[] (v6.17+)
 * @sysfs:   CMD_MIRROR_AUX_SYSFS exists (the kernel has CONFIG_POSIX_AUX_CLOCKS)
 * @enabled: how many knobs say 1
 * @clk:     each clock
 * @why:     why the enabled ones cannot be compared (none enabled...), or ""
 */
struct cmd_mirror_aux {
	bool present;
	bool sysfs;
	unsigned int enabled;
	struct cmd_mirror_aux_clock clk[MIRROR_MAX_AUX_CLOCKS];
	char why[320];
};

void cmd_mirror_aux_probe(const struct mirror *m, struct cmd_mirror_aux *a);
bool cmd_mirror_aux_agree(const struct cmd_mirror_aux *a);
const char *cmd_mirror_clock_name(s32 clock, char *buf, size_t n);
void cmd_mirror_aux_print(FILE *f, const struct cmd_mirror_aux *a);
void cmd_mirror_aux_json(struct json *j, const struct cmd_mirror_aux *a);

#endif /* TKSIM_TOOLS_MIRROR_MIRROR_AUX_H */
