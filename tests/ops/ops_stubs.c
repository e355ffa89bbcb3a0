// SPDX-License-Identifier: GPL-2.0
// tksim's own: the command's error reporter and input position for the op suites (see
// tests/ops/ops_stubs.h).
#include "tests/ops/ops_stubs.h"

#include <stdarg.h>
#include <stdio.h>

#include "tools/tksim.h"

char ops_last_error[256];

/* The command's error reporter (tools/tksim.c), recorded here instead of printed. */
int tksim_usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	(void)cmd;
	va_start(ap, fmt);
	vsnprintf(ops_last_error, sizeof(ops_last_error), fmt, ap);
	va_end(ap);
	return 2;
}

/* Where the input comes from (tools/usage.c): the command line, as far as these tests go. */
void tksim_get_input(const char **file, unsigned int *line)
{
	*file = NULL;
	*line = 0;
}
