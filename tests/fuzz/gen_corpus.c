// SPDX-License-Identifier: GPL-2.0
// tksim's own: writes the seed corpus (tests/fuzz/corpus/) from the seed op lists.
/*
 * usage: gen_corpus DIR     (DIR must exist; one file per seed, named after it)
 * The corpus in the source tree is this program's output: `make check`
 * compares the two, so the corpus is reproducible from sim/ops_seeds.c.
 */
#include <stdio.h>
#include <stdlib.h>

#include "sim/ops_seeds.h"

int main(int argc, char **argv)
{
	struct sim_op_list l;
	static u8 buf[1 << 16];
	int ret = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: gen_corpus DIR\n");
		return 2;
	}
	sim_ops_init(&l);
	for (unsigned int i = 0; i < sim_ops_nr_seeds(); i++) {
		const char *name = sim_ops_seed(i, &l);
		size_t n = sim_ops_encode(&l, buf, sizeof(buf));
		char path[4096];
		FILE *f;

		snprintf(path, sizeof(path), "%s/%s", argv[1], name);
		f = fopen(path, "wb");
		if (!f || n > sizeof(buf) || fwrite(buf, 1, n, f) != n) {
			fprintf(stderr, "gen_corpus: cannot write %s\n", path);
			ret = 1;
		}
		if (f)
			fclose(f);
	}
	sim_ops_free(&l);
	return ret;
}
