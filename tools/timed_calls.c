// SPDX-License-Identifier: GPL-2.0
// tksim's own: the timed calls of `tksim run` and `tksim diff` as the command line writes them
// (--adjtimex T:KEY=VAL,..., --settimeofday T:SEC[.FRAC]).
#include "tools/timed_calls.h"

#include <errno.h>
#include <string.h>

#include "timekeeper/time64.h"
#include "tools/timex_names.h"
#include "tools/tksim.h"

/*
 * freq=PPM: exact to 10^-6 ppm, then to the kernel's scaled ppm (<< 16),
 * rounded to nearest; within +/-1e9 ppm as before (the kernel clamps it).
 */
static int parse_ppm_scaled(const char *s, long long *out)
{
	s64 uppm; /* 10^-6 ppm */
	__int128 scaled;

	if (tksim_parse_fixed(s, 6, &uppm) || uppm > 1000000000LL * 1000000 ||
	    uppm < -1000000000LL * 1000000)
		return -EINVAL;
	scaled = (__int128)uppm * 65536;
	scaled += scaled < 0 ? -500000 : 500000;
	*out = (long long)(scaled / 1000000);
	return 0;
}

/* "T:REST": the time (a duration, bare = s) and what follows the colon. */
static int split_time(const char *arg, u64 *t_ns, const char **rest)
{
	const char *colon = strchr(arg, ':');
	char buf[64];

	if (!colon || (size_t)(colon - arg) >= sizeof(buf))
		return -EINVAL;
	memcpy(buf, arg, (size_t)(colon - arg));
	buf[colon - arg] = '\0';
	if (tksim_parse_duration_ns(buf, t_ns))
		return -EINVAL;
	*rest = colon + 1;
	return 0;
}

/* One KEY=VALUE of --adjtimex into @tx; 0 or a usage error already reported. */
static int parse_adjtimex_key(struct tk_timex *tx, char *kv, const char *cmd, const char *arg)
{
	char *val = strchr(kv, '=');
	s64 ll, ns;

	if (val)
		*val++ = '\0';
	if (!strcmp(kv, "nano") && !val) {
		tx->modes |= ADJ_NANO;
	} else if (!strcmp(kv, "micro") && !val) {
		tx->modes |= ADJ_MICRO;
	} else if (!val) {
		return tksim_usage_error(cmd, "--adjtimex '%s': '%s' needs a value", arg, kv);
	} else if (!strcmp(kv, "freq")) {
		if (parse_ppm_scaled(val, &tx->freq))
			return tksim_usage_error(cmd, "--adjtimex '%s': freq=PPM, not '%s'", arg,
						 val);
		tx->modes |= ADJ_FREQUENCY;
	} else if (!strcmp(kv, "tick")) {
		if (tksim_parse_s64(val, &ll))
			return tksim_usage_error(cmd, "--adjtimex '%s': tick=US, not '%s'", arg,
						 val);
		tx->modes |= ADJ_TICK;
		tx->tick = ll;
	} else if (!strcmp(kv, "offset") || !strcmp(kv, "setoffset")) {
		if (tksim_parse_time_ns(val, 1, &ns))
			return tksim_usage_error(cmd, "--adjtimex '%s': %s=NS, not '%s'", arg, kv,
						 val);
		if (!strcmp(kv, "offset")) {
			tx->modes |= ADJ_OFFSET | ADJ_NANO;
			tx->offset = ns;
		} else {
			/* By division, as ns_to_timespec64(): setoffset=9223372036854775807 is one
			 * step. */
			struct timespec64 d = ktime_to_timespec64(ns);

			tx->modes |= ADJ_SETOFFSET | ADJ_NANO;
			tx->time.tv_sec = d.tv_sec;
			tx->time.tv_usec = d.tv_nsec;
		}
	} else if (!strcmp(kv, "status")) {
		u64 st;

		if (timex_parse_status(val, &st))
			return tksim_usage_error(cmd,
						 "--adjtimex '%s': status=pll+ins+... or "
						 "a number, not '%s'",
						 arg, val);
		tx->modes |= ADJ_STATUS;
		tx->status = (int)st;
	} else if (!strcmp(kv, "maxerror") || !strcmp(kv, "esterror") || !strcmp(kv, "constant") ||
		   !strcmp(kv, "tai") || !strcmp(kv, "adjtime")) {
		if (tksim_parse_s64(val, &ll))
			return tksim_usage_error(cmd,
						 "--adjtimex '%s': %s wants a whole "
						 "number, not '%s'",
						 arg, kv, val);
		if (!strcmp(kv, "maxerror")) {
			tx->modes |= ADJ_MAXERROR;
			tx->maxerror = ll;
		} else if (!strcmp(kv, "esterror")) {
			tx->modes |= ADJ_ESTERROR;
			tx->esterror = ll;
		} else if (!strcmp(kv, "adjtime")) {
			tx->modes |= ADJ_OFFSET_SINGLESHOT;
			tx->offset = ll;
		} else {
			/* ADJ_TIMECONST and ADJ_TAI share the constant field. */
			if (tx->modes & (ADJ_TIMECONST | ADJ_TAI))
				return tksim_usage_error(cmd,
							 "--adjtimex '%s': constant and "
							 "tai share one field",
							 arg);
			tx->modes |= !strcmp(kv, "tai") ? ADJ_TAI : ADJ_TIMECONST;
			tx->constant = ll;
		}
	} else {
		return tksim_usage_error(cmd, "--adjtimex '%s': unknown key '%s'", arg, kv);
	}
	return 0;
}

/**
 * tksim_parse_adjtimex_call() - --adjtimex T:KEY=VAL[,KEY=VAL...] into the op @op
 * @op:  filled in: SIM_OP_ADJTIMEX (privileged) at time T with the request
 * @cmd: the command, for errors
 * @arg: the option's value
 *
 * Return: 0, or TKSIM_EXIT_USAGE after the error on stderr.
 */
int tksim_parse_adjtimex_call(struct sim_op *op, const char *cmd, const char *arg)
{
	char buf[256], *tok, *save = NULL;
	const char *spec;

	*op = (struct sim_op){ .kind = SIM_OP_ADJTIMEX };
	if (split_time(arg, &op->t_ns, &spec) || !*spec || strlen(spec) >= sizeof(buf))
		return tksim_usage_error(cmd, "--adjtimex wants T:KEY=VALUE[,...], not '%s'", arg);
	strcpy(buf, spec);
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		int ret = parse_adjtimex_key(&op->tx, tok, cmd, arg);

		if (ret)
			return ret;
	}
	return 0;
}

/**
 * tksim_parse_settimeofday_call() - --settimeofday T:SEC[.FRACTION] into the op @op
 * @op:  filled in: at time T, clock_settime(CLOCK_REALTIME), privileged: the
 *       kernel's settimeofday(2) and clock_settime() both end in
 *       do_settimeofday64(), and this one keeps the ns
 * @cmd: the command, for errors
 * @arg: the option's value
 *
 * Return: 0, or TKSIM_EXIT_USAGE after the error on stderr.
 */
int tksim_parse_settimeofday_call(struct sim_op *op, const char *cmd, const char *arg)
{
	const char *spec, *dot;
	char secbuf[32];
	s64 sec;
	long nsec = 0;

	/* Every field the executor reads must be set: op->user decides the privilege. */
	*op = (struct sim_op){ .kind = SIM_OP_CLOCK_SETTIME, .clock = TK_CLOCK_REALTIME };
	if (split_time(arg, &op->t_ns, &spec))
		goto bad;
	dot = strchr(spec, '.');
	if ((size_t)(dot ? dot - spec : (long)strlen(spec)) >= sizeof(secbuf))
		goto bad;
	memcpy(secbuf, spec, dot ? (size_t)(dot - spec) : strlen(spec) + 1);
	if (dot)
		secbuf[dot - spec] = '\0';
	if (tksim_parse_s64(secbuf, &sec))
		goto bad;
	if (dot) {
		const char *p = dot + 1;
		int digits = 0;

		for (; *p; p++, digits++) {
			if (*p < '0' || *p > '9' || digits == 9)
				goto bad;
			nsec = nsec * 10 + (*p - '0');
		}
		if (!digits)
			goto bad;
		for (; digits < 9; digits++)
			nsec *= 10;
	}
	op->a = sec;
	op->b = nsec;
	return 0;
bad:
	return tksim_usage_error(cmd, "--settimeofday wants T:SECONDS[.FRACTION], not '%s'", arg);
}
