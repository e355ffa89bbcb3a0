// SPDX-License-Identifier: GPL-2.0
// tksim's own: a kernel tree's own code (ktree/ktree.h) as a side of `tksim diff`.
/*
 * The tree's kernel gets the model's configuration and a counter of its own
 * built from the same parameters (sim/counter.c), so that at every instant
 * the model's engine names, both kernels read the same counter value.  Only
 * CPU 0 is read, so a CPU's skew changes nothing here.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/diff/diff.h"

/* The tree and the counter it reads. */
struct kside {
	struct diff_side side;
	struct ktree *kt;
	char tree[256];
	struct sim_counter counter;
	u64 now_ns;
};

static struct kside *kside_of(struct diff_side *d)
{
	return d->priv;
}

/* The clocksource's read(), as the model's timekeeper calls it. */
static uint64_t kside_read(void *ctx)
{
	struct clocksource *cs = ctx;

	return cs->read(cs);
}

static void kside_set_time(struct kside *k, u64 t_ns)
{
	k->now_ns = t_ns;
	sim_counter_set_time(&k->counter, t_ns);
}

static void kside_tick_at(struct diff_side *d, u64 t_ns)
{
	struct kside *k = kside_of(d);

	kside_set_time(k, t_ns);
	ktree_tick(k->kt);
}

static void kside_move_to(struct diff_side *d, u64 t_ns)
{
	kside_set_time(kside_of(d), t_ns);
}

static void kside_stall(struct diff_side *d, u64 ns)
{
	struct kside *k = kside_of(d);

	kside_set_time(k, k->now_ns + ns);
}

static int kside_call(struct diff_side *d, const struct sim_op *op, struct tk_timex *tx)
{
	struct ktree *kt = kside_of(d)->kt;
	struct ktree_timex ktx;
	int64_t sec = op->a;
	int ret;

	*tx = op->tx;
	switch (op->kind) {
	case SIM_OP_ADJTIMEX:
	case SIM_OP_CLOCK_ADJTIME:
		sim_ktree_timex_in(&ktx, &op->tx);
		ret = ktree_adjtimex_as(kt,
					op->kind == SIM_OP_ADJTIMEX ? TK_CLOCK_REALTIME : op->clock,
					&ktx, !op->user);
		sim_ktree_timex_out(tx, &ktx);
		return ret;
	case SIM_OP_CLOCK_SETTIME:
		/* The backend's clock_settime() is a privileged caller's only. */
		if (op->user)
			return -EOPNOTSUPP;
		return ktree_clock_settime(kt, op->clock, op->a, (long)op->b);
	case SIM_OP_SETTIMEOFDAY:
		return ktree_settimeofday_as(kt, op->has_tv ? &sec : NULL, (long)op->b,
					     op->has_tz ? &op->tz.tz_minuteswest : NULL,
					     op->has_tz ? &op->tz.tz_dsttime : NULL, !op->user);
	default:
		return -EINVAL;
	}
}

static int kside_suspend(struct diff_side *d, u64 ns)
{
	struct kside *k = kside_of(d);
	int ret = ktree_suspend(k->kt);

	if (ret)
		return ret;
	kside_set_time(k, k->now_ns + ns);
	return ktree_resume(k->kt, (s64)(ns / NSEC_PER_SEC), (long)(ns % NSEC_PER_SEC));
}

static void kside_counter_ppb(struct diff_side *d, s64 ppb)
{
	sim_counter_set_error_ppb(&kside_of(d)->counter, ppb);
}

static void kside_cpu_skew(struct diff_side *d, unsigned int cpu, s64 cycles)
{
	sim_counter_set_cpu_offset(&kside_of(d)->counter, cpu, cycles);
}

static int kside_cannot(struct diff_side *d, u64 mask)
{
	(void)d;
	(void)mask;
	return -EOPNOTSUPP;
}

static int kside_no_clocksource(struct diff_side *d, s64 index)
{
	(void)d;
	(void)index;
	return -EOPNOTSUPP;
}

/* The trees the backend builds (6.12, 6.1) predate v6.17's aux clocks: no sysfs knob. */
static int kside_no_aux(struct diff_side *d, s64 idx, bool on)
{
	(void)d;
	(void)idx;
	(void)on;
	return -ENOENT;
}

static void kside_snapshot(struct diff_side *d, struct tk_snapshot *st)
{
	ktree_snapshot(kside_of(d)->kt, st);
}

static int kside_clock_read(struct diff_side *d, enum sim_path path, s32 clock,
			    struct timespec64 *ts)
{
	int64_t sec = 0;
	long nsec = 0;
	int ret = ktree_clock_gettime(kside_of(d)->kt,
				      path == SIM_PATH_VDSO ? KTREE_PATH_VDSO : KTREE_PATH_SYSCALL,
				      clock, &sec, &nsec);

	ts->tv_sec = sec;
	ts->tv_nsec = nsec;
	return ret;
}

static s64 kside_time(struct diff_side *d, enum sim_path path)
{
	return ktree_time(kside_of(d)->kt,
			  path == SIM_PATH_VDSO ? KTREE_PATH_VDSO : KTREE_PATH_SYSCALL);
}

/*
 * Opening a tree costs about 0.7 s (the build cache is checked, the object
 * loaded); booting it again is cheap (ktree_boot()).  A fuzzer compares
 * thousands of inputs on one tree, so the last tree closed stays open, parked
 * here for the next diff_kernel_new() of the same name.  The one piece of
 * process state of sim/diff/: a loaded object is the process's anyway (the
 * kernel's statics live in it), and a second side of the same tree in one
 * process would share them.
 */
static struct {
	char name[256];
	struct ktree *kt;
} parked;

static struct ktree *unpark(const char *tree)
{
	struct ktree *kt = NULL;

	if (parked.kt && !strcmp(parked.name, tree)) {
		kt = parked.kt;
		parked.kt = NULL;
	}
	return kt;
}

static void park(const char *tree, struct ktree *kt)
{
	if (parked.kt)
		ktree_close(parked.kt);
	parked.kt = NULL;
	if (strlen(tree) >= sizeof(parked.name)) {
		ktree_close(kt);
		return;
	}
	strcpy(parked.name, tree);
	parked.kt = kt;
}

static void kside_free(struct diff_side *d)
{
	struct kside *k = kside_of(d);

	park(k->tree, k->kt);
	free(k);
}

static const struct diff_side_ops kside_ops = {
	.tick_at = kside_tick_at,
	.move_to = kside_move_to,
	.stall = kside_stall,
	.call = kside_call,
	.suspend = kside_suspend,
	.counter_ppb = kside_counter_ppb,
	.cpu_skew = kside_cpu_skew,
	.inject = kside_cannot,
	.clocksource = kside_no_clocksource,
	.aux_enable = kside_no_aux,
	.snapshot = kside_snapshot,
	.read = kside_clock_read,
	.time = kside_time,
	.free = kside_free,
};

/**
 * diff_kernel_new() - kernel tree @tree booted from @cfg, as a side of the comparator
 * @tree: a release ("6.12", "6.1") or a tree's path (ktree_open())
 * @cfg:  the system the model is built from
 * @out:  the side (diff_side_free()), on KTREE_OK
 * @why:  otherwise, why not (the file and symbol for a tree that is broken)
 * @n:    its size
 *
 * Return: KTREE_OK, KTREE_UNAVAILABLE (no such tree here: SKIP) or KTREE_BROKEN
 * (the tree cannot be used: bad input).
 */
enum ktree_status diff_kernel_new(const char *tree, const struct sim_config *cfg,
				  struct diff_side **out, char *why, size_t n)
{
	struct kside *k = calloc(1, sizeof(*k));
	struct ktree_config kc;
	enum ktree_status st;

	*out = NULL;
	if (!k) {
		snprintf(why, n, "out of memory");
		return KTREE_BROKEN;
	}
	snprintf(k->tree, sizeof(k->tree), "%s", tree);
	k->kt = unpark(tree);
	st = k->kt ? KTREE_OK : ktree_open(tree, &k->kt, why, n);
	if (st != KTREE_OK) {
		free(k);
		return st;
	}
	if (sim_counter_init(&k->counter, &cfg->counter, "tsc")) {
		snprintf(why, n, "the counter cannot be built");
		goto broken;
	}
	kc = (struct ktree_config){
		.freq_hz = cfg->counter.freq_hz,
		.mask = k->counter.cs.mask,
		.hz = cfg->hz,
		.wall_sec = cfg->wall_time.tv_sec,
		.wall_nsec = cfg->wall_time.tv_nsec,
		.boot_sec = cfg->boot_offset.tv_sec,
		.boot_nsec = cfg->boot_offset.tv_nsec,
		.read = kside_read,
		.ctx = &k->counter.cs,
	};
	kside_set_time(k, 0);
	if (ktree_boot(k->kt, &kc, why, n))
		goto broken;
	k->side.ops = &kside_ops;
	k->side.priv = k;
	snprintf(k->side.name, sizeof(k->side.name), "kernel %s", tree);
	*out = &k->side;
	return KTREE_OK;
broken:
	ktree_close(k->kt);
	free(k);
	return KTREE_BROKEN;
}
