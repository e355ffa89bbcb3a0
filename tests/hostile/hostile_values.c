// SPDX-License-Identifier: GPL-2.0
// tksim's own: the hostile values of an option, and the case's random numbers.
/*
 * The values are tests/cli/hostile.sh's: the s64 and u64 limits and one past
 * them, 0x10 and 010 (no hex, no octal: decimal only), fractions and units,
 * empty values, values that are options, bug names; the valid extremes of
 * issue 20 (times near 2038, 2262 and KTIME_MAX, 106751 days, S64_MAX ns);
 * and, for an option whose value is a word of a list, its words (from the
 * completion) and near misses of them.
 */
#include "tests/hostile/hostile.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/**
 * h_rand() - the next 64 random bits (splitmix64)
 * @r: the case's generator
 *
 * Return: the bits.
 */
uint64_t h_rand(struct h_rng *r)
{
	uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/**
 * h_below() - a number in 0..n-1
 * @r: the generator
 * @n: the bound (> 0)
 *
 * Return: the number (the modulo's bias is far below what matters here).
 */
uint64_t h_below(struct h_rng *r, uint64_t n)
{
	return h_rand(r) % n;
}

/**
 * h_chance() - true with a chance of @percent in 100
 * @r:       the generator
 * @percent: 0..100
 *
 * Return: the draw.
 */
bool h_chance(struct h_rng *r, unsigned int percent)
{
	return h_below(r, 100) < percent;
}

/**
 * h_pick() - one string of a list
 * @r:    the generator
 * @list: the strings
 * @n:    how many (> 0)
 *
 * Return: the one drawn.
 */
const char *h_pick(struct h_rng *r, const char *const *list, size_t n)
{
	return list[h_below(r, n)];
}

/* hostile.sh's values: limits, one past, radix prefixes, fractions, options as values. */
static const char *const hostile[] = {
	"0",
	"1",
	"-1",
	"1000",
	"4294967297000",
	"1000000000000000",
	"4294967295000",
	"18446744073709551615",
	"18446744073709551616",
	"9223372036854775807",
	"-9223372036854775808",
	"-9223372036854775809",
	"0x10",
	"010",
	"1.5",
	"1.5ms",
	"12.000000345s",
	"1.0000000005s",
	"1e15",
	"abc",
	"",
	"7d",
	"99999999999999999999s",
	"24",
	"8",
	"64",
	"65",
	"3579545",
	"on",
	"off",
	"insert",
	"delete",
	"1s:freq=1",
	"7.5:freq=1",
	"1s:setoffset=9223372036854775807",
	"1s:setoffset=-9223372036854775808",
	"1s:offset=-9223372036854775808",
	"0:status=ins",
	"1s:tick=0",
	"1s:tick=9223372036854775807",
	"1s:constant=9223372036854775807",
	"1s:freq=500,nano",
	"1s:bogus=1",
	":freq=1",
	"1s:",
	"1s:1500s",
	"1s:2h",
	"0:0",
	"raw-pre-4.13",
	"all",
	"reader-no-retry",
	"--quiet",
	"-x",
	"=",
	"1s:freq=1e9",
	"-0",
	"+1",
	"1.",
	".5",
	"100ms:2000000000",
	"100ms:2147483648",
	"100ms:4294967295",
	"100ms:9223372036",
	"100ms:9223372036854775807",
	"100ms:0.999999999",
	"1ms:106751d",
	"1ms:106750d",
	"1ms:9223372036854775807ns",
	"0:1ns",
	"2262",
	"106751d",
	"2147483647",
	"2147483648",
	"4294967295",
	"4294967296",
	"-2147483649",
	"9223372036.854775807",
	"9223372036854775807ns",
	"0.000000001",
	"1ns",
	"1us",
	"0s",
	"00",
	" 1",
	"1 ",
	"1,2",
	"1,,2",
	",",
	"x,y",
	"threadtest-cmp",
	"no-xtime-correction,reader-no-retry",
	"coarse-sec",
	"bogus-bug",
	"6.18",
	"6.1",
	"6.12",
	"5.0",
	"auto",
	"v5.3",
	"REALTIME",
	"AUX7",
	"AUX8",
	"random",
	"-1h,2d",
	"1h,-2d",
	"0,0",
	"\xff\xfe",
	"%s%n%s",
	"1s:sec=2147483648",
};

/**
 * h_hostile_value() - one of hostile.sh's values
 * @r: the generator
 *
 * Return: the value.
 */
const char *h_hostile_value(struct h_rng *r)
{
	return H_PICK(r, hostile);
}

/* Values a run's length option refuses, so that a drawn one can follow the bound. */
static const char *const refused[] = {
	"-1",
	"abc",
	"",
	"1e15",
	"0x10",
	"99999999999999999999s",
	"18446744073709551616",
	"--quiet",
	"=",
	"1.5.5",
	"-9223372036854775809",
	"1x",
	"s",
	"+",
};

/**
 * h_refused_bound() - a value a length option (--duration, --seconds) must refuse
 * @r: the generator
 *
 * Return: the value; drawn after the case's own bound it must end the case at once.
 */
const char *h_refused_bound(struct h_rng *r)
{
	return H_PICK(r, refused);
}

static const char *const durations[] = {
	"0",
	"1ns",
	"1us",
	"1ms",
	"10ms",
	"20ms",
	"100ms",
	"300ms",
	"1s",
	"0.5",
	"1.5s",
	"2s",
	"1m",
	"1h",
	"7d",
	"366d",
	"106751d",
	"1000d",
	"2000000000",
	"2147483648",
	"4294967295",
	"-1s",
	"1.5h",
	"1.0000000005s",
	"9223372036854775807ns",
	"9223372036854775808ns",
};

/**
 * h_duration() - a duration, valid or extreme
 * @r: the generator
 *
 * Return: the duration as text.
 */
const char *h_duration(struct h_rng *r)
{
	return H_PICK(r, durations);
}

static const char *const numbers[] = {
	"0",
	"1",
	"2",
	"8",
	"100",
	"250",
	"1000",
	"1024",
	"10000",
	"100000",
	"1000000",
	"4096",
	"32",
	"63",
	"64",
	"65",
	"-1",
	"2100000000",
	"3579545",
	"32768",
	"4294967295",
	"4294967296",
	"9223372036854775807",
	"1000000000",
	"24",
	"12",
	"16",
	"3",
	"500",
	"-500",
};

/* A word of @words (space-separated), or a near miss of one. */
static const char *word_of(struct h_rng *r, const char *words, char *buf, size_t size)
{
	size_t n = 0;
	const char *p = words;

	for (const char *q = words; *q; q++)
		n += *q == ' ';
	n++;
	for (uint64_t k = h_below(r, n); k; k--)
		p = strchr(p, ' ') + 1;
	size_t len = strcspn(p, " ");

	if (len >= size - 3)
		len = size - 3;
	memcpy(buf, p, len);
	buf[len] = '\0';
	switch (h_below(r, 10)) {
	case 0: /* a near miss: one letter more */
		buf[len] = 'x', buf[len + 1] = '\0';
		break;
	case 1: /* a list of two */
		if (strcspn(words, " ") < size - len - 2) {
			buf[len] = ',';
			memcpy(buf + len + 1, words, strcspn(words, " "));
			buf[len + 1 + strcspn(words, " ")] = '\0';
		}
		break;
	case 2: /* upper case */
		for (size_t i = 0; i < len; i++)
			if (buf[i] >= 'a' && buf[i] <= 'z')
				buf[i] = (char)(buf[i] - 'a' + 'A');
		break;
	default:
		break;
	}
	return buf;
}

/* A file name for an output or an input: in the scratch folder, or a fault. */
static const char *const out_files[] = {
	"out.csv",
	"out.csv",
	"out.txt",
	"-",
	"/dev/full",
	"/dev/null",
	"missing/x.csv",
	"d",
	"scn",
	"out.csv/x",
	"",
	"ro/x.csv",
	"/proc/version",
	"/sys/kernel/tksim-hostile.csv",
	"--quiet",
	"=",
	"/dev/zero",
};

/**
 * h_value_for() - a value for an option: a valid one for its metavar, a word of its list,
 *                 or a hostile one
 * @r: the generator
 * @o: the option (with a metavar)
 *
 * Return: the value (static storage, or the case's heap through the caller).
 */
const char *h_value_for(struct h_rng *r, const struct h_opt *o)
{
	static char buf[256];
	const char *m = o->metavar ? o->metavar : "";
	uint64_t k = h_below(r, 100);

	if (k < 35)
		return h_hostile_value(r);
	if (o->file)
		return H_PICK(r, out_files);
	if (o->words && k < 75)
		return word_of(r, o->words, buf, sizeof(buf));
	if (!strcmp(m, "D") || !strcmp(m, "T") || strstr(m, "DURATION"))
		return h_duration(r);
	if (strchr(m, ':')) { /* T:..., a timed call: the hostile list is made of them */
		static const char *const timed[] = {
			"100ms:freq=65536",
			"1ms:offset=500000",
			"0:status=pll",
			"200ms:setoffset=-1",
			"100ms:1767225600",
			"100ms:2147483648",
			"100ms:9223372036",
			"1ms:1ms",
			"0:1h",
			"10ms:tick=10000",
			"1ms:tick=9000",
			"1ms:maxerror=16000000",
			"1ms:constant=10",
			"1ms:freq=32768000",
			"1ms:freq=-32768001",
			"10ms:5s",
			"0:100d",
		};
		return H_PICK(r, timed);
	}
	return H_PICK(r, numbers);
}

/**
 * h_strdup() - a copy of @s on the case's heap
 * @c: the case
 * @s: the string
 *
 * Return: the copy; a case that outgrows its heap gets "" (its argv stays whole).
 */
char *h_strdup(struct h_case *c, const char *s)
{
	size_t n = strlen(s) + 1;

	if (c->used + n > sizeof(c->heap))
		return "";
	char *p = c->heap + c->used;

	memcpy(p, s, n);
	c->used += n;
	return p;
}

/**
 * h_printf() - a formatted string on the case's heap
 * @c:   the case
 * @fmt: printf's format
 *
 * Return: the string.
 */
char *h_printf(struct h_case *c, const char *fmt, ...)
{
	char buf[4096];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	return h_strdup(c, buf);
}

/**
 * h_word() - a drawn word that an exit 2 may name
 * @c: the case
 * @s: the word (copied when the case keeps it)
 */
void h_word(struct h_case *c, const char *s)
{
	/* An empty word is named as a shell writes it: tksim says "cannot read ''". */
	if (c->nwords < H_MAX_WORDS)
		c->words[c->nwords++] = h_strdup(c, *s ? s : "''");
}

/**
 * h_arg() - one more argument of the command line
 * @c:     the case
 * @s:     the argument (copied)
 * @drawn: a drawn word: an exit 2 may name it (without its dashes too)
 */
void h_arg(struct h_case *c, const char *s, bool drawn)
{
	if (c->argc == H_MAX_ARGS)
		return;
	c->argv[c->argc++] = h_strdup(c, s);
	c->argv[c->argc] = NULL;
	if (drawn) {
		h_word(c, s);
		if (!strncmp(s, "--", 2) && s[2]) {
			char name[128];

			snprintf(name, sizeof(name), "%s", s + 2);
			name[strcspn(name, "=")] = '\0';
			h_word(c, name);
		}
	}
}

/**
 * h_add_file() - a file to make in the scratch folder
 * @c:    the case
 * @name: its name there
 * @kind: enum h_file_kind
 *
 * Return: the file, to fill; NULL when the case has its H_MAX_FILES.
 */
struct h_file *h_add_file(struct h_case *c, const char *name, int kind)
{
	if (c->nfiles == H_MAX_FILES)
		return NULL;
	struct h_file *f = &c->files[c->nfiles++];

	snprintf(f->name, sizeof(f->name), "%s", name);
	f->kind = kind;
	f->data = NULL;
	f->len = 0;
	return f;
}

/**
 * h_case_free() - free what a case holds outside itself (file contents)
 * @c: the case
 */
void h_case_free(struct h_case *c)
{
	for (int i = 0; i < c->nfiles; i++)
		free(c->files[i].data);
	c->nfiles = 0;
}
