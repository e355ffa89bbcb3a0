// SPDX-License-Identifier: GPL-2.0
// tksim's own: the one option matcher (see tools/options.h).
#include "tools/options.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "tools/tksim.h"

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
		if (strlen(t->name) == len && !memcmp(t->name, name, len))
			return t;
	return NULL;
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
	if (arg[1] != '-' || !arg[2]) {
		tksim_usage_error(cmd, "unknown option '%s'", arg);
		return -1;
	}
	name = arg + 2;
	eq = strchr(name, '=');
	len = eq ? (size_t)(eq - name) : strlen(name);
	o = lookup(it->set->table, name, len);
	if (!o || (file && (o->flags & TKSIM_OPT_CMDLINE))) {
		if (file)
			tksim_usage_error(cmd, "'%.*s' is not a setting", (int)len, name);
		else
			tksim_usage_error(cmd, "unknown option '--%.*s'", (int)len, name);
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
