// SPDX-License-Identifier: GPL-2.0
// tksim's own: the engine's seam to a kernel tree (ktree/ktree.h): the tree's code ticks and
// answers the clock reads.
/*
 * With a tree attached (`tksim run --kernel 6.12`), the engine still runs
 * the model beside it, tick for tick on the same counter, but every clock
 * read the oracle and the commands make goes to the tree: its kernel-side
 * getters (SIM_PATH_SYSCALL) or its own lib/vdso over its own vvar page
 * (SIM_PATH_VDSO).  sim_clock_gettime() and the tick test s->kt once; a
 * system without a tree takes no other branch.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>

#include "ktree/ktree.h"
#include "sim/bugs.h"
#include "sim/engine.h"
#include "timekeeper/adjtimex.h"

/* The counter the tree's clocksource and vDSO read: the model's own register read. */
static uint64_t sim_ktree_read(void *ctx)
{
	struct sim_system *s = ctx;

	return s->counter.cs.read(&s->counter.cs);
}

/**
 * sim_system_attach_ktree() - boot @kt with @s's configuration and let it stand in for the model
 * @s:      a system just built (sim_system_init()), at virtual time 0
 * @kt:     an open tree (ktree_open())
 * @err:    why not
 * @errlen: size of @err
 *
 * The tree gets what the model got: the counter's nominal frequency (its own
 * __clocksource_register_hz() chooses mult and shift), its mask, HZ, the
 * wall time and the boot offset.
 *
 * Return: 0 or a negative errno with @err.
 */
int sim_system_attach_ktree(struct sim_system *s, struct ktree *kt, char *err, size_t errlen)
{
	const struct sim_config *c = &s->cfg;
	struct ktree_config kc = {
		.freq_hz = c->counter.freq_hz,
		.mask = c->counter.bits >= 64 ? ~0ULL : (1ULL << c->counter.bits) - 1,
		.hz = c->hz,
		.wall_sec = c->wall_time.tv_sec,
		.wall_nsec = c->wall_time.tv_nsec,
		.boot_sec = c->boot_offset.tv_sec,
		.boot_nsec = c->boot_offset.tv_nsec,
		.read = sim_ktree_read,
		.ctx = s,
	};
	int ret;

	if (s->now_ns) {
		snprintf(err, errlen, "a kernel tree boots with its system, at time 0");
		return -EINVAL;
	}
	ret = ktree_boot(kt, &kc, err, errlen);
	if (!ret)
		s->kt = kt;
	return ret;
}

/**
 * sim_system_open_ktree() - open tree @name and attach it to @s, which then owns it
 * @s:      a system just built
 * @name:   a release ("6.12") or a tree's directory
 * @err:    why not
 * @errlen: size of @err
 *
 * Return: 0, SIM_KTREE_UNAVAILABLE (no such tree here: a skip) or
 * SIM_KTREE_BROKEN (it does not build or boot: exit 2), with @err.
 */
int sim_system_open_ktree(struct sim_system *s, const char *name, char *err, size_t errlen)
{
	struct ktree *kt;
	enum ktree_status st = ktree_open(name, &kt, err, errlen);

	if (st != KTREE_OK)
		return st == KTREE_UNAVAILABLE ? SIM_KTREE_UNAVAILABLE : SIM_KTREE_BROKEN;
	if (sim_system_attach_ktree(s, kt, err, errlen)) {
		ktree_close(kt);
		return SIM_KTREE_BROKEN;
	}
	sim_system_backports(s, sim_ktree_backports(kt, s->k.profile));
	return 0;
}

/**
 * sim_ktree_backports() - the bugs of release @p whose fix tree @kt carries anyway
 * @kt: the tree
 * @p:  the model's profile of its release
 *
 * A distribution's tree carries fixes from its stable series that the release as tagged lacks
 * (Debian's 6.12.117: neg-motion-max-delta, ntp-offset-div-s64; 6.1.192: ntp-offset-div-s64).
 * Each named difference with a bug bit says how a tree shows it (tk_vdiffs[].tree_file and
 * tree_text); a profile without the difference whose tree has it has the fix.
 *
 * Return: BUG_* bits of tk_profile_bugs(@p), for struct sim_config's backports.
 */
u64 sim_ktree_backports(const struct ktree *kt, enum tk_profile p)
{
	u64 bits = 0;

	for (unsigned int d = 0; d < TKV_NR; d++) {
		const struct tk_vdiff_desc *v = &tk_vdiffs[d];

		if (v->bug && v->tree_file && !tk_profile_has(p, (enum tk_vdiff)d) &&
		    ktree_has(kt, v->tree_file, v->tree_text))
			bits |= v->bug;
	}
	return bits;
}

/**
 * sim_system_backports() - give @s's model, booted, the fixes @bits its tree carries
 * @s:    a system with no reader yet
 * @bits: from sim_ktree_backports()
 *
 * The model beside a tree is then the tree's release as the tree has it, so that the oracle's
 * checks of internal state, which read the model, agree with the tree where the tree agrees
 * with mainline.  A system built with @bits in its configuration has them from boot.
 */
void sim_system_backports(struct sim_system *s, u64 bits)
{
	s->cfg.backports |= bits;
	s->k.backports |= bits;
	sim_bugs_clear(&s->k, bits);
}

/**
 * sim_ktree_open() - open tree @name for systems to attach (sim_system_attach_ktree()), one at a
 * time
 * @name:   a release ("6.12") or a tree's directory
 * @kt:     the tree (sim_ktree_close())
 * @err:    why not
 * @errlen: size of @err
 *
 * For callers that boot a fresh kernel per system on one tree (a fuzzer):
 * each attach is then a reset of the tree's data, not a new open.
 *
 * Return: 0, SIM_KTREE_UNAVAILABLE or SIM_KTREE_BROKEN, with @err.
 */
int sim_ktree_open(const char *name, struct ktree **kt, char *err, size_t errlen)
{
	enum ktree_status st = ktree_open(name, kt, err, errlen);

	if (st != KTREE_OK)
		return st == KTREE_UNAVAILABLE ? SIM_KTREE_UNAVAILABLE : SIM_KTREE_BROKEN;
	return 0;
}

/** sim_ktree_close() - close a tree of sim_ktree_open() no system holds any more; NULL is fine */
void sim_ktree_close(struct ktree *kt)
{
	ktree_close(kt);
}

/** sim_ktree_release() - the release of @kt ("6.12.57 (Debian 6.12.57-1)") */
const char *sim_ktree_release(const struct ktree *kt)
{
	return ktree_release(kt);
}

/** sim_system_close_ktree() - detach and close @s's tree, if any (sim_system_destroy()) */
void sim_system_close_ktree(struct sim_system *s)
{
	ktree_close(s->kt);
	s->kt = NULL;
}

/* The one shape of a clock read and a resolution through the tree: ktree_clock_get{time,res}(). */
typedef int (*sim_ktree_get_fn)(struct ktree *kt, enum ktree_path path, int32_t clock, int64_t *sec,
				long *nsec);

static int sim_ktree_get(struct sim_system *s, sim_ktree_get_fn get, enum sim_path path, s32 clock,
			 struct timespec64 *ts)
{
	int64_t sec;
	long nsec;
	int ret = get(s->kt, path == SIM_PATH_VDSO ? KTREE_PATH_VDSO : KTREE_PATH_SYSCALL, clock,
		      &sec, &nsec);

	if (!ret && ts) {
		ts->tv_sec = sec;
		ts->tv_nsec = nsec;
	}
	return ret;
}

/** sim_ktree_clock_gettime() - sim_clock_gettime() through the tree; 0 or a negative errno */
int sim_ktree_clock_gettime(struct sim_system *s, enum sim_path path, s32 clock,
			    struct timespec64 *ts)
{
	return sim_ktree_get(s, ktree_clock_gettime, path, clock, ts);
}

/** sim_ktree_clock_getres() - sim_clock_getres() through the tree; 0 or a negative errno */
int sim_ktree_clock_getres(struct sim_system *s, enum sim_path path, s32 clock,
			   struct timespec64 *res)
{
	return sim_ktree_get(s, ktree_clock_getres, path, clock, res);
}

/** sim_ktree_time() - sim_time() through the tree */
time64_t sim_ktree_time(struct sim_system *s, enum sim_path path)
{
	return ktree_time(s->kt, path == SIM_PATH_VDSO ? KTREE_PATH_VDSO : KTREE_PATH_SYSCALL);
}

/** sim_ktree_tick() - the tick's timekeeping in the tree: its update_wall_time() */
void sim_ktree_tick(struct sim_system *s)
{
	ktree_tick(s->kt);
}

/**
 * sim_ktree_timex_in() - a model's struct tk_timex as the backend's struct ktree_timex
 * @k: out
 * @t: in
 *
 * Both are struct __kernel_timex, field for field (ktree.h needs no model header).
 */
void sim_ktree_timex_in(struct ktree_timex *k, const struct tk_timex *t)
{
	*k = (struct ktree_timex){
		.modes = t->modes,
		.offset = t->offset,
		.freq = t->freq,
		.maxerror = t->maxerror,
		.esterror = t->esterror,
		.status = t->status,
		.constant = t->constant,
		.precision = t->precision,
		.tolerance = t->tolerance,
		.time_sec = t->time.tv_sec,
		.time_usec = t->time.tv_usec,
		.tick = t->tick,
		.ppsfreq = t->ppsfreq,
		.jitter = t->jitter,
		.shift = t->shift,
		.stabil = t->stabil,
		.jitcnt = t->jitcnt,
		.calcnt = t->calcnt,
		.errcnt = t->errcnt,
		.stbcnt = t->stbcnt,
		.tai = t->tai,
	};
}

/**
 * sim_ktree_timex_out() - the backend's struct ktree_timex as a model's struct tk_timex
 * @t: out
 * @k: in
 */
void sim_ktree_timex_out(struct tk_timex *t, const struct ktree_timex *k)
{
	*t = (struct tk_timex){
		.modes = k->modes,
		.offset = k->offset,
		.freq = k->freq,
		.maxerror = k->maxerror,
		.esterror = k->esterror,
		.status = k->status,
		.constant = k->constant,
		.precision = k->precision,
		.tolerance = k->tolerance,
		.time = { k->time_sec, k->time_usec },
		.tick = k->tick,
		.ppsfreq = k->ppsfreq,
		.jitter = k->jitter,
		.shift = k->shift,
		.stabil = k->stabil,
		.jitcnt = k->jitcnt,
		.calcnt = k->calcnt,
		.errcnt = k->errcnt,
		.stbcnt = k->stbcnt,
		.tai = k->tai,
	};
}

/*
 * The setters below keep the model and the tree in lockstep: the model runs
 * the call as before, and with a tree attached the tree runs the same call,
 * and its answer (return value, adjtimex read-back) is the one the caller gets.
 */

/**
 * sim_sys_clock_adjtime() - adjtimex() (@clock TK_CLOCK_REALTIME, @adjtimex true) or
 * clock_adjtime()
 * @s:          the system
 * @clock:      the clock id
 * @adjtimex:   the adjtimex() entry (do_adjtimex()) rather than clock_adjtime()'s dispatch
 * @tx:         argument and read-back
 * @privileged: CAP_SYS_TIME
 *
 * Return: the clock state or a negative errno.
 */
int sim_sys_clock_adjtime(struct sim_system *s, s32 clock, bool adjtimex, struct tk_timex *tx,
			  bool privileged)
{
	struct ktree_timex kx;
	int ret;

	if (s->kt)
		sim_ktree_timex_in(&kx, tx);
	if (adjtimex)
		ret = do_adjtimex(&s->k, tx, privileged);
	else
		ret = tk_sys_clock_adjtime(&s->k, clock, tx, privileged);
	if (!s->kt)
		return ret;
	ret = ktree_adjtimex_as(s->kt, adjtimex ? TK_CLOCK_REALTIME : clock, &kx, privileged);
	sim_ktree_timex_out(tx, &kx);
	return ret;
}

/** sim_sys_settimeofday() - settimeofday(): @tv and @tz may be NULL; 0 or a negative errno */
int sim_sys_settimeofday(struct sim_system *s, const struct tk_timeval *tv,
			 const struct tk_timezone *tz, bool privileged)
{
	int ret = tk_sys_settimeofday(&s->k, tv, tz, privileged);
	int64_t sec = tv ? tv->tv_sec : 0;

	if (!s->kt)
		return ret;
	return ktree_settimeofday_as(s->kt, tv ? &sec : NULL, tv ? (long)tv->tv_usec : 0,
				     tz ? &tz->tz_minuteswest : NULL, tz ? &tz->tz_dsttime : NULL,
				     privileged);
}

/** sim_sys_clock_settime() - clock_settime(); 0 or a negative errno */
int sim_sys_clock_settime(struct sim_system *s, s32 clock, const struct timespec64 *ts,
			  bool privileged)
{
	int ret = tk_sys_clock_settime(&s->k, clock, ts, privileged);

	if (!s->kt)
		return ret;
	if (!privileged && clock == TK_CLOCK_REALTIME)
		return -EPERM;
	return ktree_clock_settime(s->kt, clock, ts->tv_sec, ts->tv_nsec);
}

/** sim_do_settimeofday64() - the kernel's do_settimeofday64() (a privileged daemon's step) */
int sim_do_settimeofday64(struct sim_system *s, const struct timespec64 *ts)
{
	int ret = do_settimeofday64(&s->k, ts);

	if (!s->kt)
		return ret;
	return ktree_clock_settime(s->kt, TK_CLOCK_REALTIME, ts->tv_sec, ts->tv_nsec);
}

/**
 * sim_sys_suspend() - the syscore suspend of timekeeping: the model's, and the tree's with it
 * @s: the system
 *
 * The tree's persistent clock is set to its REALTIME now (ktree/tree/kt_glue.c), so that its
 * timekeeping_resume() measures the sleep the model is given.
 *
 * Return: 0, or the tree's negative errno.
 */
int sim_sys_suspend(struct sim_system *s)
{
	timekeeping_suspend(&s->k);
	return s->kt ? ktree_suspend(s->kt) : 0;
}

/**
 * sim_sys_resume() - resume after @sleep, as the persistent clock measured it: model and tree
 * @s:     the system
 * @sleep: the sleep
 *
 * Return: 0, or the tree's negative errno.
 */
int sim_sys_resume(struct sim_system *s, const struct timespec64 *sleep)
{
	timekeeping_resume(&s->k, sleep);
	return s->kt ? ktree_resume(s->kt, sleep->tv_sec, sleep->tv_nsec) : 0;
}

/**
 * sim_kernel_coarse_pre_615() - the attached tree's coarse clocks predate v6.15's coarse_nsec
 * @s: the system
 *
 * Such a tree's MONOTONIC_COARSE follows xtime_nsec, which a frequency change
 * lowers: it goes back, the kernel bug b71f9804f66c fixed (the model's
 * injectable coarse-pre-6.15).
 *
 * Return: true with such a tree attached, false for the model or a tree of v6.15+.
 */
bool sim_kernel_coarse_pre_615(struct sim_system *s)
{
	struct tk_snapshot snap;

	if (!s->kt)
		return false;
	ktree_snapshot(s->kt, &snap);
	return !snap.has_coarse_nsec;
}

/** sim_kernel_release() - the attached tree's release ("6.12.57 ..."), or NULL for the model */
const char *sim_kernel_release(const struct sim_system *s)
{
	return s->kt ? ktree_release(s->kt) : NULL;
}

/**
 * sim_ntp_view() - the NTP state of the kernel that answers: the tree's when one is attached
 * @s: the system
 * @v: out
 *
 * A modes-0 adjtimex() is a read: it changes no state, in the model or in the tree.
 */
void sim_ntp_view(struct sim_system *s, struct sim_ntp_view *v)
{
	*v = (struct sim_ntp_view){ 0 };
	if (s->kt) {
		struct ktree_timex kx = { 0 };
		struct tk_snapshot snap;

		v->state = ktree_adjtimex(s->kt, TK_CLOCK_REALTIME, &kx);
		sim_ktree_timex_out(&v->tx, &kx);
		ktree_snapshot(s->kt, &snap);
		v->time_offset = snap.time_offset;
		v->time_constant = snap.time_constant;
		v->tick_length = snap.tick_length;
		v->cycle_interval = snap.cycle_interval;
		v->mult = snap.mult;
		v->raw_mult = snap.raw_mult;
		v->ntp_error = snap.ntp_error;
		v->time_status = snap.time_status;
		v->time_maxerror = snap.time_maxerror;
		v->time_esterror = snap.time_esterror;
		v->tick_usec = (unsigned long)snap.tick_usec;
		v->next_leap_sec = snap.ntp_next_leap_sec;
	} else {
		struct timekeeper tk;

		v->state = do_adjtimex(&s->k, &v->tx, false);
		tk_snapshot(&s->k, &tk);
		v->time_offset = s->k.ntp.time_offset;
		v->time_constant = s->k.ntp.time_constant;
		v->tick_length = ntp_tick_length(&s->k.ntp);
		v->cycle_interval = tk.cycle_interval;
		v->mult = tk.tkr_mono.mult;
		v->raw_mult = tk.tkr_raw.mult;
		v->ntp_error = tk.ntp_error;
		v->time_status = s->k.ntp.time_status;
		v->time_maxerror = s->k.ntp.time_maxerror;
		v->time_esterror = s->k.ntp.time_esterror;
		v->tick_usec = s->k.ntp.tick_usec;
		v->next_leap_sec = s->k.ntp.ntp_next_leap_sec;
	}
}

/* The release's major and minor as 100 * major + minor ("6.12.117 (Debian ...)": 612), or 0. */
static unsigned int sim_ktree_version(const struct sim_system *s)
{
	unsigned int major = 0, minor = 0;

	if (sscanf(ktree_release(s->kt), "%u.%u", &major, &minor) != 2)
		return 0;
	return major * 100 + minor;
}

/**
 * sim_ktree_tick_view() - the attached tree's numbers for the oracle's tick checks
 * @s: the system
 * @v: out
 *
 * @v->adjust_term: 6.12's and 6.1's timekeeping_apply_adjustment() add
 * "offset << ntp_error_shift" to ntp_error; the model's 6.15 and later do not
 * (docs/design.md, adjust-no-ntp-error, the commit not found): a tree before
 * v6.15, or one whose release cannot be read, is taken to have it.
 *
 * Return: false (and @v untouched) without a tree.
 */
bool sim_ktree_tick_view(struct sim_system *s, struct sim_tick_view *v)
{
	struct tk_snapshot snap;
	unsigned int ver;

	if (!s->kt)
		return false;
	ktree_snapshot(s->kt, &snap);
	ver = sim_ktree_version(s);
	*v = (struct sim_tick_view){
		.cycle_last = snap.cycle_last,
		.mask = snap.mask,
		.cycle_interval = snap.cycle_interval,
		.ntp_tick = snap.ntp_tick,
		.ntp_error = snap.ntp_error,
		.ntp_error_shift = snap.ntp_error_shift,
		.ntp_err_mult = snap.ntp_err_mult,
		.mult = snap.mult,
		.cs_mult = snap.cs_mult,
		.cs_maxadj = snap.cs_maxadj,
		.counter_now = sim_ktree_read(s) & snap.mask,
		.adjust_term = !ver || ver < 615,
		.suspended = snap.suspended,
	};
	return true;
}
