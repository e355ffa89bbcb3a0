/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the one JSON writer of the tksim command (bench, run, mirror, torture). */
#ifndef TKSIM_TOOLS_JSON_H
#define TKSIM_TOOLS_JSON_H

/*
 * Two layers.  json_str() and json_num() write one value anywhere (bench's
 * report writes its object by hand with them).  struct json writes a whole
 * document, one member per line, and keeps track of the commas and the
 * nesting, so that a report is a list of json_k*() calls and always valid.
 * Numbers: integers are exact (64 and 128 bits); doubles are %.17g where
 * they are not whole, and NaN or infinity, which JSON has not, become null.
 */

#include <stdbool.h>
#include <stdio.h>

#include "vdso/types.h"

#define JSON_MAX_DEPTH 8

void json_str(FILE *f, const char *s);
void json_num(FILE *f, double v);

/**
 * struct json - a document being written
 * @f:     where to
 * @depth: open containers
 * @close: the closing character of each open container
 * @empty: whether each open container has no member yet
 */
struct json {
	FILE *f;
	int depth;
	char close[JSON_MAX_DEPTH];
	bool empty[JSON_MAX_DEPTH];
};

void json_begin(struct json *j, FILE *f);
void json_finish(struct json *j);
void json_obj(struct json *j, const char *key);
void json_arr(struct json *j, const char *key);
void json_end(struct json *j);
void json_kstr(struct json *j, const char *key, const char *v);
void json_ku64(struct json *j, const char *key, u64 v);
void json_ks64(struct json *j, const char *key, s64 v);
void json_ki128(struct json *j, const char *key, __int128 v);
void json_kdbl(struct json *j, const char *key, double v);
void json_kbool(struct json *j, const char *key, bool v);
void json_knull(struct json *j, const char *key);

#endif /* TKSIM_TOOLS_JSON_H */
