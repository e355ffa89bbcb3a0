// SPDX-License-Identifier: GPL-2.0
// Mirrors: arch/x86/entry/vdso/vclock_gettime.c, the i386 exports (v6.15); the process is tksim's
// own.
/*
 * tksim-reader32: the simulated vDSO built as real i386 code (gcc -m32) in
 * a process of its own.  It maps the vvar page and the counter page of a
 * 64-bit simulated kernel read-only, from a memfd tksim passes down, and
 * serves the i386 entry points over a pipe (sim/run/reader32_proto.h):
 *
 *   tksim-reader32 FD SIZE VVAR_OFFSET COUNTER_OFFSET   (protocol on stdin/stdout)
 *
 * Everything the vDSO computes here it computes with 32-bit registers:
 * 64-bit delta * mult in 32-bit pieces (vdso/math32.h), 32-bit long and
 * time_t in the old ABI structures.  The fallbacks are messages to tksim
 * (tools/reader32/reader32_sys.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "tools/reader32/reader32.h"
#include "vdso/gettimeofday.h"

#if !defined(__i386__)
#error "tools/reader32/reader32.c is the i386 reader: build it with -m32 (tools/reader32/local.am)"
#endif

const struct vdso_sim_counter *vdso32_sim_counter;
static const struct vdso_time_data *vdso32_vd;

/* struct __kernel_timespec: the 64-bit time of clock_gettime64 (s64, s64 on i386 too). */
struct kernel_timespec {
	s64 tv_sec;
	s64 tv_nsec;
};

/* __vdso_clock_gettime: __cvdso_clock_gettime32, seconds truncated to 32 bits. */
static int vdso32_clock_gettime(s32 clock, struct old_timespec32 *ts)
{
	return cvdso_clock_gettime32(vdso32_vd, clock, ts);
}

/* __vdso_clock_gettime64: __cvdso_clock_gettime into a __kernel_timespec. */
static int vdso32_clock_gettime64(s32 clock, struct kernel_timespec *ts)
{
	struct timespec64 t;
	int ret = cvdso_clock_gettime(vdso32_vd, clock, &t);

	if (ret == 0) {
		ts->tv_sec = t.tv_sec;
		ts->tv_nsec = t.tv_nsec;
	}
	return ret;
}

/* __vdso_gettimeofday: __kernel_old_timeval, whose longs are 32 bits here. */
static int vdso32_gettimeofday(struct old_timeval32 *tv, struct tk_timezone *tz)
{
	return cvdso_gettimeofday32(vdso32_vd, tv, tz);
}

/* __vdso_time: __kernel_old_time_t, a 32-bit long here. */
static s32 vdso32_time(s32 *t)
{
	return cvdso_time32(vdso32_vd, t);
}

/* __vdso_clock_getres: __cvdso_clock_getres_time32. */
static int vdso32_clock_getres(s32 clock, struct old_timespec32 *res)
{
	return cvdso_clock_getres_time32(vdso32_vd, clock, res);
}

/*
 * clock_getres_time64: the i386 vDSO of v6.15 has no such export (a later
 * kernel adds __vdso_clock_getres_time64), so libc makes syscall 406.
 */
static int libc32_clock_getres_time64(s32 clock, struct kernel_timespec *res)
{
	s64 sec, nsec;
	long ret = reader32_syscall(M32_NR_CLOCK_GETRES_TIME64, clock, &sec, &nsec);

	if (ret == 0) {
		res->tv_sec = sec;
		res->tv_nsec = nsec;
	}
	return (int)ret;
}

/* One call of an entry point: the reply carries what the caller got back. */
static void serve(const struct m32_msg *req, struct m32_msg *res)
{
	s32 clock = (s32)req->w[1];
	struct old_timespec32 t32 = { 0, 0 };
	struct kernel_timespec t64 = { 0, 0 };
	struct old_timeval32 tv = { 0, 0 };
	s64 ret = 0, sec = 0, nsec = 0;

	reader32_syscalls = 0;
	switch (req->w[0]) {
	case M32_OP_CLOCK_GETTIME:
		ret = vdso32_clock_gettime(clock, &t32);
		sec = t32.tv_sec;
		nsec = t32.tv_nsec;
		break;
	case M32_OP_CLOCK_GETTIME64:
		ret = vdso32_clock_gettime64(clock, &t64);
		sec = t64.tv_sec;
		nsec = t64.tv_nsec;
		break;
	case M32_OP_GETTIMEOFDAY:
		ret = vdso32_gettimeofday(&tv, NULL);
		sec = tv.tv_sec;
		nsec = tv.tv_usec;
		break;
	case M32_OP_TIME: {
		s32 t = 0;

		ret = vdso32_time(&t);
		sec = t;
		break;
	}
	case M32_OP_CLOCK_GETRES:
		ret = vdso32_clock_getres(clock, &t32);
		sec = t32.tv_sec;
		nsec = t32.tv_nsec;
		break;
	case M32_OP_CLOCK_GETRES_TIME64:
		ret = libc32_clock_getres_time64(clock, &t64);
		sec = t64.tv_sec;
		nsec = t64.tv_nsec;
		break;
	case M32_OP_BENCH:
		reader32_bench(vdso32_vd, req, res);
		return;
	default:
		ret = -ENOSYS;
		break;
	}
	*res = (struct m32_msg){ { M32_MSG_RESULT, req->w[1], ret, sec, nsec, reader32_syscalls } };
}

static int parse_arg(const char *s, unsigned long long *v)
{
	char *end;

	errno = 0;
	*v = strtoull(s, &end, 0);
	return errno || *s == '\0' || *end != '\0';
}

int main(int argc, char **argv)
{
	unsigned long long fd, size, vd_off, cnt_off;
	struct m32_msg req, res;
	const char *base;

	if (argc != 5 || parse_arg(argv[1], &fd) || parse_arg(argv[2], &size) ||
	    parse_arg(argv[3], &vd_off) || parse_arg(argv[4], &cnt_off) ||
	    vd_off + sizeof(struct vdso_time_data) > size ||
	    cnt_off + sizeof(struct vdso_sim_counter) > size || size > 0x10000000) {
		fprintf(stderr, "usage: tksim-reader32 FD SIZE VVAR_OFFSET COUNTER_OFFSET "
				"(started by tksim run --m32-readers)\n");
		return 2;
	}
	/* Read-only, as the vvar page is mapped into a process. */
	base = mmap(NULL, (size_t)size, PROT_READ, MAP_SHARED, (int)fd, 0);
	if (base == MAP_FAILED) {
		perror("tksim-reader32: mmap");
		return 2;
	}
	vdso32_vd = (const struct vdso_time_data *)(base + vd_off);
	vdso32_sim_counter = (const struct vdso_sim_counter *)(base + cnt_off);

	/* Say what was built: tksim refuses a reader that is not 32-bit code. */
	res = (struct m32_msg){ { M32_MSG_HELLO, (s64)sizeof(void *), (s64)sizeof(long),
				  (s64)sizeof(struct vdso_time_data), 0, 0 } };
	if (reader32_write(&res))
		return 1;
	while (reader32_read(&req) == 0) {
		if (req.w[0] == M32_OP_EXIT)
			return 0;
		serve(&req, &res);
		if (reader32_write(&res))
			return 1;
	}
	return 1;
}
