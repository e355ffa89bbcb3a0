// SPDX-License-Identifier: GPL-2.0
// tksim's own: the numbers `tksim bench` derives from a run: the threads' ratios, the targets.
/*
 * The threads' numbers quoted in the reports are the ones the issue cites;
 * docs/benchmarks.md gives their sources.
 */
#include <math.h>
#include <string.h>

#include "tools/bench/bench_report.h"

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
/**
 * bench_p50_of() - p50 of a cell
 * @r: the run
 * @a: the row (index into bench_apis[]), or -1
 * @i: the read path
 *
 * Return: ns per call, NAN if it was not measured.
 */
double bench_p50_of(const struct bench_report *r, int a, enum bench_impl i)
{
	if (a < 0 || !r->cell[a][i].measured)
		return NAN;
	return r->cell[a][i].st.p50;
}

/**
 * bench_counter_p50() - p50 of a bare counter read
 * @r: the run
 * @c: the counter read
 *
 * Return: ns per read, NAN if it was not measured.
 */
double bench_counter_p50(const struct bench_report *r, enum bench_counter c)
{
	return r->counter[c].measured ? r->counter[c].st.p50 : NAN;
}

/**
 * bench_compute_seed() - the threads' comparisons from a run
 * @r: the run
 * @s: out
 */
void bench_compute_seed(const struct bench_report *r, struct seed_ratios *s)
{
	int raw = api_index(BENCH_GETTIME, TK_CLOCK_MONOTONIC_RAW);
	int rt = api_index(BENCH_GETTIME, TK_CLOCK_REALTIME);
	int mono = api_index(BENCH_GETTIME, TK_CLOCK_MONOTONIC);
	int coarse = api_index(BENCH_GETTIME, TK_CLOCK_MONOTONIC_COARSE);

	s->raw_fb = bench_p50_of(r, raw, IMPL_SIM_SYSCALL);
	s->raw_vdso = bench_p50_of(r, raw, IMPL_SIM_LFENCE);
	s->raw_v416 = bench_p50_of(r, raw, IMPL_V416);
	s->raw_entry = s->raw_fb - bench_p50_of(r, raw, IMPL_SIM_FALLBACK);
	s->raw_v416seed = bench_p50_of(r, raw, IMPL_V416_SEED);
	s->raw_hsys = bench_p50_of(r, raw, IMPL_HOST_SYSCALL);
	s->raw_hvdso = bench_p50_of(r, raw, IMPL_HOST_VDSO);
	s->rt_rdtsc = bench_p50_of(r, rt, IMPL_SIM_RDTSC);
	s->rt_lfence = bench_p50_of(r, rt, IMPL_SIM_LFENCE);
	s->bare_rdtsc = bench_counter_p50(r, COUNTER_RDTSC);
	s->bare_lfence = bench_counter_p50(r, COUNTER_LFENCE);
	s->mono_rp = bench_p50_of(r, mono, IMPL_V416_RETPOLINE);
	s->mono_switch = bench_p50_of(r, mono, IMPL_V416);
	s->mono_array = bench_p50_of(r, mono, IMPL_SIM_LFENCE);
	s->mono_entry = bench_p50_of(r, mono, IMPL_MONO_ENTRY);
	s->coarse_rp = bench_p50_of(r, coarse, IMPL_V416_RETPOLINE);
	s->coarse_switch = bench_p50_of(r, coarse, IMPL_V416);
	s->v32_sim_lo = s->v32_host_lo = INFINITY;
	s->v32_sim_hi = s->v32_host_hi = -INFINITY;
	for (int a = 0; a < BENCH_NR_APIS; a++) {
		double v32 = bench_p50_of(r, a, IMPL_VDSO32), q;

		/* Only rows the 32-bit vDSO serves itself compare the vDSO with a syscall. */
		if (isnan(v32) || r->cell[a][IMPL_VDSO32].path != PATH_VDSO)
			continue;
		q = bench_p50_of(r, a, IMPL_SIM_SYSCALL) / v32;
		if (!isnan(q)) {
			s->v32_sim_lo = fmin(s->v32_sim_lo, q);
			s->v32_sim_hi = fmax(s->v32_sim_hi, q);
		}
		q = bench_p50_of(r, a, IMPL_HOST_SYSCALL) / v32;
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
 * bench_target_met() - whether a measured target is met
 * @t: the target
 *
 * Return: false also when it could not be measured.
 */
bool bench_target_met(const struct target_res *t)
{
	if (!t->avail)
		return false;
	if (!strcmp(t->cmp, "<"))
		return t->value < t->limit;
	if (!strcmp(t->cmp, "<="))
		return t->value <= t->limit;
	return t->value >= t->limit;
}

/**
 * bench_compute_targets() - the targets, measured
 * @r: the run
 * @t: out, room for BENCH_MAX_TARGETS: the per-call targets (TGT_*), then the
 *     rate rows' targets in the order of bench_rows[]
 *
 * Return: how many targets were written.
 */
unsigned int bench_compute_targets(const struct bench_report *r, struct target_res *t)
{
	unsigned int n = TGT_CALL_MAX;

	int mono = api_index(BENCH_GETTIME, TK_CLOCK_MONOTONIC);
	double sim = bench_p50_of(r, mono, IMPL_SIM_LFENCE),
	       host = bench_p50_of(r, mono, IMPL_HOST_VDSO);
	double bare = bench_counter_p50(r, COUNTER_LFENCE), worst = -1;
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
		double v = bench_p50_of(r, a, IMPL_SIM_SYNTH);

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

	for (unsigned int i = 0; i < bench_nr_rows; i++) {
		const struct bench_row *row = &bench_rows[i];
		const struct bench_rate *rate = &r->rate[i];

		if (!row->target)
			continue;
		t[n] = (struct target_res){
			.name = row->target,
			.value = rate->per_s * (row->scale ? row->scale : 1e-6),
			.limit = row->limit,
			.unit = row->unit,
			.cmp = ">=",
			.avail = rate->ran,
		};
		snprintf(t[n].detail, sizeof(t->detail), "%s", rate->detail);
		n++;
	}
	return n;
}
