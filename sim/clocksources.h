/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the x86 clocksource hardware of a simulated machine (tsc, hpet, acpi_pm, jiffies).
 */
#ifndef TKSIM_SIM_CLOCKSOURCES_H
#define TKSIM_SIM_CLOCKSOURCES_H

/*
 * Beside the engine's main counter (which becomes "tsc"), a machine may have
 * an HPET and an ACPI PM timer, each an independent synthetic counter
 * against the same virtual time, and always has jiffies.  They are
 * registered with the clocksource list and watchdog (timekeeper/watchdog.c)
 * with the kernel's ratings and flags:
 *
 *   name     rating  Hz          bits  flags                              vDSO
 *   tsc      300     (main)      64    CONTINUOUS VALID_FOR_HRES          SIM
 *                                      MUST_VERIFY VERIFY_PERCPU
 *   hpet     250     14318180    32    CONTINUOUS                         NONE
 *   acpi_pm  200     3579545     24    CONTINUOUS                         NONE
 *   jiffies  1       HZ          32    -                                  NONE
 *
 * HPET has had no vDSO clock mode since 2016: commit 1ed95e52d902
 * ("x86/vdso: Remove direct HPET access through the vDSO", Andy Lutomirski,
 * upstream in v4.7; its last remains, hpet_page, went in 2019 with
 * 81d30225bc0c) removed it because an HPET read costs microseconds and
 * mapping buggy HPETs to user space was a risk.  ACPI PM and jiffies never
 * had one.  So after a switch away from the TSC, clock_mode is
 * VDSO_CLOCKMODE_NONE and every hres clock_gettime() takes the syscall.
 *
 * The read cost of each counter is what the kernel pays per read (ns):
 * a TSC read is ~20 ns, an HPET read an uncached MMIO load of 0.5-1 us
 * (more in a VM, where it traps), an ACPI PM read a port in of ~1 us, and
 * jiffies a memory load.  The deterministic engine counts reads and adds
 * these up; it is a model, not a measurement (`tksim bench` measures).
 */

#include "sim/engine.h"
#include "timekeeper/watchdog.h"

/* Which clocksources a machine has (bits of sim_css_params.present). */
#define SIM_CS_TSC 0x1
#define SIM_CS_HPET 0x2
#define SIM_CS_ACPI_PM 0x4

/* The HPET's and the ACPI PM timer's frequency (Hz) and width (bits). */
#define SIM_HPET_HZ 14318180
#define SIM_HPET_BITS 32
#define SIM_ACPI_PM_HZ 3579545
#define SIM_ACPI_PM_BITS 24

/* Modelled cost of one read (ns) of each counter, and of a syscall's entry and exit. */
#define SIM_TSC_READ_NS 20
#define SIM_HPET_READ_NS 700
#define SIM_ACPI_PM_READ_NS 1000
#define SIM_JIFFIES_READ_NS 1
#define SIM_SYSCALL_NS 100

/**
 * struct sim_css_params - the clocksource hardware of a machine
 * @present:          SIM_CS_* bits; jiffies is always there
 * @watchdog:         NULL for the kernel's choice, or the name of the only
 *                    watchdog candidate ("hpet", "acpi_pm", "jiffies")
 * @hpet_error_ppb:   true frequency error of the HPET (ppb)
 * @acpi_pm_error_ppb: true frequency error of the ACPI PM timer (ppb)
 * @nr_cpus:          online CPUs, for the watchdog's retry count
 * @tsc_reliable:     the kernel's tsc=reliable: the TSC is registered without
 *                    MUST_VERIFY, so nothing is watched and the watchdog never
 *                    runs (only a sysfs write switches clocksources)
 */
struct sim_css_params {
	unsigned int present;
	const char *watchdog;
	s64 hpet_error_ppb;
	s64 acpi_pm_error_ppb;
	unsigned int nr_cpus;
	bool tsc_reliable;
};

/**
 * struct sim_css_phase - reads of hres clocks through the vDSO entry while one
 *                        clocksource was in use
 * @cs:        the clocksource
 * @calls:     clock_gettime() calls of a counter-based clock
 * @fallbacks: of those, how many took the syscall
 * @cost_ns:   their modelled cost (ns)
 */
struct sim_css_phase {
	const struct clocksource *cs;
	u64 calls;
	u64 fallbacks;
	u64 cost_ns;
};

#define SIM_CSS_MAX_PHASES 4

/**
 * struct sim_css - the clocksources of one simulated machine
 * @wd:          the clocksource list and watchdog
 * @hpet:        the HPET counter (if present)
 * @acpi_pm:     the ACPI PM counter (if present)
 * @jiffies_cs:  the jiffies clocksource
 * @jiffies:     ticks since boot (the kernel starts at INITIAL_JIFFIES; tksim at 0)
 * @present:     SIM_CS_* bits
 * @phase:       per clocksource in use, in order of use
 * @nr_phases:   entries of @phase
 * @switch_ns:   virtual time of each switch (ns)
 * @in_check:    the reads in progress are the continuity check's own (the engine's,
 *               sim/engine_tick.c), not counted
 * @violation:   set when a clock was not continuous across a switch
 * @why:         what went wrong
 */
struct sim_css {
	struct cs_watchdog wd;
	struct sim_counter hpet;
	struct sim_counter acpi_pm;
	struct clocksource jiffies_cs;
	u64 jiffies;
	unsigned int present;
	struct sim_css_phase phase[SIM_CSS_MAX_PHASES];
	unsigned int nr_phases;
	u64 switch_ns[SIM_CSS_MAX_PHASES];
	bool in_check;
	bool violation;
	char why[256];
};

int sim_css_attach(struct sim_system *s, struct sim_css *css, const struct sim_css_params *p);
void sim_css_set_time(struct sim_css *css, u64 t_ns, u64 tick_period_ns);
bool sim_css_tick(struct sim_system *s);
bool sim_css_watchdog(struct sim_system *s);
void sim_css_account(struct sim_system *s, enum sim_path path, s32 clock);
struct clocksource *sim_css_find(struct sim_css *css, const char *name);

#endif /* TKSIM_SIM_CLOCKSOURCES_H */
