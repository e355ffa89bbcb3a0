// SPDX-License-Identifier: GPL-2.0
// tksim's own: scenario files (see tools/scenario/scenario.h).
#include "tools/scenario/scenario.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/process.h"
#include "tools/tksim.h"

/* Scenario files are small; a larger file is certainly not one. */
#define SCENARIO_MAX_BYTES (1 << 20)

static char *read_file(const char *path, size_t *len, const char **why)
{
	FILE *f = tksim_open_input(path, why);
	char *buf;
	size_t n;
	int err;

	if (!f)
		return NULL;
	buf = malloc(SCENARIO_MAX_BYTES + 1);
	n = buf ? fread(buf, 1, SCENARIO_MAX_BYTES + 1, f) : 0;
	err = !buf ? ENOMEM : ferror(f) ? EIO : n > SCENARIO_MAX_BYTES ? EFBIG : 0;
	fclose(f);
	if (err) {
		free(buf);
		*why = strerror(err);
		return NULL;
	}
	buf[n] = '\0';
	*len = n;
	return buf;
}

/* Trim leading and trailing blanks in place. */
static char *trim(char *p)
{
	char *end;

	while (isspace((unsigned char)*p))
		p++;
	end = p + strlen(p);
	while (end > p && isspace((unsigned char)end[-1]))
		*--end = '\0';
	return p;
}

/*
 * One line, comments cut: "key [value]" becomes {cmd, "--key", "value"};
 * "at ..." goes to the registered handler.
 */
static int apply_line(const struct scenario *sc, char *line, const char *cmd, scenario_apply_fn *fn,
		      void *ctx)
{
	char opt[128];
	char *argv[4], *key, *val;
	int argc = 0;

	key = trim(line);
	if (!*key)
		return 0;
	val = key;
	while (*val && !isspace((unsigned char)*val))
		val++;
	if (*val)
		*val++ = '\0';
	val = trim(val);
	if (sc->at && !strcmp(key, "at"))
		return sc->at(val, ctx);
	if (key[0] == '-' || strlen(key) + 3 > sizeof(opt))
		return tksim_usage_error(cmd, "'%s' is not a setting (write it without dashes)",
					 key);
	snprintf(opt, sizeof(opt), "--%s", key);
	argv[argc++] = (char *)cmd;
	argv[argc++] = opt;
	if (*val)
		argv[argc++] = val;
	argv[argc] = NULL;
	return fn(argc, argv, ctx);
}

/**
 * scenario_apply() - read a scenario file and apply each line
 * @sc:   keeps the file's text, which option values point into; its @at
 *        handler, if set, takes the "at" lines
 * @path: the file
 * @cmd:  the command name, argv[0] of each line
 * @fn:   the command's option parser
 * @ctx:  passed to @fn
 *
 * Return: 0, or an exit status (2) after "tksim: FILE:LINE: what is wrong"
 * or "tksim CMD: cannot read FILE".
 */
int scenario_apply(struct scenario *sc, const char *path, const char *cmd, scenario_apply_fn *fn,
		   void *ctx)
{
	unsigned int lineno = 0;
	size_t len;
	char *p;
	int ret = 0;
	const char *why;

	sc->text = read_file(path, &len, &why);
	if (!sc->text)
		return tksim_usage_error(cmd, "cannot read scenario '%s': %s", path, why);
	/* Errors found after the file is read name it: the copy lives as long as the text. */
	sc->path = strdup(path);
	if (!sc->path)
		return tksim_usage_error(cmd, "out of memory");
	path = sc->path;
	if (memchr(sc->text, '\0', len)) {
		tksim_set_input(path, 1);
		ret = tksim_usage_error(cmd, "not a text file");
		tksim_set_input(NULL, 0);
		return ret;
	}
	for (p = sc->text; p && !ret;) {
		char *nl = strchr(p, '\n'), *hash;

		if (nl)
			*nl = '\0';
		lineno++;
		hash = strchr(p, '#');
		if (hash)
			*hash = '\0';
		tksim_set_input(path, lineno);
		ret = apply_line(sc, p, cmd, fn, ctx);
		tksim_set_input(NULL, 0);
		p = nl ? nl + 1 : NULL;
	}
	return ret;
}

/** scenario_free() - release a loaded scenario (its option values die with it). */
void scenario_free(struct scenario *sc)
{
	free(sc->text);
	free(sc->path);
	sc->text = NULL;
	sc->path = NULL;
}
