// SPDX-License-Identifier: GPL-2.0
// tksim's own: the `clocksource` op, a write to sysfs current_clocksource as
// kernel/time/clocksource.c (v6.15) takes it (see sim/ops/ops_cs.h).
/*
 * The machine's clocksources (tsc, hpet, acpi_pm, jiffies: sim/clocksources.h)
 * are registered at the first `clocksource` op, as after boot with
 * tsc=reliable: nothing is watched, so the watchdog never runs and the
 * clocksource changes only when an op writes the override (the `counter-ppb`
 * ops, up to 5 %, would otherwise make the watchdog switch by itself).
 * clocksource_select() then runs change_clocksource() when the override can
 * be used: timekeeping_forward_now() on the old counter, tk_setup_internals()
 * on the new, the vvar page with the new vDSO clock mode (none for hpet and
 * acpi_pm: the vDSO falls back to the syscall).  jiffies is not
 * VALID_FOR_HRES, so in NOHZ (oneshot) mode the kernel defers the override
 * ("not currently HRT compatible") and selects the best one, the TSC.
 */
#include "sim/ops/ops_cs.h"

#include <errno.h>
#include <stdlib.h>

#include "sim/ops/ops.h"
#include "timekeeper/timekeeping.h"

/**
 * sim_ops_cs_counter() - the counter under the current clocksource
 * @s: the system
 *
 * Return: the engine's counter (the TSC), the HPET's or the ACPI PM
 * timer's; NULL for jiffies (never selected in NOHZ mode, see above).
 */
const struct sim_counter *sim_ops_cs_counter(const struct sim_system *s)
{
	const struct clocksource *cs = s->k.tk_core.timekeeper.tkr_mono.clock;

	if (cs == &s->counter.cs)
		return &s->counter;
	if (s->css && (s->css->present & SIM_CS_HPET) && cs == &s->css->hpet.cs)
		return &s->css->hpet;
	if (s->css && (s->css->present & SIM_CS_ACPI_PM) && cs == &s->css->acpi_pm.cs)
		return &s->css->acpi_pm;
	return NULL;
}

/* Register the machine's clocksources without the watchdog; *@owned is freed later. */
static int attach(struct sim_system *s, struct sim_css **owned)
{
	const struct sim_css_params p = {
		.present = SIM_CS_HPET | SIM_CS_ACPI_PM,
		.tsc_reliable = true,
	};
	struct sim_css *css = calloc(1, sizeof(*css));
	int ret;

	if (!css)
		return -ENOMEM;
	ret = sim_css_attach(s, css, &p);
	if (ret) {
		free(css);
		return ret;
	}
	*owned = css;
	return 0;
}

/**
 * sim_ops_cs_switch() - apply a `clocksource` op, with its properties
 * @s:     the system
 * @o:     the oracle: its MONOTONIC_RAW reference moves to the new counter
 * @owned: the clocksources this op list registered (NULL until the first op)
 * @index: the clocksource, an index of sim_op_cs_names[]
 * @why:   out: what broke
 * @n:     its size
 *
 * Every clock, through the vDSO and the kernel side, must read the same
 * just before and just after the switch, at the same instant
 * (OP_PROP_CS_SWITCH; the other properties are checked after the op).
 *
 * Return: 0, 1 when a clock moved (@why says which), or a negative errno
 * when the clocksources cannot be registered (the op does nothing).
 */
int sim_ops_cs_switch(struct sim_system *s, struct oracle_ops *o, struct sim_css **owned, s64 index,
		      char *why, size_t n)
{
	struct oracle_snapshot v0, k0, v1, k1;
	const struct clocksource *before;
	const struct sim_counter *c;
	int ret;

	if (!s->css) {
		ret = attach(s, owned);
		if (ret)
			return ret;
	}
	before = clocksource_current(&s->k);
	if (oracle_snapshot(s, SIM_PATH_VDSO, &v0, why, n) ||
	    oracle_snapshot(s, SIM_PATH_SYSCALL, &k0, why, n))
		return 0; /* a clock that cannot be read is the instant check's finding */
	ret = clocksource_override_store(&s->css->wd, &s->k,
					 sim_op_cs_names[(u64)index % SIM_OP_NR_CS]);
	if (clocksource_current(&s->k) == before)
		return 0;
	o->evals[OP_PROP_CS_SWITCH]++;
	/*
	 * timekeeping_forward_now() moves xtime_sec through tk_normalize_xtime(),
	 * not accumulate_nsecs_to_secs(): a second crossed since the last tick gets
	 * no second_overflow() (the kernel's own, as for a clock set).  The
	 * bookkeeping starts again from here.
	 */
	oracle_ops_resync(o, s);
	c = sim_ops_cs_counter(s);
	if (c)
		oracle_ops_raw_rebase(o, s, c);
	if (oracle_snapshot(s, SIM_PATH_VDSO, &v1, why, n) ||
	    oracle_snapshot(s, SIM_PATH_SYSCALL, &k1, why, n))
		return 0;
	if (oracle_check_unchanged(&v0, &v1, why, n) || oracle_check_unchanged(&k0, &k1, why, n))
		return 1;
	return 0;
}

/**
 * sim_ops_cs_free() - release the clocksources an op list registered
 * @s:     the system, still alive (its clocksources are forgotten when they
 *         are @owned; the timekeeper goes back to the TSC first)
 * @owned: what sim_ops_cs_switch() registered, or NULL
 */
void sim_ops_cs_free(struct sim_system *s, struct sim_css *owned)
{
	if (!owned)
		return;
	if (clocksource_current(&s->k) != &s->counter.cs)
		change_clocksource(&s->k, &s->counter.cs);
	if (s->css == owned)
		s->css = NULL;
	free(owned);
}
