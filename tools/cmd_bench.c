// SPDX-License-Identifier: GPL-2.0
// tksim's own: `tksim bench`, the read-path numbers of the kernel threads beside the host's.
/*
 * Input: options (batches, calls, CPU, --quick, --json).  Output: for every
 * clock and for gettimeofday, time and clock_getres, the per-call time of
 * each read path (the simulated vDSO on the real TSC with each read
 * instruction and on the synthetic counter, the historical variants, the
 * simulated fallback, the host's libc, vDSO and syscall), which path each
 * call took, ratios against the host vDSO and the bare counter read, the
 * threads' ratios, the engine's speed and the targets.  Exit 0 whatever the
 * numbers (targets are reported, not asserted); 2 for bad usage.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "tools/bench_common.h"
#include "tools/options.h"
#include "tools/tksim.h"

/* The rows, in vdsotest's names. */
const struct bench_api bench_apis[BENCH_NR_APIS] = {
	{ "clock-gettime-realtime", BENCH_GETTIME, TK_CLOCK_REALTIME },
	{ "clock-gettime-monotonic", BENCH_GETTIME, TK_CLOCK_MONOTONIC },
	{ "clock-gettime-monotonic-raw", BENCH_GETTIME, TK_CLOCK_MONOTONIC_RAW },
	{ "clock-gettime-realtime-coarse", BENCH_GETTIME, TK_CLOCK_REALTIME_COARSE },
	{ "clock-gettime-monotonic-coarse", BENCH_GETTIME, TK_CLOCK_MONOTONIC_COARSE },
	{ "clock-gettime-boottime", BENCH_GETTIME, TK_CLOCK_BOOTTIME },
	{ "clock-gettime-tai", BENCH_GETTIME, TK_CLOCK_TAI },
	{ "gettimeofday", BENCH_GETTIMEOFDAY, TK_CLOCK_REALTIME },
	{ "time", BENCH_TIME, TK_CLOCK_REALTIME },
	{ "clock-getres-realtime", BENCH_GETRES, TK_CLOCK_REALTIME },
	{ "clock-getres-monotonic", BENCH_GETRES, TK_CLOCK_MONOTONIC },
	{ "clock-getres-monotonic-raw", BENCH_GETRES, TK_CLOCK_MONOTONIC_RAW },
	{ "clock-getres-realtime-coarse", BENCH_GETRES, TK_CLOCK_REALTIME_COARSE },
	{ "clock-getres-monotonic-coarse", BENCH_GETRES, TK_CLOCK_MONOTONIC_COARSE },
	{ "clock-getres-boottime", BENCH_GETRES, TK_CLOCK_BOOTTIME },
	{ "clock-getres-tai", BENCH_GETRES, TK_CLOCK_TAI },
};

const char *const bench_impl_names[IMPL_MAX] = {
	[IMPL_SIM_LFENCE] = "sim-vdso-lfence",
	[IMPL_SIM_RDTSCP] = "sim-vdso-rdtscp",
	[IMPL_SIM_RDTSC] = "sim-vdso-rdtsc",
	[IMPL_SIM_SYNTH] = "sim-vdso-synthetic",
	[IMPL_V416] = "sim-v4.16",
	[IMPL_V416_RETPOLINE] = "sim-v4.16-retpoline",
	[IMPL_V416_SEED] = "sim-v4.16-seed",
	[IMPL_MONO_ENTRY] = "sim-mono-entry",
	[IMPL_VDSO32] = "sim-vdso32",
	[IMPL_SIM_FALLBACK] = "sim-fallback",
	[IMPL_SIM_SYSCALL] = "sim-fallback+syscall",
	[IMPL_HOST_LIBC] = "host-libc",
	[IMPL_HOST_VDSO] = "host-vdso",
	[IMPL_HOST_SYSCALL] = "host-syscall",
};

const char *const bench_impl_short[IMPL_MAX] = {
	[IMPL_SIM_LFENCE] = "lfence",  [IMPL_SIM_RDTSCP] = "rdtscp",
	[IMPL_SIM_RDTSC] = "rdtsc",    [IMPL_SIM_SYNTH] = "synth",
	[IMPL_V416] = "v4.16",	       [IMPL_V416_RETPOLINE] = "v416rp",
	[IMPL_V416_SEED] = "v416sd",   [IMPL_MONO_ENTRY] = "mono",
	[IMPL_VDSO32] = "vdso32",      [IMPL_SIM_FALLBACK] = "fallbk",
	[IMPL_SIM_SYSCALL] = "fb+sys", [IMPL_HOST_LIBC] = "h-libc",
	[IMPL_HOST_VDSO] = "h-vdso",   [IMPL_HOST_SYSCALL] = "h-sys",
};

const char *const bench_counter_names[COUNTER_MAX] = {
	[COUNTER_LFENCE] = "lfence-rdtsc",
	[COUNTER_RDTSCP] = "rdtscp",
	[COUNTER_RDTSC] = "rdtsc",
	[COUNTER_SYNTH] = "synthetic-page",
};

/** bench_path_name() - "vdso", "fallback", "syscall" or "-". */
const char *bench_path_name(enum bench_path p)
{
	switch (p) {
	case PATH_VDSO:
		return "vdso";
	case PATH_FALLBACK:
		return "fallback";
	case PATH_SYSCALL:
		return "syscall";
	default:
		return "-";
	}
}

/* State of one run, in one place. */
struct bench_opts {
	u32 batches;
	u32 calls;
	u32 warmup;
	int cpu;
	bool quick;
	bool json;
	u64 engine_ns;
};

static void bench_help(void)
{
	printf("usage: tksim bench [OPTIONS]\n\n"
	       "Measure the clock read paths the kernel threads argued about, on this\n"
	       "machine, in one run: for the seven clocks and for gettimeofday, time and\n"
	       "clock_getres, the simulated vDSO (real TSC read with lfence;rdtsc, rdtscp\n"
	       "or rdtsc, and the synthetic counter), the historical paths (v4.16 switch,\n"
	       "with retpolines, with the seed patches; a dedicated MONOTONIC entry; the\n"
	       "32-bit functions), the simulated fallback (with and without a real\n"
	       "syscall's entry), and the host's libc, vDSO and syscall.  Each number is\n"
	       "the per-call time of a batch (batch time / calls, host CLOCK_MONOTONIC),\n"
	       "p50 and p99 over the batches, after a warm-up.  Then ratios against the\n"
	       "host vDSO and a bare lfence;rdtsc, the threads' ratios, the speed of the\n"
	       "deterministic engine (HZ=1000, NTP daemon model on) and the targets.\n\n"
	       "Options:\n"
	       "  --batches N   batches per measurement, 1..1024 (default 100; --quick 20)\n"
	       "  --calls N     calls per batch, 1..10000000 (default 1000; --quick 100)\n"
	       "  --warmup N    unmeasured batches first, 0..1000 (default 3; --quick 1)\n"
	       "  --cpu N       pin to CPU N first (default: not pinned)\n"
	       "  --engine D    virtual time for the engine benchmark: 1d, 6h, 600s; 0 skips\n"
	       "                it (default 1d; --quick 10m)\n"
	       "  --quick       a short run for CI smoke tests (a few seconds)\n"
	       "  --json        one JSON object instead of the text report\n"
	       "  --help        this text\n\n"
	       "Exit status: 0 (the numbers are reported, never judged), 2 bad usage.\n");
}

/* A whole number in [lo, hi] for option @opt; 0, or the usage error's exit status. */
static int parse_range(const char *opt, const char *arg, u64 lo, u64 hi, u64 *out)
{
	if (tksim_parse_u64(arg, out) || *out < lo || *out > hi)
		return tksim_usage_error("bench", "%s must be %" PRIu64 "..%" PRIu64 ", not '%s'",
					 opt, lo, hi, arg);
	return 0;
}

static int parse_bench_opts(int argc, char **argv, struct bench_opts *o)
{
	static const struct tksim_option bench_options[] = {
		{ "batches", 'b', TKSIM_OPT_VALUE },
		{ "calls", 'c', TKSIM_OPT_VALUE },
		{ "warmup", 'w', TKSIM_OPT_VALUE },
		{ "cpu", 'C', TKSIM_OPT_VALUE },
		{ "engine", 'e', TKSIM_OPT_VALUE },
		{ "quick", 'q', 0 },
		{ "json", 'j', 0 },
		{ "help", 'h', TKSIM_OPT_CMDLINE },
		{ NULL, 0, 0 },
	};
	struct tksim_optset opts = { .cmd = "bench", .table = bench_options };
	struct tksim_optiter it;
	const char *optarg; /* the option's value, named as getopt's was */
	u64 batches = 0, calls = 0, warmup = 0, engine = 0, v;
	bool have_b = false, have_c = false, have_w = false, have_e = false;
	int c;

	*o = (struct bench_opts){ .cpu = -1 };
	tksim_opt_begin(&it, &opts, argc, argv);
	while ((c = tksim_opt_next(&it)) > 0) {
		optarg = it.value;
		switch (c) {
		case 'b':
			if (parse_range("--batches", optarg, 1, 1024, &batches))
				return TKSIM_EXIT_USAGE;
			have_b = true;
			break;
		case 'c':
			if (parse_range("--calls", optarg, 1, 10000000, &calls))
				return TKSIM_EXIT_USAGE;
			have_c = true;
			break;
		case 'w':
			if (parse_range("--warmup", optarg, 0, 1000, &warmup))
				return TKSIM_EXIT_USAGE;
			have_w = true;
			break;
		case 'C':
			if (tksim_parse_u64(optarg, &v) || v >= CPU_SETSIZE)
				return tksim_usage_error("bench", "bad --cpu '%s'", optarg);
			o->cpu = (int)v;
			break;
		case 'e':
			if (tksim_parse_duration_ns(optarg, &engine) ||
			    engine > 3650ULL * 86400 * NSEC_PER_SEC)
				return tksim_usage_error("bench", "bad --engine '%s'", optarg);
			have_e = true;
			break;
		case 'q':
			o->quick = true;
			break;
		case 'j':
			o->json = true;
			break;
		case 'h':
			bench_help();
			exit(TKSIM_EXIT_OK);
		default:
			return tksim_usage_error("bench", "unknown option");
		}
	}
	if (c < 0)
		return TKSIM_EXIT_USAGE;
	o->batches = (u32)(have_b ? batches : o->quick ? 20 : 100);
	o->calls = (u32)(have_c ? calls : o->quick ? 100 : 1000);
	o->warmup = (u32)(have_w ? warmup : o->quick ? 1 : 3);
	o->engine_ns = have_e ? engine : (o->quick ? 600ULL : 86400ULL) * NSEC_PER_SEC;
	if (o->cpu >= 0) {
		cpu_set_t set;

		CPU_ZERO(&set);
		CPU_SET(o->cpu, &set);
		if (sched_setaffinity(0, sizeof(set), &set))
			return tksim_usage_error("bench", "cannot run on CPU %d: %s", o->cpu,
						 strerror(errno));
	}
	return 0;
}

/* The first line of @path without its newline, or @def. */
static void read_line(const char *path, char *buf, size_t n, const char *def)
{
	FILE *f = fopen(path, "r");

	snprintf(buf, n, "%s", def);
	if (!f)
		return;
	if (fgets(buf, (int)n, f))
		buf[strcspn(buf, "\n")] = 0;
	else
		snprintf(buf, n, "%s", def);
	fclose(f);
}

static void probe_machine(struct bench_machine *m)
{
	struct utsname u;
	char line[1024];
	FILE *f;

	snprintf(m->cpu, sizeof(m->cpu), "unknown");
	f = fopen("/proc/cpuinfo", "r");
	if (f) {
		bool have_model = false;

		while (fgets(line, sizeof(line), f)) {
			char *colon = strchr(line, ':');

			if (!colon)
				continue;
			if (!have_model && !strncmp(line, "model name", 10)) {
				snprintf(m->cpu, sizeof(m->cpu), "%s", colon + 2);
				m->cpu[strcspn(m->cpu, "\n")] = 0;
				have_model = true;
			} else if (!strncmp(line, "flags", 5) && strstr(colon, " hypervisor")) {
				m->hypervisor = true;
			}
		}
		fclose(f);
	}
	snprintf(m->kernel, sizeof(m->kernel), "%s", uname(&u) ? "unknown" : u.release);
	read_line("/sys/devices/system/clocksource/clocksource0/current_clocksource",
		  m->clocksource, sizeof(m->clocksource), "unknown");
	m->rdtscp = sim_tsc_insn_supported(VDSO_TSC_RDTSCP);
	m->retpoline_built = vclock_v416_retpoline_built();
}

/*
 * The host vDSO's entry points: x86-64 names them __vdso_* in version
 * LINUX_2.6, arm64 __kernel_* in LINUX_2.6.39 (tools/testing/selftests/vDSO/
 * vdso_config.h).  time() has no arm64 entry.
 */
static void setup_host(struct bench_host *h, struct bench_machine *m)
{
	static const struct {
		const char *version, *gettime, *gtod, *time, *getres;
	} abi[] = {
		{ "LINUX_2.6", "__vdso_clock_gettime", "__vdso_gettimeofday", "__vdso_time",
		  "__vdso_clock_getres" },
		{ "LINUX_2.6.39", "__kernel_clock_gettime", "__kernel_gettimeofday", "-",
		  "__kernel_clock_getres" },
	};

	memset(h, 0, sizeof(*h));
	if (tk_vdso_init_self(&h->vdso))
		return;
	m->host_vdso = true;
	for (size_t i = 0; i < sizeof(abi) / sizeof(abi[0]) && !h->clock_gettime; i++) {
		const struct tk_vdso *v = &h->vdso;

		h->clock_gettime = (int (*)(clockid_t, struct timespec *))tk_vdso_sym(
			v, abi[i].version, abi[i].gettime);
		h->gettimeofday = (int (*)(struct timeval *, void *))tk_vdso_sym(v, abi[i].version,
										 abi[i].gtod);
		h->time = (time_t(*)(time_t *))tk_vdso_sym(v, abi[i].version, abi[i].time);
		h->clock_getres = (int (*)(clockid_t, struct timespec *))tk_vdso_sym(
			v, abi[i].version, abi[i].getres);
	}
}

static bool host_has(const struct bench_host *h, enum bench_kind kind)
{
	switch (kind) {
	case BENCH_GETTIME:
		return h->clock_gettime;
	case BENCH_GETTIMEOFDAY:
		return h->gettimeofday;
	case BENCH_TIME:
		return h->time;
	default:
		return h->clock_getres;
	}
}

/* Boot the systems: the synthetic one always, the TSC one where the TSC works. */
static int setup_systems(struct bench_target *t, struct bench_machine *m)
{
	struct sim_config cfg;
	u64 hz;
	int err;

	sim_config_default(&cfg);
	t->synth = sim_system_new(&cfg, &err);
	if (!t->synth)
		return err;
	/* One second and a bit: mid-tick, so the counter is past cycle_last. */
	sim_advance_ns(t->synth, NSEC_PER_SEC + 300 * NSEC_PER_USEC);

	if (sim_tsc_insn_supported(VDSO_TSC_LFENCE) && sim_tsc_calibrate(&hz) == 0) {
		t->tsc = aligned_alloc(64, sizeof(*t->tsc));
		if (t->tsc && sim_tsc_system_init_hz(t->tsc, VDSO_TSC_LFENCE, hz, NULL) == 0) {
			m->tsc = true;
			m->tsc_hz = hz;
		} else {
			free(t->tsc);
			t->tsc = NULL;
		}
	}
	t->k = t->tsc ? &t->tsc->k : &t->synth->k;
	t->g = aligned_alloc(64, sizeof(*t->g));
	if (!t->g)
		return -ENOMEM;
	return timekeeping_enable_vsyscall_v416(t->k, t->g);
}

static void free_systems(struct bench_target *t)
{
	if (t->g)
		timekeeping_enable_vsyscall_v416(t->k, NULL);
	free(t->g);
	if (t->tsc) {
		sim_tsc_system_destroy(t->tsc);
		free(t->tsc);
	}
	sim_system_free(t->synth);
}

static bool impl_uses_tsc_system(enum bench_impl impl)
{
	return impl == IMPL_SIM_LFENCE || impl == IMPL_SIM_RDTSCP || impl == IMPL_SIM_RDTSC;
}

static bool impl_is_sim(enum bench_impl impl)
{
	return impl < IMPL_HOST_LIBC;
}

/*
 * Point the TSC system at a read instruction, on both sides as
 * ALTERNATIVE_2 patches both, tick (the tick publishes a fresh page when
 * an interval has passed), and republish the v4.16 page, which copies the
 * instruction.
 */
static void prepare_tsc(struct bench_target *t, u32 insn)
{
	if (!t->tsc)
		return;
	t->tsc->tsc.insn = insn;
	t->tsc->k.vdata.arch_data.tsc_insn = insn;
	update_wall_time(&t->tsc->k);
	timekeeping_enable_vsyscall_v416(t->k, t->g);
}

/* The kernel-side value of a row on @k (ns; getres in ns; time in s * 1e9). */
static __int128 kernel_side_ns(const struct tk_kernel *k, const struct bench_api *api)
{
	struct timespec64 ts = { 0 };
	struct tk_timeval tv = { 0 };

	switch (api->kind) {
	case BENCH_GETTIME:
		tk_sys_clock_gettime(k, api->clock, &ts);
		return ts_to_ns(&ts);
	case BENCH_GETTIMEOFDAY:
		tk_sys_gettimeofday(k, &tv, NULL);
		return (__int128)tv.tv_sec * NSEC_PER_SEC + (__int128)tv.tv_usec * NSEC_PER_USEC;
	case BENCH_TIME:
		return (__int128)tk_sys_time(k) * NSEC_PER_SEC;
	default:
		tk_sys_clock_getres(k, api->clock, &ts);
		return ts_to_ns(&ts);
	}
}

/* Seconds added to every vvar base while probing: far beyond any read's own motion. */
#define PROBE_SEC (1ULL << 24)
/* ns added to both resolutions while probing. */
#define PROBE_RES_NS 1000

static void mark_pages(struct tk_kernel *k, struct vsyscall_gtod_data *g)
{
	for (int cs = 0; cs < CS_BASES; cs++)
		for (int i = 0; i < VDSO_BASES; i++)
			k->vdata.clock_data[cs].basetime[i].sec += PROBE_SEC;
	k->vdata.hrtimer_res += PROBE_RES_NS;
	k->vdata.arch_data.low_res_nsec += PROBE_RES_NS;
	if (g && k->gtod_v416 == g) {
		g->wall_time_sec += PROBE_SEC;
		g->monotonic_time_sec += PROBE_SEC;
		g->wall_time_coarse_sec += PROBE_SEC;
		g->monotonic_time_coarse_sec += PROBE_SEC;
		g->raw_time_sec += PROBE_SEC;
		g->tai_time_sec += PROBE_SEC;
	}
}

/*
 * Which way a simulated read path goes for a row, observed rather than
 * assumed: every base of the vvar pages is moved PROBE_SEC ahead (and the
 * resolutions PROBE_RES_NS up) while the kernel-side state stays as it
 * is; one call then shows the shift if it read the page, and agrees with
 * the kernel if it took the fallback.
 */
static enum bench_path probe_sim_path(struct bench_target *t, enum bench_impl impl,
				      bench_loop_fn *fn)
{
	struct tk_kernel *k = impl == IMPL_SIM_SYNTH	   ? &t->synth->k
			      : impl_uses_tsc_system(impl) ? &t->tsc->k
							   : t->k;
	struct vdso_time_data saved_vd = k->vdata;
	struct vsyscall_gtod_data saved_g = *t->g;
	__int128 got, ref, diff;

	mark_pages(k, t->g);
	fn(t, 1);
	got = t->last_ns;
	k->vdata = saved_vd;
	*t->g = saved_g;
	ref = kernel_side_ns(k, t->api);
	diff = got - ref;
	if (t->api->kind == BENCH_GETRES)
		return diff == PROBE_RES_NS ? PATH_VDSO : PATH_FALLBACK;
	return diff > (__int128)(PROBE_SEC / 2) * NSEC_PER_SEC ? PATH_VDSO : PATH_FALLBACK;
}

/* Why @impl cannot run here (NULL: it can). */
static const char *impl_unavailable(const struct bench_target *t, const struct bench_machine *m,
				    enum bench_impl impl, const struct bench_api *api)
{
	if (impl_uses_tsc_system(impl) && !t->tsc)
		return "no usable TSC";
	if (impl == IMPL_SIM_RDTSCP && !m->rdtscp)
		return "CPU lacks rdtscp";
	if (impl == IMPL_HOST_VDSO && !host_has(&t->host, api->kind))
		return "no host vDSO symbol";
	return NULL;
}

static void run_matrix(struct bench_target *t, struct bench_report *r)
{
	for (unsigned int a = 0; a < BENCH_NR_APIS; a++) {
		const struct bench_api *api = &bench_apis[a];

		t->api = api;
		for (int i = 0; i < IMPL_MAX; i++) {
			enum bench_impl impl = (enum bench_impl)i;
			struct bench_cell *c = &r->cell[a][i];
			bench_loop_fn *fn = bench_loop_for(impl, api->kind);

			if (!bench_impl_serves(impl, api))
				continue;
			c->why = impl_unavailable(t, &r->m, impl, api);
			if (c->why)
				continue;
			prepare_tsc(t, impl == IMPL_SIM_RDTSCP	? VDSO_TSC_RDTSCP
				       : impl == IMPL_SIM_RDTSC ? VDSO_TSC_BARE
								: VDSO_TSC_LFENCE);
			c->path = impl_is_sim(impl) ? probe_sim_path(t, impl, fn) : PATH_NONE;
			bench_measure(fn, t, r->batches, r->calls, r->warmup, &c->st);
			c->measured = true;
		}
		/* The host's path, from its cost: a vDSO call is far below a syscall. */
		for (int i = IMPL_HOST_LIBC; i <= IMPL_HOST_SYSCALL; i++) {
			struct bench_cell *c = &r->cell[a][i];
			const struct bench_cell *sys = &r->cell[a][IMPL_HOST_SYSCALL];

			if (!c->measured)
				continue;
			if (i == IMPL_HOST_SYSCALL)
				c->path = PATH_SYSCALL;
			else if (sys->measured)
				c->path = c->st.p50 < 0.5 * sys->st.p50 ? PATH_VDSO : PATH_FALLBACK;
		}
	}
	prepare_tsc(t, VDSO_TSC_LFENCE);
}

static void run_counters(struct bench_target *t, struct bench_report *r)
{
	for (int i = 0; i < COUNTER_MAX; i++) {
		struct bench_cell *c = &r->counter[i];

		if (i != COUNTER_SYNTH &&
		    !sim_tsc_insn_supported(i == COUNTER_RDTSCP ? VDSO_TSC_RDTSCP
								: VDSO_TSC_LFENCE)) {
			c->why = i == COUNTER_RDTSCP ? "CPU lacks rdtscp" : "no TSC";
			continue;
		}
		bench_measure(bench_counter_loop((enum bench_counter)i), t, r->batches, r->calls,
			      r->warmup, &c->st);
		c->measured = true;
	}
}

/* Bring the CPU out of idle and to its working frequency before the first number. */
static void warm_up_cpu(struct bench_target *t, u64 ns)
{
	u64 end = bench_now_ns() + ns;

	while (bench_now_ns() < end)
		bench_counter_loop(COUNTER_SYNTH)(t, 10000);
}

/**
 * cmd_bench() - `tksim bench`
 * @argc: argument count (argv[0] is "bench")
 * @argv: arguments
 *
 * Return: exit status.
 */
int cmd_bench(int argc, char **argv)
{
	struct bench_target t = { 0 };
	struct bench_report *r;
	struct bench_opts o;
	u64 t0 = bench_now_ns();
	int ret;

	ret = parse_bench_opts(argc, argv, &o);
	if (ret)
		return ret;
	r = calloc(1, sizeof(*r));
	if (!r)
		return tksim_usage_error("bench", "out of memory");
	r->batches = o.batches;
	r->calls = o.calls;
	r->warmup = o.warmup;
	r->m.cpu_pinned = o.cpu;
	probe_machine(&r->m);
	setup_host(&t.host, &r->m);
	ret = setup_systems(&t, &r->m);
	if (ret) {
		free_systems(&t);
		free(r);
		return tksim_usage_error("bench", "cannot boot the simulated systems: %s",
					 strerror(-ret));
	}

	warm_up_cpu(&t, (o.quick ? 10 : 100) * NSEC_PER_MSEC);
	run_counters(&t, r);
	run_matrix(&t, r);
	if (o.engine_ns) {
		ret = bench_engine(o.engine_ns, 1000, &r->engine);
		r->engine_run = ret == 0;
	}
	r->wall_s = (double)(bench_now_ns() - t0) * 1e-9;

	if (o.json)
		bench_print_json(stdout, r);
	else
		bench_print_text(stdout, r);
	free_systems(&t);
	free(r);
	return TKSIM_EXIT_OK;
}
