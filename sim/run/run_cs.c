// SPDX-License-Identifier: GPL-2.0
// tksim's own: a run's clocksources and time namespace (see sim/run/run_cs.h).
#include "sim/run/run_cs.h"

/**
 * sim_run_cs_timens() - a time namespace on the system, entered
 * @ns:  the namespace
 * @s:   the booted system
 * @off: its MONOTONIC and BOOTTIME offsets, as /proc/PID/timens_offsets takes them
 *
 * The offsets are set before the first task enters, as the kernel requires;
 * entering freezes them and publishes the namespace's vvar page.
 *
 * Return: 0, or the negative errno proc_timens_set_offset() gives (-ERANGE:
 * a clock would be negative or too large).
 */
int sim_run_cs_timens(struct time_namespace *ns, struct sim_system *s,
		      const struct proc_timens_offset off[2])
{
	int ret;

	timens_init(ns, &s->k);
	ret = proc_timens_set_offset(ns, off, 2);
	if (ret)
		return ret;
	timens_set_vvar_page(ns);
	return 0;
}

/**
 * sim_run_cs_raw_exact() - may MONOTONIC_RAW be compared with the counter now?
 * @s:              the system
 * @first_event_ns: the first counter event's time (U64_MAX: none)
 *
 * Only while the engine's counter is the clocksource and has had no event:
 * after a switch RAW follows another counter, and after a backward jump the
 * kernel (rightly) counts no time for the negative motion.
 *
 * Return: true if oracle_check_raw_exact() applies.
 */
bool sim_run_cs_raw_exact(const struct sim_system *s, u64 first_event_ns)
{
	if (s->k.tk_core.timekeeper.tkr_raw.clock != &s->counter.cs)
		return false;
	return s->now_ns < first_event_ns;
}
