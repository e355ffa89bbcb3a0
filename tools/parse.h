/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the one parser of numbers, durations and times (command line, scenarios,
 * reproducers). */
#ifndef TKSIM_TOOLS_PARSE_H
#define TKSIM_TOOLS_PARSE_H

#include "vdso/types.h"

/*
 * Every number a user writes goes through these functions, whether it comes
 * from the command line, a scenario file or a fuzz reproducer, so the three
 * accept exactly the same text.  The rules are strict on purpose:
 *
 *  - decimal only: no hidden bases ("0x10" and "010" are not 16 and 8; a
 *    leading zero is just a zero), no blanks anywhere, no empty text;
 *  - an optional sign only where the value may be negative;
 *  - the full range of the type, checked without undefined behaviour
 *    (-9223372036854775808 is a valid s64; one more is an error);
 *  - times and fixed-point values are exact: "1.5ms" is 1500000 ns, and
 *    "1.0000000005s" (finer than 1 ns) is an error, not a rounding.
 *
 * Each returns 0, or -EINVAL for text it does not accept and -ERANGE for a
 * well-formed value outside the type.
 */

/** Nanoseconds in one unit of each time suffix (long long: a 32-bit long, as wasm32 has, overflows). */
#define TKSIM_NS_PER_MIN (60LL * NSEC_PER_SEC)
#define TKSIM_NS_PER_HOUR (3600LL * NSEC_PER_SEC)
#define TKSIM_NS_PER_DAY (86400LL * NSEC_PER_SEC)

int tksim_parse_u64(const char *s, u64 *out);
int tksim_parse_s64(const char *s, s64 *out);
int tksim_parse_fixed(const char *s, unsigned int frac_digits, s64 *out);
int tksim_parse_time_ns(const char *s, u64 bare_unit_ns, s64 *out);
int tksim_parse_duration_ns(const char *s, u64 *out);
int tksim_format_time_ns(char *buf, unsigned long size, s64 ns);

#endif /* TKSIM_TOOLS_PARSE_H */
