// SPDX-License-Identifier: GPL-2.0
// tksim's own: the one parser of numbers, durations and times (see tools/parse.h).
#include "tools/parse.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/*
 * A decimal number with an optional sign, an optional fraction and whatever
 * follows it (the unit), split without converting: the callers decide what
 * the fraction and the unit may be.
 */
struct decimal {
	bool negative;
	unsigned __int128 whole; /* saturates above 2^64: out of every range here */
	const char *frac; /* the fraction's digits, frac_len of them */
	unsigned int frac_len;
	const char *rest; /* what follows the number */
};

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Split @s; -EINVAL when it does not start with a well-formed decimal number. */
static int split_decimal(const char *s, bool allow_sign, struct decimal *d)
{
	const char *p = s;

	memset(d, 0, sizeof(*d));
	if (!s)
		return -EINVAL;
	if (allow_sign && (*p == '-' || *p == '+'))
		d->negative = *p++ == '-';
	if (!is_digit(*p))
		return -EINVAL; /* also rejects blanks, an empty text and ".5" */
	for (; is_digit(*p); p++)
		if (d->whole <= U64_MAX)
			d->whole = d->whole * 10 + (unsigned)(*p - '0');
	if (*p == '.') {
		d->frac = ++p;
		while (is_digit(*p))
			p++;
		d->frac_len = (unsigned int)(p - d->frac);
		if (!d->frac_len)
			return -EINVAL; /* "5." */
	}
	d->rest = p;
	return 0;
}

/*
 * @d scaled by @unit (the integer value of one whole unit, at most 10^18 here)
 * as an exact signed 128-bit value; -EINVAL when the fraction is finer than
 * 1/@unit, -ERANGE when far outside s64.
 */
static int scale_decimal(const struct decimal *d, u64 unit, __int128 *out)
{
	unsigned __int128 v, frac = 0, den = 1;

	if (d->whole > U64_MAX)
		return -ERANGE;
	v = d->whole * unit; /* < 2^64 * 2^60: fits */
	for (unsigned int i = 0; i < d->frac_len; i++) {
		if (den >= 10000000000000000000ULL) {
			/*
			 * Past 19 places (finer than any unit's resolution,
			 * 10^-18 at most) every further digit must be zero; the
			 * cap keeps frac * unit below 10^37.
			 */
			if (d->frac[i] != '0')
				return -EINVAL;
			continue;
		}
		frac = frac * 10 + (unsigned)(d->frac[i] - '0');
		den *= 10;
	}
	if ((frac * unit) % den)
		return -EINVAL; /* finer than the resolution */
	v += frac * unit / den;
	if (v > (unsigned __int128)S64_MAX + 1)
		return -ERANGE;
	*out = d->negative ? -(__int128)v : (__int128)v;
	return 0;
}

static int to_s64(__int128 v, s64 *out)
{
	if (v > S64_MAX || v < S64_MIN)
		return -ERANGE;
	*out = (s64)v;
	return 0;
}

/**
 * tksim_parse_u64() - a whole decimal number, 0 .. 2^64-1
 * @s:   the text: digits only
 * @out: the value
 *
 * Return: 0, -EINVAL or -ERANGE.
 */
int tksim_parse_u64(const char *s, u64 *out)
{
	struct decimal d;
	int ret = split_decimal(s, false, &d);

	if (ret)
		return ret;
	if (d.frac_len || *d.rest)
		return -EINVAL;
	if (d.whole > U64_MAX)
		return -ERANGE;
	*out = (u64)d.whole;
	return 0;
}

/**
 * tksim_parse_s64() - a whole decimal number with an optional sign
 * @s:   the text
 * @out: the value, S64_MIN .. S64_MAX
 *
 * Return: 0, -EINVAL or -ERANGE.
 */
int tksim_parse_s64(const char *s, s64 *out)
{
	return tksim_parse_fixed(s, 0, out);
}

/**
 * tksim_parse_fixed() - an exact decimal fixed-point number
 * @s:           the text, e.g. "-12.5"
 * @frac_digits: decimal places of the result (3: "-12.5" gives -12500)
 * @out:         the value times 10^@frac_digits
 *
 * Used for values users write with a fraction but the model keeps as
 * integers (ppm as ppb).  More places than @frac_digits are accepted only
 * when they are zeros.
 *
 * Return: 0, -EINVAL or -ERANGE.
 */
int tksim_parse_fixed(const char *s, unsigned int frac_digits, s64 *out)
{
	struct decimal d;
	__int128 v;
	u64 unit = 1;
	int ret;

	if (frac_digits > 18)
		return -EINVAL;
	ret = split_decimal(s, true, &d);
	if (ret)
		return ret;
	if (*d.rest)
		return -EINVAL;
	while (frac_digits--)
		unit *= 10;
	ret = scale_decimal(&d, unit, &v);
	return ret ? ret : to_s64(v, out);
}

static const struct {
	const char *suffix;
	u64 ns;
} time_units[] = {
	{ "ns", 1 },
	{ "us", 1000 },
	{ "ms", NSEC_PER_MSEC },
	{ "s", NSEC_PER_SEC },
	{ "m", TKSIM_NS_PER_MIN },
	{ "h", TKSIM_NS_PER_HOUR },
	{ "d", TKSIM_NS_PER_DAY },
};

/**
 * tksim_parse_time_ns() - a signed amount of time with an optional unit
 * @s:            the text: "-250", "1.5ms", "12.000000345s", "2h"
 * @bare_unit_ns: what a number without a unit counts (NSEC_PER_SEC, or 1)
 * @out:          ns
 *
 * Units: ns, us, ms, s, m, h, d.  The value must be a whole number of ns.
 *
 * Return: 0, -EINVAL or -ERANGE.
 */
int tksim_parse_time_ns(const char *s, u64 bare_unit_ns, s64 *out)
{
	struct decimal d;
	__int128 v;
	u64 unit = 0;
	int ret = split_decimal(s, true, &d);

	if (ret)
		return ret;
	if (!*d.rest) {
		unit = bare_unit_ns;
	} else {
		for (size_t i = 0; i < sizeof(time_units) / sizeof(time_units[0]); i++)
			if (!strcmp(d.rest, time_units[i].suffix))
				unit = time_units[i].ns;
	}
	if (!unit)
		return -EINVAL;
	ret = scale_decimal(&d, unit, &v);
	return ret ? ret : to_s64(v, out);
}

/**
 * tksim_parse_duration_ns() - a non-negative amount of time; a bare number is seconds
 * @s:   "90", "90s", "1.5ms", "2m", "1h", "7d"
 * @out: ns, at most S64_MAX (292 years)
 *
 * Return: 0, -EINVAL (also for a negative value) or -ERANGE.
 */
int tksim_parse_duration_ns(const char *s, u64 *out)
{
	s64 v;
	int ret;

	if (s && *s == '-')
		return -EINVAL;
	ret = tksim_parse_time_ns(s, NSEC_PER_SEC, &v);
	if (ret)
		return ret;
	*out = (u64)v;
	return 0;
}

/**
 * tksim_format_time_ns() - the exact text of an amount of time, parseable back
 * @buf:  where to write
 * @size: its size (32 bytes are always enough)
 * @ns:   the time
 *
 * Whole seconds print as "12s", anything else as "12.000000345s", so that
 * tksim_parse_time_ns(buf, NSEC_PER_SEC) gives @ns back exactly.
 *
 * Return: the length written, as snprintf().
 */
int tksim_format_time_ns(char *buf, unsigned long size, s64 ns)
{
	/* The magnitude as u64: -S64_MIN does not fit in s64. */
	u64 mag = ns < 0 ? -(u64)ns : (u64)ns;
	const char *sign = ns < 0 ? "-" : "";
	u64 sec = mag / NSEC_PER_SEC, frac = mag % NSEC_PER_SEC;

	if (!frac)
		return snprintf(buf, size, "%s%llus", sign, (unsigned long long)sec);
	return snprintf(buf, size, "%s%llu.%09llus", sign, (unsigned long long)sec,
			(unsigned long long)frac);
}
