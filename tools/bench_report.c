// SPDX-License-Identifier: GPL-2.0
// tksim's own: the text and JSON reports of `tksim bench`.
/*
 * Everything printed is computed from one struct bench_report, so the
 * tables, the ratios, the threads' comparisons and the targets all come
 * from the same run.  The threads' numbers quoted here are the ones the
 * issue cites; docs/benchmarks.md gives their sources.
 */
#include "tools/bench_common.h"

#include <math.h>
#include <string.h>

#include "config.h"
#include "tools/json.h"

/* The row of a (kind, clock) pair, or -1. */
static int api_index(enum bench_kind kind, s32 clock)
{
	for (int a = 0; a < BENCH_NR_APIS; a++)
		if (bench_apis[a].kind == kind &&
		    (kind == BENCH_GETTIMEOFDAY || kind == BENCH_TIME ||
		     bench_apis[a].clock == clock))
			return a;
	return -1;
}

/* p50 of a cell, NAN if it was not measured. */
static double p50_of(const struct bench_report *r, int a, enum bench_impl i)
{
	if (a < 0 || !r->cell[a][i].measured)
		return NAN;
	return r->cell[a][i].st.p50;
}

static double counter_p50(const struct bench_report *r, enum bench_counter c)
{
	return r->counter[c].measured ? r->counter[c].st.p50 : NAN;
}

/**
 * struct seed_ratios - the threads' comparisons, measured here
 * @raw_fb:       MONOTONIC_RAW through sim-fallback+syscall (ns)
 * @raw_vdso:     MONOTONIC_RAW through sim-vdso-lfence (ns)
 * @raw_v416:     MONOTONIC_RAW through v4.16 (the simulated fallback before the seed
 *                patches, ns; no syscall entry in it)
 * @raw_entry:    a real syscall's entry and exit: sim-fallback+syscall - sim-fallback (ns)
 * @raw_v416seed: MONOTONIC_RAW through v4.16 with the seed patches (ns)
 * @raw_hsys:     MONOTONIC_RAW host syscall (ns)
 * @raw_hvdso:    MONOTONIC_RAW host vDSO (ns)
 * @rt_rdtsc:     REALTIME through sim-vdso-rdtsc (ns)
 * @rt_lfence:    REALTIME through sim-vdso-lfence (ns)
 * @bare_rdtsc:   bare rdtsc loop (ns)
 * @bare_lfence:  bare lfence;rdtsc loop (ns)
 * @mono_rp:      MONOTONIC, v4.16 jump table behind a retpoline (ns)
 * @mono_switch:  MONOTONIC, v4.16 switch (ns)
 * @mono_array:   MONOTONIC, basetime[] (the current path, lfence) (ns)
 * @mono_entry:   MONOTONIC, dedicated entry (ns)
 * @coarse_rp:    MONOTONIC_COARSE, v4.16 jump table behind a retpoline (ns): no counter
 *                read, so the retpoline's own cost shows
 * @coarse_switch: MONOTONIC_COARSE, v4.16 switch (ns)
 * @v32_sim_lo:   smallest sim-fallback+syscall / sim-vdso32 over the 32-bit rows
 * @v32_sim_hi:   largest
 * @v32_host_lo:  smallest host-syscall / sim-vdso32
 * @v32_host_hi:  largest
 */
struct seed_ratios {
	double raw_fb, raw_vdso, raw_v416, raw_entry, raw_v416seed, raw_hsys, raw_hvdso;
	double rt_rdtsc, rt_lfence, bare_rdtsc, bare_lfence;
	double mono_rp, mono_switch, mono_array, mono_entry, coarse_rp, coarse_switch;
	double v32_sim_lo, v32_sim_hi, v32_host_lo, v32_host_hi;
};

static void compute_seed(const struct bench_report *r, struct seed_ratios *s)
{
	int raw = api_index(BENCH_GETTIME, TK_CLOCK_MONOTONIC_RAW);
	int rt = api_index(BENCH_GETTIME, TK_CLOCK_REALTIME);
	int mono = api_index(BENCH_GETTIME, TK_CLOCK_MONOTONIC);
	int coarse = api_index(BENCH_GETTIME, TK_CLOCK_MONOTONIC_COARSE);

	s->raw_fb = p50_of(r, raw, IMPL_SIM_SYSCALL);
	s->raw_vdso = p50_of(r, raw, IMPL_SIM_LFENCE);
	s->raw_v416 = p50_of(r, raw, IMPL_V416);
	s->raw_entry = s->raw_fb - p50_of(r, raw, IMPL_SIM_FALLBACK);
	s->raw_v416seed = p50_of(r, raw, IMPL_V416_SEED);
	s->raw_hsys = p50_of(r, raw, IMPL_HOST_SYSCALL);
	s->raw_hvdso = p50_of(r, raw, IMPL_HOST_VDSO);
	s->rt_rdtsc = p50_of(r, rt, IMPL_SIM_RDTSC);
	s->rt_lfence = p50_of(r, rt, IMPL_SIM_LFENCE);
	s->bare_rdtsc = counter_p50(r, COUNTER_RDTSC);
	s->bare_lfence = counter_p50(r, COUNTER_LFENCE);
	s->mono_rp = p50_of(r, mono, IMPL_V416_RETPOLINE);
	s->mono_switch = p50_of(r, mono, IMPL_V416);
	s->mono_array = p50_of(r, mono, IMPL_SIM_LFENCE);
	s->mono_entry = p50_of(r, mono, IMPL_MONO_ENTRY);
	s->coarse_rp = p50_of(r, coarse, IMPL_V416_RETPOLINE);
	s->coarse_switch = p50_of(r, coarse, IMPL_V416);
	s->v32_sim_lo = s->v32_host_lo = INFINITY;
	s->v32_sim_hi = s->v32_host_hi = -INFINITY;
	for (int a = 0; a < BENCH_NR_APIS; a++) {
		double v32 = p50_of(r, a, IMPL_VDSO32), q;

		/* Only rows the 32-bit vDSO serves itself compare the vDSO with a syscall. */
		if (isnan(v32) || r->cell[a][IMPL_VDSO32].path != PATH_VDSO)
			continue;
		q = p50_of(r, a, IMPL_SIM_SYSCALL) / v32;
		if (!isnan(q)) {
			s->v32_sim_lo = fmin(s->v32_sim_lo, q);
			s->v32_sim_hi = fmax(s->v32_sim_hi, q);
		}
		q = p50_of(r, a, IMPL_HOST_SYSCALL) / v32;
		if (!isnan(q)) {
			s->v32_host_lo = fmin(s->v32_host_lo, q);
			s->v32_host_hi = fmax(s->v32_host_hi, q);
		}
	}
	if (isinf(s->v32_sim_lo))
		s->v32_sim_lo = s->v32_sim_hi = NAN;
	if (isinf(s->v32_host_lo))
		s->v32_host_lo = s->v32_host_hi = NAN;
}

/**
 * struct target_res - one of the targets, measured
 * @name:   what is measured
 * @value:  the measured value
 * @limit:  the target
 * @unit:   of both
 * @cmp:    "<=", "<" or ">=": how @value must compare with @limit
 * @avail:  it could be measured here
 * @detail: the numbers it came from
 */
struct target_res {
	const char *name;
	double value;
	double limit;
	const char *unit;
	const char *cmp;
	bool avail;
	char detail[112];
};

static bool target_met(const struct target_res *t)
{
	if (!t->avail)
		return false;
	if (!strcmp(t->cmp, "<"))
		return t->value < t->limit;
	if (!strcmp(t->cmp, "<="))
		return t->value <= t->limit;
	return t->value >= t->limit;
}

enum { TGT_HOST_RATIO, TGT_ABOVE_BARE, TGT_SYNTH, TGT_ENGINE, TGT_MAX };

static void compute_targets(const struct bench_report *r, struct target_res *t)
{
	int mono = api_index(BENCH_GETTIME, TK_CLOCK_MONOTONIC);
	double sim = p50_of(r, mono, IMPL_SIM_LFENCE), host = p50_of(r, mono, IMPL_HOST_VDSO);
	double bare = counter_p50(r, COUNTER_LFENCE), worst = -1;
	const char *worst_name = "";

	t[TGT_HOST_RATIO] = (struct target_res){
		.name = "simulated vDSO (lfence;rdtsc) CLOCK_MONOTONIC / host vDSO",
		.value = sim / host,
		.limit = 1.10,
		.unit = "x",
		.cmp = "<=",
		.avail = !isnan(sim / host),
	};
	snprintf(t[TGT_HOST_RATIO].detail, sizeof(t->detail), "%.1f ns / %.1f ns", sim, host);

	t[TGT_ABOVE_BARE] = (struct target_res){
		.name = "simulated vDSO (lfence;rdtsc) CLOCK_MONOTONIC above a bare lfence;rdtsc",
		.value = sim - bare,
		.limit = 5.0,
		.unit = "ns",
		.cmp = "<",
		.avail = !isnan(sim - bare),
	};
	snprintf(t[TGT_ABOVE_BARE].detail, sizeof(t->detail), "%.1f ns - %.1f ns", sim, bare);

	for (int a = 0; a < BENCH_NR_APIS; a++) {
		double v = p50_of(r, a, IMPL_SIM_SYNTH);

		if (bench_apis[a].kind == BENCH_GETTIME && v > worst) {
			worst = v;
			worst_name = bench_apis[a].name;
		}
	}
	t[TGT_SYNTH] = (struct target_res){
		.name = "synthetic-counter clock_gettime, slowest clock",
		.value = worst,
		.limit = 10.0,
		.unit = "ns",
		.cmp = "<",
		.avail = worst >= 0,
	};
	snprintf(t[TGT_SYNTH].detail, sizeof(t->detail), "%s", worst_name);

	t[TGT_ENGINE] = (struct target_res){
		.name = "deterministic engine, HZ=1000, NTP daemon on",
		.value = r->engine.ticks_per_s * 1e-6,
		.limit = 20.0,
		.unit = "M ticks/s",
		.cmp = ">=",
		.avail = r->engine_run,
	};
	snprintf(t[TGT_ENGINE].detail, sizeof(t->detail), "a simulated day in %.2f s",
		 r->engine.day_s);
}

/* ---------------------------------------------------------------- text */

static void print_cell(FILE *f, const struct bench_report *r, int a, int i)
{
	const struct bench_cell *c = &r->cell[a][i];

	if (c->measured)
		fprintf(f, " %7.1f%c", c->st.p50,
			c->path == PATH_FALLBACK || c->path == PATH_SYSCALL ? '*' : ' ');
	else
		fprintf(f, " %7s ", c->why ? "n/a" : "-");
}

/* A ratio ("1.05x", @decimals digits) or, with @ns, a signed difference in ns. */
static void print_ratio(FILE *f, double v, int decimals, bool ns)
{
	if (isnan(v))
		fprintf(f, " %10s", "-");
	else if (ns)
		fprintf(f, " %+10.1f", v);
	else
		fprintf(f, " %9.*fx", decimals, v);
}

static void print_machine(FILE *f, const struct bench_report *r)
{
	const struct bench_machine *m = &r->m;

	fprintf(f, "tksim bench %s: the read paths of the kernel threads, on this machine\n",
		PACKAGE_VERSION);
	fprintf(f, "  host       %s, Linux %s, clocksource %s%s\n", m->cpu, m->kernel,
		m->clocksource, m->hypervisor ? " (a VM: the CPU reports a hypervisor)" : "");
	if (m->tsc)
		fprintf(f,
			"  TSC        %.6f GHz (calibrated against CLOCK_MONOTONIC_RAW); "
			"rdtscp %s\n",
			(double)m->tsc_hz * 1e-9, m->rdtscp ? "present" : "absent");
	else
		fprintf(f, "  TSC        not usable: the variants run on the synthetic counter\n");
	fprintf(f, "  host vDSO  %s\n",
		m->host_vdso ? "found via AT_SYSINFO_EHDR (tools/parse_vdso.c)" : "none");
	fprintf(f,
		"  method     %u batches x %u calls per number; per call = batch time / calls\n"
		"             (host CLOCK_MONOTONIC); p50 and p99 over the batches; %u warm-up\n"
		"             batch(es) each; ",
		r->batches, r->calls, r->warmup);
	if (m->cpu_pinned >= 0)
		fprintf(f, "pinned to CPU %d\n", m->cpu_pinned);
	else
		fprintf(f, "not pinned to a CPU\n");
	fprintf(f,
		"  simulated  v6.15 vDSO on the real TSC (HZ=1000) and on the synthetic 2.1 GHz\n"
		"             counter (deterministic engine); the variants, 32-bit functions and\n"
		"             fallbacks run on the %s system%s\n\n",
		m->tsc ? "TSC" : "synthetic",
		m->retpoline_built ? "" : "; no retpoline (not built with GCC)");
}

static void print_lines(FILE *f, const struct bench_report *r)
{
	fprintf(f, "Bare counter reads\n");
	for (int c = 0; c < COUNTER_MAX; c++) {
		const struct bench_cell *cl = &r->counter[c];

		if (cl->measured)
			fprintf(f, "counter-read: %s: %.0f nsec/call p99 %.0f\n",
				bench_counter_names[c], cl->st.p50, cl->st.p99);
		else
			fprintf(f, "counter-read: %s: n/a (%s)\n", bench_counter_names[c], cl->why);
	}
	fprintf(f, "\nPer call, vdsotest style ([path]: which way the calls went)\n");
	for (int a = 0; a < BENCH_NR_APIS; a++) {
		for (int i = 0; i < IMPL_MAX; i++) {
			const struct bench_cell *c = &r->cell[a][i];

			if (c->measured)
				fprintf(f, "%s: %s: %.0f nsec/call p99 %.0f [%s]\n",
					bench_apis[a].name, bench_impl_names[i], c->st.p50,
					c->st.p99, bench_path_name(c->path));
			else if (c->why)
				fprintf(f, "%s: %s: n/a (%s)\n", bench_apis[a].name,
					bench_impl_names[i], c->why);
		}
	}
}

static void print_table(FILE *f, const struct bench_report *r)
{
	fprintf(f, "\np50 ns/call (* took the syscall or the simulated fallback; - no such entry;\n"
		   "n/a not on this machine)\n");
	fprintf(f, "%-30s", "");
	for (int i = 0; i < IMPL_MAX; i++)
		fprintf(f, " %7s ", bench_impl_short[i]);
	fprintf(f, "\n");
	for (int a = 0; a < BENCH_NR_APIS; a++) {
		fprintf(f, "%-30s", bench_apis[a].name);
		for (int i = 0; i < IMPL_MAX; i++)
			print_cell(f, r, a, i);
		fprintf(f, "\n");
	}
}

/* Whether a row's vDSO path reads the counter (hres clock_gettime, gettimeofday). */
static bool api_reads_counter(const struct bench_api *api)
{
	if (api->kind == BENCH_GETTIMEOFDAY)
		return true;
	return api->kind == BENCH_GETTIME && api->clock != TK_CLOCK_REALTIME_COARSE &&
	       api->clock != TK_CLOCK_MONOTONIC_COARSE;
}

static void print_ratios(FILE *f, const struct bench_report *r)
{
	double bare = counter_p50(r, COUNTER_LFENCE), sbare = counter_p50(r, COUNTER_SYNTH);

	fprintf(f, "\nRatios to the host vDSO (p50 / p50 of the same row); ns above the bare\n"
		   "counter read for rows that read one (lfence;rdtsc for the TSC path, the page\n"
		   "read for the synthetic one)\n");
	fprintf(f, "%-30s %10s %10s %10s %10s %10s %10s %10s %10s\n", "", "lfence/hv", "rdtsc/hv",
		"synth/hv", "v4.16/hv", "fb+sys/hv", "h-sys/hv", "lfence-ctr", "synth-ctr");
	for (int a = 0; a < BENCH_NR_APIS; a++) {
		double hv = p50_of(r, a, IMPL_HOST_VDSO);
		bool ctr = api_reads_counter(&bench_apis[a]);

		fprintf(f, "%-30s", bench_apis[a].name);
		print_ratio(f, p50_of(r, a, IMPL_SIM_LFENCE) / hv, 2, false);
		print_ratio(f, p50_of(r, a, IMPL_SIM_RDTSC) / hv, 2, false);
		print_ratio(f, p50_of(r, a, IMPL_SIM_SYNTH) / hv, 2, false);
		print_ratio(f, p50_of(r, a, IMPL_V416) / hv, 2, false);
		print_ratio(f, p50_of(r, a, IMPL_SIM_SYSCALL) / hv, 1, false);
		print_ratio(f, p50_of(r, a, IMPL_HOST_SYSCALL) / hv, 1, false);
		print_ratio(f, ctr ? p50_of(r, a, IMPL_SIM_LFENCE) - bare : NAN, 1, true);
		print_ratio(f, ctr ? p50_of(r, a, IMPL_SIM_SYNTH) - sbare : NAN, 1, true);
		fprintf(f, "\n");
	}
}

/* The indent of the "here:" lines under each comparison. */
#define SEED_IND "                      "

/* A comparison's first line: what is compared and what the threads measured. */
static void seed_head(FILE *f, const char *what, const char *threads)
{
	fprintf(f, "  %-19s threads: %s\n", what, threads);
}

static void print_seed(FILE *f, const struct bench_report *r)
{
	struct seed_ratios s;

	compute_seed(r, &s);
	fprintf(f, "\nThe threads' ratios, from this run\n");
	seed_head(f, "fallback vs vDSO", "MONOTONIC_RAW by syscall 300-700 ns, in the vDSO 24 ns");
	fprintf(f, SEED_IND "here: sim fallback+syscall %.0f ns vs sim vDSO %.1f ns (%.1fx);\n",
		s.raw_fb, s.raw_vdso, s.raw_fb / s.raw_vdso);
	fprintf(f, SEED_IND "v4.16 before the seed patches (RAW by the fallback: %.0f ns\n",
		s.raw_v416);
	fprintf(f,
		SEED_IND "simulated + %.0f ns real syscall entry) vs after them %.1f ns "
			 "(%.1fx);\n",
		s.raw_entry, s.raw_v416seed, (s.raw_v416 + s.raw_entry) / s.raw_v416seed);
	fprintf(f, SEED_IND "host syscall %.0f ns vs host vDSO %.1f ns (%.1fx)\n", s.raw_hsys,
		s.raw_hvdso, s.raw_hsys / s.raw_hvdso);

	seed_head(f, "rdtsc vs ordered", "bare rdtsc 40 % faster (7.6 vs 12.7 ns a REALTIME read)");
	fprintf(f, SEED_IND "here: REALTIME, sim vDSO with rdtsc %.1f ns vs lfence;rdtsc %.1f ns\n",
		s.rt_rdtsc, s.rt_lfence);
	fprintf(f, SEED_IND "(%.0f %% less); bare loops %.1f vs %.1f ns (%.0f %% less)\n",
		100.0 * (1 - s.rt_rdtsc / s.rt_lfence), s.bare_rdtsc, s.bare_lfence,
		100.0 * (1 - s.bare_rdtsc / s.bare_lfence));

	seed_head(f, "switch vs array", "jump table with retpolines 32 ns, basetime[] 24 ns");
	fprintf(f, SEED_IND "(1.33x); a dedicated MONOTONIC entry 21 ns (0.88x)\n");
	fprintf(f, SEED_IND "here (MONOTONIC): v4.16 jump table + retpoline %.1f ns (%.2fx),\n",
		s.mono_rp, s.mono_rp / s.mono_array);
	fprintf(f, SEED_IND "v4.16 switch %.1f ns (%.2fx), basetime[] %.1f ns, dedicated entry\n",
		s.mono_switch, s.mono_switch / s.mono_array, s.mono_array);
	fprintf(f, SEED_IND "%.1f ns (%.2fx); the retpoline alone (MONOTONIC_COARSE, no counter\n",
		s.mono_entry, s.mono_entry / s.mono_array);
	fprintf(f, SEED_IND "read to hide behind): %.1f ns vs %.1f ns for the switch (%+.1f ns)\n",
		s.coarse_rp, s.coarse_switch, s.coarse_rp - s.coarse_switch);

	seed_head(f, "32-bit vs syscall", "the 32-bit vDSO 4 to 13 times faster than syscalls");
	fprintf(f, SEED_IND "here: %.1f to %.1f times faster than sim fallback+syscall,\n",
		s.v32_sim_lo, s.v32_sim_hi);
	fprintf(f, SEED_IND "%.1f to %.1f times faster than the host syscall (the rows the\n",
		s.v32_host_lo, s.v32_host_hi);
	fprintf(f, SEED_IND "32-bit vDSO serves itself)\n");
}

static void print_engine_and_targets(FILE *f, const struct bench_report *r)
{
	struct target_res t[TGT_MAX];

	if (r->engine_run) {
		const struct bench_engine_result *e = &r->engine;

		fprintf(f, "\nEngine (deterministic, HZ=%u, default system, NTP daemon model %s)\n",
			e->hz, e->ntpd ? "polling every 16 s" : "off");
		fprintf(f,
			"engine: %.0f s simulated, %llu ticks in %.3f s: %.1f M ticks/s; "
			"a simulated\n"
			"engine: day in %.2f s = %.1f simulated days per wall-clock minute\n",
			(double)e->sim_ns * 1e-9, (unsigned long long)e->ticks, e->wall_s,
			e->ticks_per_s * 1e-6, e->day_s, e->days_per_min);
	}
	compute_targets(r, t);
	fprintf(f, "\nTargets (measured and reported, not asserted)\n");
	for (int i = 0; i < TGT_MAX; i++) {
		const char *verdict = !t[i].avail ? "n/a" : target_met(&t[i]) ? "met" : "NOT met";

		if (t[i].avail)
			fprintf(f, "  [%-7s] %s: %.2f %s (target %s %g; %s)\n", verdict, t[i].name,
				t[i].value, t[i].unit, t[i].cmp, t[i].limit, t[i].detail);
		else
			fprintf(f, "  [%-7s] %s: not measured\n", verdict, t[i].name);
	}
	fprintf(f, "\nwall time of this run: %.1f s\n", r->wall_s);
}

/**
 * bench_print_text() - the text report
 * @f: where to
 * @r: the run
 */
void bench_print_text(FILE *f, const struct bench_report *r)
{
	print_machine(f, r);
	print_lines(f, r);
	print_table(f, r);
	print_ratios(f, r);
	print_seed(f, r);
	print_engine_and_targets(f, r);
}

/* ---------------------------------------------------------------- JSON */

static void json_cell(FILE *f, const struct bench_cell *c)
{
	if (c->measured) {
		fprintf(f, "\"available\": true, \"p50_ns\": ");
		json_num(f, c->st.p50);
		fprintf(f, ", \"p99_ns\": ");
		json_num(f, c->st.p99);
		fprintf(f, ", \"min_ns\": ");
		json_num(f, c->st.min);
		fprintf(f, ", \"path\": \"%s\"", bench_path_name(c->path));
	} else {
		fprintf(f, "\"available\": false, \"why\": ");
		json_str(f, c->why ? c->why : "");
	}
}

/**
 * bench_print_json() - the report as one JSON object
 * @f: where to
 * @r: the run
 */
void bench_print_json(FILE *f, const struct bench_report *r)
{
	const struct bench_machine *m = &r->m;
	struct target_res t[TGT_MAX];
	struct seed_ratios s;
	bool first = true;

	fprintf(f, "{\n  \"tool\": \"tksim bench\", \"version\": \"%s\",\n", PACKAGE_VERSION);
	fprintf(f,
		"  \"method\": {\"batches\": %u, \"calls\": %u, \"warmup\": %u, \"cpu\": %d, "
		"\"timer\": \"CLOCK_MONOTONIC\"},\n",
		r->batches, r->calls, r->warmup, m->cpu_pinned);
	fprintf(f, "  \"host\": {\"cpu\": ");
	json_str(f, m->cpu);
	fprintf(f, ", \"kernel\": ");
	json_str(f, m->kernel);
	fprintf(f, ", \"clocksource\": ");
	json_str(f, m->clocksource);
	fprintf(f,
		", \"hypervisor\": %s, \"tsc_hz\": %llu, \"rdtscp\": %s, \"vdso\": %s, "
		"\"retpoline_built\": %s},\n",
		m->hypervisor ? "true" : "false", (unsigned long long)m->tsc_hz,
		m->rdtscp ? "true" : "false", m->host_vdso ? "true" : "false",
		m->retpoline_built ? "true" : "false");

	fprintf(f, "  \"counters\": [\n");
	for (int c = 0; c < COUNTER_MAX; c++) {
		fprintf(f, "    {\"name\": \"%s\", ", bench_counter_names[c]);
		json_cell(f, &r->counter[c]);
		fprintf(f, "}%s\n", c + 1 < COUNTER_MAX ? "," : "");
	}
	fprintf(f, "  ],\n  \"results\": [\n");
	for (int a = 0; a < BENCH_NR_APIS; a++) {
		for (int i = 0; i < IMPL_MAX; i++) {
			const struct bench_cell *c = &r->cell[a][i];

			if (!c->measured && !c->why)
				continue;
			fprintf(f, "%s    {\"api\": \"%s\", \"impl\": \"%s\", ", first ? "" : ",\n",
				bench_apis[a].name, bench_impl_names[i]);
			json_cell(f, c);
			fprintf(f, "}");
			first = false;
		}
	}
	compute_seed(r, &s);
	fprintf(f, "\n  ],\n  \"threads\": {\n");
	fprintf(f, "    \"fallback_vs_vdso\": {\"raw_sim_fallback_syscall_ns\": ");
	json_num(f, s.raw_fb);
	fprintf(f, ", \"raw_sim_vdso_ns\": ");
	json_num(f, s.raw_vdso);
	fprintf(f, ", \"raw_v416_ns\": ");
	json_num(f, s.raw_v416);
	fprintf(f, ", \"syscall_entry_ns\": ");
	json_num(f, s.raw_entry);
	fprintf(f, ", \"raw_v416_seed_ns\": ");
	json_num(f, s.raw_v416seed);
	fprintf(f, ", \"raw_host_syscall_ns\": ");
	json_num(f, s.raw_hsys);
	fprintf(f, ", \"raw_host_vdso_ns\": ");
	json_num(f, s.raw_hvdso);
	fprintf(f, "},\n    \"rdtsc_vs_ordered\": {\"realtime_rdtsc_ns\": ");
	json_num(f, s.rt_rdtsc);
	fprintf(f, ", \"realtime_lfence_ns\": ");
	json_num(f, s.rt_lfence);
	fprintf(f, ", \"bare_rdtsc_ns\": ");
	json_num(f, s.bare_rdtsc);
	fprintf(f, ", \"bare_lfence_ns\": ");
	json_num(f, s.bare_lfence);
	fprintf(f, "},\n    \"switch_vs_array\": {\"v416_retpoline_ns\": ");
	json_num(f, s.mono_rp);
	fprintf(f, ", \"v416_switch_ns\": ");
	json_num(f, s.mono_switch);
	fprintf(f, ", \"basetime_array_ns\": ");
	json_num(f, s.mono_array);
	fprintf(f, ", \"dedicated_monotonic_ns\": ");
	json_num(f, s.mono_entry);
	fprintf(f, ", \"coarse_v416_retpoline_ns\": ");
	json_num(f, s.coarse_rp);
	fprintf(f, ", \"coarse_v416_switch_ns\": ");
	json_num(f, s.coarse_switch);
	fprintf(f, "},\n    \"vdso32_vs_syscall\": {\"sim_syscall_ratio_min\": ");
	json_num(f, s.v32_sim_lo);
	fprintf(f, ", \"sim_syscall_ratio_max\": ");
	json_num(f, s.v32_sim_hi);
	fprintf(f, ", \"host_syscall_ratio_min\": ");
	json_num(f, s.v32_host_lo);
	fprintf(f, ", \"host_syscall_ratio_max\": ");
	json_num(f, s.v32_host_hi);
	fprintf(f, "}\n  },\n");

	if (r->engine_run) {
		const struct bench_engine_result *e = &r->engine;

		fprintf(f, "  \"engine\": {\"hz\": %u, \"ntpd\": %s, \"simulated_s\": ", e->hz,
			e->ntpd ? "true" : "false");
		json_num(f, (double)e->sim_ns * 1e-9);
		fprintf(f, ", \"ticks\": %llu, \"wall_s\": ", (unsigned long long)e->ticks);
		json_num(f, e->wall_s);
		fprintf(f, ", \"ticks_per_s\": ");
		json_num(f, e->ticks_per_s);
		fprintf(f, ", \"day_s\": ");
		json_num(f, e->day_s);
		fprintf(f, ", \"days_per_min\": ");
		json_num(f, e->days_per_min);
		fprintf(f, "},\n");
	}
	compute_targets(r, t);
	fprintf(f, "  \"targets\": [\n");
	for (int i = 0; i < TGT_MAX; i++) {
		fprintf(f, "    {\"name\": ");
		json_str(f, t[i].name);
		fprintf(f, ", \"value\": ");
		json_num(f, t[i].avail ? t[i].value : NAN);
		fprintf(f, ", \"target\": \"%s %g\", \"unit\": \"%s\", \"met\": %s}%s\n", t[i].cmp,
			t[i].limit, t[i].unit, target_met(&t[i]) ? "true" : "false",
			i + 1 < TGT_MAX ? "," : "");
	}
	fprintf(f, "  ],\n  \"wall_s\": ");
	json_num(f, r->wall_s);
	fprintf(f, "\n}\n");
}
