// SPDX-License-Identifier: GPL-2.0
// tksim's own: the NTP options of `tksim run` (see tools/run/run_ntp.h): parse, configure, start.
#include "tools/run/run_ntp.h"

#include <inttypes.h>
#include <string.h>

#include "sim/run/run_ntp.h"
#include "timekeeper/time64.h"
#include "tools/tksim.h"

/**
 * run_ntp_defaults() - the default scenario's NTP: the daemon on, nothing scripted
 * @n: the options
 */
void run_ntp_defaults(struct run_ntp *n)
{
	memset(n, 0, sizeof(*n));
	sim_ntpd_params_default(&n->daemon);
	n->wander_interval = 60LL * NSEC_PER_SEC;
}

/**
 * run_ntp_parse() - one NTP option
 * @n:    the options
 * @code: its RUN_OPT_* code
 * @arg:  its argument (kept: scripted calls point at it for reports)
 *
 * Return: 0, or TKSIM_EXIT_USAGE after `tksim run: ...` on stderr.
 */
int run_ntp_parse(struct run_ntp *n, int code, const char *arg)
{
	u64 v;
	s64 sv;

	switch (code) {
	case RUN_OPT_NTPD:
		if (strcmp(arg, "on") && strcmp(arg, "off"))
			return tksim_usage_error("run", "--ntpd must be on or off, not '%s'", arg);
		n->daemon.enabled = !strcmp(arg, "on");
		return 0;
	case RUN_OPT_POLL:
		if (tksim_parse_u64(arg, &v) || v > SIM_NTPD_MAX_POLL)
			return tksim_usage_error("run", "--poll must be 0..%d (log2 s), not '%s'",
						 SIM_NTPD_MAX_POLL, arg);
		n->daemon.poll = (unsigned int)v;
		return 0;
	case RUN_OPT_FLL:
		n->daemon.fll = true;
		return 0;
	case RUN_OPT_NOISE:
		if (tksim_parse_time_ns(arg, 1, &sv) || sv < 0 || sv > (s64)NSEC_PER_SEC)
			return tksim_usage_error("run",
						 "--noise must be 0..1s (ns, or 20us, "
						 "1ms), not '%s'",
						 arg);
		n->daemon.noise_ns = (u64)sv;
		return 0;
	case RUN_OPT_WANDER:
		if (tksim_parse_u64(arg, &v) || v > 1000000)
			return tksim_usage_error("run", "--wander must be 0..1000000 ppb, not '%s'",
						 arg);
		n->wander_ppb = v;
		return 0;
	case RUN_OPT_WANDER_INTERVAL:
		if (tksim_parse_duration_ns(arg, &v) || v < NSEC_PER_MSEC)
			return tksim_usage_error("run", "bad --wander-interval '%s' (at least 1ms)",
						 arg);
		n->wander_interval = v;
		return 0;
	case RUN_OPT_DRIFT:
		if (tksim_parse_s64(arg, &sv) || sv > 100000000 || sv < -100000000)
			return tksim_usage_error("run",
						 "--drift must be a whole number of ppb per hour "
						 "within +/-1e8, not '%s'",
						 arg);
		n->drift_ppb_h = sv;
		return 0;
	case RUN_OPT_BOOT_ERROR:
		if (tksim_parse_time_ns(arg, 1, &sv) || sv > 1000000LL * NSEC_PER_SEC ||
		    sv < -1000000LL * NSEC_PER_SEC)
			return tksim_usage_error("run", "bad --boot-error '%s' (e.g. 50ms, -2s)",
						 arg);
		n->daemon.boot_error_ns = sv;
		return 0;
	case RUN_OPT_ADJTIMEX:
	case RUN_OPT_SETTIMEOFDAY: {
		bool adj = code == RUN_OPT_ADJTIMEX;
		struct sim_op op = { 0 };
		int ret = adj ? tksim_parse_adjtimex_call(&op, "run", arg)
			      : tksim_parse_settimeofday_call(&op, "run", arg);

		if (ret)
			return ret;
		if (n->calls.n == RUN_MAX_CALLS ||
		    sim_run_calls_add(&n->calls, &op, adj ? "adjtimex" : "settimeofday", arg))
			return tksim_usage_error("run", "too many scripted calls (%d at most)",
						 RUN_MAX_CALLS);
		return 0;
	}
	case RUN_OPT_LEAP:
		if (strcmp(arg, "insert") && strcmp(arg, "delete"))
			return tksim_usage_error("run", "--leap must be insert or delete, not '%s'",
						 arg);
		n->leap = strcmp(arg, "insert") ? -1 : 1;
		return 0;
	case RUN_OPT_START_BEFORE_MIDNIGHT:
		if (tksim_parse_duration_ns(arg, &v) || v < NSEC_PER_SEC ||
		    v > 86400LL * NSEC_PER_SEC)
			return tksim_usage_error("run",
						 "--start-before-midnight must be "
						 "1s..1d, not '%s'",
						 arg);
		n->before_midnight = v;
		return 0;
	default:
		return tksim_usage_error("run", "unknown option");
	}
}

/**
 * run_ntp_configure() - apply the options that shape the system itself
 * @n:   the options
 * @cfg: the system to build: counter drift and wander, boot wall time
 * @opts: where each option was given, for errors
 *
 * With --leap and no --start-before-midnight the system boots 60 s before
 * the next UTC midnight (sim_run_ntp_boot() sets the boot and the leap).
 *
 * Return: 0, or TKSIM_EXIT_USAGE for a drift too small for its interval.
 */
int run_ntp_configure(struct run_ntp *n, struct sim_config *cfg, const struct tksim_optset *opts)
{
	if (n->wander_ppb || n->drift_ppb_h) {
		/* The counter applies drift in whole ppb per interval. */
		if (n->drift_ppb_h &&
		    (unsigned __int128)(n->drift_ppb_h < 0 ? -(u64)n->drift_ppb_h
							   : (u64)n->drift_ppb_h) *
				    n->wander_interval <
			    3600LL * NSEC_PER_SEC)
			return tksim_opt_error(opts, RUN_OPT_DRIFT,
					       "--drift %" PRId64 " ppb/h is below 1 ppb per "
					       "--wander-interval; use a longer interval",
					       n->drift_ppb_h);
		cfg->counter.wander_ppb = n->wander_ppb;
		cfg->counter.drift_ppb_per_hour = n->drift_ppb_h;
		cfg->counter.wander_interval_ns = n->wander_interval;
	}
	if (n->leap && !n->before_midnight)
		n->before_midnight = 60LL * NSEC_PER_SEC;
	if (sim_run_ntp_boot(cfg, &n->daemon, n->leap, n->before_midnight))
		return tksim_opt_error(opts, RUN_OPT_BOOT_ERROR,
				       "--boot-error puts the boot before 1970");
	return 0;
}

/**
 * run_ntp_start() - start the daemon and queue the scripted calls
 * @n: the options
 * @d: the daemon to start
 * @s: the booted system
 *
 * Without the daemon, a leap second is armed by a scripted ADJ_STATUS at
 * time 0, as leap-a-day does.
 *
 * Return: 0, or TKSIM_EXIT_USAGE.
 */
int run_ntp_start(struct run_ntp *n, struct sim_ntpd *d, struct sim_system *s)
{
	struct sim_run_calls *c = &n->calls;

	sim_ntpd_init(d, &n->daemon, s);
	if (n->leap && !n->daemon.enabled) {
		struct sim_op op = {
			.kind = SIM_OP_ADJTIMEX,
			.tx = { .modes = ADJ_STATUS, .status = n->leap > 0 ? STA_INS : STA_DEL },
		};

		if (sim_run_calls_add(c, &op, "adjtimex",
				      n->leap > 0 ? "0:status=ins (--leap)"
						  : "0:status=del (--leap)"))
			return tksim_usage_error("run", "too many scripted calls (%d at most)",
						 RUN_MAX_CALLS);
		/* Before the calls the user gave for time 0 too, as --leap comes first. */
		for (unsigned int i = c->n - 1; i > 0 && !c->c[i - 1].op.t_ns; i--) {
			struct sim_run_call t = c->c[i];

			c->c[i] = c->c[i - 1];
			c->c[i - 1] = t;
		}
	}
	if (sim_run_calls_start(c, s))
		return tksim_usage_error("run", "out of memory");
	return 0;
}
