// SPDX-License-Identifier: GPL-2.0
// tksim's own: `tksim fuzz --decode`, fuzz inputs (bytes) into scenario files `tksim run` replays.
/*
 * A libFuzzer crash file, an AFL++ queue entry or a corpus file is an op
 * list in the byte format of sim/ops/ops_decode.c.  This decodes each one with
 * sim_ops_decode(), the very decoder the fuzz targets use, runs it once
 * through the op executor for its verdict, and writes it with
 * scenario_ops_write(), the writer of `tksim fuzz`'s findings: the scenario
 * replays to the verdict the target gave the bytes.
 *
 *   tksim fuzz --decode FILE              the scenario on stdout
 *   tksim fuzz --decode FILE... --out DIR DIR/NAME.scn for each FILE
 *   --inject BUG                          the bugs the input was fuzzed with
 *                                         (TKSIM_INJECT), written as an
 *                                         `inject` line at time 0
 *   --fix FIX                             the proposed fixes it was fuzzed
 *                                         with (TKSIM_FIX), a `fix` setting
 *
 * Exit: 0 every input decoded and clean, 1 some input has a finding (its
 * scenario is written all the same), 2 bad usage or an unreadable file.
 */
#include "tools/fuzz/fuzz_decode.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "sim/bugs.h"
#include "sim/fixes.h"
#include "sim/ops/ops_exec.h"
#include "tools/options.h"
#include "tools/scenario/scenario_ops.h"
#include "tools/process.h"
#include "tools/tksim.h"

/* More than any input decodes: SIM_OPS_MAX_DECODED ops use a few kB. */
#define DECODE_MAX_BYTES (1U << 20)

static const struct tksim_option decode_options[] = {
	TKSIM_OPT_FLAG("decode", 'd', NULL),
	TKSIM_OPT_ARG("out", 'O', "DIR", NULL, NULL),
	TKSIM_OPT_ARG("inject", 'i', "BUG[,BUG]", NULL, NULL),
	TKSIM_OPT_ARG("fix", 'F', "FIX[,FIX]", NULL, NULL),
	TKSIM_OPT_END,
};

/* Whether "--name" or "--name=value" is an option of the table that takes its value next. */
static bool takes_next(const char *arg)
{
	size_t len = strcspn(arg + 2, "=");

	if (arg[2 + len] == '=')
		return false;
	for (const struct tksim_option *o = decode_options; o->name; o++)
		if (strlen(o->name) == len && !strncmp(o->name, arg + 2, len))
			return o->flags & TKSIM_OPT_VALUE;
	return false;
}

/* The scenario file for @in under @dir: its last path component, with ".scn". */
static void out_path(char *buf, size_t n, const char *dir, const char *in)
{
	const char *base = strrchr(in, '/');
	size_t len;

	base = base ? base + 1 : in;
	len = strlen(base);
	snprintf(buf, n, "%s/%s%s", dir, base,
		 len > 4 && !strcmp(base + len - 4, ".scn") ? "" : ".scn");
}

/**
 * fuzz_read_input() - read a fuzz input (bytes) for the decoder
 * @path: the file
 * @buf:  where its bytes go
 * @size: size of @buf (a longer input is cut, as the decoder reads a prefix anyway)
 *
 * Return: its length, or -1 ("cannot read" reported on stderr).
 */
long fuzz_read_input(const char *path, u8 *buf, size_t size)
{
	const char *why;
	FILE *f = tksim_open_input(path, &why);
	size_t n;
	bool err;

	if (!f) {
		tksim_usage_error("fuzz", "cannot read '%s': %s", path, why);
		return -1;
	}
	n = fread(buf, 1, size, f);
	err = ferror(f);
	fclose(f);
	if (err) {
		tksim_usage_error("fuzz", "cannot read '%s': %s", path, strerror(EIO));
		return -1;
	}
	return (long)n;
}

/* One input: decoded, run once, written.  Return: its exit status. */
static int decode_one(const char *path, const char *dir, u64 bugs, u64 fixes, u8 *buf,
		      struct sim_op_list *l)
{
	struct sim_ops_result r;
	char out[4096];
	long n = fuzz_read_input(path, buf, DECODE_MAX_BYTES);
	FILE *f = stdout;
	int ret;

	if (n < 0)
		return TKSIM_EXIT_USAGE;
	sim_ops_decode(l, buf, (size_t)n);
	l->cfg.fixes = fixes;
	ret = sim_ops_run(l, bugs, 0, &r, NULL);
	if (ret < 0) /* every decoded system can be built: tksim_fuzz_target() aborts here */
		return tksim_usage_error("fuzz", "'%s' decodes to a system that cannot be built",
					 path);
	if (dir) {
		out_path(out, sizeof(out), dir, path);
		f = fopen(out, "w");
		if (!f)
			return tksim_usage_error("fuzz", "cannot write '%s': %s", out,
						 strerror(errno));
	}
	fprintf(f, "# decoded from %s (%ld bytes) by tksim fuzz --decode\n", path, n);
	if (ret)
		fprintf(f, "# finding: %s: %s\n", r.first.sig, r.first.why);
	fprintf(f, "# replay: tksim run THIS-FILE\n# expect: exit %d\n", ret);
	scenario_ops_write(f, l, bugs);
	if (dir && fclose(f))
		return tksim_usage_error("fuzz", "cannot write '%s'", out);
	if (dir)
		printf("%s -> %s: %u ops, %s%s\n", path, out, l->n, ret ? "finding " : "clean",
		       ret ? r.first.sig : "");
	return ret ? TKSIM_EXIT_VIOLATION : TKSIM_EXIT_OK;
}

/**
 * fuzz_decode_main() - `tksim fuzz --decode FILE... [--out DIR] [--inject BUG]`
 * @argc: argument count (argv[0] is "fuzz")
 * @argv: arguments; the words that are not options or their values are the files
 *
 * Return: the exit status (see the top of this file).
 */
int fuzz_decode_main(int argc, char **argv)
{
	struct tksim_optset set = { .cmd = "fuzz", .table = decode_options };
	char **opts = calloc((size_t)argc + 1, sizeof(*opts));
	const char **files = calloc((size_t)argc + 1, sizeof(*files));
	const char *dir = NULL;
	struct tksim_optiter it;
	int nopts = 1, nfiles = 0, c, ret = 0;
	struct sim_op_list l;
	u64 bugs = 0, fixes = 0;
	u8 *buf;

	if (!opts || !files)
		goto oom;
	opts[0] = argv[0];
	for (int i = 1; i < argc; i++) {
		if (strncmp(argv[i], "--", 2)) {
			files[nfiles++] = argv[i];
			continue;
		}
		opts[nopts++] = argv[i];
		if (takes_next(argv[i]) && i + 1 < argc)
			opts[nopts++] = argv[++i];
	}
	tksim_opt_begin(&it, &set, nopts, opts);
	while ((c = tksim_opt_next(&it)) > 0) {
		if (c == 'O')
			dir = it.value;
		else if (c == 'i' && sim_bugs_parse(it.value, &bugs))
			ret = tksim_usage_error("fuzz", "unknown bug in '%s' (tksim bugs)",
						it.value);
		else if (c == 'F' && sim_fixes_parse(it.value, &fixes))
			ret = tksim_usage_error("fuzz", "unknown fix in '%s' (tksim bugs --fixes)",
						it.value);
		else if (c == 'i' && tksim_refuse_unseen_bugs("fuzz", bugs))
			ret = TKSIM_EXIT_USAGE;
	}
	if (c < 0 || ret)
		ret = TKSIM_EXIT_USAGE;
	else if (!nfiles)
		ret = tksim_usage_error("fuzz", "--decode needs the input files to decode");
	else if (nfiles > 1 && !dir)
		ret = tksim_usage_error("fuzz", "--decode of %d files needs --out DIR", nfiles);
	free(opts);
	if (ret) {
		free(files);
		return ret;
	}
	buf = malloc(DECODE_MAX_BYTES);
	if (!buf)
		goto oom;
	sim_ops_init(&l);
	for (int i = 0; i < nfiles; i++) {
		int r = decode_one(files[i], dir, bugs, fixes, buf, &l);

		/* The worst status wins: 2 over 1 over 0. */
		if (r > ret)
			ret = r;
	}
	sim_ops_free(&l);
	free(buf);
	free(files);
	return ret;
oom:
	free(opts);
	free(files);
	return tksim_usage_error("fuzz", "out of memory");
}
