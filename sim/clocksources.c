// SPDX-License-Identifier: GPL-2.0
// tksim's own: the clocksource hardware of a machine (see sim/clocksources.h); the jiffies
// clocksource mirrors kernel/time/jiffies.c (v6.14).
#include "sim/clocksources.h"

#include <errno.h>
#include <string.h>

/* jiffies.c's read op: the tick count. */
static u64 jiffies_read(struct clocksource *cs)
{
	const struct sim_css *css = cs->priv;

	return css->jiffies;
}

/*
 * JIFFIES_SHIFT: as large as keeps TICK_NSEC << shift within 32 bits of
 * mult for the HZ (8 from HZ 67 up, 7 from 34, else 6).
 */
static u32 jiffies_shift(unsigned int hz)
{
	return hz >= 67 ? 8 : hz >= 34 ? 7 : 6;
}

/* An HPET or ACPI PM timer: its own oscillator against the same virtual time. */
static int sim_css_add_counter(struct sim_system *s, struct sim_counter *c, const char *name,
			       u64 hz, unsigned int bits, s64 error_ppb, int rating, u32 cost)
{
	struct sim_counter_params p = {
		.freq_hz = hz,
		.error_ppb = error_ppb,
		.bits = bits,
		.seed = s->cfg.counter.seed,
	};
	int ret = sim_counter_init(c, &p, name);

	if (ret)
		return ret;
	c->cs.rating = rating;
	c->cs.flags = CLOCK_SOURCE_IS_CONTINUOUS;
	c->cs.vdso_clock_mode = VDSO_CLOCKMODE_NONE; /* see the HPET note in the header */
	c->cs.read_cost_ns = cost;
	sim_counter_set_time(c, s->now_ns);
	return 0;
}

/**
 * sim_css_find() - an enqueued clocksource by name
 * @css:  the clocksources
 * @name: "tsc", "hpet", "acpi_pm" or "jiffies"
 *
 * Return: the clocksource, or NULL.
 */
struct clocksource *sim_css_find(struct sim_css *css, const char *name)
{
	for (unsigned int i = 0; i < css->wd.nr; i++) {
		if (!strcmp(css->wd.list[i]->name, name))
			return css->wd.list[i];
	}
	return NULL;
}

/**
 * sim_css_attach() - give a booted system its clocksources and watchdog
 * @s:   the system; its main counter becomes the TSC
 * @css: the state, owned by the caller, outliving @s's use of it
 * @p:   which hardware there is
 *
 * The TSC stays the current clocksource (the best rated); the watchdog
 * starts at once, as after boot.
 *
 * Return: 0, or -EINVAL (an unknown or unfit watchdog, a bad frequency error).
 */
int sim_css_attach(struct sim_system *s, struct sim_css *css, const struct sim_css_params *p)
{
	struct clocksource *tsc = &s->counter.cs;
	int ret = 0;

	memset(css, 0, sizeof(*css));
	clocksource_watchdog_init(&css->wd, s->cfg.hz);
	css->wd.nr_cpus = p->nr_cpus ? p->nr_cpus : 1;
	css->present = p->present | SIM_CS_TSC;
	css->jiffies = s->now_ns / s->tick_period_ns;

	tsc->name = "tsc";
	tsc->rating = 300;
	tsc->flags = CLOCK_SOURCE_IS_CONTINUOUS | CLOCK_SOURCE_VALID_FOR_HRES;
	/* arch/x86/kernel/tsc.c: tsc=reliable clears MUST_VERIFY before registering. */
	if (!p->tsc_reliable)
		tsc->flags |= CLOCK_SOURCE_MUST_VERIFY | CLOCK_SOURCE_VERIFY_PERCPU;
	tsc->read_cost_ns = SIM_TSC_READ_NS;

	if (css->present & SIM_CS_HPET)
		ret = sim_css_add_counter(s, &css->hpet, "hpet", SIM_HPET_HZ, SIM_HPET_BITS,
					  p->hpet_error_ppb, 250, SIM_HPET_READ_NS);
	if (!ret && (css->present & SIM_CS_ACPI_PM))
		ret = sim_css_add_counter(s, &css->acpi_pm, "acpi_pm", SIM_ACPI_PM_HZ,
					  SIM_ACPI_PM_BITS, p->acpi_pm_error_ppb, 200,
					  SIM_ACPI_PM_READ_NS);
	if (ret)
		return ret;

	css->jiffies_cs = (struct clocksource){
		.read = jiffies_read,
		.mask = CLOCKSOURCE_MASK(32),
		.mult = tk_tick_nsec(&s->k) << jiffies_shift(s->cfg.hz),
		.shift = jiffies_shift(s->cfg.hz),
		.name = "jiffies",
		.rating = 1,
		.uncertainty_margin = 32 * NSEC_PER_MSEC,
		.vdso_clock_mode = VDSO_CLOCKMODE_NONE,
		.freq_hz = s->cfg.hz,
		.read_cost_ns = SIM_JIFFIES_READ_NS,
		.priv = css,
	};
	ret = clocksource_register_fixed(&css->jiffies_cs);

	if (!ret)
		ret = clocksource_enqueue(&css->wd, &s->k, tsc, css->jiffies);
	if (!ret && (css->present & SIM_CS_HPET))
		ret = clocksource_enqueue(&css->wd, &s->k, &css->hpet.cs, css->jiffies);
	if (!ret && (css->present & SIM_CS_ACPI_PM))
		ret = clocksource_enqueue(&css->wd, &s->k, &css->acpi_pm.cs, css->jiffies);
	if (!ret)
		ret = clocksource_enqueue(&css->wd, &s->k, &css->jiffies_cs, css->jiffies);
	if (!ret && p->watchdog) {
		struct clocksource *w = sim_css_find(css, p->watchdog);

		ret = w ? clocksource_force_watchdog(&css->wd, w) : -EINVAL;
	}
	if (ret)
		return ret;
	css->phase[0].cs = clocksource_current(&s->k);
	css->nr_phases = 1;
	s->css = css;
	return 0;
}

/**
 * sim_css_set_time() - move the extra hardware to virtual time @t_ns
 * @css:            the clocksources
 * @t_ns:           virtual time
 * @tick_period_ns: ns per tick, for jiffies
 */
void sim_css_set_time(struct sim_css *css, u64 t_ns, u64 tick_period_ns)
{
	if (css->present & SIM_CS_HPET)
		sim_counter_set_time(&css->hpet, t_ns);
	if (css->present & SIM_CS_ACPI_PM)
		sim_counter_set_time(&css->acpi_pm, t_ns);
	css->jiffies = t_ns / tick_period_ns;
}

/**
 * sim_css_tick() - the clocksource side of one tick
 * @s: the system (s->css set)
 *
 * Counts the tick's own counter read.
 *
 * Return: whether the watchdog timer is due (then the engine runs
 * sim_css_watchdog(), checking the clocks around it).
 */
bool sim_css_tick(struct sim_system *s)
{
	struct sim_css *css = s->css;

	clocksource_current(&s->k)->nr_reads++; /* timekeeping_advance() read it */
	return (css->wd.running && css->jiffies >= css->wd.expires) || css->wd.work_pending;
}

/**
 * sim_css_watchdog() - run the due watchdog timer
 * @s: the system (s->css set)
 *
 * A switch of clocksource begins a new phase of the cost model.
 *
 * Return: whether the watchdog switched the clocksource.
 */
bool sim_css_watchdog(struct sim_system *s)
{
	struct sim_css *css = s->css;
	struct clocksource *before = clocksource_current(&s->k);

	clocksource_watchdog_tick(&css->wd, &s->k, css->jiffies);
	if (clocksource_current(&s->k) == before)
		return false;
	if (css->nr_phases < SIM_CSS_MAX_PHASES) {
		css->switch_ns[css->nr_phases] = s->now_ns;
		css->phase[css->nr_phases++].cs = clocksource_current(&s->k);
	}
	return true;
}

/**
 * sim_css_account() - count one clock read in the cost model
 * @s:     the system (s->css set)
 * @path:  the path of the read
 * @clock: the clock id
 *
 * Only counter-based clocks read the counter: coarse clocks and time() read
 * the vvar page alone, on any clocksource.  A vDSO read of a clock_mode the
 * vDSO cannot read costs the syscall plus the kernel's counter read.
 */
void sim_css_account(struct sim_system *s, enum sim_path path, s32 clock)
{
	struct sim_css *css = s->css;
	struct clocksource *cs;
	struct sim_css_phase *ph;
	bool fallback;

	if (css->in_check || (u32)clock >= VDSO_BASES || !(BIT(clock) & (VDSO_HRES | VDSO_RAW)))
		return;
	cs = clocksource_current(&s->k);
	cs->nr_reads++;
	if (path != SIM_PATH_VDSO)
		return;
	fallback =
		READ_ONCE(s->k.vdata.clock_data[CS_HRES_COARSE].clock_mode) == VDSO_CLOCKMODE_NONE;
	ph = &css->phase[css->nr_phases - 1];
	ph->calls++;
	ph->fallbacks += fallback;
	ph->cost_ns += cs->read_cost_ns + (fallback ? SIM_SYSCALL_NS : 0);
}
