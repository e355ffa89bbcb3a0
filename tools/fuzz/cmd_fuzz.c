// SPDX-License-Identifier: GPL-2.0
// tksim's own: `tksim fuzz`, seeded op-list fuzzing with the oracle after every op.
/*
 * Input: options (time or run budget, seed, injected bugs, processes).
 * Output: a progress line on a terminal, a summary on stdout, and each
 * distinct finding (by signature) shrunk and written as a scenario file
 * that `tksim run FILE` replays to the same verdict.
 * Exit: 0 no finding, 1 a finding, 2 bad usage.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sim/bugs.h"
#include "sim/child.h"
#include "sim/fixes.h"
#include "sim/ops/ops_gen.h"
#include "sim/ops/ops_seeds.h"
#include "sim/engine.h"
#include "timekeeper/version.h"
#include "tools/fuzz/fuzz_decode.h"
#include "tools/fuzz/fuzz_diff.h"
#include "tools/fuzz/fuzz_kernel.h"
#include "tools/parse.h"
#include "tools/scenario/scenario_ops.h"
#include "tools/options.h"
#include "tools/process.h"
#include "tools/tksim.h"

#define FUZZ_MAX_JOBS 64

struct fuzz_opts {
	double seconds;
	u64 runs;
	u64 seed;
	u64 bugs;
	u64 fixes;
	unsigned int jobs;
	unsigned int nr_ops;
	unsigned int max_findings;
	unsigned int flags;
	const char *out_dir;
	const char *input;
	const char *kernel;
	bool differential;
	bool no_tree;
	struct fuzz_kernel *fk;
	int profile;
	time_t started;
	bool quiet;
};

/* Per-process counters, in shared memory so that the parent can show progress. */
struct fuzz_stats {
	u64 execs;
	u64 ops;
	u64 evals[OP_PROP_NR];
	u64 findings;
	u64 unwritten;
	u64 known;
	u64 known_bug;
	u64 skipped;
	char bug_sig[96];
	int done;
};

/* The options of `tksim fuzz`: its parser, --help, man page and completion. */
const struct tksim_option cmd_fuzz_options[] = {
	TKSIM_OPT_HEAD("Options:"),
	TKSIM_OPT_ARG("seconds", 's', "S", "stop after S wall seconds, shrinking included",
		      "10 without --runs"),
	TKSIM_OPT_ARG("runs", 'r', "N", "stop after N op lists per process", NULL),
	TKSIM_OPT_SEED('S', "the generator (process J uses N+J)"),
	TKSIM_OPT_MORE(TKSIM_OPT_BUGS, "inject", 'i', "BUG[,BUG]",
		       "fuzz a model with injectable bugs (tksim bugs)", NULL),
	TKSIM_OPT_MORE(TKSIM_OPT_FIXES, "fix", 'F', "FIX[,FIX]",
		       "fuzz a model with proposed kernel fixes (tksim bugs --fixes)", NULL),
	TKSIM_OPT_ARG("jobs", 'j', "N", "processes", "1"),
	TKSIM_OPT_ARG("ops", 'o', "N", "ops per generated list", "32"),
	TKSIM_OPT_ARG("max-findings", 'm', "N", "stop after N distinct findings (0: never)", "1"),
	TKSIM_OPT_MORE(TKSIM_OPT_FILE, "out", 'O', "DIR", "where findings are written", "."),
	TKSIM_OPT_MORE(TKSIM_OPT_FILE, "input", 'I', "PATH",
		       "instead of generating: decode and run the fuzz input PATH\n"
		       "(a crash of libFuzzer or AFL++), or each file of the\n"
		       "folder PATH; findings are shrunk and written as above",
		       NULL),
	TKSIM_OPT_FLAG("known-fail", 'k', "known kernel bugs and behaviours are findings too"),
	TKSIM_OPT_FLAG("list-known", 'l',
		       "print the known kernel bugs and behaviours by design and exit"),
	TKSIM_OPT_FLAG("decode", 'D', "turn fuzz inputs into scenario files (below)"),
	TKSIM_OPT_FLAG("differential", 'X',
		       "run each input on the model (with --inject's bugs) and on\n"
		       "--kernel's tree (or the model without bugs) in lockstep:\n"
		       "a difference is a finding, written as a scenario that\n"
		       "tksim diff replays (docs/fuzzing.md)"),
	TKSIM_OPT_MORE(TKSIM_OPT_FILE, "kernel", 'K', "TREE",
		       "fuzz a kernel tree's own code (6.12, 6.1 or a path) under\n"
		       "the oracle: every input runs on the tree, less the ops the\n"
		       "backend cannot run there; with --differential, the side the\n"
		       "model is compared with; with --inject or --fix, the model\n"
		       "is fuzzed and each oracle finding gets the tree's verdict:\n"
		       "\"the kernel's code does this too\" or \"tksim only\"",
		       NULL),
	TKSIM_OPT_QUIET('q'),
	TKSIM_OPT_HELP('h'),
	TKSIM_OPT_END,
};

static void fuzz_help(void)
{
	printf("usage: tksim fuzz [OPTIONS]\n"
	       "       tksim fuzz --decode FILE... [--out DIR] [--inject BUG]\n\n"
	       "Fuzz the simulated kernel's NTP adjustments: run the seed op lists, then\n"
	       "seeded random and mutated ones (adjtimex in every mode, clock_adjtime,\n"
	       "settimeofday, clock_settime, NOHZ gaps, stalls, suspend, counter steps, CPU\n"
	       "skew, reads inside the vvar write section), with the oracle after every op.\n"
	       "Each distinct finding is shrunk to a minimal op list and written as a\n"
	       "scenario file; `tksim run FILE` replays it.  Known kernel bugs (with their\n"
	       "report) and behaviours by design are counted apart, not as findings (see\n"
	       "docs/fuzzing.md).\n\n");
	tksim_opt_help(stdout, cmd_fuzz_options);
	printf("\n"
	       "--decode turns fuzz inputs (a libFuzzer crash file, an AFL++ queue entry, a\n"
	       "corpus file) into the scenario files `tksim run` replays to the same verdict:\n"
	       "one FILE on stdout, or each FILE into DIR/FILE.scn; --inject names the bugs\n"
	       "the input was fuzzed with (TKSIM_INJECT).  --decode writes every op of the\n"
	       "input as it is; --input runs the same bytes and shrinks a finding to the ops\n"
	       "that make it.\n\n"
	       "Exit status: 0 no finding, 1 a finding, 2 bad usage.\n");
}

static int parse_fuzz_opts(int argc, char **argv, struct fuzz_opts *o)
{
	struct tksim_optset opts = { .cmd = "fuzz", .table = cmd_fuzz_options };
	struct tksim_optiter it;
	const char *optarg; /* the option's value, named as getopt's was */
	u64 v;
	int c;

	tksim_opt_begin(&it, &opts, argc, argv);
	while ((c = tksim_opt_next(&it)) > 0) {
		optarg = it.value;
		switch (c) {
		case 's':
			if (tksim_parse_duration_ns(optarg, &v) || !v)
				return tksim_usage_error("fuzz", "bad --seconds '%s'", optarg);
			o->seconds = (double)v * 1e-9;
			break;
		case 'r':
			if (tksim_parse_u64(optarg, &o->runs) || !o->runs)
				return tksim_usage_error("fuzz", "bad --runs '%s'", optarg);
			break;
		case 'S':
			if (tksim_opt_seed("fuzz", optarg, &o->seed))
				return TKSIM_EXIT_USAGE;
			break;
		case 'i':
			if (sim_bugs_parse(optarg, &o->bugs))
				return tksim_usage_error("fuzz", "unknown bug in '%s' (tksim bugs)",
							 optarg);
			if (tksim_refuse_unseen_bugs("fuzz", o->bugs))
				return TKSIM_EXIT_USAGE;
			break;
		case 'F':
			if (sim_fixes_parse(optarg, &o->fixes))
				return tksim_usage_error(
					"fuzz", "unknown fix in '%s' (tksim bugs --fixes)", optarg);
			break;
		case 'j':
			if (tksim_parse_u64(optarg, &v) || !v || v > FUZZ_MAX_JOBS)
				return tksim_usage_error("fuzz", "--jobs must be 1..%d, not '%s'",
							 FUZZ_MAX_JOBS, optarg);
			o->jobs = (unsigned int)v;
			break;
		case 'o':
			if (tksim_parse_u64(optarg, &v) || !v || v > SIM_OPS_MAX_DECODED)
				return tksim_usage_error("fuzz", "--ops must be 1..%d, not '%s'",
							 SIM_OPS_MAX_DECODED, optarg);
			o->nr_ops = (unsigned int)v;
			break;
		case 'm':
			if (tksim_parse_u64(optarg, &v) || v > 1000000)
				return tksim_usage_error("fuzz", "bad --max-findings '%s'", optarg);
			o->max_findings = (unsigned int)v;
			break;
		case 'O':
			o->out_dir = optarg;
			break;
		case 'I':
			o->input = optarg;
			break;
		case 'k':
			o->flags |= SIM_OPS_KNOWN_FAIL;
			break;
		case 'X':
			o->differential = true;
			break;
		case 'K':
			o->kernel = optarg;
			break;
		case 'l':
			oracle_known_list(stdout);
			exit(TKSIM_EXIT_OK);
		case 'q':
			o->quiet = true;
			break;
		case 'h':
			fuzz_help();
			exit(TKSIM_EXIT_OK);
		default:
			return tksim_usage_error("fuzz", "unknown option");
		}
	}
	if (c < 0)
		return TKSIM_EXIT_USAGE;
	if (!o->seconds && !o->runs)
		o->seconds = 10;
	if (o->differential && !o->kernel && !o->bugs)
		return tksim_usage_error("fuzz",
					 "--differential compares the model with --kernel's "
					 "tree or with an --inject model: give one");
	if (o->differential && o->fixes)
		return tksim_usage_error("fuzz", "--differential compares the kernel as it is: "
						 "not with --fix");
	return 0;
}

/* The file a signature is written to: "tksim-fuzz-" and the signature, blanks as '-'. */
static void finding_path(char *buf, size_t n, const char *dir, const char *sig)
{
	size_t len = (size_t)snprintf(buf, n, "%s/tksim-fuzz-", dir);

	for (; *sig && len + 5 < n; sig++)
		buf[len++] = (*sig == ' ' || *sig == '/') ? '-' : *sig;
	snprintf(buf + len, n - len, ".scn");
}

/* Count a known kernel bug of the tree's release, recognised as @bug, for @sig. */
static void count_known_bug(struct fuzz_stats *st, const struct sim_bug *bug, const char *sig)
{
	st->known++;
	if (!st->known_bug++)
		snprintf(st->bug_sig, sizeof(st->bug_sig), "%s %s", bug->name,
			 strchr(sig, ' ') + 1);
}

/*
 * Tree findings whose shrunk list is a known bug of the tree's release: an input can reach one
 * only after the model and the tree part (both of 6.12's bugs in one input, say), so the
 * whole input is not recognised but its shrunk form is.  Their signatures, so that the next
 * such input is counted at once rather than shrunk again; a process's own, at most 64.
 */
static struct {
	char sig[sizeof(((struct sim_finding *)0)->sig)];
	const struct sim_bug *bug;
} shrunk_known[64];
static unsigned int nr_shrunk_known;

/*
 * Shrink and write one finding; false if another process already wrote this signature, or
 * if it shrinks to a known kernel bug of the tree's release (counted as such).  The file is
 * written beside its name and renamed into place, so a killed worker never leaves half a
 * finding; a finding that could not be written is said on stderr and counted in @st.
 */
static bool report_finding(const struct fuzz_opts *o, struct sim_op_list *l,
			   const struct sim_ops_result *res, u64 seed, struct fuzz_stats *st)
{
	const struct sim_bug *bug;

	struct sim_ops_result again;
	char path[4096], tmp[4200];
	unsigned int runs;
	struct stat sb;
	FILE *f;
	int fd, err;

	for (unsigned int i = 0; i < nr_shrunk_known; i++) {
		if (!strcmp(shrunk_known[i].sig, res->first.sig)) {
			count_known_bug(st, shrunk_known[i].bug, res->first.sig);
			return false;
		}
	}
	finding_path(path, sizeof(path), o->out_dir, res->first.sig);
	/* Another process of this run wrote it: a duplicate.  An older file is replaced. */
	if (!stat(path, &sb) && sb.st_mtime >= o->started)
		return false;
	snprintf(tmp, sizeof(tmp), "%s.tmp.%ld", path, (long)getpid());
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	f = fd < 0 ? NULL : fdopen(fd, "w");
	if (!f) {
		err = errno;
		if (fd >= 0)
			close(fd);
		goto failed;
	}
	if (o->fk) {
		runs = fuzz_kernel_shrink(o->fk, l, o->flags, res->first.sig, 4000);
		fuzz_kernel_run(o->fk, l, o->flags, &again);
		bug = !(o->flags & SIM_OPS_KNOWN_FAIL) && again.first.sig[0]
			      ? fuzz_kernel_known(o->fk, l, &again)
			      : NULL;
		if (bug) {
			fclose(f);
			unlink(tmp);
			if (nr_shrunk_known < sizeof(shrunk_known) / sizeof(shrunk_known[0])) {
				snprintf(shrunk_known[nr_shrunk_known].sig,
					 sizeof(shrunk_known[0].sig), "%s", res->first.sig);
				shrunk_known[nr_shrunk_known++].bug = bug;
			}
			count_known_bug(st, bug, res->first.sig);
			return false;
		}
	} else {
		runs = sim_ops_shrink(l, o->bugs, o->flags, res->first.sig, 4000);
		sim_ops_run(l, o->bugs, o->flags, &again, NULL);
	}
	fprintf(f, "# tksim fuzz finding: %s\n# %s\n", again.first.sig, again.first.why);
	fprintf(f,
		"# found with --seed %" PRIu64 ", shrunk in %u runs to %u ops; replay: tksim run "
		"THIS-FILE (exit 1)\n",
		seed, runs, l->n);
	/* A known one (--known-fail) replays to its signature only as a violation. */
	if (again.first.kind != ORACLE_KNOWN_NONE)
		fprintf(f, "known-fail\n");
	if (o->fk) {
		fuzz_kernel_verdict(f, o->fk, l);
		fuzz_kernel_settings(f, o->fk); /* found on the tree: replayed on it */
	} else if (o->kernel)
		fuzz_verdict(f, l, o->bugs, o->kernel);
	scenario_ops_write(f, l, o->bugs);
	errno = 0;
	err = fflush(f) || ferror(f) ? (errno ? errno : EIO) : 0;
	if (fclose(f) && !err)
		err = errno ? errno : EIO;
	if (!err && rename(tmp, path))
		err = errno;
	if (err) {
		unlink(tmp);
		goto failed;
	}
	printf("finding: %s\n  %s\n  written to %s (%u ops)\n", again.first.sig, again.first.why,
	       path, l->n);
	fflush(stdout);
	return true;
failed:
	fprintf(stderr, "tksim fuzz: cannot write the finding %s to %s: %s\n", res->first.sig, path,
		strerror(err));
	st->unwritten++;
	return true;
}

/* ", with the tree's stable fixes NAME, NAME" for the named differences of @bits (BUG_* bits). */
static void print_backports(u64 bits)
{
	const char *sep = ", with the tree's stable fixes ";

	for (unsigned int d = 0; d < TKV_NR; d++) {
		if (tk_vdiffs[d].bug && (bits & tk_vdiffs[d].bug)) {
			printf("%s%s", sep, tk_vdiffs[d].name);
			sep = ", ";
		}
	}
}

/*
 * The summary's known kernel bugs: a known finding's report (oracle_known.c), or for a tree's
 * release the bug of the model's profile it was recognised as (sim_ops_ktree_known()): its
 * name is the first word of @sum->bug_sig.
 */
static void print_known_bugs(const struct fuzz_stats *sum)
{
	const struct oracle_known *k = oracle_known_find(sum->bug_sig);
	char name[64];
	const struct sim_bug *bug;

	snprintf(name, sizeof(name), "%.*s", (int)strcspn(sum->bug_sig, " "), sum->bug_sig);
	bug = k ? NULL : sim_bug_find(name);
	printf("  known kernel bugs recognised %" PRIu64 " times (first %s: ", sum->known_bug,
	       sum->bug_sig);
	if (bug)
		printf("fixed in %s by %s, tksim bugs %s)\n", bug->version, bug->hash, bug->name);
	else
		printf("%s)\n", k && k->report ? k->report : "--list-known");
}

/* Count a run into @st; report a finding. Return true when this process must stop. */
static bool account(const struct fuzz_opts *o, struct fuzz_stats *st, struct sim_op_list *l,
		    int ret, const struct sim_ops_result *res, u64 seed)
{
	const struct sim_bug *bug;

	st->execs++;
	st->ops += res->ops_run;
	for (unsigned int p = 0; p < OP_PROP_NR; p++)
		st->evals[p] += res->evals[p];
	st->known += res->nr_known;
	st->known_bug += res->nr_known_bug;
	if (res->nr_known_bug && !st->bug_sig[0])
		snprintf(st->bug_sig, sizeof(st->bug_sig), "%s", res->known_bug.sig);
	if (ret != 1)
		return false;
	bug = o->fk && !(o->flags & SIM_OPS_KNOWN_FAIL) ? fuzz_kernel_known(o->fk, l, res) : NULL;
	if (bug) {
		count_known_bug(st, bug, res->first.sig); /* fuzz_kernel_known() */
		return false;
	}
	if (report_finding(o, l, res, seed, st))
		st->findings++;
	return o->max_findings && st->findings >= o->max_findings;
}

/* --differential: one input on both sides; true when this process must stop. */
static bool differential(const struct fuzz_opts *o, struct fuzz_stats *st, struct sim_op_list *l,
			 u64 seed)
{
	struct fuzz_diff d = {
		.bugs = o->bugs, .tree = o->kernel, .dir = o->out_dir, .started = o->started
	};
	bool written;
	u64 ops;
	int ret = fuzz_diff_input(&d, l, seed, &ops, &written);

	st->execs++;
	st->ops += ops;
	if (ret == -2) {
		st->unwritten++; /* no tree: nothing was compared, the summary says so */
		return true;
	}
	if (ret == -1)
		st->known++; /* an input side B cannot run: counted apart */
	st->findings += written;
	return ret == 1 && written && o->max_findings && st->findings >= o->max_findings;
}

/*
 * One input under the oracle: on the model, or on --kernel's tree alone (less the ops the
 * backend cannot run there, counted in @st).
 */
static int run_input(const struct fuzz_opts *o, struct fuzz_stats *st, struct sim_op_list *l,
		     struct sim_ops_result *res)
{
	if (!o->fk)
		return sim_ops_run(l, o->bugs, o->flags, res, NULL);
	st->skipped += fuzz_kernel_fit(o->fk, l);
	return fuzz_kernel_run(o->fk, l, o->flags, res);
}

/* One process's campaign: the seeds, then generated and mutated lists. */
static void fuzz_worker(const struct fuzz_opts *o, unsigned int job, struct fuzz_stats *st)
{
	u64 seed = o->seed + job;
	struct sim_op_list l, base;
	struct sim_ops_result res;
	struct sim_rng rng;
	double end = tksim_wall_seconds() + o->seconds;
	unsigned int nseeds = sim_ops_nr_seeds();

	sim_rng_seed(&rng, seed);
	sim_ops_init(&l);
	sim_ops_init(&base);
	/* --seconds bounds shrinking too: the run ends within it whatever the finding costs. */
	sim_ops_deadline_set(o->seconds ? end : 0);
	for (u64 run = 0;; run++) {
		int ret;

		if (o->runs && run >= o->runs)
			break;
		if (o->seconds &&
		    tksim_wall_seconds() >= end) /* every run: a slow list costs seconds */
			break;
		if (tksim_signal_caught()) /* one process: the summary so far, exit 130 */
			break;
		if (run < nseeds) {
			/* First the seed corpus, each once (job 0 only: the others mutate it). */
			if (job) {
				sim_ops_seed((unsigned int)(run % nseeds), &l);
				sim_ops_mutate(&l, &rng);
			} else {
				sim_ops_seed((unsigned int)run, &l);
			}
		} else if (sim_rng_below(&rng, 2)) {
			sim_ops_seed((unsigned int)sim_rng_below(&rng, nseeds), &base);
			sim_ops_copy(&l, &base);
			sim_ops_mutate(&l, &rng);
		} else {
			sim_ops_generate(&l, &rng, o->nr_ops);
		}
		/* The kernel under test: seeds and generated lists come with the kernel's code. */
		l.cfg.fixes = o->fixes;
		if (o->differential) {
			l.cfg.profile = (enum tk_profile)o->profile;
			if (differential(o, st, &l, seed))
				break;
			continue;
		}
		ret = run_input(o, st, &l, &res);
		if (account(o, st, &l, ret, &res, seed))
			break;
	}
	sim_ops_free(&l);
	sim_ops_free(&base);
	st->done = 1;
}

/* Decode and run one fuzz input file; false when this process must stop. */
static bool fuzz_input_file(const struct fuzz_opts *o, struct fuzz_stats *st, const char *path,
			    struct sim_op_list *l)
{
	static u8 buf[1 << 20];
	struct sim_ops_result res;
	long n = fuzz_read_input(path, buf, sizeof(buf));
	int ret;

	if (n < 0)
		return true;
	sim_ops_decode(l, buf, (size_t)n);
	l->cfg.fixes = o->fixes;
	if (o->differential) {
		l->cfg.profile = (enum tk_profile)o->profile;
		return !differential(o, st, l, 0);
	}
	ret = run_input(o, st, l, &res);
	if (ret == 1)
		printf("%s: %s\n", path, res.first.sig);
	return !account(o, st, l, ret, &res, 0);
}

/* --input: the file, or each file of the folder in name order (not recursive). */
static void fuzz_inputs(const struct fuzz_opts *o, struct fuzz_stats *st)
{
	struct sim_op_list l;
	struct dirent **names;
	char path[4096];
	int nr = scandir(o->input, &names, NULL, alphasort);

	sim_ops_init(&l);
	if (nr < 0) {
		fuzz_input_file(o, st, o->input, &l);
	} else {
		bool go = true;

		for (int i = 0; i < nr; i++) {
			struct stat sb;

			snprintf(path, sizeof(path), "%s/%s", o->input, names[i]->d_name);
			if (go && !stat(path, &sb) && S_ISREG(sb.st_mode))
				go = fuzz_input_file(o, st, path, &l);
			free(names[i]);
		}
		free(names);
	}
	sim_ops_free(&l);
	st->done = 1;
}

static void sum_stats(const struct fuzz_stats *st, unsigned int n, struct fuzz_stats *sum)
{
	memset(sum, 0, sizeof(*sum));
	for (unsigned int j = 0; j < n; j++) {
		sum->execs += st[j].execs;
		sum->ops += st[j].ops;
		sum->findings += st[j].findings;
		sum->unwritten += st[j].unwritten;
		sum->known += st[j].known;
		sum->known_bug += st[j].known_bug;
		sum->skipped += st[j].skipped;
		if (!sum->bug_sig[0])
			memcpy(sum->bug_sig, st[j].bug_sig, sizeof(sum->bug_sig));
		for (unsigned int p = 0; p < OP_PROP_NR; p++)
			sum->evals[p] += st[j].evals[p];
	}
}

static unsigned int props_seen(const struct fuzz_stats *s)
{
	unsigned int n = 0;

	for (unsigned int p = 0; p < OP_PROP_NR; p++)
		n += s->evals[p] != 0;
	return n;
}

static void progress(const struct fuzz_stats *sum, double elapsed)
{
	fprintf(stderr,
		"\r  %6.1f s  %" PRIu64 " execs (%.0f/s)  %" PRIu64
		" ops  properties %u/%d  findings %" PRIu64 " (known %" PRIu64
		", kernel bugs %" PRIu64 ")   ",
		elapsed, sum->execs, elapsed > 0 ? (double)sum->execs / elapsed : 0.0, sum->ops,
		props_seen(sum), OP_PROP_NR, sum->findings, sum->known - sum->known_bug,
		sum->known_bug);
}

/* A signal to tksim: the workers get SIGTERM, two seconds, then SIGKILL; all are reaped. */
static void stop_jobs(const pid_t *pids, unsigned int n)
{
	int status;

	for (unsigned int j = 0; j < n; j++)
		if (pids[j] > 0)
			kill(pids[j], SIGTERM);
	for (unsigned int j = 0; j < n; j++) {
		if (pids[j] <= 0)
			continue;
		if (tksim_wait_child(pids[j], 2.0, &status)) {
			kill(pids[j], SIGKILL);
			tksim_wait_child(pids[j], -1, &status);
		}
	}
}

/* Fork the jobs, show progress until they end (or a signal comes: 130). */
static int run_jobs(const struct fuzz_opts *o, struct fuzz_stats *st, double t0)
{
	pid_t pids[FUZZ_MAX_JOBS], parent = getpid();
	bool tty = !o->quiet && isatty(STDERR_FILENO);
	unsigned int running = 0;

	fflush(stdout);
	for (unsigned int j = 0; j < o->jobs; j++) {
		pids[j] = fork();
		if (pids[j] < 0) {
			stop_jobs(pids, j);
			return tksim_usage_error("fuzz", "cannot start process %u: %s", j,
						 strerror(errno));
		}
		if (pids[j] == 0) {
			/* It ends when tksim ends, however tksim ends. */
			if (sim_child_init(parent))
				_exit(0);
			fuzz_worker(o, j, &st[j]);
			fflush(stdout);
			_exit(0);
		}
		running++;
	}
	while (running) {
		struct fuzz_stats sum;
		int status;
		pid_t p = waitpid(-1, &status, WNOHANG);

		if (p > 0) {
			for (unsigned int j = 0; j < o->jobs; j++)
				if (pids[j] == p)
					pids[j] = 0;
			running--;
			continue;
		}
		if (tksim_signal_caught()) {
			stop_jobs(pids, o->jobs);
			break;
		}
		if (p < 0 && errno != EINTR)
			break;
		if (tty) {
			sum_stats(st, o->jobs, &sum);
			progress(&sum, tksim_wall_seconds() - t0);
		}
		usleep(200000);
	}
	return 0;
}

/* The summary of --differential: what was compared with what, and what differed. */
static int differential_summary(const struct fuzz_opts *o, const struct fuzz_stats *sum,
				double wall, int ret, struct fuzz_stats *st)
{
	char bugs[256];

	sim_bugs_format(o->bugs, bugs, sizeof(bugs));
	munmap(st, FUZZ_MAX_JOBS * sizeof(*st));
	if (sum->unwritten && !sum->findings && sum->execs <= o->jobs)
		return TKSIM_EXIT_SKIP; /* side B could not be had: said on stderr */
	printf("tksim fuzz --differential: %" PRIu64 " op lists, %" PRIu64
	       " ops in %.1f s (%.0f lists/s), %u process%s, seed %" PRIu64 "\n",
	       sum->execs, sum->ops, wall, wall > 0 ? (double)sum->execs / wall : 0.0, o->jobs,
	       o->jobs > 1 ? "es" : "", o->seed);
	printf("  model%s%s against %s%s; differences %" PRIu64 "; lists side B cannot run %" PRIu64
	       "\n",
	       o->bugs ? " --inject " : "", o->bugs ? bugs : "", o->kernel ? "kernel " : "",
	       o->kernel ? o->kernel : "the model", sum->findings, sum->known);
	if (ret)
		return ret;
	if (sum->findings)
		return TKSIM_EXIT_VIOLATION;
	return tksim_signal_caught() ? TKSIM_EXIT_INTERRUPTED : TKSIM_EXIT_OK;
}

/*
 * --kernel: like for like, the model is the tree's release (as tksim diff --kernel makes it).
 * Without --differential, --inject or --fix, the tree alone is fuzzed: opened here, once,
 * before the processes fork (each gets its own copy of the kernel's data).  A tree that is not
 * here is a skip, one that does not build exit 2, as for tksim run --kernel.
 */
static int open_tree(struct fuzz_opts *o, struct fuzz_kernel *fk)
{
	enum tk_profile p = TK_PROFILE_DEFAULT;
	char err[2048];
	int ret;

	if (!o->kernel)
		return 0;
	if (!tk_profile_parse(o->kernel, &p))
		o->profile = (int)p;
	if (o->differential || o->bugs || o->fixes)
		return 0;
	ret = fuzz_kernel_open(fk, o->kernel, err, sizeof(err));
	if (ret == SIM_KTREE_UNAVAILABLE) {
		fprintf(stderr, "tksim fuzz: skipped: %s\n", err);
		return TKSIM_EXIT_SKIP;
	}
	if (ret)
		return tksim_usage_error("fuzz", "%s", err);
	o->fk = fk;
	o->profile = fk->profile;
	return 0;
}

/**
 * cmd_fuzz() - `tksim fuzz`
 * @argc: argument count (argv[0] is "fuzz")
 * @argv: arguments
 *
 * Return: exit status.
 */
int cmd_fuzz(int argc, char **argv)
{
	struct fuzz_opts o = {
		.seed = 1, .jobs = 1, .nr_ops = 32, .max_findings = 1, .out_dir = "."
	};
	struct fuzz_stats *st, sum;
	struct fuzz_kernel fk;
	struct stat sb;
	char bugs[256], fixes[256];
	double t0, wall;
	int ret;

	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--decode"))
			return fuzz_decode_main(argc, argv);
	ret = parse_fuzz_opts(argc, argv, &o);
	if (ret)
		return ret;
	/* Findings are files in a folder: /dev/full is writable, and no folder. */
	if (stat(o.out_dir, &sb) || (S_ISDIR(sb.st_mode) && access(o.out_dir, W_OK)))
		return tksim_usage_error("fuzz", "cannot write to --out '%s': %s", o.out_dir,
					 strerror(errno));
	if (!S_ISDIR(sb.st_mode))
		return tksim_usage_error("fuzz", "--out '%s' is not a folder", o.out_dir);
	st = mmap(NULL, FUZZ_MAX_JOBS * sizeof(*st), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (st == MAP_FAILED)
		return tksim_usage_error("fuzz", "cannot map shared memory: %s", strerror(errno));
	memset(st, 0, FUZZ_MAX_JOBS * sizeof(*st));
	ret = open_tree(&o, &fk);
	if (ret) {
		munmap(st, FUZZ_MAX_JOBS * sizeof(*st));
		return ret;
	}
	sim_bugs_format(o.bugs, bugs, sizeof(bugs));
	sim_fixes_format(o.fixes, fixes, sizeof(fixes));
	o.started = time(NULL);
	t0 = tksim_wall_seconds();
	tksim_signals_catch();
	if (o.input) {
		if (stat(o.input, &sb) || !S_ISDIR(sb.st_mode)) {
			const char *why;
			FILE *f = tksim_open_input(o.input, &why);

			if (!f)
				return tksim_usage_error("fuzz", "cannot read --input '%s': %s",
							 o.input, why);
			fclose(f);
		} else if (access(o.input, R_OK)) {
			return tksim_usage_error("fuzz", "cannot read --input '%s'", o.input);
		}
		o.jobs = 1;
		fuzz_inputs(&o, &st[0]);
	} else if (o.jobs == 1 && (o.quiet || !isatty(STDERR_FILENO)))
		fuzz_worker(&o, 0, &st[0]);
	else
		ret = run_jobs(&o, st, t0);
	tksim_signals_restore();
	wall = tksim_wall_seconds() - t0;
	sum_stats(st, o.jobs, &sum);
	if (tksim_signal_caught())
		fprintf(stderr, "tksim fuzz: interrupted by %s; the summary so far:\n",
			tksim_signal_name(tksim_signal_caught()));
	if (!o.quiet && isatty(STDERR_FILENO))
		fprintf(stderr, "\r%100s\r", "");
	if (o.differential)
		return differential_summary(&o, &sum, wall, ret, st);
	printf("tksim fuzz: %" PRIu64 " op lists, %" PRIu64 " ops in %.1f s (%.0f lists/s), "
	       "%u process%s, seed %" PRIu64 ", injected %s%s%s\n",
	       sum.execs, sum.ops, wall, wall > 0 ? (double)sum.execs / wall : 0.0, o.jobs,
	       o.jobs > 1 ? "es" : "", o.seed, bugs, o.fixes ? ", fixed " : "",
	       o.fixes ? fixes : "");
	if (o.fk) {
		printf("  on kernel %s (%s) alone, the model's %s profile beside it", o.kernel,
		       sim_ktree_release(fk.kt), tk_profile_name((enum tk_profile)o.profile));
		print_backports(fk.backports);
		printf("; ops the backend cannot run there taken out: %" PRIu64 "\n", sum.skipped);
		fuzz_kernel_close(&fk);
	}
	printf("  properties evaluated:");
	for (unsigned int p = 0; p < OP_PROP_NR; p++)
		printf("%s %s %" PRIu64, p ? "," : "", oracle_prop_names[p], sum.evals[p]);
	printf("\n");
	if (sum.known_bug)
		print_known_bugs(&sum);
	printf("  known kernel behaviours seen %" PRIu64 " times; findings %" PRIu64,
	       sum.known - sum.known_bug, sum.findings);
	if (sum.unwritten)
		printf(", %" PRIu64 " not written", sum.unwritten);
	printf("\n");
	munmap(st, FUZZ_MAX_JOBS * sizeof(*st));
	if (ret)
		return ret;
	if (sum.findings)
		return TKSIM_EXIT_VIOLATION; /* a finding with its evidence wins */
	return tksim_signal_caught() ? TKSIM_EXIT_INTERRUPTED : TKSIM_EXIT_OK;
}
