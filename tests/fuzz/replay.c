// SPDX-License-Identifier: GPL-2.0
// tksim's own: the standalone fuzz driver: replays files and folders through the fuzz target.
/*
 * usage: replay [--inject BUG[,BUG]] [--expect-finding] PATH...
 *
 * Each PATH is an input file or a folder of them (not recursive).  Prints
 * one line per finding and a summary.  Exit 0 when every input is clean
 * (or, with --expect-finding, when every input has a finding), 1 otherwise,
 * 2 on bad usage or an unreadable path.  Built with the ordinary compiler,
 * so `make check` replays the corpus without libFuzzer.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "sim/bugs.h"
#include "tests/fuzz/target.h"

#define REPLAY_MAX (1 << 20)

struct totals {
	unsigned int inputs, findings, known, bad;
	bool expect;
	u64 bugs;
};

static int replay_file(const char *path, struct totals *t)
{
	static u8 buf[REPLAY_MAX];
	struct sim_ops_result r;
	FILE *f = fopen(path, "rb");
	size_t n;
	int ret;

	if (!f) {
		fprintf(stderr, "replay: cannot read %s\n", path);
		return -1;
	}
	n = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	ret = tksim_fuzz_target(buf, n, t->bugs, &r);
	t->inputs++;
	t->known += r.nr_known ? 1 : 0;
	if (ret) {
		t->findings++;
		printf("%s: %s after op %u: %s\n", path, r.first.sig, r.first.op_index,
		       r.first.why);
	}
	if ((ret != 0) != t->expect) {
		t->bad++;
		if (t->expect)
			printf("%s: no finding\n", path);
	}
	return 0;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int replay_path(const char *path, struct totals *t)
{
	struct stat st;
	struct dirent *e;
	char **names = NULL;
	size_t nr = 0;
	DIR *d;
	int ret = 0;

	if (stat(path, &st)) {
		fprintf(stderr, "replay: cannot read %s\n", path);
		return -1;
	}
	if (!S_ISDIR(st.st_mode))
		return replay_file(path, t);
	d = opendir(path);
	if (!d)
		return -1;
	/* Sorted, so that the output is the same on every file system. */
	while ((e = readdir(d))) {
		char **p;

		if (e->d_name[0] == '.')
			continue;
		p = realloc(names, (nr + 1) * sizeof(*names));
		if (!p)
			break;
		names = p;
		names[nr] = malloc(strlen(path) + strlen(e->d_name) + 2);
		if (!names[nr])
			break;
		sprintf(names[nr++], "%s/%s", path, e->d_name);
	}
	closedir(d);
	qsort(names, nr, sizeof(*names), cmp_names);
	for (size_t i = 0; i < nr; i++) {
		if (!ret)
			ret = replay_file(names[i], t);
		free(names[i]);
	}
	free(names);
	return ret;
}

int main(int argc, char **argv)
{
	struct totals t = { 0 };
	int i = 1;

	for (; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "--expect-finding")) {
			t.expect = true;
		} else if (!strcmp(argv[i], "--inject") && i + 1 < argc) {
			if (sim_bugs_parse(argv[++i], &t.bugs)) {
				fprintf(stderr, "replay: unknown bug '%s'\n", argv[i]);
				return 2;
			}
		} else {
			fprintf(stderr,
				"usage: replay [--inject BUG] [--expect-finding] PATH...\n");
			return 2;
		}
	}
	if (i == argc) {
		fprintf(stderr, "usage: replay [--inject BUG] [--expect-finding] PATH...\n");
		return 2;
	}
	for (; i < argc; i++)
		if (replay_path(argv[i], &t))
			return 2;
	printf("replay: %u inputs, %u with findings, %u with known kernel behaviours\n", t.inputs,
	       t.findings, t.known);
	return t.bad ? 1 : 0;
}
