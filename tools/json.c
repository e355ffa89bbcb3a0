// SPDX-License-Identifier: GPL-2.0
// tksim's own: the JSON writer (see tools/json.h), shared by every --json report.
#include "tools/json.h"

#include <math.h>
#include <stdlib.h>

/**
 * json_str() - a JSON string, escaped (RFC 8259: quote, backslash, \\n, \\t, other controls)
 * @f: where to
 * @s: UTF-8 text
 */
void json_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", f);
		else if (c == '\t')
			fputs("\\t", f);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

/**
 * json_num() - a measured number with three decimals, or null for NaN/inf
 * @f: where to
 * @v: the value (bench's ns and ratios)
 */
void json_num(FILE *f, double v)
{
	if (isfinite(v))
		fprintf(f, "%.3f", v);
	else
		fprintf(f, "null");
}

/* The separator and indentation before a member, then its key if the container is an object. */
static void member(struct json *j, const char *key)
{
	if (j->depth > 0) {
		fprintf(j->f, "%s\n%*s", j->empty[j->depth - 1] ? "" : ",", 2 * j->depth, "");
		j->empty[j->depth - 1] = false;
	}
	if (key && j->depth > 0 && j->close[j->depth - 1] == '}') {
		json_str(j->f, key);
		fputs(": ", j->f);
	}
}

static void open_container(struct json *j, const char *key, char open, char close)
{
	member(j, key);
	fputc(open, j->f);
	if (j->depth < JSON_MAX_DEPTH) {
		j->close[j->depth] = close;
		j->empty[j->depth] = true;
	}
	j->depth++;
}

/**
 * json_begin() - start a document: its top-level object
 * @j: the writer
 * @f: where to
 */
void json_begin(struct json *j, FILE *f)
{
	j->f = f;
	j->depth = 0;
	open_container(j, NULL, '{', '}');
}

/**
 * json_finish() - close every open container and end the line
 * @j: the writer
 */
void json_finish(struct json *j)
{
	while (j->depth > 0)
		json_end(j);
	fputc('\n', j->f);
}

/** json_obj() - open an object member (@key NULL inside an array) */
void json_obj(struct json *j, const char *key)
{
	open_container(j, key, '{', '}');
}

/** json_arr() - open an array member (@key NULL inside an array) */
void json_arr(struct json *j, const char *key)
{
	open_container(j, key, '[', ']');
}

/** json_end() - close the innermost object or array */
void json_end(struct json *j)
{
	if (j->depth <= 0 || j->depth > JSON_MAX_DEPTH) {
		j->depth--;
		return;
	}
	j->depth--;
	if (!j->empty[j->depth])
		fprintf(j->f, "\n%*s", 2 * j->depth, "");
	fputc(j->close[j->depth], j->f);
}

/** json_kstr() - a string member; NULL writes null */
void json_kstr(struct json *j, const char *key, const char *v)
{
	member(j, key);
	if (v)
		json_str(j->f, v);
	else
		fputs("null", j->f);
}

/** json_ku64() - an unsigned integer member, exact */
void json_ku64(struct json *j, const char *key, u64 v)
{
	member(j, key);
	fprintf(j->f, "%llu", (unsigned long long)v);
}

/** json_ks64() - a signed integer member, exact */
void json_ks64(struct json *j, const char *key, s64 v)
{
	member(j, key);
	fprintf(j->f, "%lld", (long long)v);
}

/** json_ki128() - a 128-bit integer member (a full-width ns value), exact */
void json_ki128(struct json *j, const char *key, __int128 v)
{
	char buf[48], *p = buf + sizeof(buf);
	unsigned __int128 u = v < 0 ? -(unsigned __int128)v : (unsigned __int128)v;

	*--p = '\0';
	do {
		*--p = (char)('0' + (int)(u % 10));
		u /= 10;
	} while (u);
	if (v < 0)
		*--p = '-';
	member(j, key);
	fputs(p, j->f);
}

/**
 * json_kdbl() - a real number member, null for NaN/inf
 * @j:   the writer
 * @key: its name
 * @v:   the value: %.15g where that reads back exactly (0.1, not
 *       0.10000000000000001), else %.17g, which always does
 */
void json_kdbl(struct json *j, const char *key, double v)
{
	char buf[32];

	member(j, key);
	if (!isfinite(v)) {
		fputs("null", j->f);
		return;
	}
	snprintf(buf, sizeof(buf), "%.15g", v);
	if (strtod(buf, NULL) != v)
		snprintf(buf, sizeof(buf), "%.17g", v);
	fputs(buf, j->f);
}

/** json_kbool() - true or false */
void json_kbool(struct json *j, const char *key, bool v)
{
	member(j, key);
	fputs(v ? "true" : "false", j->f);
}

/** json_knull() - null */
void json_knull(struct json *j, const char *key)
{
	member(j, key);
	fputs("null", j->f);
}
