// SPDX-License-Identifier: GPL-2.0
// tksim's own: the commands' option tables, read from the tksim under test at start.
/*
 * The driver does not link tools/'s tables: it reads them from what the
 * binary under test says of itself, `tksim help --man` (every option, and
 * whether it takes a value: ".B \-\-name \fIMETA\fR") and `tksim help
 * --completion` (the word list of an option with one, and which take file
 * names).  Both are generated from the tables (tools/help_gen.c), so the
 * cases follow every option added to a table with no change here, and the
 * driver stays one plain program that can drive any build of tksim (an
 * ASan build, a TSan build) without linking that build's sanitizer runtime
 * or its library.
 */
#include "tests/hostile/hostile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "\-\-name" or "\fIN\fR" of a man line, unescaped into a malloc'd string. */
static char *unescape(const char *s, size_t len)
{
	char *r = malloc(len + 1), *w = r;

	if (!r)
		abort();
	for (size_t i = 0; i < len; i++) {
		if (s[i] == '\\' && i + 1 < len && s[i + 1] == '-') {
			*w++ = '-';
			i++;
		} else if (s[i] == '\\' && i + 2 < len && s[i + 1] == 'f') {
			i += 2; /* \fI, \fR, \fB: a font change */
		} else {
			*w++ = s[i];
		}
	}
	*w = '\0';
	return r;
}

static struct h_cmd *add_cmd(struct h_tables *t, const char *name, size_t len)
{
	struct h_cmd *c;

	for (int i = 0; i < t->ncmds; i++)
		if (strlen(t->cmds[i].name) == len && !strncmp(t->cmds[i].name, name, len))
			return &t->cmds[i];
	if (t->ncmds == H_MAX_CMDS)
		return NULL;
	c = &t->cmds[t->ncmds++];
	c->name = strndup(name, len);
	c->nopts = 0;
	return c;
}

static struct h_opt *find_opt(struct h_cmd *c, const char *name, size_t len)
{
	for (int i = 0; i < c->nopts; i++)
		if (strlen(c->opts[i].name) == len && !strncmp(c->opts[i].name, name, len))
			return &c->opts[i];
	return NULL;
}

/* `.B \-\-name \fIMETA\fR` inside ".\" options of CMD: generated" blocks. */
static int read_man(struct h_tables *t, FILE *f)
{
	char line[4096];
	struct h_cmd *cmd = NULL;

	while (fgets(line, sizeof(line), f)) {
		const char *p;

		if (!strncmp(line, ".\\\" options of ", 15)) {
			p = line + 15;
			cmd = add_cmd(t, p, strcspn(p, ":"));
			continue;
		}
		if (!strncmp(line, ".\\\" end of the options", 22)) {
			cmd = NULL;
			continue;
		}
		if (!cmd || strncmp(line, ".B \\-\\-", 7) || cmd->nopts == H_MAX_OPTS)
			continue;
		p = line + 7;
		size_t n = strcspn(p, " \n");
		struct h_opt *o = &cmd->opts[cmd->nopts];

		o->name = unescape(p, n);
		if (find_opt(cmd, o->name, strlen(o->name))) {
			free(o->name); /* a second block of the same option: once is enough */
			continue;
		}
		p += n;
		while (*p == ' ')
			p++;
		o->metavar = *p && *p != '\n' ? unescape(p, strcspn(p, "\n")) : NULL;
		o->words = NULL;
		o->file = false;
		cmd->nopts++;
	}
	return 0;
}

/* `"CMD --opt") COMPREPLY=($(compgen -W "a b" ...` and `compgen -f`. */
static int read_completion(struct h_tables *t, FILE *f)
{
	char line[8192];

	while (fgets(line, sizeof(line), f)) {
		char *p = line, *q;

		while (*p == '\t' || *p == ' ')
			p++;
		if (*p != '"' || !strstr(p, "COMPREPLY"))
			continue;
		p++;
		size_t n = strcspn(p, " ");
		struct h_cmd *cmd = add_cmd(t, p, n);

		p += n;
		if (!cmd || strncmp(p, " --", 3))
			continue;
		p += 3;
		struct h_opt *o = find_opt(cmd, p, strcspn(p, "\""));

		if (!o)
			continue;
		if (strstr(p, "compgen -f"))
			o->file = true;
		q = strstr(p, "compgen -W \"");
		if (q) {
			q += 12;
			o->words = strndup(q, strcspn(q, "\""));
		}
	}
	return 0;
}

static int read_from(struct h_tables *t, const char *tksim, const char *what,
		     int (*reader)(struct h_tables *, FILE *))
{
	char cmd[4096];
	FILE *f;
	int rc;

	snprintf(cmd, sizeof(cmd), "'%s' help %s", tksim, what);
	f = popen(cmd, "r");
	if (!f)
		return -1;
	reader(t, f);
	rc = pclose(f);
	return rc == 0 ? 0 : -1;
}

/**
 * h_tables_load() - every command's options, from the tksim binary under test
 * @t:     filled
 * @tksim: the binary
 *
 * Return: 0, or -1 when the binary's help could not be read (a message is printed).
 */
int h_tables_load(struct h_tables *t, const char *tksim)
{
	t->ncmds = 0;
	if (read_from(t, tksim, "--man", read_man) ||
	    read_from(t, tksim, "--completion", read_completion) || t->ncmds < 2) {
		fprintf(stderr, "hostile: cannot read the option tables of %s (help --man)\n",
			tksim);
		return -1;
	}
	return 0;
}

/**
 * h_tables_find() - a command by name
 * @t:    the tables
 * @name: "run", ...
 *
 * Return: the command, or NULL when the tksim under test has none of that name.
 */
const struct h_cmd *h_tables_find(const struct h_tables *t, const char *name)
{
	for (int i = 0; i < t->ncmds; i++)
		if (!strcmp(t->cmds[i].name, name))
			return &t->cmds[i];
	return NULL;
}
