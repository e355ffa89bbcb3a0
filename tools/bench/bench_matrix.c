// SPDX-License-Identifier: GPL-2.0
// tksim's own: the per-call measurements of `tksim bench`, every (row, read path) pair.
/*
 * Boots the simulated systems, observes which way each simulated read path
 * goes for each row, and times every pair the path serves, then the bare
 * counter reads they are compared with.
 */
#include <errno.h>
#include <stdlib.h>

#include "tools/bench/bench_report.h"
#include "tools/process.h"

/**
 * bench_setup_systems() - boot the simulated systems
 * @t: out: the synthetic system always, the TSC one where the TSC works
 * @m: tsc and tsc_hz are set when the TSC one booted
 *
 * Return: 0 or a negative errno; bench_free_systems() frees what was built either way.
 */
int bench_setup_systems(struct bench_target *t, struct bench_machine *m)
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

/**
 * bench_free_systems() - free what bench_setup_systems() built
 * @t: the target
 */
void bench_free_systems(struct bench_target *t)
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
	if (impl == IMPL_HOST_VDSO && !bench_host_has(&t->host, api->kind))
		return "no host vDSO symbol";
	return NULL;
}

/**
 * bench_run_matrix() - observe the path of, and time, every (row, read path) pair
 * @t: the booted systems and the host vDSO
 * @r: the cells are filled in
 */
void bench_run_matrix(struct bench_target *t, struct bench_report *r)
{
	for (unsigned int a = 0; a < BENCH_NR_APIS; a++) {
		const struct bench_api *api = &bench_apis[a];

		t->api = api;
		bench_progress(r, api->name, a + 2, BENCH_NR_APIS + 1 + bench_nr_rows);
		for (int i = 0; i < IMPL_MAX; i++) {
			enum bench_impl impl = (enum bench_impl)i;
			struct bench_cell *c = &r->cell[a][i];
			bench_loop_fn *fn = bench_loop_for(impl, api->kind);

			if (tksim_signal_caught())
				return; /* cmd_bench() prints nothing of a cut run */
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

/**
 * bench_run_counters() - time the bare counter reads
 * @t: the booted systems
 * @r: the counter cells are filled in
 */
void bench_run_counters(struct bench_target *t, struct bench_report *r)
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

/**
 * bench_warm_up_cpu() - bring the CPU out of idle and to its working frequency
 * before the first number: spin on the synthetic counter read for @ns
 * @t:  the booted systems
 * @ns: how long
 */
void bench_warm_up_cpu(struct bench_target *t, u64 ns)
{
	u64 end = bench_now_ns() + ns;

	while (bench_now_ns() < end)
		bench_counter_loop(COUNTER_SYNTH)(t, 10000);
}
