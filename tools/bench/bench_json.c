// SPDX-License-Identifier: GPL-2.0
// tksim's own: the JSON report of `tksim bench`: the text report's numbers as one object.
#include <math.h>

#include "config.h"
#include "tools/bench/bench_report.h"
#include "tools/json.h"

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
	struct target_res t[BENCH_MAX_TARGETS];
	unsigned int n;
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
	bench_compute_seed(r, &s);
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

	for (unsigned int i = 0; i < bench_nr_rows; i++)
		if (r->rate[i].ran)
			fprintf(f, "  \"%s\": {%s},\n", bench_rows[i].key, r->rate[i].json);
	n = bench_compute_targets(r, t);
	fprintf(f, "  \"targets\": [\n");
	for (unsigned int i = 0; i < n; i++) {
		fprintf(f, "    {\"name\": ");
		json_str(f, t[i].name);
		fprintf(f, ", \"value\": ");
		json_num(f, t[i].avail ? t[i].value : NAN);
		fprintf(f, ", \"target\": \"%s %g\", \"unit\": \"%s\", \"met\": %s}%s\n", t[i].cmp,
			t[i].limit, t[i].unit, bench_target_met(&t[i]) ? "true" : "false",
			i + 1 < n ? "," : "");
	}
	fprintf(f, "  ],\n  \"wall_s\": ");
	json_num(f, r->wall_s);
	fprintf(f, "\n}\n");
}
