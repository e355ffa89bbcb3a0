// SPDX-License-Identifier: GPL-2.0
// tksim's own: the torture tester over a kernel tree (tksim torture --kernel): the tree booted on
// the TSC, its timekeeper thread, its publication log and its clock reads.
/*
 * The readers and every check are sim/torture's (torture_read.c,
 * torture_log.c); what changes with a tree is below them: a clock read is
 * the tree's own lib/vdso over its own vvar page or its kernel-side getters
 * (ktree_clock_gettime()), the windows are the tree's tk_core.seq and the
 * vDSO's retries its vvar seq, and the timekeeper thread runs the tree's
 * update_wall_time() and adjtimex.  After each of its operations that moved
 * tk_core.seq the thread, the page's one writer, reads the page out of the
 * tree's layout (ktree_vvar_read(), in the tree's object) and logs it in the
 * model's, so that torture_check_seqcount() computes what each publication
 * gives with tksim's own arithmetic, not the tree's: the generic rule
 * (VDSO_CLOCKMODE_SIM, vdso/calc.h), which the shims' counter hook is read
 * by, and 64-bit products throughout for a tree without max_cycles.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktree/ktree.h"
#include "sim/engine.h"
#include "sim/torture/torture_int.h"
#include "timekeeper/adjtimex.h"

_Static_assert(VDSO_BASES == KTREE_VDSO_BASES && CS_BASES == KTREE_CS_BASES &&
		       CS_RAW == KTREE_CS_RAW,
	       "a tree's vvar page has the model's clock ids and bases");
_Static_assert(TORTURE_KBREAK_READ_RETRY == KTREE_BREAK_READ_RETRY &&
		       TORTURE_KBREAK_SEQ_BUMP == KTREE_BREAK_SEQ_BUMP,
	       "torture_result.kernel_break speaks ktree.h's bits");

/* The TSC as the tree's clocksource reads it: clocksource->read(). */
static uint64_t kt_cs_read(void *ctx)
{
	const struct torture_ctx *c = ctx;

	return rdtsc_ordered(c->o->insn);
}

/* The TSC as the tree's vDSO reads it (__arch_get_hw_counter()): the litmus rows switch it. */
static uint64_t kt_vdso_read(void *ctx)
{
	const struct torture_ctx *c = ctx;

	return rdtsc_ordered(READ_ONCE(c->kt_vdso_insn));
}

/**
 * torture_kt_check() - whether @o asks a tree for something only the model has
 * @o: the run, with @o->kernel
 *
 * The tree runs on the TSC, has no time namespace (the shims' configuration),
 * no aux clocks (6.12 and 6.1 predate v6.17), no write-section spins, and
 * the model's injectable bugs and fixes are the model's code.
 *
 * Return: 0, or -EINVAL.
 */
int torture_kt_check(const struct torture_opts *o)
{
	if (o->counter != TORTURE_COUNTER_TSC || o->timens || o->aux_clocks || o->window_spin ||
	    o->bugs || o->fixes || (o->churn & TORTURE_CHURN_AUX) || (o->clocks >> TK_CLOCK_AUX))
		return -EINVAL;
	return 0;
}

/* TKSIM_KTREE_BREAK: "read-retry", "seq-bump" or both (a test's); -EINVAL for another word. */
static int kt_break_bits(u32 *bits, char *err, size_t errlen)
{
	const char *e = getenv("TKSIM_KTREE_BREAK");
	char buf[64], *save = NULL;

	*bits = 0;
	if (!e || !*e)
		return 0;
	snprintf(buf, sizeof(buf), "%s", e);
	for (char *w = strtok_r(buf, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
		if (!strcmp(w, "read-retry")) {
			*bits |= KTREE_BREAK_READ_RETRY;
		} else if (!strcmp(w, "seq-bump")) {
			*bits |= KTREE_BREAK_SEQ_BUMP;
		} else {
			snprintf(err, errlen,
				 "TKSIM_KTREE_BREAK: no knob '%s' (read-retry, seq-bump)", w);
			return -EINVAL;
		}
	}
	return 0;
}

/**
 * torture_kt_boot() - open and boot @c->o->kernel on the TSC; the readers' seq words
 * @c:   the run
 * @res: its result: the tree's release, or why not in @res->kernel_err
 *
 * The tree boots as the model does in torture: the TSC's frequency (given or
 * calibrated) registered through the tree's own clocksource.c, a 64-bit
 * mask, the run's HZ (the tree's object is built per HZ, once), REALTIME and
 * MONOTONIC from the host's clocks now.
 *
 * Return: 0; -ENOENT (not fetched: a skip) or -ENOEXEC (does not build or
 * boot) with @res->kernel_err; -EINVAL for a bad TKSIM_KTREE_BREAK; a TSC
 * calibration errno.
 */
int torture_kt_boot(struct torture_ctx *c, struct torture_result *res)
{
	const struct torture_opts *o = c->o;
	const size_t elen = sizeof(res->kernel_err);
	struct tk_boot_params bp;
	struct ktree_config kc;
	enum ktree_status st;
	u64 hz = o->tsc_hz;
	u32 bits;
	int ret;

	if ((ret = kt_break_bits(&bits, res->kernel_err, elen)))
		return ret;
	st = ktree_open(o->kernel, &c->kt, res->kernel_err, elen);
	if (st != KTREE_OK)
		return st == KTREE_UNAVAILABLE ? -ENOENT : -ENOEXEC;
	snprintf(res->kernel, sizeof(res->kernel), "%s", ktree_release(c->kt));
	if (!hz && (ret = sim_tsc_calibrate(&hz)))
		goto fail;
	res->tsc_hz = hz;
	sim_tsc_boot_params(&bp);
	c->kt_vdso_insn = o->insn;
	kc = (struct ktree_config){
		.freq_hz = hz,
		.mask = ~0ULL, /* the TSC's CLOCKSOURCE_MASK(64) */
		.hz = o->hz,
		.wall_sec = bp.wall_time.tv_sec,
		.wall_nsec = bp.wall_time.tv_nsec,
		.boot_sec = bp.boot_offset.tv_sec,
		.boot_nsec = bp.boot_offset.tv_nsec,
		.read = kt_cs_read,
		.read_vdso = kt_vdso_read,
		.ctx = c,
	};
	if (ktree_boot(c->kt, &kc, res->kernel_err, elen)) {
		ret = -ENOEXEC;
		goto fail;
	}
	c->tkseq = ktree_tk_seq(c->kt);
	for (int b = 0; b < CS_BASES; b++)
		c->vvseq[b] = ktree_vvar_seq(c->kt, b);
	res->kernel_break = bits;
	if (bits)
		ktree_vdso_break(c->kt, bits);
	{
		struct ktree_vvar vv;

		ktree_vvar_read(c->kt, &vv);
		res->clock_mode = vv.base[CS_HRES_COARSE].clock_mode; /* the tree's numbering */
	}
	return 0;
fail:
	ktree_close(c->kt);
	c->kt = NULL;
	return ret;
}

/** torture_kt_close() - forget the tree (its object stays mapped for the process) */
void torture_kt_close(struct torture_ctx *c)
{
	ktree_close(c->kt);
	c->kt = NULL;
}

/*
 * The tree's page now, read by its one writer (this thread), in the model's
 * layout: clock mode NONE stays NONE (the vDSO takes the syscall), any other
 * is read by the generic rule, as the shims read the tree's TSC mode.
 */
static void kt_page(struct torture_ctx *c, struct vdso_clock vc[CS_BASES])
{
	struct ktree_vvar vv;

	ktree_vvar_read(c->kt, &vv);
	memset(vc, 0, sizeof(*vc) * CS_BASES);
	for (int b = 0; b < CS_BASES; b++) {
		const struct ktree_vvar_base *t = &vv.base[b];

		vc[b].seq = t->seq;
		vc[b].clock_mode = t->clock_mode ? VDSO_CLOCKMODE_SIM : VDSO_CLOCKMODE_NONE;
		vc[b].cycle_last = t->cycle_last;
		vc[b].max_cycles = t->max_cycles;
		vc[b].mask = t->mask;
		vc[b].mult = t->mult;
		vc[b].shift = t->shift;
		for (int i = 0; i < VDSO_BASES; i++) {
			vc[b].basetime[i].sec = t->sec[i];
			vc[b].basetime[i].nsec = t->nsec[i];
		}
	}
}

/** torture_kt_log_boot() - log the page the tree's boot left, before any thread starts */
void torture_kt_log_boot(struct torture_ctx *c)
{
	struct vdso_clock vc[CS_BASES];
	u32 seq = READ_ONCE(*c->tkseq);

	kt_page(c, vc);
	torture_log_clocks(c, seq, seq - 2, 0, vc);
}

/* After one operation that began at counter @c_pre: log what it published (tk_op_done()'s). */
static void kt_op_done(struct torture_ctx *c, u32 *logged, u32 *mult, u64 c_pre)
{
	u64 c_post = torture_counter(c);
	u32 seq = READ_ONCE(*c->tkseq);
	struct vdso_clock vc[CS_BASES];

	if (seq == *logged)
		return;
	kt_page(c, vc);
	torture_log_clocks(
		c, seq, *logged,
		torture_mult_excuse(&vc[CS_HRES_COARSE], *mult, c_post - c_pre, seq - *logged > 2),
		vc);
	*logged = seq;
	*mult = vc[CS_HRES_COARSE].mult;
}

/**
 * torture_kt_gettime() - clock_gettime() of @clock through the tree's @path
 * @c:     the run
 * @clock: clock id
 * @path:  PATH_VDSO (the tree's lib/vdso) or PATH_SYS (its kernel-side getters)
 * @ts:    result
 *
 * Return: 0 or a negative errno.
 */
int torture_kt_gettime(struct torture_ctx *c, s32 clock, int path, struct timespec64 *ts)
{
	int64_t sec;
	long nsec;
	int ret =
		ktree_clock_gettime(c->kt, path == PATH_VDSO ? KTREE_PATH_VDSO : KTREE_PATH_SYSCALL,
				    clock, &sec, &nsec);

	if (!ret) {
		ts->tv_sec = sec;
		ts->tv_nsec = nsec;
	}
	return ret;
}

/** torture_kt_litmus_read() - struct litmus_params' gettime: the tree's vDSO; @arg the run */
int torture_kt_litmus_read(void *arg, s32 clock, struct timespec64 *ts)
{
	return torture_kt_gettime(arg, clock, PATH_VDSO, ts);
}

/* A random step of up to +/-0.5 s (ns): ADJ_SETOFFSET's, or settimeofday()'s from now. */
static s64 kt_half_second(struct sim_rng *rng)
{
	return sim_rng_range(rng, -(s64)NSEC_PER_SEC / 2, NSEC_PER_SEC / 2);
}

/* One churn operation on the tree, chosen as torture_tk.c's churn() chooses among the kinds. */
static void kt_churn(struct torture_ctx *c, struct sim_rng *rng, int *sign)
{
	u32 kinds[3], n = 0, kind;
	struct ktree_timex tx = { 0 };

	for (u32 i = 0; i < 3; i++)
		if (c->o->churn & BIT(i))
			kinds[n++] = BIT(i);
	kind = kinds[sim_rng_below(rng, n)];
	if (kind == TORTURE_CHURN_FREQ) {
		tx.modes = ADJ_FREQUENCY;
		tx.freq = *sign * (long long)sim_rng_below(rng, (500ULL << 16) + 1);
		*sign = -*sign;
		ktree_adjtimex(c->kt, TK_CLOCK_REALTIME, &tx);
	} else if (kind == TORTURE_CHURN_OFFSET) {
		s64 ns = kt_half_second(rng);

		tx.modes = ADJ_SETOFFSET | ADJ_NANO;
		tx.time_sec = ns < 0 ? -1 : 0;
		tx.time_usec = ns < 0 ? ns + NSEC_PER_SEC : ns;
		torture_set_begin(c);
		ktree_adjtimex(c->kt, TK_CLOCK_REALTIME, &tx);
		torture_set_end(c);
	} else {
		struct timespec64 now;
		s64 ns;

		torture_set_begin(c);
		if (!torture_kt_gettime(c, TK_CLOCK_REALTIME, PATH_SYS, &now)) {
			ns = ts_to_ns(&now) + kt_half_second(rng);
			ktree_clock_settime(c->kt, TK_CLOCK_REALTIME, ns / (s64)NSEC_PER_SEC,
					    (long)(ns % (s64)NSEC_PER_SEC));
		}
		torture_set_end(c);
	}
	c->churn_ops++;
}

/**
 * torture_kt_timekeeper_fn() - the tree's timer interrupt: update_wall_time() at HZ
 * @arg: the run (struct torture_ctx)
 *
 * As torture_timekeeper_fn(): the tick at HZ, or back to back with a
 * timekeeping_advance(TK_ADV_FREQ) after each (--max-pressure); churn at a
 * random instant inside the tick; every operation's publication logged.
 *
 * Return: NULL.
 */
void *torture_kt_timekeeper_fn(void *arg)
{
	struct torture_ctx *c = arg;
	const struct torture_opts *o = c->o;
	struct sim_rng rng = { o->seed };
	const u64 period = sim_tick_period_ns(o->hz);
	struct vdso_clock vc[CS_BASES];
	u32 logged = READ_ONCE(*c->tkseq), mult;
	struct timespec next;
	int sign = 1;

	kt_page(c, vc);
	mult = vc[CS_HRES_COARSE].mult;
	if (o->pin && c->nhost >= 2)
		pin_to(c->host_cpu[0]);
	clock_gettime(CLOCK_MONOTONIC, &next);
	for (u64 n = 1; !READ_ONCE(c->tk_stop); n++) {
		u64 c_pre;

		if (!o->max_pressure)
			torture_sleep_after(&next, period);
		c_pre = torture_counter(c);
		ktree_tick(c->kt);
		kt_op_done(c, &logged, &mult, c_pre);
		if (o->max_pressure) {
			c_pre = torture_counter(c);
			ktree_advance_freq(c->kt);
			kt_op_done(c, &logged, &mult, c_pre);
		}
		if (torture_churn_due(c, &rng, n)) {
			c_pre = torture_counter(c);
			kt_churn(c, &rng, &sign);
			kt_op_done(c, &logged, &mult, c_pre);
		}
	}
	return NULL;
}
