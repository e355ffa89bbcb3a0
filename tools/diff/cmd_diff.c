// SPDX-License-Identifier: GPL-2.0
// tksim's own: `tksim diff`, one op list on two systems in lockstep: the options and the report.
/*
 * Input: a scenario (its settings and timed calls as `tksim run` takes
 * them, and its `at` lines), a fuzz input (--input) or a generated op list
 * (--generate).  Side A is the model (with --inject's bugs); side B is a
 * kernel tree's own code (--kernel) or the model as it is.  The comparator
 * is sim/diff/; this file parses, wires and prints.
 * Exit 0: no difference; 1: the first difference, printed; 2: bad input;
 * 4: the tree asked for is not at hand.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "sim/bugs.h"
#include "sim/diff/diff.h"
#include "sim/ops/ops_gen.h"
#include "tools/diff/diff_input.h"
#include "tools/options.h"
#include "tools/parse.h"
#include "tools/scenario/scenario_ops.h"
#include "tools/tksim.h"

static void diff_help(void)
{
	printf("usage: tksim diff [SCENARIO] [OPTIONS]\n\n"
	       "Run one op list on two systems in lockstep and compare, after every tick and\n"
	       "every op, every number the trace shows (cycle_last, xtime_nsec, mult,\n"
	       "ntp_error, tick_length, time_offset, time_freq, time_state, time_status ...),\n"
	       "every clock read through the vDSO and the syscall path, and every call's\n"
	       "return value and adjtimex read-back.  Side A is the model (with --inject's\n"
	       "bugs); side B is a kernel tree's own timekeeping.c, ntp.c and lib/vdso\n"
	       "(--kernel), or else the model as it is.  The first difference is printed\n"
	       "with both values, the op (its scenario line) and the instant.\n\n"
	       "SCENARIO is a scenario file of tksim run: its system settings, timed calls\n"
	       "and `at` lines (docs/fuzzing.md); settings of run's other actors (the NTP\n"
	       "daemon model, readers, clocksource lists) are refused.  Or --input, or\n"
	       "--generate.\n\n");
	tksim_opt_help(stdout, cmd_diff_options);
	printf("\nExit status: 0 no difference, 1 a difference, 2 bad usage or input,\n"
	       "4 the tree asked for is not at hand.\n");
}

/* Every option of `tksim diff`: its parser, --help, man page and completion. */
const struct tksim_option cmd_diff_options[] = {
	TKSIM_OPT_HEAD("Options:"),
	TKSIM_OPT_MORE(TKSIM_OPT_FILE, "kernel", 'k', "TREE",
		       "side B is this kernel tree's own code: a release\n"
		       "(6.12, 6.1: scripts/fetch-kernels.sh) or a path",
		       NULL),
	TKSIM_OPT_MORE(TKSIM_OPT_BUGS, "inject", 'I', "BUG[,BUG...]",
		       "side A, the model, runs with these injectable bugs\n"
		       "(tksim bugs): a difference must follow",
		       NULL),
	TKSIM_OPT_ARG("reference-profile", 'R', "VERSION",
		      "side B is the model of this release (6.18, 6.15, 6.12,\n"
		      "6.1) instead of --profile's: where two releases part",
		      NULL),
	TKSIM_OPT_MORE(TKSIM_OPT_FILE, "input", 'i', "FILE",
		       "a fuzz input (bytes, as tksim fuzz writes them)\ninstead of a scenario",
		       NULL),
	TKSIM_OPT_ARG("generate", 'g', "N", "a generated op list of N ops instead of a scenario",
		      NULL),
	TKSIM_OPT_SEED('s', "--generate"),
	TKSIM_OPT_HELP('h'),
	DIFF_INPUT_OPTIONS,
	TKSIM_OPT_END,
};

/* What one `tksim diff` compares, and against what (@in first: see diff_input_scenario()). */
struct diff_opts {
	struct diff_input in;
	const char *kernel;
	const char *reference;
	u64 bugs;
	const char *input_path;
	unsigned int generate;
	u64 seed;
};

static int parse_argv(int argc, char **argv, void *ctx)
{
	struct diff_opts *o = ctx;
	struct tksim_optiter it;
	s64 n;
	int c;

	tksim_opt_begin(&it, &o->in.opts, argc, argv);
	while ((c = tksim_opt_next(&it)) > 0) {
		switch (c) {
		case 'k':
			o->kernel = it.value;
			break;
		case 'R':
			o->reference = it.value;
			break;
		case 'I':
			if (sim_bugs_parse(it.value, &o->bugs))
				return tksim_usage_error("diff", "unknown bug in '%s' (tksim bugs)",
							 it.value);
			break;
		case 'i':
			o->input_path = it.value;
			break;
		case 'g':
			if (tksim_parse_s64(it.value, &n) || n < 1 || n > SIM_OPS_MAX_DECODED)
				return tksim_usage_error("diff",
							 "--generate wants 1..%d ops, not '%s'",
							 SIM_OPS_MAX_DECODED, it.value);
			o->generate = (unsigned int)n;
			break;
		case 's':
			if (tksim_opt_seed("diff", it.value, &o->seed))
				return TKSIM_EXIT_USAGE;
			break;
		case 'h':
			diff_help();
			exit(TKSIM_EXIT_OK);
		default: {
			int ret = diff_input_parse(&o->in, c, it.value);

			if (ret)
				return ret;
		}
		}
	}
	return c < 0 ? TKSIM_EXIT_USAGE : 0;
}

/* The op list: the scenario's, the fuzz input's or a generated one. */
static int build_list(struct diff_opts *o, bool scenario)
{
	int sources = scenario + !!o->input_path + !!o->generate;

	if (sources > 1)
		return tksim_usage_error("diff", "one of SCENARIO, --input and --generate");
	if (o->input_path)
		return diff_input_read_bytes(&o->in, o->input_path);
	if (o->generate) {
		struct sim_rng r;

		sim_rng_seed(&r, o->seed);
		sim_ops_generate(&o->in.list, &r, o->generate);
		return 0;
	}
	return diff_input_finish(&o->in);
}

/*
 * Side B: the kernel tree @o->kernel, the model of --reference-profile, or the
 * model as it is.  A tree that is not at hand is tksim's SKIP (4); one that
 * cannot be used is bad input (2).
 */
static int side_b(const struct diff_opts *o, const struct sim_config *cfg, struct diff_side **b)
{
	const char *tree = o->kernel;
	char why[512];
	int err;

	if (o->reference) {
		enum tk_profile p;

		if (tree)
			return tksim_usage_error("diff", "side B is --kernel's tree or "
							 "--reference-profile's model, not both");
		if (tk_profile_parse(o->reference, &p)) {
			tk_profile_list(why, sizeof(why));
			return tksim_usage_error("diff",
						 "--reference-profile must be one of %s, not '%s'",
						 why, o->reference);
		}
		*b = diff_model_profile_new(cfg, p, &err);
		if (!*b)
			return tksim_usage_error("diff", "the model cannot be built: %s",
						 strerror(-err));
		return 0;
	}
	if (tree) {
		enum ktree_status st = diff_kernel_new(tree, cfg, b, why, sizeof(why));

		if (st == KTREE_OK)
			return 0;
		if (st == KTREE_UNAVAILABLE) {
			fprintf(stderr, "tksim diff: skipped: %s\n", why);
			return TKSIM_EXIT_SKIP;
		}
		/* At the setting's FILE:LINE when a scenario gave it (`kernel 65`), as run does. */
		return tksim_opt_error(&o->in.opts, 'k', "%s", why);
	}
	*b = diff_model_new(cfg, 0, &err);
	if (!*b)
		return tksim_usage_error("diff", "the model cannot be built: %s", strerror(-err));
	return 0;
}

static void print_op(const struct diff_opts *o, int i, bool on_the_way)
{
	const struct sim_op *op = &o->in.list.ops[i];
	unsigned int line = o->in.lines ? o->in.lines[i] : 0;

	printf("  op:      %s#%d", on_the_way ? "time running up to " : "", i + 1);
	if (line && o->in.scn.path)
		printf(", %s:%u", o->in.scn.path, line);
	printf(": ");
	scenario_ops_format_op(stdout, op); /* "at TIME OP ...\n" */
}

static void print_difference(const struct diff_opts *o, const struct diff_side *a,
			     const struct diff_side *b, const struct diff_result *r)
{
	const struct diff_difference *d = &r->first;
	char t[48];

	tksim_format_time_ns(t, sizeof(t), (s64)d->t_ns);
	printf("tksim diff: %s and %s differ\n", a->name, b->name);
	printf("  when:    %s tick %" PRIu64 ", t=%s\n", d->at_tick ? "at" : "after", d->tick, t);
	if (d->op >= 0)
		print_op(o, d->op, d->on_the_way);
	else
		printf("  op:      none yet (the booted systems)\n");
	printf("  what:    %s\n", d->what);
	printf("  %-*s %s\n", 8, "A:", d->a);
	printf("  %-*s %s\n", 8, "B:", d->b);
	printf("  (A is %s, B is %s)\n", a->name, b->name);
}

/*
 * The scenario: the one argument that is neither an option nor an option's
 * value (`tksim diff --kernel 6.12 freq-step.scn` as well as `tksim diff
 * freq-step.scn --kernel 6.12`).  It is taken out of @argv; 0 if none.
 */
static const char *take_scenario(int *argc, char **argv)
{
	for (int i = 1; i < *argc; i++) {
		const char *name = argv[i];

		if (name[0] != '-') {
			memmove(&argv[i], &argv[i + 1], (size_t)(*argc - i) * sizeof(*argv));
			(*argc)--;
			return name;
		}
		if (name[1] != '-' || strchr(name, '='))
			continue;
		for (const struct tksim_option *t = cmd_diff_options; t->name; t++)
			if ((t->flags & TKSIM_OPT_VALUE) && !strcmp(t->name, name + 2)) {
				/*
				 * Its value, unless that is an option: the matcher refuses
				 * it as a value, and the word after it is not the scenario
				 * (`--freq --duration 300ms` read a scenario "300ms").
				 */
				if (i + 1 < *argc && strncmp(argv[i + 1], "--", 2))
					i++;
				break;
			}
	}
	return NULL;
}

/**
 * cmd_diff() - `tksim diff`
 * @argc: argument count (argv[0] is "diff")
 * @argv: arguments
 *
 * Return: exit status.
 */
int cmd_diff(int argc, char **argv)
{
	struct diff_opts o = { .seed = 1 };
	struct diff_side *a = NULL, *b = NULL;
	struct diff_result r;
	int ret, err;

	const char *scenario = take_scenario(&argc, argv);

	diff_input_init(&o.in, cmd_diff_options);
	ret = scenario ? diff_input_scenario(&o.in, scenario, parse_argv, &o) : 0;
	if (!ret)
		ret = parse_argv(argc, argv, &o);
	if (!ret)
		ret = build_list(&o, scenario != NULL);
	if (ret)
		goto out;
	/* Like for like: against a release's tree the model is that release, unless told. */
	if (o.kernel && !tksim_opt_given(&o.in.opts, SYS_OPT_PROFILE))
		tk_profile_parse(o.kernel, &o.in.list.cfg.profile);
	a = diff_model_new(&o.in.list.cfg, o.bugs, &err);
	if (!a) {
		ret = tksim_usage_error("diff", "the model cannot be built: %s", strerror(-err));
		goto out;
	}
	ret = side_b(&o, &o.in.list.cfg, &b);
	if (ret)
		goto out;
	ret = diff_run(&o.in.list, a, b, &r);
	if (ret < 0) {
		ret = tksim_usage_error("diff", "cannot compare: %s", r.why);
	} else if (ret) {
		print_difference(&o, a, b, &r);
		ret = TKSIM_EXIT_VIOLATION;
	} else {
		printf("tksim diff: %s and %s: no difference in %" PRIu64 " ticks, %" PRIu64
		       " ops, %" PRIu64 " reads\n",
		       a->name, b->name, r.ticks, r.ops, r.reads);
	}
out:
	diff_side_free(a);
	diff_side_free(b);
	diff_input_free(&o.in);
	return ret;
}
