// SPDX-License-Identifier: GPL-2.0
// tksim's own: the one option matcher (see tools/options.h).
#include "tools/options.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "tools/parse.h"
#include "tools/usage.h"

/**
 * tksim_opt_begin() - start matching @argv against @set
 * @it:   the pass
 * @set:  the command's options (its @where survives passes: a scenario file's
 *        lines and then the command line go through the same set)
 * @argc: argument count
 * @argv: arguments; argv[0] is the command name and is skipped
 */
void tksim_opt_begin(struct tksim_optiter *it, struct tksim_optset *set, int argc, char **argv)
{
	*it = (struct tksim_optiter){ .set = set, .argc = argc, .argv = argv, .i = 1 };
}

static const struct tksim_option *lookup(const struct tksim_option *t, const char *name, size_t len)
{
	for (; t->name; t++)
		if (!(t->flags & TKSIM_OPT_HEADING) && strlen(t->name) == len &&
		    !memcmp(t->name, name, len))
			return t;
	return NULL;
}

/**
 * tksim_edit_distance() - how many edits turn @a into @b
 * @a:    a word the user typed (not NUL-terminated: @alen characters)
 * @alen: its length
 * @b:    a name it may have meant
 *
 * The optimal string alignment distance: insertions, deletions,
 * substitutions and swaps of two neighbours ("rnu" is one from "run").
 * Names are short; longer words count as far away.
 *
 * Return: the distance, or 99 for a word or name over 63 characters.
 */
unsigned int tksim_edit_distance(const char *a, size_t alen, const char *b)
{
	size_t blen = strlen(b);
	unsigned int d[64][64];

	if (alen > 63 || blen > 63)
		return 99;
	for (size_t i = 0; i <= alen; i++)
		d[i][0] = (unsigned int)i;
	for (size_t j = 0; j <= blen; j++)
		d[0][j] = (unsigned int)j;
	for (size_t i = 1; i <= alen; i++) {
		for (size_t j = 1; j <= blen; j++) {
			unsigned int cost = a[i - 1] != b[j - 1], v = d[i - 1][j - 1] + cost;

			if (d[i - 1][j] + 1 < v)
				v = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < v)
				v = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
			    d[i - 2][j - 2] + 1 < v)
				v = d[i - 2][j - 2] + 1;
			d[i][j] = v;
		}
	}
	return d[alen][blen];
}

/*
 * The option of @t nearest to the unknown @name, when it is near enough to
 * be a typo: at most two edits, and fewer than the name has characters.
 */
static const struct tksim_option *nearest(const struct tksim_option *t, const char *name,
					  size_t len, int in_file)
{
	const struct tksim_option *best = NULL;
	unsigned int bd = 3;

	for (; t->name; t++) {
		unsigned int d;

		if ((t->flags & TKSIM_OPT_HEADING) || (in_file && (t->flags & TKSIM_OPT_CMDLINE)))
			continue;
		d = tksim_edit_distance(name, len, t->name);
		if (d < bd && d < len) {
			bd = d;
			best = t;
		}
	}
	return best;
}

/**
 * tksim_opt_next() - the next option of the pass
 * @it: the pass
 *
 * Return: the option's code (its value in @it->value), 0 when the arguments
 * are done, or -1 after reporting bad usage (an unknown option, a missing
 * value, a stray argument, a command-line-only option in a file).
 */
int tksim_opt_next(struct tksim_optiter *it)
{
	const char *cmd = it->set->cmd, *arg, *name, *eq;
	const struct tksim_option *o;
	const char *file;
	unsigned int line;
	size_t len;

	it->value = NULL;
	if (it->i >= it->argc)
		return 0;
	arg = it->argv[it->i++];
	tksim_get_input(&file, &line);
	if (arg[0] != '-') {
		tksim_usage_error(cmd, "unexpected argument '%s'", arg);
		return -1;
	}
	if (!file && !strcmp(arg, "-h"))
		arg = "--help"; /* every command's short help */
	if (arg[1] != '-' || !arg[2]) {
		tksim_usage_error(cmd, "unknown option '%s'", arg);
		return -1;
	}
	name = arg + 2;
	eq = strchr(name, '=');
	len = eq ? (size_t)(eq - name) : strlen(name);
	o = lookup(it->set->table, name, len);
	if (!o || (file && (o->flags & TKSIM_OPT_CMDLINE))) {
		const struct tksim_option *near = nearest(it->set->table, name, len, file != NULL);
		char hint[96] = "";

		if (near)
			snprintf(hint, sizeof(hint), " (did you mean --%s?)", near->name);
		if (file)
			tksim_usage_error(cmd, "'%.*s' is not a setting%s", (int)len, name, hint);
		else
			tksim_usage_error(cmd, "unknown option '--%.*s'%s", (int)len, name, hint);
		return -1;
	}
	if (!(o->flags & TKSIM_OPT_VALUE)) {
		if (eq || (file && it->i < it->argc)) {
			tksim_usage_error(cmd, "%s '%s%s' takes no value",
					  file ? "setting" : "option", file ? "" : "--", o->name);
			return -1;
		}
	} else if (eq) {
		it->value = eq + 1;
	} else if (it->i >= it->argc) {
		tksim_usage_error(cmd, "%s '%s%s' needs a value", file ? "setting" : "option",
				  file ? "" : "--", o->name);
		return -1;
	} else if (!file && !strncmp(it->argv[it->i], "--", 2)) {
		tksim_usage_error(cmd,
				  "option '--%s' needs a value, not the option '%s' (write "
				  "--%s=%s if that is the value)",
				  o->name, it->argv[it->i], o->name, it->argv[it->i]);
		return -1;
	} else {
		it->value = it->argv[it->i++];
	}
	it->set->where[o - it->set->table] = (struct tksim_where){ file, line, 1 };
	return o->code;
}

static const struct tksim_option *by_code(const struct tksim_optset *set, int code)
{
	for (const struct tksim_option *o = set->table; o->name; o++)
		if (o->code == code)
			return o;
	return NULL;
}

/**
 * tksim_opt_given() - whether option @code was given (in a file or on the command line)
 * @set:  the command's options
 * @code: the option
 *
 * Return: 1 or 0.
 */
int tksim_opt_given(const struct tksim_optset *set, int code)
{
	const struct tksim_option *o = by_code(set, code);

	return o && set->where[o - set->table].given;
}

/**
 * tksim_opt_error() - report bad usage caused by option @code, where it was given
 * @set:  the command's options (a @table of NULL: only the command name is known)
 * @code: the option at fault: the message carries the FILE:LINE of the
 *        setting that gave it, or is about the command line
 * @fmt:  printf format of the message
 *
 * For errors found once every option is read (a combination, a range that
 * depends on another setting).
 *
 * Return: TKSIM_EXIT_USAGE.
 */
int tksim_opt_error(const struct tksim_optset *set, int code, const char *fmt, ...)
{
	const struct tksim_option *o = set->table ? by_code(set, code) : NULL;
	const struct tksim_where *w = o ? &set->where[o - set->table] : NULL;
	const char *file;
	unsigned int line;
	char msg[1024];
	va_list ap;
	int ret;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	tksim_get_input(&file, &line);
	tksim_set_input(w ? w->file : NULL, w ? w->line : 0);
	ret = tksim_usage_error(set->cmd, "%s", msg);
	tksim_set_input(file, line);
	return ret;
}

/**
 * tksim_opt_seed() - the value of --seed, on every command that has one
 * @cmd:   the command, for its messages
 * @value: a whole number, or "random"
 * @seed:  out: the seed
 *
 * "random" draws a seed from the host clock and says on stderr which, so
 * that the run it gave can be repeated with --seed N.
 *
 * Return: 0, or the exit status of a usage error already reported.
 */
int tksim_opt_seed(const char *cmd, const char *value, u64 *seed)
{
	struct timespec ts;

	if (strcmp(value, "random")) {
		if (tksim_parse_u64(value, seed))
			return tksim_usage_error(cmd, "bad --seed '%s' (a number, or random)",
						 value);
		return 0;
	}
	clock_gettime(CLOCK_REALTIME, &ts);
	*seed = ((u64)ts.tv_sec * 1000003u) ^ (u64)ts.tv_nsec;
	fprintf(stderr, "tksim %s: --seed random chose --seed %llu\n", cmd,
		(unsigned long long)*seed);
	return 0;
}

/* Help lines start in this column; a longer option name puts two spaces first. */
#define HELP_COL 20
#define HELP_WIDTH 79

/**
 * tksim_opt_help() - the option list of a command's --help, from its table
 * @f: where to write it
 * @t: the table; its headings start the groups ("Options:" first)
 *
 * "  --name METAVAR" then the help, its further lines in column 20, and the
 * default as "(default DEF)" at the end (on a line of its own if the last
 * one is full).  A heading after the first is set off by an empty line.
 */
void tksim_opt_help(FILE *f, const struct tksim_option *t)
{
	for (const struct tksim_option *o = t; o->name; o++) {
		const char *h = o->help ? o->help : "", *nl;
		int col;

		if (o->flags & TKSIM_OPT_HEADING) {
			fprintf(f, "%s%s\n", o == t ? "" : "\n", h);
			continue;
		}
		col = fprintf(f, "  --%s%s%s", o->name, o->metavar ? " " : "",
			      o->metavar ? o->metavar : "");
		fprintf(f, "%*s", col < HELP_COL - 2 ? HELP_COL - col : 2, "");
		col = col < HELP_COL - 2 ? HELP_COL : col + 2;
		while ((nl = strchr(h, '\n'))) {
			fprintf(f, "%.*s\n%*s", (int)(nl - h), h, HELP_COL, "");
			col = HELP_COL;
			h = nl + 1;
		}
		fputs(h, f);
		col += (int)strlen(h);
		if (o->def) {
			int need = (int)strlen(o->def) + 11;

			if (col + need > HELP_WIDTH)
				fprintf(f, "\n%*s(default %s)", HELP_COL, "", o->def);
			else
				fprintf(f, "%s(default %s)", *h ? " " : "", o->def);
		}
		fputc('\n', f);
	}
}

/* @s as groff text: a backslash escaped, a '-' as \-, every '\n' a space. */
static void man_text(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '\\')
			fputs("\\e", f);
		else if (*s == '-')
			fputs("\\-", f);
		else if (*s == '\n')
			fputc(' ', f);
		else
			fputc(*s, f);
	}
}

/**
 * tksim_opt_man() - a command's OPTIONS list for docs/tksim.1, from its table
 * @f:   where to write it
 * @cmd: the command
 * @t:   its table
 *
 * Written between two comment lines naming the command, so that
 * tests/cli/conventions.sh can compare the man page's copy with this.
 */
void tksim_opt_man(FILE *f, const char *cmd, const struct tksim_option *t)
{
	fprintf(f, ".\\\" options of %s: generated by `tksim help --man`\n", cmd);
	for (const struct tksim_option *o = t; o->name; o++) {
		if (o->flags & TKSIM_OPT_HEADING) {
			fputs(".PP\n", f);
			man_text(f, o->help);
			fputc('\n', f);
			continue;
		}
		fputs(".TP\n.B \\-\\-", f);
		man_text(f, o->name);
		if (o->metavar) {
			fputs(" \\fI", f);
			man_text(f, o->metavar);
			fputs("\\fR", f);
		}
		fputc('\n', f);
		if (o->help[0] == '.' || o->help[0] == '\'')
			fputs("\\&", f);
		man_text(f, o->help);
		if (o->def) {
			fputs(" (default ", f);
			man_text(f, o->def);
			fputc(')', f);
		}
		fputc('\n', f);
	}
	fprintf(f, ".\\\" end of the options of %s\n", cmd);
}
