// SPDX-License-Identifier: GPL-2.0
// tksim's own: writes the seed corpus (tests/fuzz/corpus/) from the seed op lists.
/*
 * usage: gen_corpus DIR           (DIR must exist; one file per seed, named after it)
 *        gen_corpus --bench DIR   (DIR is made: the 64 generated 32-op inputs of the
 *                                  fuzz row of `tksim bench`, seed 1, bench-00 ...)
 * The corpus in the source tree is this program's output: `make check`
 * compares the two, so the corpus is reproducible from sim/ops/ops_seeds.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "sim/ops/ops_gen.h"
#include "sim/ops/ops_seeds.h"

static int write_input(const char *dir, const char *name, const struct sim_op_list *l)
{
	static u8 buf[1 << 16];
	size_t n = sim_ops_encode(l, buf, sizeof(buf));
	char path[4096];
	FILE *f;
	int ret = 0;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "wb");
	if (!f || n > sizeof(buf) || fwrite(buf, 1, n, f) != n) {
		fprintf(stderr, "gen_corpus: cannot write %s\n", path);
		ret = 1;
	}
	if (f && fclose(f))
		ret = 1;
	return ret;
}

/* The inputs of tools/bench/bench_row_fuzz.c: generated lists, seed 1, 32 ops. */
static int write_bench(const char *dir)
{
	struct sim_op_list l;
	struct sim_rng rng;
	int ret = 0;

	if (mkdir(dir, 0755)) {
		fprintf(stderr, "gen_corpus: cannot make %s\n", dir);
		return 1;
	}
	sim_ops_init(&l);
	sim_rng_seed(&rng, 1);
	for (unsigned int i = 0; i < 64 && !ret; i++) {
		char name[32];

		sim_ops_generate(&l, &rng, 32);
		snprintf(name, sizeof(name), "bench-%02u", i);
		ret = write_input(dir, name, &l);
	}
	sim_ops_free(&l);
	return ret;
}

int main(int argc, char **argv)
{
	struct sim_op_list l;
	int ret = 0;

	if (argc == 3 && !strcmp(argv[1], "--bench"))
		return write_bench(argv[2]);
	if (argc != 2) {
		fprintf(stderr, "usage: gen_corpus DIR | gen_corpus --bench DIR\n");
		return 2;
	}
	sim_ops_init(&l);
	for (unsigned int i = 0; i < sim_ops_nr_seeds() && !ret; i++)
		ret = write_input(argv[1], sim_ops_seed(i, &l), &l);
	sim_ops_free(&l);
	return ret;
}
