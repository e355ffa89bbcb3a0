// SPDX-License-Identifier: GPL-2.0
// tksim's own: the names of adjtimex's mode and status bits (see tools/timex_names.h).
#include "tools/timex_names.h"

#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <string.h>

#include "timekeeper/adjtimex.h"
#include "tools/parse.h"

struct bit_name {
	const char *name;
	unsigned int bit;
};

static const struct bit_name mode_names[] = {
	{ "offset", ADJ_OFFSET },     { "freq", ADJ_FREQUENCY },
	{ "maxerror", ADJ_MAXERROR }, { "esterror", ADJ_ESTERROR },
	{ "status", ADJ_STATUS },     { "timeconst", ADJ_TIMECONST },
	{ "tai", ADJ_TAI },	      { "setoffset", ADJ_SETOFFSET },
	{ "micro", ADJ_MICRO },	      { "nano", ADJ_NANO },
	{ "tick", ADJ_TICK },	      { "adjtime", ADJ_ADJTIME },
};

static const struct bit_name status_names[] = {
	{ "pll", STA_PLL },
	{ "ppsfreq", STA_PPSFREQ },
	{ "ppstime", STA_PPSTIME },
	{ "fll", STA_FLL },
	{ "ins", STA_INS },
	{ "del", STA_DEL },
	{ "unsync", STA_UNSYNC },
	{ "freqhold", STA_FREQHOLD },
	{ "ppssignal", STA_PPSSIGNAL },
	{ "ppsjitter", STA_PPSJITTER },
	{ "ppswander", STA_PPSWANDER },
	{ "ppserror", STA_PPSERROR },
	{ "clockerr", STA_CLOCKERR },
	{ "nano", STA_NANO },
	{ "mode", STA_MODE },
	{ "clk", STA_CLK },
};

#define NAMES(t) (t), (sizeof(t) / sizeof((t)[0]))

/* "a+b+12": names or decimal numbers, OR-ed; -EINVAL on anything else. */
static int parse_bits(const char *s, const struct bit_name *t, size_t n, u64 max, u64 *out)
{
	char word[32];

	*out = 0;
	while (*s) {
		size_t len = strcspn(s, "+");
		u64 v = 0;
		size_t i;

		if (!len || len >= sizeof(word))
			return -EINVAL;
		memcpy(word, s, len);
		word[len] = '\0';
		for (i = 0; i < n && strcmp(t[i].name, word); i++)
			;
		if (i < n)
			v = t[i].bit;
		else if (tksim_parse_u64(word, &v) || v > max)
			return -EINVAL;
		*out |= v;
		s += len;
		if (*s == '+' && !*++s)
			return -EINVAL;
	}
	return 0;
}

static void format_bits(FILE *f, u64 v, const struct bit_name *t, size_t n)
{
	const char *sep = "";

	for (size_t i = 0; i < n; i++) {
		if (v & t[i].bit) {
			fprintf(f, "%s%s", sep, t[i].name);
			sep = "+";
			v &= ~(u64)t[i].bit;
		}
	}
	if (v || !*sep)
		fprintf(f, "%s%" PRIu64, sep, v);
}

/** timex_parse_modes() - "freq+status" or a decimal number into ADJ_* bits; 0 or -EINVAL. */
int timex_parse_modes(const char *s, u64 *out)
{
	return parse_bits(s, NAMES(mode_names), UINT32_MAX, out);
}

/**
 * timex_parse_status() - "pll+ins" or a decimal number into STA_* bits; 0 or -EINVAL
 *
 * struct timex's status is an int: any 32-bit pattern, as the writer prints it (the
 * bits without a name, sign bit included, as one unsigned number).
 */
int timex_parse_status(const char *s, u64 *out)
{
	return parse_bits(s, NAMES(status_names), UINT32_MAX, out);
}

/** timex_format_modes() - ADJ_* bits as names joined by '+' (a number for the rest). */
void timex_format_modes(FILE *f, u64 modes)
{
	format_bits(f, modes, NAMES(mode_names));
}

/** timex_format_status() - STA_* bits as names joined by '+' (a number for the rest). */
void timex_format_status(FILE *f, u64 status)
{
	format_bits(f, status, NAMES(status_names));
}
