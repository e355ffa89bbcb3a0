// SPDX-License-Identifier: GPL-2.0
// tksim's own: the clocksource options of `tksim run` (see tools/run/run_cs.h).
#include "tools/run/run_cs.h"

#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "sim/run/run_cs.h"
#include "tools/tksim.h"

/* --clocksources tsc,hpet,acpi_pm: the TSC is the engine's counter and must be listed. */
static int parse_clocksources(struct run_cs *c, const char *arg)
{
	char buf[128], *save = NULL;
	unsigned int present = 0;

	if (strlen(arg) >= sizeof(buf))
		return tksim_usage_error("run", "--clocksources '%s' is too long", arg);
	strcpy(buf, arg);
	for (char *name = strtok_r(buf, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
		if (!strcmp(name, "tsc"))
			present |= SIM_CS_TSC;
		else if (!strcmp(name, "hpet"))
			present |= SIM_CS_HPET;
		else if (!strcmp(name, "acpi_pm"))
			present |= SIM_CS_ACPI_PM;
		else if (strcmp(name, "jiffies"))
			return tksim_usage_error("run",
						 "--clocksources: unknown '%s' (tsc, hpet, "
						 "acpi_pm, jiffies)",
						 name);
	}
	if (!(present & SIM_CS_TSC))
		return tksim_usage_error("run", "--clocksources must include tsc, the counter "
						"--freq/--ppm describe");
	c->enabled = true;
	c->params.present = present;
	return 0;
}

/* --counter-event T:drift=PPM | T:stop | T:jump=[-]D, on the TSC. */
static int parse_counter_event(struct run_cs *c, const char *arg)
{
	const char *colon = strchr(arg, ':');
	struct sim_counter_event ev = { 0 };
	char t[64];
	s64 v;

	if (c->nr_ev == SIM_COUNTER_MAX_EVENTS)
		return tksim_usage_error("run", "too many counter events (%d at most)",
					 SIM_COUNTER_MAX_EVENTS);
	if (!colon || (size_t)(colon - arg) >= sizeof(t))
		goto bad;
	memcpy(t, arg, (size_t)(colon - arg));
	t[colon - arg] = '\0';
	if (tksim_parse_duration_ns(t, &ev.t_ns))
		goto bad;
	colon++;
	if (!strncmp(colon, "drift=", 6)) {
		/* ppm with up to 3 decimals, kept as ppb; within +/-100000 ppm, as --ppm. */
		if (tksim_parse_fixed(colon + 6, 3, &v) || v > 100000000 || v < -100000000)
			goto bad;
		ev.kind = SIM_COUNTER_DRIFT;
		ev.value = v;
	} else if (!strcmp(colon, "stop")) {
		ev.kind = SIM_COUNTER_STOP;
	} else if (!strncmp(colon, "jump=", 5)) {
		/* A signed time; a bare number is seconds, as in every duration. */
		if (tksim_parse_time_ns(colon + 5, NSEC_PER_SEC, &v) || v == S64_MIN)
			goto bad;
		ev.kind = SIM_COUNTER_JUMP;
		ev.value = v;
	} else {
		goto bad;
	}
	c->ev[c->nr_ev++] = ev;
	return 0;
bad:
	return tksim_usage_error(
		"run", "bad --counter-event '%s' (T:drift=PPM, T:stop or T:jump=[-]D)", arg);
}

/* --timens MONO,BOOT: the namespace's offsets, signed times (a bare number is seconds). */
static int parse_timens(struct run_cs *c, const char *arg)
{
	const char *comma = strchr(arg, ',');
	char mono[64];
	s64 v[2];

	if (!comma || (size_t)(comma - arg) >= sizeof(mono))
		goto bad;
	memcpy(mono, arg, (size_t)(comma - arg));
	mono[comma - arg] = '\0';
	if (tksim_parse_time_ns(mono, NSEC_PER_SEC, &v[0]) ||
	    tksim_parse_time_ns(comma + 1, NSEC_PER_SEC, &v[1]))
		goto bad;
	for (int i = 0; i < 2; i++) {
		/* As the proc file has them: tv_nsec in [0, 1e9), the sign in tv_sec. */
		s64 sec = v[i] / NSEC_PER_SEC, nsec = v[i] % NSEC_PER_SEC;

		if (nsec < 0) {
			sec--;
			nsec += NSEC_PER_SEC;
		}
		c->ns_off[i] = (struct proc_timens_offset){
			.clockid = i ? TK_CLOCK_BOOTTIME : TK_CLOCK_MONOTONIC,
			.val = { .tv_sec = sec, .tv_nsec = (long)nsec },
		};
	}
	c->timens = true;
	return 0;
bad:
	return tksim_usage_error("run", "bad --timens '%s' (MONO,BOOT offsets: 1h,2d)", arg);
}

/**
 * run_cs_parse() - one clocksource option
 * @c:    the options
 * @code: RUN_OPT_CLOCKSOURCES, RUN_OPT_WATCHDOG or RUN_OPT_COUNTER_EVENT
 * @arg:  its value
 *
 * Return: 0 or TKSIM_EXIT_USAGE (reported).
 */
int run_cs_parse(struct run_cs *c, int code, const char *arg)
{
	switch (code) {
	case RUN_OPT_CLOCKSOURCES:
		return parse_clocksources(c, arg);
	case RUN_OPT_WATCHDOG:
		if (strcmp(arg, "hpet") && strcmp(arg, "acpi_pm") && strcmp(arg, "jiffies"))
			return tksim_usage_error(
				"run", "--watchdog must be hpet, acpi_pm or jiffies, not '%s'",
				arg);
		strcpy(c->wd_name, arg);
		c->params.watchdog = c->wd_name;
		return 0;
	case RUN_OPT_COUNTER_EVENT:
		return parse_counter_event(c, arg);
	case RUN_OPT_TIMENS:
		return parse_timens(c, arg);
	default:
		return tksim_usage_error("run", "unknown option");
	}
}

/* Which clock the kernel refused, and why: the offset must keep it in 0..KTIME_SEC_MAX/2. */
static int timens_refused(const struct run_cs *c, const struct sim_system *s, int ret,
			  const struct tksim_optset *opts)
{
	struct timespec64 now[2];

	if (ret != -ERANGE)
		return tksim_opt_error(opts, RUN_OPT_TIMENS, "--timens: the kernel refuses it: %s",
				       strerror(-ret));
	ktime_get_ts64(&s->k, &now[0]);
	ktime_get_boottime_ts64(&s->k, &now[1]);
	for (int i = 0; i < 2; i++) {
		s64 sec = now[i].tv_sec + c->ns_off[i].val.tv_sec;

		if (sec < 0)
			return tksim_opt_error(
				opts, RUN_OPT_TIMENS,
				"--timens: %s %lld s + offset %lld s would be negative (the "
				"kernel refuses it: ERANGE)",
				i ? "BOOTTIME" : "MONOTONIC", (long long)now[i].tv_sec,
				(long long)c->ns_off[i].val.tv_sec);
	}
	return tksim_opt_error(opts, RUN_OPT_TIMENS,
			       "--timens: the kernel refuses these offsets (ERANGE: a clock "
			       "would be negative or too large)");
}

/**
 * run_cs_start() - attach the clocksources and schedule the counter events
 * @c: the options
 * @s: the booted system
 * @opts: where each option was given, for errors (the FILE:LINE of a setting)
 *
 * Return: 0 or TKSIM_EXIT_USAGE (reported).
 */
int run_cs_start(struct run_cs *c, struct sim_system *s, const struct tksim_optset *opts)
{
	if (!c->enabled) {
		if (c->params.watchdog)
			return tksim_opt_error(opts, RUN_OPT_WATCHDOG,
					       "--watchdog needs --clocksources");
	} else if (sim_css_attach(s, &c->css, &c->params)) {
		return tksim_opt_error(opts, RUN_OPT_WATCHDOG,
				       "--watchdog %s: not among --clocksources",
				       c->params.watchdog);
	}
	for (unsigned int i = 0; i < c->nr_ev; i++) {
		if (sim_counter_event(&s->counter, &c->ev[i]))
			return tksim_opt_error(opts, RUN_OPT_COUNTER_EVENT,
					       "cannot schedule counter event %u", i + 1);
	}
	if (c->timens) {
		int ret = sim_run_cs_timens(&c->ns, s, c->ns_off);

		if (ret)
			return timens_refused(c, s, ret, opts);
	}
	return 0;
}

/**
 * run_cs_raw_exact_checkable() - may MONOTONIC_RAW be compared with the counter?
 * @c: the options
 * @s: the system
 *
 * Only before the first --counter-event (sim_run_cs_raw_exact()).
 *
 * Return: true if oracle_check_raw_exact() applies.
 */
bool run_cs_raw_exact_checkable(const struct run_cs *c, const struct sim_system *s)
{
	return sim_run_cs_raw_exact(s, c->nr_ev ? c->ev[0].t_ns : U64_MAX);
}

/**
 * run_cs_check() - the properties of this part at the current instant
 * @c:   the options and state
 * @s:   the system
 * @why: explanation on failure
 * @n:   size of @why
 *
 * Every clock read the same just before and after a clocksource switch
 * (checked when it happened), and inside the namespace every property of
 * oracle_check_timens() holds.
 *
 * Return: 0 or -1.
 */
int run_cs_check(struct run_cs *c, struct sim_system *s, char *why, size_t n)
{
	if (c->enabled && c->css.violation) {
		snprintf(why, n, "%s", c->css.why);
		return -1;
	}
	if (!c->timens)
		return 0;
	c->ns_checks++;
	return oracle_check_timens(s, &c->ns, &c->ns_mono, why, n);
}

/*
 * One phase: which clocksource, and the modelled cost of an hres read
 * through the vDSO entry while it was in use.  The number of reads is left
 * out: it counts the run loop's own checks, not anything about the machine.
 */
static void print_phase(const struct run_cs *c, unsigned int i)
{
	const struct sim_css_phase *ph = &c->css.phase[i];

	printf("  %-12s %-8s %5.0f ns per hres read (modelled), %3.0f%% by syscall\n",
	       i == 0 ? "read cost" : "", ph->cs->name,
	       ph->calls ? (double)ph->cost_ns / (double)ph->calls : 0.0,
	       ph->calls ? 100.0 * (double)ph->fallbacks / (double)ph->calls : 0.0);
}

/**
 * run_cs_summary() - the clocksource lines of the run summary
 * @c: the options
 * @s: the system
 */
void run_cs_summary(const struct run_cs *c, struct sim_system *s)
{
	const struct cs_watchdog *wd = &c->css.wd;
	char a[48], b[48];

	if (c->timens) {
		oracle_format_ns(a, sizeof(a), ts_to_ns(&c->ns.offsets.monotonic));
		oracle_format_ns(b, sizeof(b), ts_to_ns(&c->ns.offsets.boottime));
		printf("  time namespace  MONOTONIC %s s, BOOTTIME %s s; %" PRIu64
		       " instants checked inside\n",
		       a, b, c->ns_checks);
	}
	if (!c->enabled)
		return;
	printf("  clocksources ");
	for (unsigned int i = 0; i < wd->nr; i++)
		printf("%s%s (%d%s)", i ? ", " : "", wd->list[i]->name, wd->list[i]->rating,
		       wd->list[i]->flags & CLOCK_SOURCE_UNSTABLE ? ", unstable" : "");
	printf("\n  watchdog     %s, %" PRIu64 " checks, last skew %+" PRId64 " ns in %" PRId64
	       " ns\n",
	       wd->watchdog ? wd->watchdog->name : "none", wd->checks, wd->last_skew_ns,
	       wd->last_wd_nsec);
	if (wd->unstable_jiffies)
		printf("  unstable     at %.3f s (jiffies %" PRIu64 ")\n",
		       (double)wd->unstable_jiffies / (double)s->cfg.hz, wd->unstable_jiffies);
	for (unsigned int i = 1; i < c->css.nr_phases; i++)
		printf("  switched     to %s at %.3f s; vDSO clock_mode %s\n",
		       c->css.phase[i].cs->name, (double)c->css.switch_ns[i] * 1e-9,
		       c->css.phase[i].cs->vdso_clock_mode == VDSO_CLOCKMODE_NONE ? "NONE"
										  : "kept");
	for (unsigned int i = 0; i < c->css.nr_phases; i++)
		print_phase(c, i);
	printf("  in use       %s\n", clocksource_current(&s->k)->name);
}
