// SPDX-License-Identifier: GPL-2.0
// tksim's own: the hostile files of a case: scenarios over the `at` op grammar, bytes, programs.
/*
 * A scenario is settings (a run option and its value, as a file spells it)
 * and `at TIME OP ARGS` lines over every op of sim/ops/ops_kinds.c, with
 * valid but extreme arguments (suspends, idles and stalls up to S64_MAX ns,
 * settimeofday near 2038 and 2262, every adjtimex mode and field at its
 * bounds), then broken in its structure now and then: a NUL, CRLF line ends,
 * a 1 MB line, no last newline.  Times mostly increase, as ops must.
 */
#include "tests/hostile/hostile.h"

#include <stdlib.h>
#include <string.h>

/* A growing buffer of the file's bytes. */
struct buf {
	char *p;
	size_t len, cap;
};

static void put(struct buf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		b->cap = (b->len + n + 1) * 2;
		b->p = realloc(b->p, b->cap);
		if (!b->p)
			abort();
	}
	memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
}

static void puts_(struct buf *b, const char *s)
{
	put(b, s, strlen(s));
}

static const char *const op_names[] = {
	"read",		  "ticks",	   "idle",
	"stall",	  "adjtimex",	   "clock_adjtime",
	"settimeofday",	  "clock_settime", "counter-ppb",
	"suspend",	  "skew",	   "inject",
	"read-mid-write", "clocksource",   "aux_clock_enable",
	"bogus",	  "Read",	   "",
};

static const char *const modes[] = {
	"offset",
	"freq",
	"maxerror",
	"esterror",
	"status",
	"timeconst",
	"tai",
	"setoffset",
	"micro",
	"nano",
	"tick",
	"adjtime",
	"0",
	"32769",
	"4294967295",
	"bogus",
	"freq+status",
	"offset+status+nano",
	"setoffset+nano",
	"adjtime+offset",
	"8193",
	"",
};

static const char *const statuses[] = {
	"pll",	    "ppsfreq",	    "ppstime",	 "fll",	      "ins",	   "del",
	"unsync",   "freqhold",	    "ppssignal", "ppsjitter", "ppswander", "ppserror",
	"clockerr", "nano",	    "mode",	 "clk",	      "pll+ins",   "pll+del",
	"ins+del",  "pll+nano+fll", "65535",	 "-1",	      "",
};

static const char *const fields[] = {
	"offset", "freq", "maxerror", "esterror", "constant", "tick", "sec", "usec", "tai", "bogus",
};

static const char *const extremes[] = {
	"0",
	"1",
	"-1",
	"500000",
	"-500000",
	"500001",
	"32768000",
	"32768001",
	"-32768001",
	"2147483647",
	"2147483648",
	"-2147483648",
	"9223372036854775807",
	"-9223372036854775808",
	"9223372036854775808",
	"16000000",
	"16000001",
	"9000",
	"11000",
	"8999",
	"11001",
	"999999",
	"1000000",
	"999999999",
	"1000000000",
	"10",
	"11",
	"-1000000000",
	"abc",
	"",
	"0x10",
	"1.5",
};

static const char *const clocks[] = {
	"REALTIME", "MONOTONIC", "BOOTTIME", "TAI", "MONOTONIC_RAW", "AUX0", "AUX7", "AUX8", "0",
	"11",	    "16",	 "23",	     "-1",  "bogus",
};

static const char *const secs[] = {
	"0",
	"1",
	"-1",
	"1767225600",
	"2147483647",
	"2147483648",
	"4294967296",
	"9223372036",
	"9223372037",
	"9223372036854775807",
	"-9223372036854775808",
	"253402300799",
	"1767311998",
	"abc",
	"",
};

static const char *const bugs[] = {
	"reader-no-retry",
	"writer-no-seq",
	"no-xtime-correction",
	"raw-pre-4.13",
	"threadtest-cmp",
	"delta-nomask",
	"ntp-offset-u32",
	"aux-offs-ns",
	"bogus",
	"all",
	"no-neg-clamp,delta-nomask",
	"",
};

/* The arguments of one op, written after its name. */
static void op_args(struct h_rng *r, struct buf *b, const char *op)
{
	char w[256];
	int n;

	if (!strcmp(op, "ticks") || !strcmp(op, "counter-ppb")) {
		static const char *const counts[] = {
			"0",   "1",	   "5",		 "4096",      "4097",
			"-1",  "99999999", "-100000000", "100000000", "9223372036854775807",
			"abc", "",
		};
		snprintf(w, sizeof(w), " %s", H_PICK(r, counts));
	} else if (!strcmp(op, "idle") || !strcmp(op, "stall") || !strcmp(op, "suspend")) {
		snprintf(w, sizeof(w), " %s", h_duration(r));
	} else if (!strcmp(op, "adjtimex") || !strcmp(op, "clock_adjtime")) {
		if (op[0] == 'c')
			puts_(b, " "), puts_(b, H_PICK(r, clocks));
		if (h_chance(r, 15))
			puts_(b, " user");
		snprintf(w, sizeof(w), " modes=%s", H_PICK(r, modes));
		if (h_chance(r, 30)) {
			size_t l = strlen(w);

			snprintf(w + l, sizeof(w) - l, "+%s", H_PICK(r, modes));
		}
		puts_(b, w);
		n = (int)h_below(r, 4);
		for (int i = 0; i < n; i++) {
			const char *f = H_PICK(r, fields);

			if (h_chance(r, 20))
				snprintf(w, sizeof(w), " status=%s", H_PICK(r, statuses));
			else
				snprintf(w, sizeof(w), " %s=%s", f, H_PICK(r, extremes));
			puts_(b, w);
		}
		return;
	} else if (!strcmp(op, "settimeofday") || !strcmp(op, "clock_settime")) {
		bool cs = op[1] == 'l';

		if (cs)
			puts_(b, " "), puts_(b, H_PICK(r, clocks));
		if (h_chance(r, 15))
			puts_(b, " user");
		if (h_chance(r, 85)) {
			snprintf(w, sizeof(w), " sec=%s %s=%s", H_PICK(r, secs),
				 cs ? "nsec" : "usec", H_PICK(r, extremes));
			puts_(b, w);
		}
		if (!cs && h_chance(r, 30)) {
			snprintf(w, sizeof(w), " minuteswest=%s dsttime=%s", H_PICK(r, extremes),
				 H_PICK(r, extremes));
			puts_(b, w);
		}
		return;
	} else if (!strcmp(op, "skew")) {
		snprintf(w, sizeof(w), " %s %s", H_PICK(r, extremes), H_PICK(r, extremes));
	} else if (!strcmp(op, "inject")) {
		snprintf(w, sizeof(w), " %s", H_PICK(r, bugs));
	} else if (!strcmp(op, "clocksource")) {
		static const char *const cs[] = {
			"tsc", "hpet", "acpi_pm", "jiffies", "bogus", ""
		};

		snprintf(w, sizeof(w), " %s", H_PICK(r, cs));
	} else if (!strcmp(op, "aux_clock_enable")) {
		snprintf(w, sizeof(w), " %s %s", H_PICK(r, extremes), H_PICK(r, extremes));
	} else {
		w[0] = '\0';
		if (h_chance(r, 10))
			snprintf(w, sizeof(w), " %s", h_hostile_value(r));
	}
	puts_(b, w);
}

/* A time for an `at` line: mostly after the last one, sometimes extreme or broken. */
static void at_time(struct h_rng *r, struct buf *b, uint64_t *t_ms)
{
	char w[64];

	if (h_chance(r, 88)) {
		*t_ms += h_below(r, 200);
		snprintf(w, sizeof(w), "at %llu.%03llus ", (unsigned long long)(*t_ms / 1000),
			 (unsigned long long)(*t_ms % 1000));
	} else {
		static const char *const times[] = {
			"9223372036854775807ns",
			"9223372036854775808ns",
			"106751d",
			"-1",
			"1.5",
			"abc",
			"",
			"1e3",
			"0x10",
			"2262",
			"100d",
			"0.0000000001s",
		};
		snprintf(w, sizeof(w), "at %s ", H_PICK(r, times));
	}
	puts_(b, w);
}

/* A setting: a run option (not a command-line one) and a value. */
static void setting(struct h_rng *r, struct buf *b, const struct h_cmd *run)
{
	const struct h_opt *o = &run->opts[h_below(r, (uint64_t)run->nopts)];

	puts_(b, o->name);
	if (o->metavar || h_chance(r, 10)) {
		const char *v;

		/* The file's own length settings stay short: the bound of the case. */
		if (!strcmp(o->name, "duration"))
			v = h_chance(r, 70) ? "200ms" : h_refused_bound(r);
		else
			v = h_value_for(r, o);
		puts_(b, " ");
		puts_(b, v);
	}
}

/**
 * h_scenario_text() - a scenario's bytes: settings and `at` lines, maybe broken
 * @r:   the generator
 * @run: `tksim run`'s options (the settings a file may hold)
 * @len: set to the length (the text may hold NULs)
 *
 * Return: the malloc'd bytes.
 */
char *h_scenario_text(struct h_rng *r, const struct h_cmd *run, size_t *len)
{
	struct buf b = { 0 };
	uint64_t t_ms = 0;
	int lines = 1 + (int)h_below(r, h_chance(r, 10) ? 40 : 6);
	bool crlf = h_chance(r, 5);

	for (int i = 0; i < lines; i++) {
		uint64_t k = h_below(r, 100);

		if (k < 55) {
			at_time(r, &b, &t_ms);
			const char *op = H_PICK(r, op_names);

			puts_(&b, op);
			op_args(r, &b, op);
		} else if (k < 90) {
			setting(r, &b, run);
		} else if (k < 94) {
			puts_(&b, "# a comment");
		} else if (k < 96) {
			puts_(&b, h_hostile_value(r));
		} else if (k < 98) {
			put(&b, "read\0at 0 read", 14); /* a NUL inside a line */
		} else {
			puts_(&b, "   \t");
		}
		puts_(&b, crlf ? "\r\n" : "\n");
	}
	if (h_chance(r, 2)) { /* a 1 MB line */
		size_t n = 1 << 20;
		char *l = malloc(n);

		if (!l)
			abort();
		memset(l, 'a', n);
		memcpy(l, "at 0 read ", 10);
		put(&b, l, n);
		free(l);
		puts_(&b, "\n");
	}
	if (h_chance(r, 5) && b.len)
		b.len--; /* no newline at the end */
	*len = b.len;
	return b.p ? b.p : calloc(1, 1);
}

/**
 * h_scenario_file() - a scenario file of the case, or a file that is not one
 * @r:    the generator
 * @c:    the case (gets the file, and its name as the input an error must name)
 * @run:  `tksim run`'s options
 * @name: its name in the scratch folder
 */
void h_scenario_file(struct h_rng *r, struct h_case *c, const struct h_cmd *run, const char *name)
{
	uint64_t k = h_below(r, 100);
	struct h_file *f;

	c->scenario = name;
	if (k < 3) {
		h_add_file(c, name, H_FILE_DIR);
	} else if (k < 5) {
		h_add_file(c, name, H_FILE_FIFO);
	} else {
		f = h_add_file(c, name, k < 7 ? H_FILE_UNREADABLE : H_FILE_DATA);
		if (f)
			f->data = h_scenario_text(r, run, &f->len);
	}
}

/**
 * h_bytes_file() - random bytes, for `fuzz --input`, `--decode` and `diff --input`
 * @r:    the generator
 * @c:    the case
 * @name: the file's name in the scratch folder
 */
void h_bytes_file(struct h_rng *r, struct h_case *c, const char *name)
{
	struct h_file *f = h_add_file(c, name, H_FILE_DATA);
	size_t n;

	if (!f)
		return;
	n = h_chance(r, 5) ? 65536 + h_below(r, 65536) : h_below(r, 600);
	f->data = malloc(n + 1);
	if (!f->data)
		abort();
	for (size_t i = 0; i < n; i++) {
		uint64_t x = h_rand(r);

		/* Runs of 0x00 and 0xff reach the varints' longest and the clamps. */
		f->data[i] = (char)((x & 0x300) == 0x300 ? 0xff : (x & 0x300) == 0 ? 0 : x);
	}
	f->len = n;
}

/* The programs of `tksim daemon --`: exit at once, fork, pause, spin, die, close stdio. */
static const char *const programs[][4] = {
	{ "/bin/true" },
	{ "/bin/false" },
	{ "/bin/sh", "-c", "exit 3" },
	{ "/bin/sh", "-c", "exit 130" },
	{ "/bin/sh", "-c", "kill -SEGV $$" },
	{ "/bin/sh", "-c", "kill -KILL $$" },
	{ "/bin/sh", "-c", "kill -TERM $$" },
	{ "/bin/sleep", "infinity" },
	{ "/bin/date" },
	{ "/bin/sh", "-c", "while :; do :; done" },
	{ "/bin/sh", "-c", "sleep 5 & exit 0" },
	{ "/bin/sh", "-c", "setsid sh -c 'while :; do :; done' & exec sleep 1" },
	{ "/bin/sh", "-c", "(sleep 3; echo late) & (setsid sleep 4 &) ; date" },
	{ "/bin/sh", "-c", "exec >&- 2>&- <&-; date; sleep 0.1" },
	{ "/bin/sh", "-c", "exec 1>&-; echo lost; exit 0" },
	{ "/bin/sleep", "0.2" },
	{ "/bin/sh", "-c", "for i in 1 2 3; do date +%s.%N; done" },
	{ "/bin/sh", "-c", "cat" },
	{ "" },
	{ "/etc" },
	{ "/etc/passwd" },
	{ "/nonexistent/program" },
	{ "scn" },
};

/**
 * h_daemon_program() - the program of a `tksim daemon` case, after its `--`
 * @r: the generator
 * @c: the case (gets the words)
 */
void h_daemon_program(struct h_rng *r, struct h_case *c)
{
	/* The first 9 end at once or by --duration; those after them take a second or more. */
	size_t n = h_chance(r, 70) ? 9 : sizeof(programs) / sizeof(programs[0]);
	const char *const *p = programs[h_below(r, n)];

	h_arg(c, "--", false);
	for (int i = 0; i < 4 && p[i]; i++)
		h_arg(c, p[i], true);
	if (!*p[0])
		h_word(c, "empty"); /* an empty name is refused as one */
}
