// SPDX-License-Identifier: GPL-2.0
/* tksim's own: libtksim-preload.so, clock reads in the daemon's process through the simulated
 * vDSO over the vvar page tksim shares (sim/daemon/daemon_vvar.h, docs/daemons.md "Speed"). */

/*
 * A real clock_gettime() never enters the kernel: the vDSO reads the vvar
 * page and the counter in the process.  Here too: tksim maps a copy of the
 * simulated kernel's vvar page and the counter's frequency segment into the
 * daemon, and cvdso_clock_gettime() (vdso/gettimeofday.c, linked into the
 * preload) reads them at the virtual time the preload advances by one read's
 * cost.  A read that would reach the next tick or event goes to tksim as a
 * request, as every read did before; so does a clock the vDSO does not serve.
 *
 * No READ_ONCE or barrier on the shared page: tksim writes it only while the
 * daemon is blocked in a request (sim/daemon/daemon_proto.h: one side runs at a
 * time), and the socket's send/recv pair between the write and the next read
 * orders them.  The vDSO's own seqcount reads run on the private copies.
 */

#define _GNU_SOURCE
#include "tools/preload/preload_vdso.h"
#include "tools/preload/preload.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "sim/counter_seg.h"
#include "sim/daemon/daemon_vvar.h"
#include "vdso/gettimeofday.h"
#include "vdso/syscall.h"

#define TKSIM_STR2(x) #x
#define TKSIM_STR(x) TKSIM_STR2(x)

static struct tkp_vvar *tkp_vv;
static u64 tkp_vv_gen; /* the publication the private copies are of */
/* Private copies: the vvar page's counter pointer must point into this process. */
static struct vdso_time_data tkp_vd;
static struct vdso_sim_counter tkp_counter;

/* Take tksim's fresh vvar page and counter (after each request). */
static void tkp_vdso_refresh(void)
{
	tkp_vv_gen = tkp_vv->gen;
	memcpy(&tkp_vd, &tkp_vv->vd, sizeof(tkp_vd));
	memcpy(&tkp_counter, &tkp_vv->counter, sizeof(tkp_counter));
	tkp_vd.arch_data.counter = &tkp_counter;
	tkp_vd.arch_data.timens_data = NULL;
}

void tkp_vdso_init(void)
{
	const char *env = getenv(TKSIM_PRELOAD_VVAR_FD_ENV);
	void *p;
	int fd;

	if (!env)
		return; /* no shared page: every read is a request */
	fd = atoi(env);
	p = mmap(NULL, sizeof(struct tkp_vvar), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED) {
		perror("tksim-preload: mmap of the vvar page");
		_exit(2);
	}
	/*
	 * The programs this one starts (a shell's commands) map the page too: keep
	 * its fd at a high number, out of the program's way, and say where.
	 */
	if (fd != TKSIM_PRELOAD_VVAR_FD) {
		/* libc's: the fd is no socket, timerfd or epoll set, which the preload's
		 * own dup2() and close() (tools/preload/preload_fd.c) would tell */
		int (*realdup2)(int, int) = tkp_real("dup2");
		int (*realclose)(int) = tkp_real("close");

		if (realdup2(fd, TKSIM_PRELOAD_VVAR_FD) < 0) {
			perror("tksim-preload: dup2 of the vvar page");
			_exit(2);
		}
		realclose(fd);
		setenv(TKSIM_PRELOAD_VVAR_FD_ENV, TKSIM_STR(TKSIM_PRELOAD_VVAR_FD), 1);
	}
	tkp_vv = p;
	tkp_after_call = tkp_vdso_refresh;
	tkp_vdso_refresh();
}

/*
 * The clocks the vDSO serves itself (the others are syscalls in the kernel's vDSO too).  The aux
 * clocks (v6.17) are among them: do_aux() reads aux_clock_data[], which the shared page holds,
 * and falls back to a request for a disabled one, as the kernel's vDSO takes the syscall.
 */
static int tkp_vdso_clock(clockid_t clk)
{
	if (clk >= TK_CLOCK_AUX && clk <= TK_CLOCK_AUX_LAST)
		return 1;
	switch (clk) {
	case CLOCK_REALTIME:
	case CLOCK_MONOTONIC:
	case CLOCK_MONOTONIC_RAW:
	case CLOCK_REALTIME_COARSE:
	case CLOCK_MONOTONIC_COARSE:
	case CLOCK_BOOTTIME:
	case CLOCK_TAI:
		return 1;
	default:
		return 0;
	}
}

int64_t tkp_clock_read(clockid_t clk, struct timespec *ts, int op)
{
	struct tkp_vvar *vv = tkp_vv;
	struct timespec64 t;
	u64 now;
	int ret;

	if (!vv || !tkp_vdso_clock(clk))
		return tkp_gettime(clk, ts, op);
	if (vv->gen != tkp_vv_gen)
		tkp_vdso_refresh(); /* another process of the program made a request since */
	if (op == TKP_GETRES) {
		ret = cvdso_clock_getres(&tkp_vd, clk, &t);
	} else {
		now = vv->now_ns + vv->read_cost_ns;
		if (now >= vv->until_ns)
			return tkp_gettime(clk, ts, op); /* a tick or an event first: tksim's */
		vv->now_ns = now;
		tkp_counter.now = sim_counter_seg_value(vv->c0_q48, vv->t0_ns, vv->rate_q48,
							vv->start, tkp_counter.mask, now);
		ret = cvdso_clock_gettime(&tkp_vd, clk, &t);
		vv->local_reads++;
		if (ret == 0) {
			vv->last_clock = clk;
			vv->last_sec = t.tv_sec;
			vv->last_nsec = t.tv_nsec;
		}
	}
	if (ret == 0 && ts) {
		ts->tv_sec = t.tv_sec;
		ts->tv_nsec = t.tv_nsec;
	}
	return ret;
}

/*
 * The vDSO's fallbacks are syscalls: requests to tksim (a clocksource without
 * a vDSO mode; with the simulated counter they are not taken).
 */
long vdso_sys_clock_gettime(const struct vdso_time_data *vd, s32 clock, struct timespec64 *ts)
{
	struct timespec t;
	int64_t ret = tkp_gettime(clock, &t, TKP_GETTIME);

	(void)vd;
	if (ret == 0) {
		ts->tv_sec = t.tv_sec;
		ts->tv_nsec = t.tv_nsec;
	}
	return (long)ret;
}

long vdso_sys_clock_getres(const struct vdso_time_data *vd, s32 clock, struct timespec64 *res)
{
	struct timespec t;
	int64_t ret = tkp_gettime(clock, &t, TKP_GETRES);

	(void)vd;
	if (ret == 0) {
		res->tv_sec = t.tv_sec;
		res->tv_nsec = t.tv_nsec;
	}
	return (long)ret;
}

long vdso_sys_gettimeofday(const struct vdso_time_data *vd, struct tk_timeval *tv,
			   struct tk_timezone *tz)
{
	struct timespec t;
	int64_t ret = tkp_gettime(CLOCK_REALTIME, &t, TKP_GETTIME);

	(void)vd;
	if (ret == 0 && tv) {
		tv->tv_sec = t.tv_sec;
		tv->tv_usec = t.tv_nsec / 1000;
	}
	if (tz)
		memset(tz, 0, sizeof(*tz));
	return (long)ret;
}
