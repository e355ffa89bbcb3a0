// SPDX-License-Identifier: GPL-2.0
// tksim's own: the aux vDSO read row of `tksim bench`: clock_gettime(CLOCK_AUX) against
// clock_gettime(CLOCK_MONOTONIC), both through the simulated vDSO on the synthetic counter.
/*
 * An aux clock is read by do_aux() (v6.17): its own group in
 * aux_clock_data[], its own seqcount, one base; a system clock by
 * do_hres().  The row times both on the same system (the default one,
 * aux clock 0 enabled), alternating in four rounds so that frequency and
 * cache drift hit both alike, and prints ns per call of each and their
 * ratio.  The synthetic counter (clock mode SIM) keeps the TSC's cost out
 * of the comparison.
 */
#include <errno.h>

#include "timekeeper/timekeeping_aux.h"
#include "tools/bench/bench_common.h"
#include "tools/bench/bench_rows.h"
#include "vdso/gettimeofday.h"

/* Where each read's result goes, so that the compiler keeps the reads. */
static volatile u64 bench_aux_sink;

/* ns per call of @calls reads of @clock, the smallest of @batches batches. */
static double time_reads(struct sim_system *s, s32 clock, u32 batches, u32 calls)
{
	double best = 0;

	for (u32 b = 0; b < batches; b++) {
		struct timespec64 ts;
		u64 t0 = bench_now_ns(), t1;

		for (u32 i = 0; i < calls; i++) {
			cvdso_clock_gettime(&s->k.vdata, clock, &ts);
			bench_aux_sink = (u64)ts.tv_nsec;
		}
		t1 = bench_now_ns();
		if (!b || (double)(t1 - t0) / calls < best)
			best = (double)(t1 - t0) / calls;
	}
	return best;
}

/**
 * bench_row_aux_vdso() - the aux vDSO read row
 * @o:   the options (batches, calls; --quick sizes it down)
 * @out: the rate (aux reads/s), its text and JSON; a skipped row's text says why
 *
 * Return: 0, 1 when skipped (a model that cannot enable an aux clock), or
 * the negative errno of building the system.
 */
int bench_row_aux_vdso(const struct bench_opts *o, struct bench_rate *out)
{
	const u32 batches = o->quick ? 5 : 50, calls = o->quick ? 2000 : 20000;
	struct sim_config cfg;
	struct sim_system *s;
	struct timespec64 ts;
	double aux = 0, mono = 0;
	int err;

	sim_config_default(&cfg);
	s = sim_system_new(&cfg, &err);
	if (!s)
		return err;
	if (tk_aux_clock_enable(&s->k, 0, true) ||
	    cvdso_clock_gettime(&s->k.vdata, TK_CLOCK_AUX, &ts)) {
		sim_system_free(s);
		snprintf(out->text, sizeof(out->text),
			 "\nAux clock vDSO read: skipped: the model cannot enable and read an aux "
			 "clock\n");
		return 1;
	}
	for (int round = 0; round < 4; round++) {
		double a = time_reads(s, TK_CLOCK_AUX, batches / 4 + 1, calls);
		double m = time_reads(s, TK_CLOCK_MONOTONIC, batches / 4 + 1, calls);

		if (!round || a < aux)
			aux = a;
		if (!round || m < mono)
			mono = m;
	}
	sim_system_free(s);
	out->per_s = aux > 0 ? 1e9 / aux : 0;
	snprintf(out->text, sizeof(out->text),
		 "\nAux clock vDSO read (simulated vDSO, synthetic counter, aux clock 0 enabled)\n"
		 "aux: clock_gettime(CLOCK_AUX) %.1f ns, clock_gettime(CLOCK_MONOTONIC) %.1f ns "
		 "per call: aux/monotonic %.2f\n",
		 aux, mono, mono > 0 ? aux / mono : 0);
	snprintf(out->json, sizeof(out->json),
		 "\"aux_ns\": %.3f, \"monotonic_ns\": %.3f, \"ratio\": %.3f", aux, mono,
		 mono > 0 ? aux / mono : 0);
	snprintf(out->detail, sizeof(out->detail), "%.1f ns per aux read", aux);
	return 0;
}
