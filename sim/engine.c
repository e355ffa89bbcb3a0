// SPDX-License-Identifier: GPL-2.0
// tksim's own: the deterministic engine (see sim/engine.h).
#include "sim/engine.h"

#include <errno.h>
#include <stdlib.h>

#include "sim/clocksources.h"
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
 * Return: 0, or -EINVAL for an impossible configuration.
 */
int sim_system_init(struct sim_system *s, const struct sim_config *cfg)
{
	struct tk_boot_params bp = {
		.hz = cfg->hz,
		.wall_time = cfg->wall_time,
		.boot_offset = cfg->boot_offset,
		.hrtimer_res = cfg->hrtimer_res,
	};
	int ret;

	if (!cfg->hz || cfg->hz > 100000)
		return -EINVAL;
	s->cfg = *cfg;
	ret = sim_counter_init(&s->counter, &cfg->counter, "sim");
	if (ret)
		return ret;
	ret = timekeeping_init(&s->k, &s->counter.cs, &bp);
	if (ret)
		return ret;
	s->k.vdata.arch_data.counter = &s->counter.page;
	s->now_ns = 0;
	s->tick_period_ns = NSEC_PER_SEC / cfg->hz;
	s->next_tick_ns = s->tick_period_ns;
	s->last_tick_ns = 0;
	s->ticks = 0;
	s->css = NULL;
	return 0;
}

/** sim_system_destroy() - release a system built by sim_system_init(). */
void sim_system_destroy(struct sim_system *s)
{
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

/* Move virtual time (the counter) without running a tick. */
static void sim_set_time(struct sim_system *s, u64 t_ns)
{
	s->now_ns = t_ns;
	sim_counter_set_time(&s->counter, t_ns);
	if (s->css)
		sim_css_set_time(s->css, t_ns, s->tick_period_ns);
}

/**
 * sim_advance_to() - run every tick up to @t_ns, then stop at @t_ns
 * @s:    the system
 * @t_ns: virtual time to reach (earlier values are ignored)
 */
void sim_advance_to(struct sim_system *s, u64 t_ns)
{
	if (t_ns < s->now_ns)
		return;
	while (s->next_tick_ns <= t_ns) {
		sim_set_time(s, s->next_tick_ns);
		update_wall_time(&s->k);
		s->last_tick_ns = s->now_ns;
		s->ticks++;
		if (s->css)
			sim_css_tick(s);
		s->next_tick_ns += s->tick_period_ns;
	}
	sim_set_time(s, t_ns);
}

/** sim_advance_ns() - run @ns of virtual time with ticks. */
void sim_advance_ns(struct sim_system *s, u64 ns)
{
	sim_advance_to(s, s->now_ns + ns);
}

/** sim_run_ticks() - run exactly @n more ticks and stop on the last one. */
void sim_run_ticks(struct sim_system *s, u64 n)
{
	if (n)
		sim_advance_to(s, s->next_tick_ns + (n - 1) * s->tick_period_ns);
}

/**
 * sim_idle_ns() - a NOHZ idle period: @ns without ticks, then one tick
 * @s:  the system
 * @ns: idle length; the kernel bounds it by the clocksource's max_idle_ns,
 *      tksim does not, so that longer gaps can be studied
 *
 * The tick at the end accumulates the whole gap logarithmically.
 */
void sim_idle_ns(struct sim_system *s, u64 ns)
{
	u64 end = s->now_ns + ns;

	sim_set_time(s, end);
	update_wall_time(&s->k);
	s->last_tick_ns = end;
	s->ticks++;
	if (s->css)
		sim_css_tick(s);
	/* Periodic ticks resume one period after the wake-up. */
	s->next_tick_ns = end + s->tick_period_ns;
}

/**
 * sim_nohz_room_ns() - how much longer the tick may stay stopped
 * @s: the system
 *
 * tick_nohz_next_event() lets an idle CPU sleep until at most the last
 * jiffies update (the last tick) + timekeeping_max_deferment(), the current
 * clocksource's max_idle_ns: counted from the last tick, not from the start
 * of the idle span, so that the counter delta the next tick accumulates
 * never exceeds what the clocksource can convert (a narrow counter would
 * otherwise wrap unseen).
 *
 * Return: ns from now until that bound, 0 if it is reached.
 */
u64 sim_nohz_room_ns(const struct sim_system *s)
{
	u64 end = s->last_tick_ns + s->k.tk_core.timekeeper.tkr_mono.clock->max_idle_ns;

	return end > s->now_ns ? end - s->now_ns : 0;
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
 * sim_stall_ns() - @ns pass with no tick at all (a paused VM, lost timer interrupts)
 * @s:  the system
 * @ns: how long
 *
 * The clocks can be read at the end before any tick; the late tick runs at
 * once when time next moves (sim_advance_to()).
 */
void sim_stall_ns(struct sim_system *s, u64 ns)
{
	sim_set_time(s, s->now_ns + ns);
	s->next_tick_ns = s->now_ns;
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
	if (unlikely(s->css))
		return sim_clock_gettime_css(s, path, clock, ts);
	return sim_clock_read(s, path, clock, ts);
}

/** sim_clock_getres() - clock_getres through either path; 0 or a negative errno. */
int sim_clock_getres(struct sim_system *s, enum sim_path path, s32 clock, struct timespec64 *res)
{
	if (path == SIM_PATH_VDSO)
		return cvdso_clock_getres(&s->k.vdata, clock, res);
	return tk_sys_clock_getres(&s->k, clock, res);
}

/** sim_time() - time() through either path. */
time64_t sim_time(struct sim_system *s, enum sim_path path)
{
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
