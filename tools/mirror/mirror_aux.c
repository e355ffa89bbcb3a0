// SPDX-License-Identifier: GPL-2.0
// tksim's own: `tksim mirror`'s probe of the host's auxiliary clocks (tools/mirror/mirror_aux.h).
/*
 * The host's aux clocks are read three ways and must tell one story: the
 * sysfs knob (read, never written: only root may enable one, and tksim
 * never steers a host clock), the page's aux_clock_data[n] entry, and
 * clock_gettime(CLOCK_AUX + n).  An enabled clock has a clock mode other
 * than NONE and a working clock_gettime(), which cmd_mirror() then
 * sandwiches like the system clocks.  A disabled one has clock mode NONE,
 * so that the host's vDSO falls back to the syscall (v6.17 do_aux()), and
 * the syscall fails: ENODEV with the knob present, EINVAL on a kernel
 * built without CONFIG_POSIX_AUX_CLOCKS (no sysfs directory at all, and no
 * aux id is a valid clock).
 */
#include "tools/mirror/mirror_aux.h"

#include <errno.h>
#include <inttypes.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "sim/oracle.h"

/* The knob of aux clock @n: 1, 0, or -1 when it cannot be read. */
static int read_knob(unsigned int n)
{
	char path[96];
	FILE *f;
	int v = -1, c;

	snprintf(path, sizeof(path), CMD_MIRROR_AUX_SYSFS "/%u/aux_clock_enable", n);
	f = fopen(path, "r");
	if (!f)
		return -1;
	c = fgetc(f);
	if (c == '0' || c == '1')
		v = c - '0';
	fclose(f);
	return v;
}

/* Whether one clock's three answers agree (see the top of this file). */
static bool clock_agrees(const struct cmd_mirror_aux *a, const struct cmd_mirror_aux_clock *c)
{
	if (c->group_ret)
		return false;
	if (c->knob == 1)
		return c->group.clock_mode != MIRROR_MODE_NONE && !c->host_errno;
	return c->group.clock_mode == MIRROR_MODE_NONE && c->tksim_ret == -ENODEV &&
	       c->host_errno == (a->sysfs ? ENODEV : EINVAL);
}

/**
 * cmd_mirror_aux_probe() - read the host's aux clocks' knobs, page entries and syscalls
 * @m: the view of the host's page (mirror_attach_aux() done)
 * @a: out
 */
void cmd_mirror_aux_probe(const struct mirror *m, struct cmd_mirror_aux *a)
{
	struct stat st;

	*a = (struct cmd_mirror_aux){ .present = m->aux_clocks };
	if (!a->present) {
		snprintf(
			a->why, sizeof(a->why),
			"this kernel's page has no aux_clock_data[] (aux clocks arrived in v6.17)");
		return;
	}
	a->sysfs = !stat(CMD_MIRROR_AUX_SYSFS, &st) && S_ISDIR(st.st_mode);
	for (unsigned int n = 0; n < MIRROR_MAX_AUX_CLOCKS; n++) {
		struct cmd_mirror_aux_clock *c = &a->clk[n];
		struct timespec host;
		struct timespec64 t;
		s32 id = MIRROR_CLOCK_AUX + (s32)n;

		c->knob = a->sysfs ? read_knob(n) : -1;
		c->group_ret = mirror_read_group(m, CS_BASES + (int)n, &c->group);
		c->host_errno = clock_gettime((clockid_t)id, &host) ? errno : 0;
		c->tksim_ret = mirror_clock_gettime(m, id, &t);
		c->agrees = clock_agrees(a, c);
		a->enabled += c->knob == 1;
	}
	if (!a->sysfs)
		snprintf(a->why, sizeof(a->why),
			 "no %s: the kernel has no CONFIG_POSIX_AUX_CLOCKS, "
			 "clock_gettime(CLOCK_AUX) says EINVAL",
			 CMD_MIRROR_AUX_SYSFS);
	else if (!a->enabled)
		snprintf(a->why, sizeof(a->why),
			 "no aux clock is enabled (%s/N/aux_clock_enable all 0; tksim only "
			 "reads them, root enables one with echo 1 > ...)",
			 CMD_MIRROR_AUX_SYSFS);
}

/** cmd_mirror_aux_agree() - every aux clock's knob, page entry and syscall agree. */
bool cmd_mirror_aux_agree(const struct cmd_mirror_aux *a)
{
	for (unsigned int n = 0; a->present && n < MIRROR_MAX_AUX_CLOCKS; n++)
		if (!a->clk[n].agrees)
			return false;
	return true;
}

/**
 * cmd_mirror_clock_name() - a clock's name without CLOCK_: the table's, AUXn for the host's aux ids
 * @clock: clock id
 * @buf:   room for "AUXn"
 * @n:     its size
 *
 * Return: the name (@buf or a static string).
 */
const char *cmd_mirror_clock_name(s32 clock, char *buf, size_t n)
{
	if (clock < MIRROR_CLOCK_AUX || clock >= MIRROR_CLOCK_AUX + MIRROR_MAX_AUX_CLOCKS)
		return oracle_clock_name(clock);
	snprintf(buf, n, "AUX%d", (int)(clock - MIRROR_CLOCK_AUX));
	return buf;
}

static const char *knob_name(int knob)
{
	return knob == 1 ? "enabled" : knob == 0 ? "disabled" : "no knob";
}

static const char *err_name(int e)
{
	switch (e) {
	case 0:
		return "0";
	case EINVAL:
		return "EINVAL";
	case ENODEV:
		return "ENODEV";
	case EOPNOTSUPP:
		return "EOPNOTSUPP";
	case EAGAIN:
		return "EAGAIN";
	default:
		return strerror(e);
	}
}

/**
 * cmd_mirror_aux_print() - one line per aux clock, as `tksim mirror` prints them
 * @f: where to
 * @a: the probe
 */
void cmd_mirror_aux_print(FILE *f, const struct cmd_mirror_aux *a)
{
	if (!a->present)
		return;
	fprintf(f, "# aux clocks: sysfs knob, aux_clock_data[n] as decoded, host clock_gettime(), "
		   "tksim's do_aux():\n");
	for (unsigned int n = 0; n < MIRROR_MAX_AUX_CLOCKS; n++) {
		const struct cmd_mirror_aux_clock *c = &a->clk[n];

		fprintf(f,
			"#   AUX%u (id %u): %-8s seq %" PRIu32 ", clock mode %s, host %s, "
			"tksim %s%s\n",
			n, MIRROR_CLOCK_AUX + n, knob_name(c->knob), c->group.seq,
			mirror_mode_name(c->group.clock_mode), err_name(c->host_errno),
			c->tksim_ret == -ENODEV ? "ENODEV (mode NONE: the syscall)"
						: err_name(-c->tksim_ret),
			c->agrees ? "" : "  <- DISAGREE");
	}
}

/**
 * cmd_mirror_aux_json() - the probe as an "aux_clocks" object of the current object
 * @j: the writer
 * @a: the probe
 */
void cmd_mirror_aux_json(struct json *j, const struct cmd_mirror_aux *a)
{
	json_obj(j, "aux_clocks");
	json_kbool(j, "in_page", a->present);
	json_kbool(j, "sysfs", a->sysfs);
	json_ku64(j, "enabled", a->enabled);
	json_kbool(j, "agree", cmd_mirror_aux_agree(a));
	json_kstr(j, "why", a->why[0] ? a->why : NULL);
	json_arr(j, "entries");
	for (unsigned int n = 0; a->present && n < MIRROR_MAX_AUX_CLOCKS; n++) {
		const struct cmd_mirror_aux_clock *c = &a->clk[n];

		json_obj(j, NULL);
		json_ku64(j, "id", MIRROR_CLOCK_AUX + n);
		json_kstr(j, "knob", knob_name(c->knob));
		json_ku64(j, "seq", c->group.seq);
		json_kstr(j, "clock_mode_name", mirror_mode_name(c->group.clock_mode));
		json_kstr(j, "host_errno", err_name(c->host_errno));
		json_kstr(j, "tksim", err_name(-c->tksim_ret));
		json_kbool(j, "agrees", c->agrees);
		json_end(j);
	}
	json_end(j);
	json_end(j);
}
