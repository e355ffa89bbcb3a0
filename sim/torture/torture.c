// SPDX-License-Identifier: GPL-2.0
// tksim's own: the torture tester (see sim/torture/torture.h), after the timers/ and vDSO/
// selftests.
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "sim/bugs.h"
#include "sim/fixes.h"
#include "sim/clocks.h"
#include "sim/oracle.h"
#include "sim/torture/torture_int.h"
#include "timekeeper/timekeeping_aux.h"

/* ----------------------------------------------------------------- setup */

/**
 * torture_opts_default() - the defaults `tksim torture` documents
 * @o: filled: real TSC with lfence;rdtsc, 2 readers, 5 s, HZ=1000, no
 *     churn, every check, every clock, both paths, seed 1, pinned threads;
 *     the synthetic counter at 1 GHz, 64 bits, no skew or jitter
 */
void torture_opts_default(struct torture_opts *o)
{
	*o = (struct torture_opts){
		.counter = TORTURE_COUNTER_TSC,
		.insn = VDSO_TSC_LFENCE,
		.threads = 2,
		.duration_ns = 5 * NSEC_PER_SEC,
		.hz = 1000,
		.seed = 1,
		.checks = TORTURE_CHECK_ALL,
		.clocks = SIM_VDSO_CLOCK_MASK,
		.paths = TORTURE_PATH_VDSO | TORTURE_PATH_SYSCALL,
		.litmus_clock = TK_CLOCK_MONOTONIC,
		.synth = { .freq_hz = 1000000000ULL, .bits = 64, .seed = 1 },
		.pin = true,
	};
}

static void host_cpus(struct torture_ctx *c)
{
	cpu_set_t set;

	c->nhost = 0;
	if (sched_getaffinity(0, sizeof(set), &set))
		return;
	for (int i = 0; i < CPU_SETSIZE && c->nhost < 64; i++)
		if (CPU_ISSET(i, &set))
			c->host_cpu[c->nhost++] = i;
}

static int boot(struct torture_ctx *c, struct torture_result *res)
{
	const struct torture_opts *o = c->o;
	struct torture_sys *s = c->sys;
	struct tk_boot_params bp;
	u64 hz = o->tsc_hz;
	int ret;

	if (!hz && (ret = sim_tsc_calibrate(&hz)))
		return ret;
	res->tsc_hz = hz;
	ret = sim_tsc_clocksource_init_hz(&s->tsc, o->insn, hz);
	if (ret)
		return ret;
	sim_tsc_boot_params(&bp);
	bp.hz = o->hz;
	if (o->counter == TORTURE_COUNTER_TSC) {
		ret = timekeeping_init(&s->k, &s->tsc.cs, &bp);
		s->k.vdata.arch_data.tsc_insn = o->insn;
	} else {
		ret = sim_tsc_counter_init(&s->sc, &s->tsc, &o->synth);
		if (!ret)
			ret = timekeeping_init(&s->k, &s->sc.cs, &bp);
		if (!ret)
			sim_tsc_counter_attach(&s->sc, &s->k);
	}
	if (ret)
		return ret;
	sim_bugs_apply(&s->k, o->bugs);
	sim_fixes_apply(&s->k, o->fixes);
	for (unsigned int n = 0; n < o->aux_clocks; n++)
		if (tk_aux_clock_enable(&s->k, n, true))
			return -ENOSYS; /* not the TSC's -ENODEV: the model's own refusal */
	s->k.vdso_write_spin = o->window_spin;
	res->clock_mode = s->k.vdata.clock_data[CS_HRES_COARSE].clock_mode;
	return 0;
}

/* Whether the synthetic counter differs per CPU (skew or jitter). */
static bool synth_apart(const struct sim_tsc_counter_params *p)
{
	if (p->jitter)
		return true;
	for (unsigned int i = 0; i < VDSO_MAX_CPUS; i++)
		if (p->skew[i])
			return true;
	return false;
}

/*
 * A synthetic counter whose CPUs disagree needs x86's vDSO rule (the
 * generic one serves only counters in step across CPUs, vdso/calc.h), and
 * x86's rule a 64-bit counter (its delta mask is S64_MAX).
 */
static int check_opts(const struct torture_opts *o)
{
	if (o->counter == TORTURE_COUNTER_SYNTHETIC &&
	    (o->synth.x86_rule ? o->synth.bits < 64 : synth_apart(&o->synth)))
		return -EINVAL;
	if (!o->threads || o->threads > TORTURE_MAX_READERS || !o->hz || o->hz > 100000 ||
	    (!o->duration_ns && !o->iterations) || !(o->checks & TORTURE_CHECK_ALL) ||
	    o->aux_clocks > TK_MAX_AUX_CLOCKS || !(o->clocks & 0x08f3) ||
	    (o->clocks & ~(0x08f3U | torture_aux_mask(o->aux_clocks))) ||
	    ((o->churn & TORTURE_CHURN_AUX) && !o->aux_clocks) || (o->churn & ~TORTURE_CHURN_ALL) ||
	    !o->paths || (o->paths & ~(TORTURE_PATH_VDSO | TORTURE_PATH_SYSCALL)) ||
	    o->counter > TORTURE_COUNTER_SYNTHETIC)
		return -EINVAL;
	if (o->kernel && torture_kt_check(o))
		return -EINVAL;
	if (!sim_tsc_insn_supported(o->insn))
		return -EOPNOTSUPP;
	return 0;
}

/*
 * The readers' time namespace: offsets with a fraction of a second, so
 * that the vDSO's carry into tv_sec is exercised, set before the first
 * task enters (which freezes them).
 */
static int timens_enter(struct torture_ctx *c)
{
	const struct proc_timens_offset off[2] = {
		{ TK_CLOCK_MONOTONIC, { .tv_sec = 86400, .tv_nsec = 500000000 } },
		{ TK_CLOCK_BOOTTIME, { .tv_sec = 2 * 86400, .tv_nsec = 250000000 } },
	};
	int ret;

	c->ns = aligned_alloc(64, sizeof(*c->ns));
	if (!c->ns)
		return -ENOMEM;
	timens_init(c->ns, c->k);
	ret = proc_timens_set_offset(c->ns, off, 2);
	if (!ret)
		timens_set_vvar_page(c->ns);
	return ret;
}

/* Sleep in steps until @until_ns (CLOCK_MONOTONIC) or a violation, showing progress. */
static void wait_phase(struct torture_ctx *c, u64 until_ns, double total_s, bool until_done)
{
	const struct torture_opts *o = c->o;

	for (;;) {
		struct timespec step = { 0, 50 * NSEC_PER_MSEC };
		u64 now = mono_ns(), reads = 0;

		if (READ_ONCE(c->failed) || (until_ns && now >= until_ns) ||
		    (o->cancelled && o->cancelled()))
			return;
		if (until_done && __atomic_load_n(&c->finished, __ATOMIC_ACQUIRE) == o->threads)
			return;
		for (unsigned int i = 0; i < o->threads; i++)
			reads += READ_ONCE(c->readers[i].progress_reads);
		if (o->progress)
			o->progress(o->progress_arg, (double)(now - c->t0_ns) * 1e-9, total_s,
				    reads);
		if (until_ns && until_ns - now < (u64)step.tv_nsec)
			step.tv_nsec = (long)(until_ns - now);
		nanosleep(&step, NULL);
	}
}

/* The litmus tests for every TSC read instruction; only @counts rows can fail the run. */
static void litmus_phase(struct torture_ctx *c, struct torture_result *res)
{
	const struct torture_opts *o = c->o;
	const u32 under_test = (o->bugs & BUG_BARE_RDTSC) ? (u32)VDSO_TSC_BARE : o->insn;
	const u32 variants[3] = { VDSO_TSC_LFENCE, VDSO_TSC_RDTSCP, VDSO_TSC_BARE };
	unsigned int nsup = 0;
	u64 each = o->litmus_ns;

	for (int i = 0; i < 3; i++)
		nsup += sim_tsc_insn_supported(variants[i]);
	if (!each)
		each = o->duration_ns ? o->duration_ns / 4 / (nsup * LITMUS_NR)
				      : 250 * NSEC_PER_MSEC;
	if (each < 20 * NSEC_PER_MSEC)
		each = 20 * NSEC_PER_MSEC;

	if (c->kt)
		each = o->litmus_ns ? o->litmus_ns : each * nsup;
	WRITE_ONCE(c->churn_paused, 1);
	for (int i = 0; i < 3 && !READ_ONCE(c->failed); i++) {
		struct torture_litmus_row *row = &res->litmus[res->nlitmus++];

		*row = (struct torture_litmus_row){
			.insn = variants[i],
			.supported = sim_tsc_insn_supported(variants[i]),
			.counts = variants[i] == under_test,
		};
		if (c->kt && !row->counts)
			row->left_out =
				"the tree's vDSO reads tksim's counter hook, not the tree's "
				"own rdtsc_ordered() (the shims stand in for arch/x86): this "
				"row would test the hook, which tksim torture without --kernel "
				"tests";
		if (!row->supported || row->left_out)
			continue;
		/* No reader runs now: the vDSO's instruction may change. */
		if (c->kt)
			WRITE_ONCE(c->kt_vdso_insn, variants[i]);
		else
			WRITE_ONCE(c->k->vdata.arch_data.tsc_insn, variants[i]);
		for (int t = 0; t < LITMUS_NR; t++) {
			struct litmus_params p = { .vd = c->vd,
						   .gettime = c->kt ? torture_kt_litmus_read : NULL,
						   .gettime_arg = c,
						   .clock = o->litmus_clock,
						   .duration_ns = each,
						   .cpu = { 1, 2, 3 },
						   .seed = o->seed + (u64)t };
			struct litmus_result *r = &row->r[t];
			struct rbuf b;

			litmus_run((enum litmus_test)t, &p, r);
			if (o->progress)
				o->progress(o->progress_arg, (double)(mono_ns() - c->t0_ns) * 1e-9,
					    (double)o->duration_ns * 1e-9, 0);
			if (!row->counts || litmus_expected_to_fail((enum litmus_test)t) ||
			    !r->failures || !torture_claim(c, &b, "litmus"))
				continue;
			torture_rb_printf(&b,
					  "%s test failed with %s: worst error %" PRIu64
					  " ns with %" PRIu64 " samples (%" PRIu64 " failed)\n",
					  litmus_name((enum litmus_test)t),
					  sim_tsc_insn_name(variants[i]), r->worst_ns, r->samples,
					  r->failures);
			torture_rb_printf(
				&b,
				"  a clock read made after observing another thread's timestamp"
				" was older than it (CLOCK_%s)\n",
				oracle_clock_name(o->litmus_clock));
			torture_rb_printf(&b, "  seed %" PRIu64 "; replay with: %s\n", o->seed,
					  o->replay ? o->replay : "(command line not given)");
			break;
		}
	}
	if (c->kt)
		WRITE_ONCE(c->kt_vdso_insn, o->insn);
	else
		WRITE_ONCE(c->k->vdata.arch_data.tsc_insn,
			   (o->bugs & BUG_BARE_RDTSC) ? (u32)VDSO_TSC_BARE : o->insn);
	WRITE_ONCE(c->churn_paused, 0);
}

/* The readers get the run minus the litmus tests' share (a quarter by default). */
static u64 reader_phase_ns(const struct torture_opts *o)
{
	u64 litmus;

	if (!o->duration_ns || !(o->checks & TORTURE_CHECK_LITMUS))
		return o->duration_ns;
	litmus = o->litmus_ns ? o->litmus_ns * LITMUS_NR * 3 : o->duration_ns / 4;
	if (litmus > o->duration_ns / 2)
		litmus = o->duration_ns / 2;
	return o->duration_ns - litmus;
}

/**
 * torture_run() - boot a system and torture it
 * @o:   the run
 * @res: out: the outcome; release with torture_result_free()
 *
 * Return: 0 when the run happened (res->violated tells the outcome; with
 * res->blind a check failed its self-test and nothing ran), -EINVAL for bad
 * options (a synthetic counter skewed or jittered under the generic vDSO
 * rule, or narrower than 64 bits under x86's), -EOPNOTSUPP if the CPU
 * lacks @o->insn, -ENODEV without a usable TSC, -ENOSYS when the model cannot
 * enable the @o->aux_clocks aux clocks, -ENOMEM, or a pthread errno; with
 * @o->kernel -ENOENT (the tree is not at hand: a skip) or -ENOEXEC (it does
 * not build or boot against the shims), res->kernel_err saying why.
 */
int torture_run(const struct torture_opts *o, struct torture_result *res)
{
	struct torture_ctx *c;
	pthread_t tk;
	unsigned int started = 0;
	u64 phase_ns;
	int ret;

	memset(res, 0, sizeof(*res));
	ret = check_opts(o);
	if (ret)
		return ret;
	c = aligned_alloc(64, sizeof(*c)); /* its hot words have cache lines of their own */
	if (!c)
		return -ENOMEM;
	memset(c, 0, sizeof(*c));
	c->o = o;
	/* --seconds is wall time from here: the self-tests and the boot are part of it. */
	c->t0_ns = mono_ns();
	c->sys = aligned_alloc(64, sizeof(*c->sys));
	c->log = calloc(LOG_SIZE, sizeof(*c->log));
	c->report = calloc(1, REPORT_SIZE);
	res->readers = calloc(o->threads, sizeof(*res->readers));
	if (!c->sys || !c->log || !c->report || !res->readers) {
		ret = -ENOMEM;
		goto out_free;
	}
	memset(c->sys, 0, sizeof(*c->sys));
	for (u32 i = 0; i < LOG_SIZE; i++)
		c->log[i].tag = 1; /* matches no publication */
	if (torture_checkers_blind(o, c->report, REPORT_SIZE)) {
		res->violated = res->blind = true;
		res->report = c->report;
		c->report = NULL;
		goto out_free;
	}
	c->k = &c->sys->k;
	c->vd = &c->k->vdata;
	c->tkseq = &c->k->tk_core.seq;
	for (int b = 0; b < CS_BASES; b++)
		c->vvseq[b] = &c->vd->clock_data[b].seq;
	ret = o->kernel ? torture_kt_boot(c, res) : boot(c, res);
	if (ret)
		goto out_free;
	/* A tree's first use builds its object (seconds): that is no part of the run. */
	if (c->kt)
		c->t0_ns = mono_ns();
	host_cpus(c);
	pthread_mutex_init(&c->tt_lock, NULL);
	if (o->timens) {
		ret = timens_enter(c);
		if (ret)
			goto out_destroy;
	}
	if (c->kt)
		torture_kt_log_boot(c);
	else
		torture_log_publication(c, c->k->tk_core.seq, c->k->tk_core.seq - 2, 0);

	ret = -pthread_create(&tk, NULL, c->kt ? torture_kt_timekeeper_fn : torture_timekeeper_fn,
			      c);
	if (ret)
		goto out_destroy;
	for (; started < o->threads; started++) {
		struct reader *r = &c->readers[started];

		r->ctx = c;
		r->id = started;
		r->cpu = (1 + started) % VDSO_MAX_CPUS;
		r->ns = (started & 1) ? c->ns : NULL;
		r->st.in_timens = r->ns != NULL;
		sim_rng_seed(&r->rng, o->seed ^ (0x9e3779b97f4a7c15ULL * (started + 1)));
		ret = -pthread_create(&r->tid, NULL, torture_reader_fn, r);
		if (ret)
			break;
	}
	if (!ret) {
		phase_ns = reader_phase_ns(o);
		wait_phase(c, phase_ns ? c->t0_ns + phase_ns : 0, (double)o->duration_ns * 1e-9,
			   !phase_ns);
	}
	WRITE_ONCE(c->stop, 1);
	for (unsigned int i = 0; i < started; i++)
		pthread_join(c->readers[i].tid, NULL);
	res->seconds = (double)(mono_ns() - c->t0_ns) * 1e-9;
	if (!ret && !READ_ONCE(c->failed) && (o->checks & TORTURE_CHECK_LITMUS) &&
	    !(o->cancelled && o->cancelled()))
		litmus_phase(c, res);
	WRITE_ONCE(c->tk_stop, 1);
	pthread_join(tk, NULL);

	res->nreaders = started;
	for (unsigned int i = 0; i < started; i++)
		res->readers[i] = c->readers[i].st;
	res->publications = c->publications;
	res->churn_ops = c->churn_ops;
	res->violated = READ_ONCE(c->failed) != 0;
	if (res->violated) {
		res->report = c->report;
		c->report = NULL;
	}
out_destroy:
	pthread_mutex_destroy(&c->tt_lock);
	if (c->kt)
		torture_kt_close(c);
	else
		timekeeping_destroy(&c->sys->k);
out_free:
	free(c->ns);
	free(c->report);
	free(c->log);
	free(c->sys);
	free(c);
	return ret;
}

/** torture_result_free() - release what torture_run() allocated in @res. */
void torture_result_free(struct torture_result *res)
{
	free(res->report);
	free(res->readers);
	res->report = NULL;
	res->readers = NULL;
}
