// SPDX-License-Identifier: GPL-2.0
// tksim's own: the deterministic engine: the system, its boot and its clock reads (see
// sim/engine.h; virtual time and the ticks are sim/engine_tick.c).
#include "sim/engine.h"

#include <errno.h>
#include <stdlib.h>

#include "sim/clocksources.h"
#include "sim/fixes.h"
#include "timekeeper/timekeeping_aux.h"
#include "vdso/gettimeofday.h"

/**
 * sim_config_default() - the default system
 * @cfg: filled with a 2.1 GHz, 64-bit, +35 ppm counter at HZ=1000, booted
 *       at 2026-01-01T00:00:00Z, 10 s after power-on
 */
void sim_config_default(struct sim_config *cfg)
{
	*cfg = (struct sim_config){
		.counter = {
			.freq_hz = 2100000000ULL,
			.error_ppb = 35000,
			.bits = 64,
			.seed = 1,
		},
		.hz = 1000,
		.wall_time = { .tv_sec = 1767225600, .tv_nsec = 0 },
		.boot_offset = { .tv_sec = 10, .tv_nsec = 0 },
	};
}

/**
 * sim_system_init() - build the hardware and boot the kernel
 * @s:   the system (in place: the kernel's vvar page must not move)
 * @cfg: the configuration
 *
 * Return: 0, or -EINVAL for an impossible configuration (aux clocks too:
 * more than TK_MAX_AUX_CLOCKS, or a kernel version without them).
 */
int sim_system_init(struct sim_system *s, const struct sim_config *cfg)
{
	struct tk_boot_params bp = {
		.hz = cfg->hz,
		.wall_time = cfg->wall_time,
		.boot_offset = cfg->boot_offset,
		.hrtimer_res = cfg->hrtimer_res,
		.profile = cfg->profile,
		.backports = cfg->backports,
	};
	int ret;

	if (!cfg->hz || cfg->hz > 100000 || cfg->aux_clocks > TK_MAX_AUX_CLOCKS)
		return -EINVAL;
	s->cfg = *cfg;
	ret = sim_counter_init(&s->counter, &cfg->counter, "sim");
	if (ret)
		return ret;
	ret = timekeeping_init(&s->k, &s->counter.cs, &bp);
	if (ret)
		return ret;
	s->k.vdata.arch_data.counter = &s->counter.page;
	sim_fixes_apply(&s->k, cfg->fixes);
	for (unsigned int i = 0; i < cfg->aux_clocks; i++) {
		ret = tk_aux_clock_enable(&s->k, i, true);
		if (ret) {
			timekeeping_destroy(&s->k);
			return ret;
		}
	}
	s->now_ns = 0;
	s->tick_period_ns = sim_tick_period_ns(cfg->hz);
	s->next_tick_ns = s->tick_period_ns;
	s->last_tick_ns = 0;
	s->ticks = 0;
	s->css = NULL;
	s->kt = NULL;
	return 0;
}

/** sim_system_destroy() - release a system built by sim_system_init(). */
void sim_system_destroy(struct sim_system *s)
{
	sim_system_close_ktree(s);
	timekeeping_destroy(&s->k);
}

/**
 * sim_system_new() - allocate and boot a system
 * @cfg: the configuration
 * @err: out (may be NULL): 0 or the negative errno of a failure
 *
 * Return: the system, or NULL.
 */
struct sim_system *sim_system_new(const struct sim_config *cfg, int *err)
{
	struct sim_system *s = aligned_alloc(64, sizeof(*s));
	int ret = s ? sim_system_init(s, cfg) : -ENOMEM;

	if (ret) {
		free(s);
		s = NULL;
	}
	if (err)
		*err = ret;
	return s;
}

/** sim_system_free() - destroy and free a system from sim_system_new(). */
void sim_system_free(struct sim_system *s)
{
	if (!s)
		return;
	sim_system_destroy(s);
	free(s);
}

/* The read itself, through @path. */
static inline int sim_clock_read(struct sim_system *s, enum sim_path path, s32 clock,
				 struct timespec64 *ts)
{
	if (path == SIM_PATH_VDSO)
		return cvdso_clock_gettime(&s->k.vdata, clock, ts);
	return tk_sys_clock_gettime(&s->k, clock, ts);
}

/* A read on a machine with clocksources (s->css): counted in their cost model first. */
static __attribute__((noinline)) int sim_clock_gettime_css(struct sim_system *s, enum sim_path path,
							   s32 clock, struct timespec64 *ts)
{
	sim_css_account(s, path, clock);
	return sim_clock_read(s, path, clock, ts);
}

/**
 * sim_clock_gettime() - read a clock at the current virtual instant
 * @s:     the system
 * @path:  SIM_PATH_VDSO or SIM_PATH_SYSCALL
 * @clock: clock id
 * @ts:    result
 *
 * The accounting of a machine with clocksources is out of line, so that
 * the common case is a test and a tail call (`tksim run` makes fourteen of
 * these per tick).
 *
 * Return: 0 or a negative errno.
 */
int sim_clock_gettime(struct sim_system *s, enum sim_path path, s32 clock, struct timespec64 *ts)
{
	if (unlikely(s->kt))
		return sim_ktree_clock_gettime(s, path, clock, ts);
	if (unlikely(s->css))
		return sim_clock_gettime_css(s, path, clock, ts);
	return sim_clock_read(s, path, clock, ts);
}

/** sim_clock_getres() - clock_getres through either path; 0 or a negative errno. */
int sim_clock_getres(struct sim_system *s, enum sim_path path, s32 clock, struct timespec64 *res)
{
	if (unlikely(s->kt))
		return sim_ktree_clock_getres(s, path, clock, res);
	if (path == SIM_PATH_VDSO)
		return cvdso_clock_getres(&s->k.vdata, clock, res);
	return tk_sys_clock_getres(&s->k, clock, res);
}

/** sim_time() - time() through either path. */
time64_t sim_time(struct sim_system *s, enum sim_path path)
{
	if (unlikely(s->kt))
		return sim_ktree_time(s, path);
	if (path == SIM_PATH_VDSO)
		return cvdso_time(&s->k.vdata, NULL);
	return tk_sys_time(&s->k);
}

/**
 * sim_raw_cycles_since_boot() - unwrapped counter cycles since the kernel booted
 * @s: the system
 *
 * The reference for MONOTONIC_RAW: raw time is the exact conversion
 * (cycles * mult) >> shift of this count, whatever the mask did.
 *
 * Return: cycles (unwrapped, 128 bits).
 */
unsigned __int128 sim_raw_cycles_since_boot(const struct sim_system *s)
{
	return sim_counter_elapsed(&s->counter, s->now_ns);
}
