// SPDX-License-Identifier: GPL-2.0
// tksim's own: how every command reports bad usage, and where the input being read comes from.
#include "tools/usage.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <time.h>

static struct {
	const char *file;
	unsigned int line;
} input;

/**
 * tksim_set_input() - errors from now on are about FILE:LINE
 * @file: the input file, or NULL for the command line
 * @line: its line number
 */
void tksim_set_input(const char *file, unsigned int line)
{
	input.file = file;
	input.line = line;
}

/**
 * tksim_get_input() - where the input being parsed comes from
 * @file: out: the file, or NULL for the command line
 * @line: out: its line number
 */
void tksim_get_input(const char **file, unsigned int *line)
{
	*file = input.file;
	*line = input.line;
}

/*
 * In a scenario file the settings are written without dashes: a message
 * about "--duration" names "duration" there.  Quoted text (the user's own
 * values) is left as it is.
 */
static void strip_dashes(char *s)
{
	bool quoted = false;
	char *w = s;

	for (char *r = s; *r; r++) {
		if (*r == '\'')
			quoted = !quoted;
		if (!quoted && r[0] == '-' && r[1] == '-' && r[2] >= 'a' && r[2] <= 'z' &&
		    (r == s || r[-1] == ' ' || r[-1] == '(' || r[-1] == ',')) {
			r++;
			continue;
		}
		*w++ = *r;
	}
	*w = '\0';
}

/**
 * tksim_usage_error() - report bad usage of a command
 * @cmd: the command name
 * @fmt: printf format of the message
 *
 * Return: TKSIM_EXIT_USAGE, for `return tksim_usage_error(...)`.
 */
int tksim_usage_error(const char *cmd, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (input.file) {
		strip_dashes(msg);
		fprintf(stderr, "tksim: %s:%u: %s\n", input.file, input.line, msg);
	} else {
		fprintf(stderr, "tksim %s: %s\nTry 'tksim %s --help'.\n", cmd, msg, cmd);
	}
	return TKSIM_EXIT_USAGE;
}

/** tksim_wall_seconds() - the host's CLOCK_MONOTONIC, for progress and wall times. */
double tksim_wall_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
