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
#include "sim/engine.h"

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
	return 0;
}

/** sim_system_close_ktree() - detach and close @s's tree, if any (sim_system_destroy()) */
void sim_system_close_ktree(struct sim_system *s)
{
	ktree_close(s->kt);
	s->kt = NULL;
}

/** sim_ktree_clock_gettime() - sim_clock_gettime() through the tree; 0 or a negative errno */
int sim_ktree_clock_gettime(struct sim_system *s, enum sim_path path, s32 clock,
			    struct timespec64 *ts)
{
	int64_t sec;
	long nsec;
	int ret = ktree_clock_gettime(s->kt,
				      path == SIM_PATH_VDSO ? KTREE_PATH_VDSO : KTREE_PATH_SYSCALL,
				      clock, &sec, &nsec);

	if (!ret) {
		ts->tv_sec = sec;
		ts->tv_nsec = nsec;
	}
	return ret;
}

/** sim_ktree_clock_getres() - sim_clock_getres() through the tree; 0 or a negative errno */
int sim_ktree_clock_getres(struct sim_system *s, enum sim_path path, s32 clock,
			   struct timespec64 *res)
{
	int64_t sec;
	long nsec;
	int ret = ktree_clock_getres(s->kt,
				     path == SIM_PATH_VDSO ? KTREE_PATH_VDSO : KTREE_PATH_SYSCALL,
				     clock, &sec, &nsec);

	if (!ret && res) {
		res->tv_sec = sec;
		res->tv_nsec = nsec;
	}
	return ret;
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
