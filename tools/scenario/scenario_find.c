// SPDX-License-Identifier: GPL-2.0
// tksim's own: where `tksim run NAME` looks for a scenario (see tools/scenario/scenario_find.h).
#include "tools/scenario/scenario_find.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* @dir/@name@ext into @buf if that file is readable. */
static bool try_path(char *buf, size_t n, const char *dir, const char *name, const char *ext)
{
	int len = snprintf(buf, n, "%s%s%s%s", dir, *dir ? "/" : "", name, ext);

	return len > 0 && (size_t)len < n && access(buf, R_OK) == 0;
}

/*
 * Whether @name is a name to look up rather than a path: a bare name, or one
 * "daemon/" prefix and a bare name (the daemon examples are installed in
 * $(pkgdatadir)/scenarios/daemon/, scenarios/local.am).
 */
static bool is_name(const char *name)
{
	static const char daemon[] = "daemon/";

	if (strncmp(name, daemon, sizeof(daemon) - 1) == 0)
		name += sizeof(daemon) - 1;
	return *name && !strchr(name, '/');
}

/**
 * scenario_find() - the file of a scenario named on the command line
 * @name: what the user typed: a path, or a name such as "leap-insert"
 * @buf:  room for the path found
 * @n:    its size
 *
 * A name that is a readable file is that file.  A bare name (no '/'), or
 * "daemon/" and a bare name, is then looked up as NAME.scn in the current
 * folder, in the installed examples (TKSIM_SCENARIO_DIR,
 * $(pkgdatadir)/scenarios) and in the source tree's scenarios/ folder: so
 * "leap-insert" is scenarios/leap-insert.scn and "daemon/chronyd-shm" is
 * scenarios/daemon/chronyd-shm.scn.
 *
 * Return: the path to read: @buf, or @name itself when nothing was found
 * (reading it then reports the error).
 */
const char *scenario_find(const char *name, char *buf, size_t n)
{
	static const char *const dirs[] = { "", TKSIM_SCENARIO_DIR, TKSIM_SCENARIO_SRCDIR };

	if (access(name, R_OK) == 0 || !is_name(name))
		return name;
	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++)
		if (try_path(buf, n, dirs[i], name, ".scn"))
			return buf;
	return name;
}
