// SPDX-License-Identifier: GPL-2.0
// tksim's own: the progress line of `tksim bench` (stderr, on a terminal only).
#include <stdio.h>

#include "tools/bench/bench_report.h"

/**
 * bench_progress() - say which step the benchmark is in
 * @r:    the report; nothing is printed unless @r->progress
 * @what: the step, e.g. "clock-gettime-monotonic" or "engine"
 * @i:    its number, from 1
 * @n:    the number of steps
 *
 * One line, rewritten in place, on stderr: the numbers go to stdout, and a
 * measurement is not disturbed by output, which only comes between steps.
 */
void bench_progress(const struct bench_report *r, const char *what, unsigned int i, unsigned int n)
{
	if (!r->progress)
		return;
	fprintf(stderr, "\r  tksim bench: %3u of %u  %-40s", i, n, what);
	fflush(stderr);
}

/** bench_progress_done() - clear the progress line */
void bench_progress_done(const struct bench_report *r)
{
	if (r->progress)
		fprintf(stderr, "\r%70s\r", "");
}
