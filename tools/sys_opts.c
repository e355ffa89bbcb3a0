// SPDX-License-Identifier: GPL-2.0
// tksim's own: the simulated hardware's options (see tools/sys_opts.h).
#include "tools/sys_opts.h"

#include "tools/tksim.h"

/**
 * sys_opt_parse() - apply one of SYS_OPTIONS to @cfg
 * @cfg:  the system being described
 * @cmd:  the command, for its error messages
 * @code: a SYS_OPT_* code
 * @arg:  the option's value
 *
 * Return: 0, or the exit status of a usage error already reported.
 */
int sys_opt_parse(struct sim_config *cfg, const char *cmd, int code, const char *arg)
{
	u64 v;
	s64 ppb;

	switch (code) {
	case SYS_OPT_HZ:
		if (tksim_parse_u64(arg, &v) || v < 1 || v > 100000)
			return tksim_usage_error(cmd, "--hz must be 1..100000, not '%s'", arg);
		cfg->hz = (unsigned int)v;
		return 0;
	case SYS_OPT_FREQ:
		/* __clocksource_register_scale() takes a u32: kHz above 4.29 GHz. */
		if (tksim_parse_u64(arg, &v) || v < 1000 || v > TKSIM_FREQ_MAX_HZ)
			return tksim_usage_error(cmd,
						 "--freq must be 1000..%llu Hz (a clocksource "
						 "registers in u32 kHz at most), not '%s'",
						 TKSIM_FREQ_MAX_HZ, arg);
		cfg->counter.freq_hz = v;
		return 0;
	case SYS_OPT_PPM:
		/* Exact to 1 ppb through the one parser (tools/parse.h). */
		if (tksim_parse_fixed(arg, 3, &ppb) || ppb <= -100000000 || ppb >= 100000000)
			return tksim_usage_error(
				cmd, "--ppm must be a number within +/-100000, not '%s'", arg);
		cfg->counter.error_ppb = ppb;
		return 0;
	case SYS_OPT_BITS:
		if (tksim_parse_u64(arg, &v) || v < 1 || v > 64)
			return tksim_usage_error(cmd, "--bits must be 1..64, not '%s'", arg);
		cfg->counter.bits = (unsigned int)v;
		return 0;
	case SYS_OPT_START:
		if (tksim_parse_u64(arg, &cfg->counter.start))
			return tksim_usage_error(cmd, "bad --start '%s'", arg);
		return 0;
	case SYS_OPT_PROFILE: {
		char list[64];

		if (!tk_profile_parse(arg, &cfg->profile))
			return 0;
		tk_profile_list(list, sizeof(list));
		return tksim_usage_error(cmd, "--profile must be one of %s, not '%s'", list, arg);
	}
	}
	return tksim_usage_error(cmd, "unknown option");
}
