// SPDX-License-Identifier: GPL-2.0
// tksim's own: `tksim fuzz --differential` (each input on both sides, a difference is a finding
// of its own kind) and the verdict line of an oracle finding (see tools/fuzz/fuzz_diff.h).
#include "tools/fuzz/fuzz_diff.h"

#include <errno.h>
#include <inttypes.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sim/bugs.h"
#include "sim/diff/diff.h"
#include "tools/scenario/scenario_ops.h"

/* "tksim-diff-" and the differing number, blanks as '-'. */
static void diff_path(char *buf, size_t n, const char *dir, const char *what)
{
	size_t len = (size_t)snprintf(buf, n, "%s/tksim-diff-", dir);

	for (; *what && len + 5 < n; what++)
		buf[len++] = (*what == ' ' || *what == '/') ? '-' : *what;
	snprintf(buf + len, n - len, ".scn");
}

/* Shrink @l to its difference and write it as a scenario `tksim diff` replays. */
static void write_difference(const struct fuzz_diff *d, struct sim_op_list *l,
			     const struct diff_result *r, u64 seed, bool *written)
{
	struct diff_result again;
	char path[4096], tmp[4200], what[48];
	unsigned int runs;
	struct stat sb;
	FILE *f;

	*written = false;
	diff_path(path, sizeof(path), d->dir, r->first.what);
	if (!stat(path, &sb) && sb.st_mtime >= d->started)
		return; /* another process of this run wrote it */
	snprintf(what, sizeof(what), "%s", r->first.what);
	runs = diff_ops_shrink(l, d->bugs, d->tree, what, d->tree ? 200 : 2000);
	if (diff_ops_run(l, d->bugs, d->tree, &again) != 1)
		again = *r;
	snprintf(tmp, sizeof(tmp), "%s.tmp.%ld", path, (long)getpid());
	f = fopen(tmp, "w");
	if (!f) {
		fprintf(stderr, "tksim fuzz: cannot write %s: %s\n", tmp, strerror(errno));
		return;
	}
	fprintf(f,
		"# tksim fuzz --differential finding: %s differs (%s vs %s at tick %" PRIu64 ")\n",
		again.first.what, again.first.a, again.first.b, again.first.tick);
	fprintf(f,
		"# found with --seed %" PRIu64 ", shrunk in %u runs to %u ops; replay: tksim diff "
		"THIS-FILE%s%s (exit 1)\n",
		seed, runs, l->n, d->tree ? " --kernel " : "", d->tree ? d->tree : "");
	/* The bugs are an inject op at 0, which tksim diff applies to the model's side only. */
	scenario_ops_write(f, l, d->bugs);
	if (fclose(f) || rename(tmp, path)) {
		fprintf(stderr, "tksim fuzz: cannot write %s: %s\n", path, strerror(errno));
		unlink(tmp);
		return;
	}
	printf("difference: %s\n  %s vs %s at tick %" PRIu64 "\n  written to %s (%u ops)\n",
	       again.first.what, again.first.a, again.first.b, again.first.tick, path, l->n);
	fflush(stdout);
	*written = true;
}

/**
 * fuzz_diff_input() - one input on both sides; a difference is shrunk and written
 * @d:       what is compared
 * @l:       the input (shrunk in place on a difference)
 * @seed:    the process's seed, for the finding's header
 * @ops:     out: ops applied
 * @written: out: a new finding was written
 *
 * Return: 0 no difference, 1 a difference, -1 the input cannot be compared (an
 * op side B cannot do: skipped), -2 side B cannot be had at all (the run stops).
 */
int fuzz_diff_input(const struct fuzz_diff *d, struct sim_op_list *l, u64 seed, u64 *ops,
		    bool *written)
{
	struct diff_result r;
	int ret = diff_ops_run(l, d->bugs, d->tree, &r);

	*ops = r.ops;
	*written = false;
	if (ret == -ENODEV || ret == -ENOEXEC) {
		fprintf(stderr, "tksim fuzz: %s\n", r.why);
		return -2;
	}
	if (ret < 0)
		return -1;
	if (ret == 1)
		write_difference(d, l, &r, seed, written);
	return ret;
}

/**
 * fuzz_verdict() - the verdict of an oracle finding, as a comment line of its scenario
 * @f:    the finding's file
 * @l:    its (shrunk) op list
 * @bugs: the bugs the model ran with
 * @tree: --kernel's tree, or NULL
 *
 * Also printed, so that the summary shows it.
 */
void fuzz_verdict(FILE *f, const struct sim_op_list *l, u64 bugs, const char *tree)
{
	char buf[256];

	diff_verdict(l, bugs, tree, buf, sizeof(buf));
	fprintf(f, "# verdict: %s\n", buf);
	printf("  verdict: %s\n", buf);
}
