// SPDX-License-Identifier: GPL-2.0
// tksim's own: `tksim explain`, the kernel's arithmetic step by step with a simulated system's
// numbers.
/*
 * Input: a topic (read, tick, mult, retry, adjtimex, leap, aux, vvar) and the counter options of
 * `tksim run` (--freq, --ppm, --hz, --bits, --start) plus --at and --clock.
 * Output: the steps, each with its value, then the line "checked: ..." naming
 * the real functions whose results the steps reproduced.  Exit 0, 1 if a step
 * disagreed with the real function (a bug in the explanation or the code),
 * 2 for bad usage.
 */
#include "tools/explain/cmd_explain.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "sim/clocks.h"
#include "sim/oracle.h"
#include "timekeeper/adjtimex.h"
#include "tools/options.h"
#include "tools/sys_opts.h"
#include "tools/tksim.h"
#include "vdso/gettimeofday.h"

static const struct {
	const char *name;
	int (*fn)(const struct explain_opts *o);
	const char *summary;
} topics[] = {
	{ "read", explain_read, "one clock_gettime() through the vDSO: seq, delta, mult, shift" },
	{ "tick", explain_tick,
	  "one timekeeping_advance(): chunks, second_overflow, ntp_error, mult" },
	{ "mult", explain_mult, "how mult and shift are chosen for a frequency, max_idle_ns" },
	{ "retry", explain_retry,
	  "a reader and the writer interleaved: a torn value and the retry" },
	{ "adjtimex", explain_adjtimex,
	  "one adjtimex() call: offset -> time_freq, time_offset -> tick_length -> mult" },
	{ "leap", explain_leap,
	  "a leap second (inserted, or --delete): the midnight tick, REALTIME, adjtimex's return" },
	{ "aux", explain_aux,
	  "an aux clock (v6.17): enable, clock_settime, clock_adjtime, do_aux()" },
	{ "vvar", explain_vvar,
	  "the vvar page: every field's offset, size and value, the clocks it serves" },
};

/* The latest --at: explain runs each tick up to it (1 h: 3.6 million ticks at HZ=1000). */
#define EXPLAIN_AT_MAX_NS (3600ULL * 1000000000ULL)

/* The options of `tksim explain`: its parser, --help, man page and completion. */
const struct tksim_option cmd_explain_options[] = {
	TKSIM_OPT_HEAD("Options:"),
	SYS_OPTIONS,
	TKSIM_OPT_ARG("at", 'a', "D",
		      "virtual time to stop at: 1s, 1500ms, at most 1h (read:\n"
		      "1.0005 s; tick, retry: the first tick at or after it, 1 s)",
		      NULL),
	TKSIM_OPT_ENUM("clock", 'c', "NAME",
		       "the clock a read explains: REALTIME, MONOTONIC,\n"
		       "MONOTONIC_RAW, BOOTTIME, TAI, REALTIME_COARSE, MONOTONIC_COARSE",
		       "MONOTONIC",
		       "REALTIME MONOTONIC MONOTONIC_RAW BOOTTIME TAI REALTIME_COARSE "
		       "MONOTONIC_COARSE"),
	TKSIM_OPT_ARG("ntp-freq", 'n', "X",
		      "tick: set the kernel's NTP frequency to X ppm at boot\n"
		      "(adjtimex ADJ_FREQUENCY), so that tick_length changes",
		      NULL),
	TKSIM_OPT_ARG("offset", 'o', "NS",
		      "adjtimex: the offset the call hands the kernel (ns, or with\n"
		      "a unit: -500us); default: what a daemon would measure",
		      NULL),
	TKSIM_OPT_FLAG("odd", 'd',
		       "retry: the reader comes while the writer is inside and\n"
		       "meets an odd seq, which vdso_read_begin() waits out"),
	TKSIM_OPT_FLAG("micro", 'u',
		       "adjtimex: the call in us (ADJ_MICRO, as ntpd makes it),\n"
		       "not in ns (ADJ_NANO)"),
	TKSIM_OPT_FLAG("fll", 'f',
		       "adjtimex: the call sets STA_FLL, and is made at 300 s\n"
		       "(past MINSEC), so that the FLL adds its term"),
	TKSIM_OPT_FLAG("delete", 'D', "leap: a deleted second (STA_DEL), not an inserted one"),
	TKSIM_OPT_ARG("idle", 'i', "D",
		      "tick: the tick stops for D first (NOHZ idle), and the tick\n"
		      "that ends the gap accumulates it in chunks",
		      NULL),
	TKSIM_OPT_HELP('h'),
	TKSIM_OPT_END,
};

static void explain_help(void)
{
	printf("usage: tksim explain TOPIC [OPTIONS]\n\n"
	       "Show the kernel's timekeeping arithmetic step by step with the numbers of a\n"
	       "simulated system (the default system of `tksim run`, without NTP daemon).\n"
	       "Each step is then checked against the real function's result.\n\n"
	       "Topics:\n");
	for (size_t i = 0; i < sizeof(topics) / sizeof(topics[0]); i++)
		printf("  %-8s %s\n", topics[i].name, topics[i].summary);
	printf("\n");
	tksim_opt_help(stdout, cmd_explain_options);
	printf("\nExit status: 0, 1 if a step disagreed with the real function, 2 bad usage.\n");
}

/*
 * A clock name, with or without CLOCK_, or its torture --clocks word ("raw"), in any
 * case; -1 if it is none the vDSO serves.
 */
static s32 parse_clock(const char *s)
{
	if (!strncasecmp(s, "CLOCK_", 6))
		s += 6;
	for (unsigned int i = 0; i < oracle_nr_clocks; i++) {
		const struct sim_clock_desc *c = sim_clock_by_id(oracle_clocks[i]);

		if (!strcasecmp(s, c->name) || !strcasecmp(s, c->arg))
			return c->id;
	}
	return -1;
}

static int parse_opts(int argc, char **argv, struct explain_opts *o)
{
	struct tksim_optset opts = { .cmd = "explain", .table = cmd_explain_options };
	struct tksim_optiter it;
	const char *optarg; /* the option's value, named as getopt's was */
	int c;

	tksim_opt_begin(&it, &opts, argc, argv);
	while ((c = tksim_opt_next(&it)) > 0) {
		optarg = it.value;
		switch (c) {
		case 'a':
			if (tksim_parse_duration_ns(optarg, &o->at_ns))
				return tksim_usage_error("explain", "bad --at '%s'", optarg);
			/*
			 * explain runs every tick up to --at (about 0.4 ms of CPU per
			 * simulated second): --at 10d took hours, KTIME_MAX forever.
			 */
			if (o->at_ns > EXPLAIN_AT_MAX_NS)
				return tksim_usage_error(
					"explain",
					"--at '%s': at most 1h (explain runs every tick up to it)",
					optarg);
			o->at_set = true;
			break;
		case 'c':
			o->clock = parse_clock(optarg);
			if (o->clock < 0)
				return tksim_usage_error("explain", "unknown --clock '%s'", optarg);
			break;
		case 'n': {
			s64 uppm; /* 10^-6 ppm, exact (tools/parse.h) */

			if (!tksim_parse_fixed(optarg, 6, &uppm))
				o->ntp_freq_ppm = (double)uppm * 1e-6;
			if (tksim_parse_fixed(optarg, 6, &uppm) || uppm > 500000000 ||
			    uppm < -500000000)
				return tksim_usage_error(
					"explain",
					"--ntp-freq must be a number within +/-500, not '%s'",
					optarg);
			o->ntp_freq_set = true;
			break;
		}
		case 'o':
			if (tksim_parse_time_ns(optarg, 1, &o->offset_ns))
				return tksim_usage_error("explain", "bad --offset '%s'", optarg);
			o->offset_set = true;
			break;
		case 'd':
			o->odd = true;
			break;
		case 'u':
			o->micro = true;
			break;
		case 'f':
			o->fll = true;
			break;
		case 'D':
			o->del = true;
			break;
		case 'i':
			if (tksim_parse_duration_ns(optarg, &o->idle_ns) || !o->idle_ns)
				return tksim_usage_error("explain", "bad --idle '%s'", optarg);
			break;
		case 'h':
			explain_help();
			exit(TKSIM_EXIT_OK);
		default:
			if (c < SYS_OPT_HZ)
				return tksim_usage_error("explain", "unknown option");
			if (sys_opt_parse(&o->cfg, "explain", c, optarg))
				return TKSIM_EXIT_USAGE;
			break;
		}
	}
	return c < 0 ? TKSIM_EXIT_USAGE : 0;
}

/**
 * explain_boot() - build the system to explain
 * @o: the options
 *
 * Return: the booted system, or NULL after printing why.
 */
struct sim_system *explain_boot(const struct explain_opts *o)
{
	int err;
	struct sim_system *s = sim_system_new(&o->cfg, &err);

	if (!s) {
		tksim_usage_error("explain", "cannot build this system: %s", strerror(-err));
		return NULL;
	}
	/*
	 * As tksim run refuses it: a periodic tick longer than max_idle_ns lets
	 * the counter wrap between ticks, which the kernel never does; explain
	 * tick --bits 16 then spun for good looking for the second it explains.
	 */
	if (!o->untimed && s->tick_period_ns > s->counter.cs.max_idle_ns) {
		tksim_usage_error("explain",
				  "a tick of %" PRIu64 " ns is longer than this clocksource's "
				  "max_idle_ns (%" PRIu64 " ns: the %u-bit counter wraps between "
				  "ticks); use a wider --bits, a lower --freq or a higher --hz",
				  s->tick_period_ns, s->counter.cs.max_idle_ns,
				  o->cfg.counter.bits);
		sim_system_free(s);
		return NULL;
	}
	return s;
}

/**
 * explain_set_ntp_freq() - --ntp-freq: adjtimex(ADJ_FREQUENCY) at boot
 * @s: the system, just booted
 * @o: the options
 *
 * Return: 0, or the exit status of a refused call (after saying why).
 */
int explain_set_ntp_freq(struct sim_system *s, const struct explain_opts *o)
{
	struct tk_timex txc = { .modes = ADJ_FREQUENCY };
	int ret;

	if (!o->ntp_freq_set)
		return 0;
	/* adjtimex's freq is scaled ppm: ppm << 16. */
	txc.freq = llround(o->ntp_freq_ppm * 65536.0);
	ret = do_adjtimex(&s->k, &txc, true);
	if (ret < 0)
		return tksim_usage_error("explain", "adjtimex refused --ntp-freq: %s",
					 strerror(-ret));
	printf("adjtimex(ADJ_FREQUENCY, freq %lld = %+.3f ppm << 16) at boot\n", txc.freq,
	       o->ntp_freq_ppm);
	return 0;
}

/** explain_header() - one line on the system the numbers come from. */
void explain_header(const struct sim_system *s)
{
	printf("system: %" PRIu64
	       " Hz counter (%+.3f ppm true error, %u bits), HZ=%u, no NTP daemon\n",
	       s->cfg.counter.freq_hz, (double)s->cfg.counter.error_ppb * 1e-3, s->cfg.counter.bits,
	       s->cfg.hz);
}

/**
 * explain_check() - a step agreed with the real function, or say that it did not
 * @ok:   the comparison
 * @what: what was compared, for the message
 *
 * Return: @ok.
 */
bool explain_check(bool ok, const char *what)
{
	if (!ok)
		printf("MISMATCH: %s: the explanation and the code disagree\n", what);
	return ok;
}

/**
 * explain_check_paths() - both read paths of the code give the explained time
 * @s:     the system
 * @clock: the clock id explained
 * @want:  the time the explanation computed
 * @vdso:  how to name the vDSO read in a mismatch
 *
 * Reads @clock through cvdso_clock_gettime() and the kernel-side
 * tk_sys_clock_gettime(), full width, and says which one disagrees.
 *
 * Return: true if both equal @want.
 */
bool explain_check_paths(struct sim_system *s, s32 clock, const struct timespec64 *want,
			 const char *vdso)
{
	struct timespec64 v, k;
	bool ok;

	cvdso_clock_gettime(&s->k.vdata, clock, &v);
	tk_sys_clock_gettime(&s->k, clock, &k);
	ok = explain_check(ts_to_ns(&v) == ts_to_ns(want), vdso);
	ok &= explain_check(ts_to_ns(&k) == ts_to_ns(want),
			    "the kernel-side tk_sys_clock_gettime()");
	return ok;
}

/**
 * cmd_explain() - `tksim explain`
 * @argc: argument count (argv[0] is "explain")
 * @argv: arguments
 *
 * Return: exit status.
 */
int cmd_explain(int argc, char **argv)
{
	struct explain_opts o = { .clock = TK_CLOCK_MONOTONIC };
	const char *topic;
	int ret;

	if (argc < 2 || argv[1][0] == '-') {
		if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
			explain_help();
			return TKSIM_EXIT_OK;
		}
		return tksim_usage_error(
			"explain",
			"which topic: read, tick, mult, retry, adjtimex, leap, aux or vvar?");
	}
	topic = argv[1];
	sim_config_default(&o.cfg);
	ret = parse_opts(argc - 1, argv + 1, &o);
	if (ret)
		return ret;
	for (size_t i = 0; i < sizeof(topics) / sizeof(topics[0]); i++)
		if (!strcmp(topic, topics[i].name))
			return topics[i].fn(&o);
	return tksim_usage_error(
		"explain",
		"unknown topic '%s' (read, tick, mult, retry, adjtimex, leap, aux, vvar)", topic);
}
