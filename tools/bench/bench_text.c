// SPDX-License-Identifier: GPL-2.0
// tksim's own: the text report of `tksim bench`.
/*
 * Everything printed is computed from one struct bench_report, so the
 * tables, the ratios, the threads' comparisons and the targets all come
 * from the same run.
 */
#include <math.h>

#include "config.h"
#include "tools/bench/bench_report.h"

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
	double bare = bench_counter_p50(r, COUNTER_LFENCE),
	       sbare = bench_counter_p50(r, COUNTER_SYNTH);

	fprintf(f, "\nRatios to the host vDSO (p50 / p50 of the same row); ns above the bare\n"
		   "counter read for rows that read one (lfence;rdtsc for the TSC path, the page\n"
		   "read for the synthetic one)\n");
	fprintf(f, "%-30s %10s %10s %10s %10s %10s %10s %10s %10s\n", "", "lfence/hv", "rdtsc/hv",
		"synth/hv", "v4.16/hv", "fb+sys/hv", "h-sys/hv", "lfence-ctr", "synth-ctr");
	for (int a = 0; a < BENCH_NR_APIS; a++) {
		double hv = bench_p50_of(r, a, IMPL_HOST_VDSO);
		bool ctr = api_reads_counter(&bench_apis[a]);

		fprintf(f, "%-30s", bench_apis[a].name);
		print_ratio(f, bench_p50_of(r, a, IMPL_SIM_LFENCE) / hv, 2, false);
		print_ratio(f, bench_p50_of(r, a, IMPL_SIM_RDTSC) / hv, 2, false);
		print_ratio(f, bench_p50_of(r, a, IMPL_SIM_SYNTH) / hv, 2, false);
		print_ratio(f, bench_p50_of(r, a, IMPL_V416) / hv, 2, false);
		print_ratio(f, bench_p50_of(r, a, IMPL_SIM_SYSCALL) / hv, 1, false);
		print_ratio(f, bench_p50_of(r, a, IMPL_HOST_SYSCALL) / hv, 1, false);
		print_ratio(f, ctr ? bench_p50_of(r, a, IMPL_SIM_LFENCE) - bare : NAN, 1, true);
		print_ratio(f, ctr ? bench_p50_of(r, a, IMPL_SIM_SYNTH) - sbare : NAN, 1, true);
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

	bench_compute_seed(r, &s);
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

/* The rate rows' own lines, then the targets. */
static void print_rates_and_targets(FILE *f, const struct bench_report *r)
{
	struct target_res t[BENCH_MAX_TARGETS];
	unsigned int n;

	for (unsigned int i = 0; i < bench_nr_rows; i++)
		if (r->rate[i].ran || r->rate[i].text[0]) /* a skipped row may say why */
			fputs(r->rate[i].text, f);
	n = bench_compute_targets(r, t);
	fprintf(f, "\nTargets (measured and reported, not asserted)\n");
	for (unsigned int i = 0; i < n; i++) {
		const char *verdict = !t[i].avail		? "n/a"
				      : bench_target_met(&t[i]) ? "met"
								: "NOT met";

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
	print_rates_and_targets(f, r);
}
