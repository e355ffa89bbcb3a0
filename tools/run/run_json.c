// SPDX-License-Identifier: GPL-2.0
// tksim's own: the --json report of `tksim run` (see tools/run/run_json.h, docs/output.md).
/*
 * The same numbers as the text summary, one object, every ns value an exact
 * integer (full width: REALTIME is ~1.8e18 ns, past a double's 53 bits).
 */
#include "tools/run/run_json.h"

#include "config.h"
#include "sim/run/run_ntp.h"
#include "sim/trace.h"
#include "timekeeper/adjtimex.h"
#include "timekeeper/timekeeping_aux.h"
#include "tools/json.h"

/* The kernel's NTP state as adjtimex(2) reports it, and the daemon's counts. */
static void json_ntp(struct json *j, struct sim_system *s, const struct sim_ntpd *d,
		     const struct sim_run_calls *calls)
{
	struct tk_timex tx;
	int state = sim_run_ntp_read(s, &tx);
	char hex[8];

	json_obj(j, "ntp");
	json_obj(j, "daemon");
	json_kbool(j, "enabled", d->p.enabled);
	if (d->p.enabled) {
		json_ku64(j, "poll_log2_s", d->p.poll);
		json_kbool(j, "fll", d->p.fll);
		json_ku64(j, "noise_ns", d->p.noise_ns);
		json_ku64(j, "polls", d->polls);
		json_ku64(j, "steps", d->steps);
		json_ks64(j, "last_offset_ns", d->last_offset_ns);
	}
	json_end(j);
	json_kdbl(j, "freq_ppm", (double)tx.freq / 65536.0);
	json_kdbl(j, "ideal_freq_ppm", sim_ntpd_ideal_freq_ppm(s));
	json_ks64(j, "time_constant", tx.constant);
	json_ks64(j, (tx.status & STA_NANO) ? "offset_ns" : "offset_us", tx.offset);
	json_ks64(j, "maxerror_us", tx.maxerror);
	json_ks64(j, "esterror_us", tx.esterror);
	json_kstr(j, "state", sim_time_state_name(state));
	snprintf(hex, sizeof(hex), "0x%04x", (unsigned int)tx.status & 0xffff);
	json_kstr(j, "status", hex);
	json_ks64(j, "tai_offset_s", tx.tai);
	json_arr(j, "scripted");
	for (unsigned int i = 0; i < calls->n; i++) {
		const struct sim_run_call *c = &calls->c[i];

		json_obj(j, NULL);
		json_ku64(j, "t_ns", c->op.t_ns);
		json_kstr(j, "call", c->name);
		json_kstr(j, "args", c->text);
		json_kbool(j, "done", c->done);
		if (c->done)
			json_ks64(j, "ret", c->ret);
		json_end(j);
	}
	json_end(j);
	json_end(j);
}

/*
 * The enabled aux clocks of @aux, as the system clocks are, with what their own NTP
 * state holds: clock_adjtime(CLOCK_AUX + n)'s freq and offset (no daemon steers them).
 */
static void json_aux(struct json *j, struct sim_system *s, unsigned int aux)
{
	for (unsigned int i = 0; i < TK_MAX_AUX_CLOCKS; i++) {
		s32 c = TK_CLOCK_AUX + (s32)i;
		struct tk_timex tx = { 0 };
		struct timespec64 v, k;

		if (!(aux & (1U << i)) || sim_clock_gettime(s, SIM_PATH_VDSO, c, &v) ||
		    sim_clock_gettime(s, SIM_PATH_SYSCALL, c, &k) ||
		    tk_sys_clock_adjtime(&s->k, c, &tx, false) < 0)
			continue;
		json_obj(j, NULL);
		json_kstr(j, "clock", oracle_clock_name(c));
		json_ki128(j, "vdso_ns", ts_to_ns(&v));
		json_ki128(j, "kernel_ns", ts_to_ns(&k));
		json_kdbl(j, "freq_ppm", (double)tx.freq / 65536.0);
		json_ks64(j, (tx.status & STA_NANO) ? "offset_ns" : "offset_us", tx.offset);
		json_end(j);
	}
}

/**
 * run_print_json() - the run as one JSON object
 * @f: where to
 * @s: the system at the end of the run
 * @d: the NTP daemon model
 * @r: what the run found
 */
void run_print_json(FILE *f, struct sim_system *s, const struct sim_ntpd *d,
		    const struct run_result *r)
{
	const struct clocksource *cs = &s->counter.cs;
	struct timespec64 rt;
	struct json j;

	json_begin(&j, f);
	json_kstr(&j, "tool", "tksim run");
	json_kstr(&j, "version", PACKAGE_VERSION);
	json_ku64(&j, "seed", r->seed);
	json_ku64(&j, "simulated_ns", s->now_ns);
	json_ku64(&j, "hz", s->cfg.hz);
	json_obj(&j, "counter");
	json_ku64(&j, "freq_hz", s->cfg.counter.freq_hz);
	json_ks64(&j, "error_ppb", s->counter.cur_error_ppb);
	json_ku64(&j, "bits", s->cfg.counter.bits);
	json_end(&j);
	json_obj(&j, "clocksource");
	json_ku64(&j, "mult", cs->mult);
	json_ku64(&j, "shift", cs->shift);
	json_ku64(&j, "max_cycles", cs->max_cycles);
	json_ku64(&j, "max_idle_ns", cs->max_idle_ns);
	json_end(&j);
	json_ku64(&j, "ticks", s->ticks);
	json_ku64(&j, "instants_checked", r->st->checks);
	json_arr(&j, "clocks");
	for (unsigned int i = 0; i < oracle_nr_clocks; i++) {
		s32 c = oracle_clocks[i];
		struct timespec64 v, k;

		sim_clock_gettime(s, SIM_PATH_VDSO, c, &v);
		sim_clock_gettime(s, SIM_PATH_SYSCALL, c, &k);
		json_obj(&j, NULL);
		json_kstr(&j, "clock", oracle_clock_name(c));
		json_ki128(&j, "vdso_ns", ts_to_ns(&v));
		json_ki128(&j, "kernel_ns", ts_to_ns(&k));
		json_end(&j);
	}
	json_aux(&j, s, r->aux);
	json_end(&j);
	json_ntp(&j, s, d, r->calls);
	json_ki128(&j, "max_vdso_kernel_diff_ns", r->st->max_vdso_diff_ns);
	sim_clock_gettime(s, SIM_PATH_VDSO, TK_CLOCK_REALTIME, &rt);
	json_ki128(&j, "realtime_error_ns", ts_to_ns(&rt) - sim_ntpd_true_realtime_ns(d, s));
	json_kbool(&j, "properties_held", !r->violation);
	if (r->violation) {
		json_obj(&j, "violation");
		json_ku64(&j, "t_ns", r->violation_ns);
		json_kstr(&j, "what", r->violation);
		json_end(&j);
	} else {
		json_knull(&j, "violation");
	}
	json_kbool(&j, "interrupted", r->signal != NULL);
	if (r->signal)
		json_kstr(&j, "signal", r->signal);
	else
		json_knull(&j, "signal");
	json_kstr(&j, "outcome", r->violation ? "violated" : r->signal ? "interrupted" : "held");
	json_kdbl(&j, "wall_s", r->wall_s);
	json_finish(&j);
}
