// SPDX-License-Identifier: GPL-2.0
// tksim's own: drawing one hostile case from (seed, index) over every command's options.
/*
 * A case is a command (every command of the tables, and the dispatcher's own
 * words: --help, --version, help CMD), up to five of its options with drawn
 * values, then the bounds that keep it cheap (--duration 300ms, --seconds
 * 200ms, --runs 20, --wall-limit 2s: after the drawn options, so that the
 * last one given wins) and, now and then, a value of such a bound that must
 * be refused after them.  Some cases add a scenario file, fuzz bytes, a
 * daemon program, a fault on stdout, or a signal at a drawn instant of a
 * long run (then the run is long: the signal must end it).  Everything is
 * drawn from the case's own generator, seeded by (seed, index): a case
 * replays alone with --case, whatever --jobs was.
 */
#include "tests/hostile/hostile.h"

#include <signal.h>
#include <string.h>

/* Options drawn only by the command's own code below (its bound, its backend). */
static bool reserved(const char *cmd, const char *opt)
{
	static const char *const res[][2] = {
		{ "run", "duration" },	{ "run", "kernel" },	  { "diff", "duration" },
		{ "diff", "kernel" },	{ "torture", "seconds" }, { "torture", "iterations" },
		{ "fuzz", "seconds" },	{ "fuzz", "runs" },	  { "fuzz", "kernel" },
		{ "fuzz", "input" },	{ "daemon", "duration" }, { "daemon", "wall-limit" },
		{ "bench", "batches" }, { "bench", "calls" },	  { "bench", "warmup" },
		{ "bench", "engine" },	{ "mirror", "samples" },  { "explore", "serve" },
		{ "diff", "input" },	{ "fuzz", "decode" },
	};
	for (size_t i = 0; i < sizeof(res) / sizeof(res[0]); i++)
		if (!strcmp(res[i][0], cmd) && !strcmp(res[i][1], opt))
			return true;
	return false;
}

/* Up to @max drawn options of @cmd, each with a value when it takes one (or now and then not). */
static void draw_options(struct h_rng *r, struct h_case *c, const struct h_cmd *cmd, int max)
{
	int n = (int)h_below(r, (uint64_t)max + 1);

	for (int i = 0; i < n && cmd->nopts; i++) {
		const struct h_opt *o = &cmd->opts[h_below(r, (uint64_t)cmd->nopts)];

		if (reserved(cmd->name, o->name))
			continue;
		/* --help is cheap and ends the case: keep it rare, the rest is the point. */
		if (!strcmp(o->name, "help") && !h_chance(r, 10))
			continue;
		bool value = o->metavar ? !h_chance(r, 4) : h_chance(r, 4);
		const char *v = value ? h_value_for(r, o) : NULL;

		if (v && h_chance(r, 15)) {
			h_arg(c, h_printf(c, "--%s=%s", o->name, v), true);
			h_word(c, v);
		} else {
			h_arg(c, h_printf(c, "--%s", o->name), true);
			if (v)
				h_arg(c, v, true);
		}
	}
}

/* --quiet, where the command has it. */
static void quiet(struct h_rng *r, struct h_case *c, const struct h_cmd *cmd)
{
	for (int i = 0; i < cmd->nopts; i++)
		if (!strcmp(cmd->opts[i].name, "quiet") && h_chance(r, 70))
			h_arg(c, "--quiet", false);
}

/* A bound after the drawn options, and now and then a refused value of it after that. */
static void bound(struct h_rng *r, struct h_case *c, const char *opt, const char *value)
{
	h_arg(c, opt, false);
	h_arg(c, value, false);
	if (h_chance(r, 3)) {
		h_arg(c, opt, true);
		h_arg(c, h_refused_bound(r), true);
	}
}

static const char *const short_runs[] = { "0",	   "1ms",   "10ms",  "50ms",
					  "100ms", "100ms", "300ms", "1s" };

/* A signal at a drawn instant of a run long enough that only the signal ends it. */
static void draw_signal(struct h_rng *r, struct h_case *c)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGUSR1, SIGINT, SIGTERM };

	c->sig = sigs[h_below(r, sizeof(sigs) / sizeof(sigs[0]))];
	c->sig_ms = 20 + (int)h_below(r, 800);
	c->gen = "signal";
}

static void case_run(struct h_rng *r, struct h_case *c, const struct h_tables *t,
		     const struct h_cmd *cmd, bool diff)
{
	const struct h_cmd *run = h_tables_find(t, "run");
	bool sig = !diff && h_chance(r, 6);
	bool scn = h_chance(r, 45);

	if (scn && run) {
		h_scenario_file(r, c, run, "in.scn");
		h_arg(c, "in.scn", true);
		c->gen = "scenario";
	}
	if (diff && h_chance(r, 25)) {
		if (h_chance(r, 50)) {
			h_bytes_file(r, c, "in.bin");
			h_arg(c, "--input", true);
			h_arg(c, "in.bin", true);
		} else {
			h_arg(c, "--generate", true);
			h_arg(c,
			      h_chance(r, 90) ? h_printf(c, "%d", (int)h_below(r, 40))
					      : h_hostile_value(r),
			      true);
		}
	}
	draw_options(r, c, cmd, sig ? 2 : 5);
	if (h_chance(r, 8)) {
		static const char *const trees[] = { "6.12", "6.1", "6.12", "6.1", "/nonexistent",
						     "d",    "scn", "",	    "6.18" };
		h_arg(c, "--kernel", true);
		h_arg(c, H_PICK(r, trees), true);
		/* A tree is compiled once per HZ (15 s): the default HZ's object is cached. */
		h_arg(c, "--hz", false);
		h_arg(c, "1000", false);
	}
	if (sig) {
		draw_signal(r, c);
		c->csv = "sig.csv";
		h_arg(c, "--csv", false);
		h_arg(c, c->csv, false);
		h_arg(c, "--csv-interval", false);
		h_arg(c, h_chance(r, 50) ? "1ms" : "1s", false);
		h_arg(c, "--duration", false);
		h_arg(c, "6h", false);
	} else {
		bound(r, c, "--duration", H_PICK(r, short_runs));
	}
	quiet(r, c, cmd);
}

static void case_daemon(struct h_rng *r, struct h_case *c, const struct h_cmd *cmd)
{
	bool sig = h_chance(r, 8);

	draw_options(r, c, cmd, 4);
	if (sig) {
		draw_signal(r, c);
		c->csv = "sig.csv";
		h_arg(c, "--csv", false);
		h_arg(c, c->csv, false);
		h_arg(c, "--duration", false);
		h_arg(c, "6h", false);
		h_arg(c, "--", false);
		h_arg(c, "/bin/sh", false);
		h_arg(c, "-c", false);
		h_arg(c, "while :; do date >/dev/null; done", false);
		return;
	}
	bound(r, c, "--duration", H_PICK(r, short_runs));
	h_arg(c, "--wall-limit", false);
	h_arg(c, h_chance(r, 50) ? "1s" : "2s", false);
	if (h_chance(r, 95))
		h_daemon_program(r, c);
	else
		h_word(c, "command"); /* what a refusal of none names */
}

static void case_fuzz(struct h_rng *r, struct h_case *c, const struct h_cmd *cmd)
{
	bool sig = h_chance(r, 6);

	if (h_chance(r, 10)) {
		/* --decode FILE...: a mode of its own, files and no other option. */
		h_arg(c, "--decode", true);
		if (h_chance(r, 80)) {
			h_bytes_file(r, c, "in.bin");
			h_arg(c, "in.bin", true);
		} else {
			static const char *const ins[] = {
				"d", "fifo", "/dev/zero", "/proc/self/mem", "/nonexistent",
				"",  "scn"
			};
			h_arg(c, H_PICK(r, ins), true);
		}
		if (h_chance(r, 10))
			h_arg(c, h_hostile_value(r), true);
		c->gen = "bytes";
		return;
	}
	if (h_chance(r, 20)) {
		h_bytes_file(r, c, "in.bin");
		h_arg(c, "--input", true);
		h_arg(c, "in.bin", true);
		c->gen = "bytes";
	} else if (h_chance(r, 5)) {
		static const char *const ins[] = {
			"d", "fifo", "/dev/zero", "/proc/self/mem", "/nonexistent", ""
		};
		h_arg(c, "--input", true);
		h_arg(c, H_PICK(r, ins), true);
	}
	draw_options(r, c, cmd, 4);
	if (sig) {
		draw_signal(r, c);
		h_arg(c, "--seconds", false);
		h_arg(c, "8", false);
		h_arg(c, "--jobs", false);
		h_arg(c, "2", false);
	} else {
		h_arg(c, "--seconds", false);
		h_arg(c, "1", false);
		bound(r, c, "--runs", h_chance(r, 70) ? "5" : "20");
	}
	quiet(r, c, cmd);
}

static void case_other(struct h_rng *r, struct h_case *c, const struct h_cmd *cmd)
{
	const char *n = cmd->name;
	bool sig = h_chance(r, 5);

	if (!strcmp(n, "explain")) {
		static const char *const topics[] = { "read",	  "tick",   "mult", "retry",
						      "adjtimex", "leap",   "aux",  "bogus",
						      "",	  "--idle", "TICK" };
		if (h_chance(r, 95))
			h_arg(c, H_PICK(r, topics), true);
		h_word(c, "topic"); /* a missing or unknown topic is named so */
		sig = false;
	}
	draw_options(r, c, cmd, 4);
	if (!strcmp(n, "torture")) {
		if (sig) {
			draw_signal(r, c);
			h_arg(c, "--seconds", false);
			h_arg(c, "5", false);
		} else {
			bound(r, c, "--seconds", h_chance(r, 80) ? "100ms" : "300ms");
		}
	} else if (!strcmp(n, "bench")) {
		if (sig)
			draw_signal(r, c);
		else
			h_arg(c, "--batches", false), h_arg(c, "1", false),
				h_arg(c, "--calls", false), h_arg(c, "1", false),
				h_arg(c, "--warmup", false), h_arg(c, "0", false),
				bound(r, c, "--engine", "0");
	} else if (!strcmp(n, "mirror")) {
		if (sig) {
			draw_signal(r, c);
			h_arg(c, "--samples", false);
			h_arg(c, "100000000", false);
		} else {
			bound(r, c, "--samples", h_chance(r, 80) ? "1" : "100");
		}
	} else if (!strcmp(n, "explore")) {
		/* A build without emcc has no page: exit 2 naming ./configure --enable-explorer. */
		h_word(c, "--enable-explorer");
		if (h_chance(r, 30)) {
			/* A server runs until interrupted: the signal ends it. */
			draw_signal(r, c);
			h_arg(c, "--serve", true);
			h_arg(c,
			      h_chance(r, 80) ? h_printf(c, "%d", 20000 + (int)h_below(r, 40000))
					      : h_hostile_value(r),
			      true);
		}
	}
}

/* The dispatcher's own words. */
static void case_top(struct h_rng *r, struct h_case *c, const struct h_tables *t)
{
	static const char *const words[] = { "--help", "--version", "help", "help", "",	    "bogus",
					     "-x",     "--bogus",   "-h",   "RUN",  "run=1" };
	const char *w = H_PICK(r, words);

	c->cmd = "(top)";
	if (*w || h_chance(r, 50))
		h_arg(c, w, true);
	h_word(c, "usage"); /* no command at all is answered with the usage */
	if (!strcmp(w, "help")) {
		static const char *const what[] = { "--man", "--completion", "bogus", "--bogus",
						    "" };

		h_arg(c,
		      h_chance(r, 60) ? t->cmds[h_below(r, (uint64_t)t->ncmds)].name
				      : H_PICK(r, what),
		      true);
	}
}

/**
 * h_case_draw() - draw case @index of the campaign of @seed
 * @c:     filled (zeroed first)
 * @t:     the commands' option tables
 * @seed:  the campaign's seed
 * @index: the case's number
 */
void h_case_draw(struct h_case *c, const struct h_tables *t, uint64_t seed, long index)
{
	struct h_rng r = { .s = seed * 0x2545f4914f6cdd1dULL ^
				(uint64_t)index * 0x9e3779b97f4a7c15ULL };
	const struct h_cmd *cmd;

	memset(c, 0, sizeof(*c));
	c->index = index;
	c->gen = "opts";
	c->timeout_ms = 20000;
	h_rand(&r);
	if (h_chance(&r, 4)) {
		case_top(&r, c, t);
	} else {
		/*
		 * Shares in tenths: run and daemon have the most to break, explore
		 * (a page, or a server) the least; bench and torture measure for
		 * real time, a case of theirs costs ten of the others; a command not
		 * listed gets 10.
		 */
		static const struct {
			const char *name;
			int share;
		} shares[] = {
			{ "run", 60 },	   { "daemon", 20 }, { "diff", 20 }, { "fuzz", 20 },
			{ "explain", 15 }, { "explore", 5 }, { "bench", 5 }, { "torture", 6 }
		};
		int total = 0, k = 0;
		const char *n = t->cmds[0].name;

		for (int pass = 0; pass < 2; pass++) {
			for (int i = 0; i < t->ncmds; i++) {
				int sh = 10;

				for (size_t j = 0; j < sizeof(shares) / sizeof(shares[0]); j++)
					if (!strcmp(shares[j].name, t->cmds[i].name))
						sh = shares[j].share;
				if (!pass) {
					total += sh;
				} else if (k < sh) {
					n = t->cmds[i].name;
					break;
				} else {
					k -= sh;
				}
			}
			if (!pass)
				k = (int)h_below(&r, (uint64_t)total);
		}
		cmd = h_tables_find(t, n);
		if (!cmd)
			cmd = &t->cmds[0];
		c->cmd = cmd->name;
		h_arg(c, cmd->name, false);
		if (!strcmp(cmd->name, "run") || !strcmp(cmd->name, "diff"))
			case_run(&r, c, t, cmd, cmd->name[0] == 'd');
		else if (!strcmp(cmd->name, "daemon"))
			case_daemon(&r, c, cmd);
		else if (!strcmp(cmd->name, "fuzz"))
			case_fuzz(&r, c, cmd);
		else
			case_other(&r, c, cmd);
	}
	/* A fault on stdout: full, closed, or a reader that goes away. */
	if (!c->sig && h_chance(&r, 8)) {
		c->stdout_fault = 1 + (int)h_below(&r, 3);
		c->sig_ms = (int)h_below(&r, 200);
		h_word(c, "stdout");
		h_word(c, "standard output");
	}
}
