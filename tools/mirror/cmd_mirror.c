// SPDX-License-Identifier: GPL-2.0
// tksim's own: `tksim mirror`, tksim's vDSO code over the running kernel's vvar page.
/*
 * Input: options.  Output: the host kernel, the layout used, both clock
 * groups as decoded, then per clock the share of samples where host
 * clock_gettime() before <= tksim <= host after, and the mean difference;
 * with --dump every decoded field of the page instead, with --json one
 * object (tools/mirror/mirror_report.c, docs/output.md).
 * The host's aux clocks (v6.17+) follow: each one's sysfs knob, page entry
 * and clock_gettime() must agree (tools/mirror/mirror_aux.c), and the
 * enabled ones are sandwiched too; with none enabled the report says why
 * it compared none ("aux clocks: SKIP ..."), which leaves the exit status
 * to the system clocks.
 * Exit status: 0 every sample in order; 1 some were not; 2 bad usage or a
 * kernel/page tksim cannot decode; 4 the hres clocks were skipped because
 * the host's clock mode is neither TSC nor a TSC-stable pvclock (kselftest's
 * KSFT_SKIP); 130 interrupted by INT, TERM, HUP, USR1 or USR2: the clocks compared so far,
 * never a partial line.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>

#include "config.h"
#include "sim/mirror/mirror.h"
#include "sim/oracle.h"
#include "sim/tsc.h"
#include "tools/mirror/mirror_aux.h"
#include "tools/mirror/mirror_report.h"
#include "tools/options.h"
#include "tools/process.h"
#include "tools/tksim.h"

#define MIRROR_EXIT_SKIP 4

/* The options of `tksim mirror`: its parser, --help, man page and completion. */
const struct tksim_option cmd_mirror_options[] = {
	TKSIM_OPT_HEAD("Options:"),
	TKSIM_OPT_ARG("samples", 'n', "N", "samples per clock", "100000"),
	TKSIM_OPT_ENUM("layout", 'l', "L", "auto (from uname -r), v5.3, v6.10, v6.13 or v6.15",
		       "auto", "auto v5.3 v6.10 v6.13 v6.15"),
	TKSIM_OPT_ENUM("insn", 'i', "I", "TSC read: lfence, rdtscp or rdtsc",
		       "rdtscp where the CPU has it, as the kernel prefers, else lfence",
		       "lfence rdtscp rdtsc"),
	TKSIM_OPT_FLAG("dump", 'd',
		       "print every decoded field of the page (both clock groups,\n"
		       "each basetime[], tz, hrtimer_res, TAI - UTC) and stop"),
	TKSIM_OPT_JSON('j'),
	TKSIM_OPT_HELP('h'),
	TKSIM_OPT_END,
};

static void mirror_help(void)
{
	printf("usage: tksim mirror [OPTIONS]\n\n"
	       "Find this process's [vvar] mapping, decode the running kernel's time data\n"
	       "(x86, v5.3 to v6.19 layouts), read every clock the host's vDSO serves with\n"
	       "tksim's own seqcount and cycles_to_ns() and the real TSC, and check that\n"
	       "host clock_gettime() before <= tksim <= host clock_gettime() after.\n"
	       "Coarse clocks need no counter and are always compared; the others when\n"
	       "the host's clock mode is TSC, or pvclock (a KVM guest on kvm-clock: the\n"
	       "TSC scaled by vCPU 0's entry in [vvar_vclock], as vread_pvclock() does).\n\n");
	tksim_opt_help(stdout, cmd_mirror_options);
	printf("\n"
	       "Exit status: 0 all samples in order, 1 some were not, 2 bad usage or an\n"
	       "unknown kernel or page, 4 hres clocks skipped (host clock mode not TSC).\n");
}

static int parse_layout(const char *s, int *l)
{
	static const char *const names[MIRROR_LAYOUT_NR] = { "v5.3", "v6.10", "v6.13", "v6.15" };

	if (!strcmp(s, "auto")) {
		*l = -1;
		return 0;
	}
	for (int i = 0; i < MIRROR_LAYOUT_NR; i++) {
		if (!strcmp(s, names[i])) {
			*l = i;
			return 0;
		}
	}
	return -EINVAL;
}

/* The whole of /proc/self/maps, NUL-terminated (malloc'ed), or NULL. */
static char *read_maps(void)
{
	FILE *f = fopen("/proc/self/maps", "r");
	size_t len = 0, cap = 1 << 16;
	char *buf = malloc(cap);

	if (!f || !buf) {
		if (f)
			fclose(f);
		free(buf);
		return NULL;
	}
	for (;;) {
		size_t n = fread(buf + len, 1, cap - len - 1, f);

		len += n;
		if (n == 0)
			break;
		if (len + 1 == cap) {
			char *nb = realloc(buf, cap * 2);

			if (!nb)
				break;
			buf = nb;
			cap *= 2;
		}
	}
	buf[len] = '\0';
	fclose(f);
	return buf;
}

static void print_group(const char *name, const struct vdso_clock *g)
{
	printf("# %-11s seq %" PRIu32 ", clock mode %s (%" PRId32 "), cycle_last %" PRIu64
	       ", mult %" PRIu32 ", shift %" PRIu32 ", max_cycles %" PRIu64 "\n",
	       name, g->seq, mirror_mode_name(g->clock_mode), g->clock_mode, g->cycle_last, g->mult,
	       g->shift, g->max_cycles);
}

/* Sandwich @n samples of @clock into @r; false if any was out of order. */
static bool compare_clock(const struct mirror *m, s32 clock, u64 n, struct cmd_mirror_cmp *r)
{
	u64 within = 0, ok_reads = 0;
	double sum_diff = 0, sum_width = 0, den;
	__int128 worst = 0;

	/* A signal stops the samples; the caller prints nothing of this clock. */
	for (u64 i = 0; i < n && !tksim_signal_caught(); i++) {
		struct timespec a, b;
		struct timespec64 t, ta, tb;

		if (clock_gettime((clockid_t)clock, &a) || mirror_clock_gettime(m, clock, &t) ||
		    clock_gettime((clockid_t)clock, &b))
			continue;
		ok_reads++;
		ta = (struct timespec64){ a.tv_sec, a.tv_nsec };
		tb = (struct timespec64){ b.tv_sec, b.tv_nsec };
		if (ts_to_ns(&ta) <= ts_to_ns(&t) && ts_to_ns(&t) <= ts_to_ns(&tb)) {
			within++;
		} else {
			__int128 out = ts_to_ns(&t) < ts_to_ns(&ta) ? ts_to_ns(&ta) - ts_to_ns(&t)
								    : ts_to_ns(&t) - ts_to_ns(&tb);

			if (out > worst)
				worst = out;
		}
		sum_diff += (double)(ts_to_ns(&t) - (ts_to_ns(&ta) + ts_to_ns(&tb)) / 2);
		sum_width += (double)(ts_to_ns(&tb) - ts_to_ns(&ta));
	}
	den = ok_reads ? (double)ok_reads : 1.0;
	*r = (struct cmd_mirror_cmp){ .clock = clock,
				      .samples = ok_reads,
				      .within = within,
				      .mean_diff = sum_diff / den,
				      .mean_width = sum_width / den,
				      .worst = (s64)worst };
	return ok_reads && within == ok_reads;
}

static void print_cmp(const struct cmd_mirror_cmp *r)
{
	double den = r->samples ? (double)r->samples : 1.0;
	char name[16];

	printf("  CLOCK_%-17s %8" PRIu64 " samples  %8.4f %% in order  mean tksim - host %+8.1f ns"
	       "  (host bracket %.1f ns)",
	       cmd_mirror_clock_name(r->clock, name, sizeof(name)), r->samples,
	       100.0 * (double)r->within / den, r->mean_diff, r->mean_width);
	if (r->within < r->samples)
		printf("  worst %" PRId64 " ns outside", r->worst);
	printf("\n");
}

/* The options of one `tksim mirror`. */
struct mirror_opts {
	u64 samples;
	int layout; /* -1: from uname -r */
	u32 insn;
	bool dump;
	bool json;
};

static int parse_mirror_opts(int argc, char **argv, struct mirror_opts *o)
{
	struct tksim_optset opts = { .cmd = "mirror", .table = cmd_mirror_options };
	struct tksim_optiter it;
	const char *optarg; /* the option's value, named as getopt's was */
	int c;

	*o = (struct mirror_opts){ .samples = 100000, .layout = -1 };
	o->insn = sim_tsc_insn_supported(VDSO_TSC_RDTSCP) ? VDSO_TSC_RDTSCP : VDSO_TSC_LFENCE;
	tksim_opt_begin(&it, &opts, argc, argv);
	while ((c = tksim_opt_next(&it)) > 0) {
		optarg = it.value;
		switch (c) {
		case 'n':
			if (tksim_parse_u64(optarg, &o->samples) || !o->samples ||
			    o->samples > 100000000)
				return tksim_usage_error("mirror",
							 "--samples must be 1..100000000, not '%s'",
							 optarg);
			break;
		case 'l':
			if (parse_layout(optarg, &o->layout))
				return tksim_usage_error("mirror",
							 "--layout must be auto, v5.3, v6.10, "
							 "v6.13 or v6.15, not '%s'",
							 optarg);
			break;
		case 'i':
			if (sim_tsc_insn_parse(optarg, &o->insn))
				return tksim_usage_error(
					"mirror",
					"--insn must be lfence, rdtscp or rdtsc, not '%s'", optarg);
			break;
		case 'd':
			o->dump = true;
			break;
		case 'j':
			o->json = true;
			break;
		case 'h':
			mirror_help();
			exit(TKSIM_EXIT_OK);
		default:
			return tksim_usage_error("mirror", "unknown option");
		}
	}
	if (c < 0)
		return TKSIM_EXIT_USAGE;
	return 0;
}

/*
 * Find and decode the host's page into @m and @p, and check that it decodes
 * sensibly (REALTIME_COARSE within 2 s of time()).  @u keeps the strings @p
 * points to.  Return: 0 or TKSIM_EXIT_USAGE, with the reason on stderr.
 */
static int open_page(const struct mirror_opts *o, struct utsname *u, struct mirror *m,
		     struct cmd_mirror_page *p, unsigned long *vclock_start)
{
	unsigned long start, end, vclock_end;
	int layout = o->layout, major, minor;
	const struct vdso_clock *hres = &p->group[CS_HRES_COARSE];
	char *maps;
	time_t now;
	s64 d;

	if (uname(u) || mirror_parse_release(u->release, &major, &minor))
		return tksim_usage_error("mirror", "cannot read the kernel version");
	if (strcmp(u->machine, "x86_64")) {
		fprintf(stderr, "tksim mirror: this is %s; only x86_64 vvar layouts are known\n",
			u->machine);
		return TKSIM_EXIT_USAGE;
	}
	if (layout < 0) {
		enum mirror_layout l;

		if (mirror_layout_for(major, minor, &l)) {
			fprintf(stderr,
				"tksim mirror: kernel %s: unknown vvar layout (tksim knows "
				"v5.3 to v6.19); --layout can force one\n",
				u->release);
			return TKSIM_EXIT_USAGE;
		}
		layout = (int)l;
	}
	if (!sim_tsc_insn_supported(o->insn)) {
		fprintf(stderr, "tksim mirror: this CPU cannot run %s\n",
			sim_tsc_insn_name(o->insn));
		return TKSIM_EXIT_USAGE;
	}
	maps = read_maps();
	if (!maps || mirror_find_vvar(maps, &start, &end)) {
		free(maps);
		fprintf(stderr, "tksim mirror: no [vvar] mapping in /proc/self/maps (vDSO off?)\n");
		return TKSIM_EXIT_USAGE;
	}
	mirror_attach(m, (const void *)(start + mirror_data_offset((enum mirror_layout)layout)),
		      (enum mirror_layout)layout, o->insn);
	mirror_attach_aux(m, mirror_has_aux_clocks(major, minor));
	/* kvm-clock guests: vCPU 0's pvclock entry opens the pvclock page (v6.13+). */
	*vclock_start = 0;
	if (!mirror_find_mapping(maps, "[vvar_vclock]", vclock_start, &vclock_end))
		mirror_attach_pvclock(m, (const void *)*vclock_start);
	free(maps);

	*p = (struct cmd_mirror_page){ .release = u->release,
				       .layout = (enum mirror_layout)layout,
				       .insn = o->insn,
				       .vvar = start,
				       .vvar_kib = (end - start) >> 10,
				       .aux_clocks = mirror_has_aux_clocks(major, minor) };
	if (mirror_read_group(m, CS_HRES_COARSE, &p->group[CS_HRES_COARSE]) ||
	    mirror_read_group(m, CS_RAW, &p->group[CS_RAW])) {
		fprintf(stderr,
			"tksim mirror: kernel %s: the page read with the %s layout never showed a "
			"stable even sequence in %u reads; it is not this kernel's layout "
			"(--layout auto picks the one for the running kernel)\n",
			u->release, mirror_layout_name((enum mirror_layout)layout),
			MIRROR_MAX_TRIES);
		return TKSIM_EXIT_USAGE;
	}
	mirror_read_misc(m, p->aux_clocks, &p->misc);

	if (hres->clock_mode == MIRROR_MODE_TIMENS) {
		fprintf(stderr,
			"tksim mirror: this process is in a time namespace: its [vvar] page "
			"holds offsets, not the host's time data\n");
		return TKSIM_EXIT_USAGE;
	}
	now = time(NULL);
	d = (s64)hres->basetime[TK_CLOCK_REALTIME_COARSE].sec - (s64)now;
	if (hres->clock_mode < MIRROR_MODE_NONE || hres->clock_mode > MIRROR_MODE_HVCLOCK ||
	    d < -2 || d > 2) {
		fprintf(stderr,
			"tksim mirror: the page does not decode as layout %s "
			"(REALTIME_COARSE %" PRIu64 " s against time() %ld s); "
			"--layout can try another\n",
			mirror_layout_name(p->layout), hres->basetime[TK_CLOCK_REALTIME_COARSE].sec,
			(long)now);
		return TKSIM_EXIT_USAGE;
	}
	return 0;
}

/* Compare @n clocks; each result goes to the text report or the JSON array. */
static bool compare_clocks(const struct mirror *m, const s32 *clocks, size_t n,
			   const struct mirror_opts *o, struct json *j)
{
	bool ok = true;

	for (size_t i = 0; i < n; i++) {
		struct cmd_mirror_cmp r;

		bool in_order = compare_clock(m, clocks[i], o->samples, &r);

		/* Cut by a signal: only a sample out of order counts, none read is no failure. */
		if (tksim_signal_caught()) {
			ok &= r.within == r.samples;
			break;
		}
		ok &= in_order;
		if (o->json)
			cmd_mirror_json_cmp(j, &r);
		else
			print_cmp(&r);
	}
	return ok;
}

/* Sandwich the enabled aux clocks of @a, as compare_clocks() the system ones. */
static bool compare_aux(const struct mirror *m, const struct cmd_mirror_aux *a,
			const struct mirror_opts *o, struct json *j)
{
	s32 ids[MIRROR_MAX_AUX_CLOCKS];
	size_t n = 0;

	for (unsigned int i = 0; a->present && i < MIRROR_MAX_AUX_CLOCKS; i++)
		if (a->clk[i].knob == 1)
			ids[n++] = MIRROR_CLOCK_AUX + (s32)i;
	return compare_clocks(m, ids, n, o, j);
}

#define AUX_DISAGREE                                                                        \
	"an aux clock's sysfs knob, page entry and host clock_gettime() disagree (see the " \
	"'# aux clocks' lines)"

/* The end of the JSON report: the verdict and why. */
static int json_verdict(struct json *j, const char *result, const char *why, int ret)
{
	json_end(j); /* "clocks" */
	json_kstr(j, "result", result);
	json_kstr(j, "why", why);
	json_finish(j);
	return ret;
}

/*
 * A signal ended the comparisons: the clocks compared before it stay, the one it cut is left
 * out (no partial line).  A clock seen out of order first still fails (exit 1).
 */
static int mirror_interrupted(const struct mirror_opts *o, struct json *j, bool ok)
{
	char why[64];

	snprintf(why, sizeof(why), "interrupted by %s", tksim_signal_name(tksim_signal_caught()));
	if (o->json)
		return json_verdict(j, ok ? "interrupted" : "fail", why,
				    ok ? TKSIM_EXIT_INTERRUPTED : TKSIM_EXIT_VIOLATION);
	if (!ok) {
		printf("FAIL: some tksim reads were outside the host's bracket (then %s)\n", why);
		return TKSIM_EXIT_VIOLATION;
	}
	printf("INTERRUPTED by %s: every tksim read so far lay between the host's; the clocks "
	       "not listed were not compared\n",
	       tksim_signal_name(tksim_signal_caught()));
	return TKSIM_EXIT_INTERRUPTED;
}

/**
 * cmd_mirror() - `tksim mirror`
 * @argc: argument count (argv[0] is "mirror")
 * @argv: arguments
 *
 * Return: exit status.
 */
int cmd_mirror(int argc, char **argv)
{
	static const s32 coarse_clocks[] = { TK_CLOCK_REALTIME_COARSE, TK_CLOCK_MONOTONIC_COARSE };
	static const s32 hres_clocks[] = { TK_CLOCK_REALTIME, TK_CLOCK_MONOTONIC,
					   TK_CLOCK_MONOTONIC_RAW, TK_CLOCK_BOOTTIME,
					   TK_CLOCK_TAI };
	const struct vdso_clock *hres, *raw;
	struct cmd_mirror_aux aux;
	struct mirror_opts o;
	unsigned long vclock_start;
	struct cmd_mirror_page p;
	struct utsname u;
	struct mirror m;
	struct json j;
	bool ok, aux_ok;
	int ret;

	setvbuf(stdout, NULL, _IOLBF, 0);
	ret = parse_mirror_opts(argc, argv, &o);
	if (!ret)
		ret = open_page(&o, &u, &m, &p, &vclock_start);
	if (ret)
		return ret;
	hres = &p.group[CS_HRES_COARSE];
	raw = &p.group[CS_RAW];
	cmd_mirror_aux_probe(&m, &aux);

	if (o.json) {
		json_begin(&j, stdout);
		json_kstr(&j, "tool", "tksim mirror");
		json_kstr(&j, "version", PACKAGE_VERSION);
		cmd_mirror_json_page(&j, &p);
		cmd_mirror_aux_json(&j, &aux);
		json_ku64(&j, "samples_per_clock", o.dump ? 0 : o.samples);
		json_arr(&j, "clocks");
		if (o.dump)
			return json_verdict(&j, "dump", NULL, TKSIM_EXIT_OK);
	} else {
		printf("# tksim mirror: kernel %s, [vvar] at 0x%lx (%lu KiB), layout %s, TSC read "
		       "%s\n",
		       p.release, p.vvar, p.vvar_kib, mirror_layout_name(p.layout),
		       sim_tsc_insn_name(p.insn));
		if (o.dump) {
			cmd_mirror_print_dump(stdout, &p);
			return TKSIM_EXIT_OK;
		}
		print_group("HRES_COARSE", hres);
		print_group("RAW", raw);
		cmd_mirror_aux_print(stdout, &aux);
		printf("# host clock_gettime() before <= tksim <= host clock_gettime() after:\n");
	}

	/* INT, TERM, HUP, USR1, USR2 stop the samples: the clocks so far, exit 130. */
	tksim_signals_catch();
	ok = compare_clocks(&m, coarse_clocks, sizeof(coarse_clocks) / sizeof(coarse_clocks[0]), &o,
			    &j);
	aux_ok = cmd_mirror_aux_agree(&aux);
	if (tksim_signal_caught())
		return mirror_interrupted(&o, &j, ok);
	if (hres->clock_mode == MIRROR_MODE_PVCLOCK && raw->clock_mode == MIRROR_MODE_PVCLOCK &&
	    m.pvti && mirror_vread_pvclock(&m) != U64_MAX) {
		if (!o.json)
			printf("# counter: kvm-clock ns from vCPU 0's pvclock entry at 0x%lx "
			       "([vvar_vclock]) and the TSC\n",
			       vclock_start);
	} else if (hres->clock_mode != MIRROR_MODE_TSC || raw->clock_mode != MIRROR_MODE_TSC) {
		char why[320];

		snprintf(why, sizeof(why),
			 "the host's clock mode is %s, not TSC: its vDSO reads the %s, which tksim "
			 "does not model, so REALTIME, MONOTONIC, MONOTONIC_RAW, BOOTTIME and TAI "
			 "cannot be mirrored here",
			 mirror_mode_name(hres->clock_mode),
			 hres->clock_mode == MIRROR_MODE_PVCLOCK
				 ? "paravirtual clock page (no [vvar_vclock] mapping, or not "
				   "flagged "
				   "TSC-stable)"
			 : hres->clock_mode == MIRROR_MODE_HVCLOCK ? "Hyper-V reference page"
								   : "kernel through the syscall");
		ret = ok && aux_ok ? MIRROR_EXIT_SKIP : TKSIM_EXIT_VIOLATION;
		if (o.json)
			return json_verdict(&j, ret == MIRROR_EXIT_SKIP ? "skip" : "fail",
					    !ok	     ? "the coarse clocks were not all in order"
					    : aux_ok ? why
						     : AUX_DISAGREE,
					    ret);
		printf("SKIP: %s\n", why);
		if (!ok)
			printf("FAIL: the coarse clocks were not all in order\n");
		if (!aux_ok)
			printf("FAIL: %s\n", AUX_DISAGREE);
		return ret;
	}
	ok &= compare_clocks(&m, hres_clocks, sizeof(hres_clocks) / sizeof(hres_clocks[0]), &o, &j);
	ok &= compare_aux(&m, &aux, &o, &j);
	if (tksim_signal_caught())
		return mirror_interrupted(&o, &j, ok);
	ret = ok && aux_ok ? TKSIM_EXIT_OK : TKSIM_EXIT_VIOLATION;
	if (o.json)
		return json_verdict(&j, ret ? "fail" : "pass",
				    !ok	      ? "some tksim reads were outside the host's bracket"
				    : !aux_ok ? AUX_DISAGREE
				    : aux.why[0] ? aux.why
						 : NULL,
				    ret);
	if (aux.why[0])
		printf("aux clocks: SKIP: %s\n", aux.why);
	if (!aux_ok)
		printf("FAIL: %s\n", AUX_DISAGREE);
	printf("%s\n", ok ? "PASS: every tksim read lay between the host's"
			  : "FAIL: some tksim reads were outside the host's bracket");
	return ret;
}
