// SPDX-License-Identifier: GPL-2.0
// Mirrors: arch/x86/include/asm/vdso/gettimeofday.h, the BUILD_VDSO32 *_fallback() (v6.15).
/*
 * The 32-bit reader's syscall instruction.  The i386 vDSO falls back with
 * `call __kernel_vsyscall`; this process cannot enter the 64-bit simulated
 * kernel, so a fallback is a message to tksim, which runs the kernel side at
 * the current virtual instant and answers (sim/run/reader32_proto.h).
 *
 * tksim's generic vDSO falls back through the 64-bit-time hooks of
 * vdso/syscall.h and truncates in the time32 entry itself; the kernel's
 * clock_gettime32_fallback (syscall 265) truncates in __put_old_timespec32()
 * instead: the same bits reach the caller either way.
 */
#include <errno.h>
#include <unistd.h>

#include "tools/reader32/reader32.h"
#include "vdso/syscall.h"

s64 reader32_syscalls;

/** reader32_read() - one whole message from tksim (stdin); 0 or -1 at EOF/error. */
int reader32_read(struct m32_msg *m)
{
	size_t got = 0;

	while (got < sizeof(*m)) {
		ssize_t n = read(STDIN_FILENO, (char *)m + got, sizeof(*m) - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		got += (size_t)n;
	}
	return 0;
}

/** reader32_write() - one whole message to tksim (stdout); 0 or -1. */
int reader32_write(const struct m32_msg *m)
{
	size_t put = 0;

	while (put < sizeof(*m)) {
		ssize_t n = write(STDOUT_FILENO, (const char *)m + put, sizeof(*m) - put);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		put += (size_t)n;
	}
	return 0;
}

/**
 * reader32_syscall() - enter the simulated kernel
 * @nr:    i386 syscall number (M32_NR_*)
 * @clock: its clock id argument
 * @sec:   out: seconds
 * @nsec:  out: ns (us for gettimeofday)
 *
 * Return: the syscall's return value (0 or a negative errno); -EIO when tksim
 * is gone.
 */
long reader32_syscall(int nr, s32 clock, s64 *sec, s64 *nsec)
{
	return reader32_syscall_tz(nr, clock, sec, nsec, NULL);
}

/** reader32_syscall_tz() - reader32_syscall() that also copies sys_tz out (gettimeofday). */
long reader32_syscall_tz(int nr, s32 clock, s64 *sec, s64 *nsec, struct tk_timezone *tz)
{
	struct m32_msg m = { { M32_MSG_SYSCALL, nr, 0, 0, 0, clock } };

	reader32_syscalls++;
	if (reader32_write(&m) || reader32_read(&m))
		return -EIO;
	*sec = m.w[3];
	*nsec = m.w[4];
	if (tz) {
		/* [5]: tz_minuteswest in the high 32 bits, tz_dsttime in the low ones. */
		tz->tz_minuteswest = (s32)(m.w[5] >> 32);
		tz->tz_dsttime = (s32)m.w[5];
	}
	return (long)m.w[2];
}

/* vdso/syscall.h: clock_gettime_fallback, syscall 403 (clock_gettime64). */
long vdso_sys_clock_gettime(const struct vdso_time_data *vd, s32 clock, struct timespec64 *ts)
{
	s64 sec, nsec;
	long ret = reader32_syscall(M32_NR_CLOCK_GETTIME64, clock, &sec, &nsec);

	(void)vd;
	if (ret == 0) {
		ts->tv_sec = sec;
		ts->tv_nsec = (long)nsec;
	}
	return ret;
}

/* vdso/syscall.h: gettimeofday_fallback, syscall 78. */
long vdso_sys_gettimeofday(const struct vdso_time_data *vd, struct tk_timeval *tv,
			   struct tk_timezone *tz)
{
	s64 sec = 0, usec = 0;
	struct tk_timezone z;
	long ret = reader32_syscall_tz(M32_NR_GETTIMEOFDAY, 0, &sec, &usec, &z);

	(void)vd;
	if (ret == 0 && tv) {
		tv->tv_sec = sec;
		tv->tv_usec = usec;
	}
	if (ret == 0 && tz)
		*tz = z;
	return ret;
}

/* vdso/syscall.h: clock_getres_fallback, syscall 406 (clock_getres_time64). */
long vdso_sys_clock_getres(const struct vdso_time_data *vd, s32 clock, struct timespec64 *res)
{
	s64 sec, nsec;
	long ret = reader32_syscall(M32_NR_CLOCK_GETRES_TIME64, clock, &sec, &nsec);

	(void)vd;
	if (ret == 0 && res) {
		res->tv_sec = sec;
		res->tv_nsec = (long)nsec;
	}
	return ret;
}
