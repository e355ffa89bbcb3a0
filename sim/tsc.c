// SPDX-License-Identifier: GPL-2.0
// Mirrors: arch/x86/kernel/tsc.c (v6.15): the TSC clocksource; plus tksim's TSC-derived counter.
#include "sim/tsc.h"

#include <errno.h>
#include <string.h>
#include <time.h>

#if defined(__x86_64__)
#include <cpuid.h>
#endif

#include "sim/rng.h"

/**
 * sim_tsc_insn_supported() - whether this CPU can run an rdtsc_ordered() variant
 * @insn: enum vdso_tsc_insn
 *
 * lfence and rdtsc are part of x86-64 (SSE2); rdtscp is optional
 * (CPUID 0x80000001 EDX bit 27) and traps with SIGILL where it is absent,
 * as on some hypervisors.  Nothing is supported off x86-64.
 *
 * Return: true if the instruction can be used.
 */
bool sim_tsc_insn_supported(u32 insn)
{
#if defined(__x86_64__)
	unsigned int a, b, c, d;

	switch (insn) {
	case VDSO_TSC_LFENCE:
	case VDSO_TSC_BARE:
		return true;
	case VDSO_TSC_RDTSCP:
		return __get_cpuid(0x80000001, &a, &b, &c, &d) && (d & (1U << 27));
	default:
		return false;
	}
#else
	(void)insn;
	return false;
#endif
}

static const char *const insn_names[] = {
	[VDSO_TSC_LFENCE] = "lfence",
	[VDSO_TSC_RDTSCP] = "rdtscp",
	[VDSO_TSC_BARE] = "rdtsc",
};

/** sim_tsc_insn_name() - "lfence" (lfence;rdtsc), "rdtscp" or "rdtsc" (bare). */
const char *sim_tsc_insn_name(u32 insn)
{
	return insn < sizeof(insn_names) / sizeof(insn_names[0]) ? insn_names[insn] : "?";
}

/**
 * sim_tsc_insn_parse() - the instruction named by sim_tsc_insn_name()
 * @name: "lfence", "rdtscp" or "rdtsc" ("bare" is accepted for "rdtsc")
 * @insn: out
 *
 * Return: 0 or -EINVAL.
 */
int sim_tsc_insn_parse(const char *name, u32 *insn)
{
	for (u32 i = 0; i < sizeof(insn_names) / sizeof(insn_names[0]); i++) {
		if (!strcmp(name, insn_names[i])) {
			*insn = i;
			return 0;
		}
	}
	if (!strcmp(name, "bare")) {
		*insn = VDSO_TSC_BARE;
		return 0;
	}
	return -EINVAL;
}

/*
 * One (TSC, CLOCK_MONOTONIC_RAW) pair: the TSC read on both sides of the
 * clock read, the tightest of a few tries, its midpoint taken as the TSC at
 * the clock value.  The bracket bounds the pairing error.
 */
static int tsc_clock_pair(u64 *tsc, u64 *ns)
{
	u64 best = U64_MAX;

	for (int i = 0; i < 16; i++) {
		struct timespec ts;
		u64 t0, t1;

		t0 = rdtsc_ordered(VDSO_TSC_LFENCE);
		if (clock_gettime(CLOCK_MONOTONIC_RAW, &ts))
			return -errno;
		t1 = rdtsc_ordered(VDSO_TSC_LFENCE);
		if (t1 >= t0 && t1 - t0 < best) {
			best = t1 - t0;
			*tsc = t0 + (t1 - t0) / 2;
			*ns = (u64)ts.tv_sec * NSEC_PER_SEC + (u64)ts.tv_nsec;
		}
	}
	return best == U64_MAX ? -EIO : 0;
}

/**
 * sim_tsc_calibrate_ns() - measure the TSC frequency against CLOCK_MONOTONIC_RAW
 * @hz: out, the frequency (Hz)
 * @ns: how long to measure (ns); the error is about 50 ns / @ns
 *
 * Like the kernel's refined calibration against a reference clock, with the
 * host's MONOTONIC_RAW as the reference (NTP does not steer it).
 *
 * Return: 0, -ENODEV off x86-64 or for an implausible result (a TSC that
 * does not tick, or is slower than 1 MHz), or a clock_gettime() errno.
 */
int sim_tsc_calibrate_ns(u64 *hz, u64 ns)
{
#if defined(__x86_64__)
	struct timespec req = { .tv_sec = (time_t)(ns / NSEC_PER_SEC),
				.tv_nsec = (long)(ns % NSEC_PER_SEC) };
	u64 tsc0, ns0, tsc1, ns1;
	int ret;

	ret = tsc_clock_pair(&tsc0, &ns0);
	if (ret)
		return ret;
	while (nanosleep(&req, &req) && errno == EINTR)
		;
	ret = tsc_clock_pair(&tsc1, &ns1);
	if (ret)
		return ret;
	if (ns1 <= ns0 || tsc1 <= tsc0)
		return -ENODEV;
	*hz = (u64)(((unsigned __int128)(tsc1 - tsc0) * NSEC_PER_SEC + (ns1 - ns0) / 2) /
		    (ns1 - ns0));
	return *hz < 1000000 ? -ENODEV : 0;
#else
	(void)hz;
	(void)ns;
	return -ENODEV;
#endif
}

/** sim_tsc_calibrate() - sim_tsc_calibrate_ns() over SIM_TSC_CALIBRATE_NS (50 ms). */
int sim_tsc_calibrate(u64 *hz)
{
	return sim_tsc_calibrate_ns(hz, SIM_TSC_CALIBRATE_NS);
}

/* read_tsc(): the clocksource's read op, the same instruction as the vDSO's. */
static u64 sim_tsc_cs_read(struct clocksource *cs)
{
	const struct sim_tsc *t = cs->priv;

	return rdtsc_ordered(t->insn);
}

/**
 * sim_tsc_clocksource_init_hz() - the TSC clocksource at a known frequency
 * @t:    the TSC (in place: the clocksource points back to it)
 * @insn: enum vdso_tsc_insn
 * @hz:   the TSC frequency (Hz), e.g. from sim_tsc_calibrate()
 *
 * Registered in kHz as clocksource_tsc is (tsc_khz), so mult carries the
 * kHz rounding, as in the kernel.
 *
 * Return: 0, -EOPNOTSUPP if this CPU lacks @insn, -EINVAL for a bad @hz.
 */
int sim_tsc_clocksource_init_hz(struct sim_tsc *t, u32 insn, u64 hz)
{
	if (!sim_tsc_insn_supported(insn))
		return -EOPNOTSUPP;
	if (hz < 1000 || hz / 1000 > UINT_MAX)
		return -EINVAL;
	*t = (struct sim_tsc){ .insn = insn, .hz = hz };
	t->cs = (struct clocksource){
		.read = sim_tsc_cs_read,
		.mask = CLOCKSOURCE_MASK(64),
		.name = "tsc",
		.rating = 300,
		.vdso_clock_mode = VDSO_CLOCKMODE_TSC,
		.priv = t,
	};
	return clocksource_register_khz(&t->cs, (u32)((hz + 500) / 1000));
}

/* The calibrated TSC frequency, for an instruction this CPU has (-EOPNOTSUPP otherwise). */
static int tsc_hz_for(u32 insn, u64 *hz)
{
	if (!sim_tsc_insn_supported(insn))
		return -EOPNOTSUPP;
	return sim_tsc_calibrate(hz);
}

/**
 * sim_tsc_clocksource_init() - calibrate the TSC and build its clocksource
 * @t:    the TSC
 * @insn: enum vdso_tsc_insn
 *
 * Return: 0, or as sim_tsc_calibrate() and sim_tsc_clocksource_init_hz().
 */
int sim_tsc_clocksource_init(struct sim_tsc *t, u32 insn)
{
	u64 hz;
	int ret = tsc_hz_for(insn, &hz);

	return ret ? ret : sim_tsc_clocksource_init_hz(t, insn, hz);
}

/**
 * sim_tsc_boot_params() - boot parameters that start the simulated clocks at the host's
 * @bp: out: HZ=1000, REALTIME and MONOTONIC from the host's clocks now
 */
void sim_tsc_boot_params(struct tk_boot_params *bp)
{
	struct timespec rt, mono;

	clock_gettime(CLOCK_REALTIME, &rt);
	clock_gettime(CLOCK_MONOTONIC, &mono);
	*bp = (struct tk_boot_params){
		.hz = 1000,
		.wall_time = { .tv_sec = rt.tv_sec, .tv_nsec = rt.tv_nsec },
		.boot_offset = { .tv_sec = mono.tv_sec, .tv_nsec = mono.tv_nsec },
	};
}

/**
 * sim_tsc_system_init_hz() - boot a simulated kernel on the TSC at a known frequency
 * @s:    the system (in place; it must not move afterwards)
 * @insn: enum vdso_tsc_insn, for the clocksource and the vvar page
 * @hz:   the TSC frequency (Hz)
 * @bp:   boot parameters, or NULL for sim_tsc_boot_params()
 *
 * Nothing ticks: call update_wall_time(&s->k) periodically (as the torture
 * writer in sim/torture/torture_tk.c does), or read within max_idle_ns of
 * boot (minutes on a GHz TSC).
 *
 * Return: 0 or a negative errno.
 */
int sim_tsc_system_init_hz(struct sim_tsc_system *s, u32 insn, u64 hz,
			   const struct tk_boot_params *bp)
{
	struct tk_boot_params def;
	int ret;

	/* Fault the pages in now, not between reading the host's clocks and the TSC. */
	memset(s, 0, sizeof(*s));
	ret = sim_tsc_clocksource_init_hz(&s->tsc, insn, hz);
	if (ret)
		return ret;
	if (!bp) {
		sim_tsc_boot_params(&def);
		bp = &def;
	}
	ret = timekeeping_init(&s->k, &s->tsc.cs, bp);
	if (ret)
		return ret;
	/* Before any reader runs: the vDSO's half of the ALTERNATIVE_2 choice. */
	s->k.vdata.arch_data.tsc_insn = insn;
	return 0;
}

/**
 * sim_tsc_system_init() - calibrate the TSC and boot a simulated kernel on it
 * @s:    the system
 * @insn: enum vdso_tsc_insn
 * @bp:   boot parameters, or NULL for sim_tsc_boot_params()
 *
 * Return: 0 or a negative errno (-EOPNOTSUPP: the CPU lacks @insn).
 */
int sim_tsc_system_init(struct sim_tsc_system *s, u32 insn, const struct tk_boot_params *bp)
{
	u64 hz;
	int ret = tsc_hz_for(insn, &hz);

	return ret ? ret : sim_tsc_system_init_hz(s, insn, hz, bp);
}

/** sim_tsc_system_destroy() - release a system from sim_tsc_system_init(). */
void sim_tsc_system_destroy(struct sim_tsc_system *s)
{
	timekeeping_destroy(&s->k);
}

/* The synthetic counter's read op: the vDSO's register read on the calling CPU. */
static u64 sim_tsc_counter_cs_read(struct clocksource *cs)
{
	const struct sim_tsc_counter *c = cs->priv;

	return vdso_sim_counter_read(&c->page, c->tsc->insn, vdso_this_cpu);
}

/**
 * sim_tsc_counter_init() - a free-running counter derived from the TSC
 * @c:   the counter (in place)
 * @tsc: the TSC it scales (its insn and calibrated hz)
 * @p:   frequency, width, start value, skew, jitter, the vDSO's delta rule
 *
 * value = start + (tsc - tsc_at_init) * freq / tsc_hz, plus the CPU's
 * offset, masked to @p->bits: a counter of any frequency and width that
 * runs on its own while threads read it.
 *
 * Return: 0, or -EINVAL for a bad width or frequency.
 */
int sim_tsc_counter_init(struct sim_tsc_counter *c, const struct sim_tsc *tsc,
			 const struct sim_tsc_counter_params *p)
{
	const u32 shift = 32;

	if (!p->freq_hz || p->bits < 1 || p->bits > 64 || !tsc->hz)
		return -EINVAL;
	*c = (struct sim_tsc_counter){ .p = *p, .tsc = tsc, .rng = p->seed };
	c->page.mask = CLOCKSOURCE_MASK(p->bits);
	c->page.tsc_shift = shift;
	c->page.tsc_mult = (u64)(((unsigned __int128)p->freq_hz << shift) / tsc->hz);
	c->page.cycles_base = p->start;
	for (unsigned int i = 0; i < VDSO_MAX_CPUS; i++)
		c->page.cpu_offset[i] = (u64)p->skew[i];
	c->page.tsc_base = rdtsc_ordered(tsc->insn);
	WRITE_ONCE(c->page.from_tsc, 1);

	c->cs = (struct clocksource){
		.read = sim_tsc_counter_cs_read,
		.mask = c->page.mask,
		.name = "sim-tsc",
		.rating = 300,
		.vdso_clock_mode = p->x86_rule ? VDSO_CLOCKMODE_SIM_X86 : VDSO_CLOCKMODE_SIM,
		.priv = c,
	};
	return clocksource_register_hz(&c->cs, p->freq_hz);
}

/**
 * sim_tsc_counter_attach() - map the counter page into a kernel's vvar page
 * @c: the counter
 * @k: a kernel booted (or about to switch) onto @c->cs
 *
 * Sets arch_data.counter and tsc_insn, as the pvclock page is mapped
 * beside the vvar page.  Call before readers start.
 */
void sim_tsc_counter_attach(struct sim_tsc_counter *c, struct tk_kernel *k)
{
	k->vdata.arch_data.counter = &c->page;
	k->vdata.arch_data.tsc_insn = c->tsc->insn;
}

/**
 * sim_tsc_counter_jitter() - move every CPU's offset to skew +/- a random amount
 * @c: the counter; called by one thread (e.g. the timekeeper, each tick)
 *
 * A no-op when @c->p.jitter is 0.  A wandering offset makes a CPU's own
 * readings non-monotonic: hardware no clocksource should be rated for.
 */
void sim_tsc_counter_jitter(struct sim_tsc_counter *c)
{
	struct sim_rng r = { c->rng };

	if (!c->p.jitter)
		return;
	for (unsigned int i = 0; i < VDSO_MAX_CPUS; i++) {
		s64 j = sim_rng_range(&r, -(s64)c->p.jitter, (s64)c->p.jitter);

		WRITE_ONCE(c->page.cpu_offset[i], (u64)(c->p.skew[i] + j));
	}
	c->rng = r.state;
}
