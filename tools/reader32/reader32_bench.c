// SPDX-License-Identifier: GPL-2.0
// tksim's own: `tksim bench`'s 32-bit rows, timed inside the i386 reader process.
/*
 * The 2014 series that gave i386 its vDSO clock functions reported them 4
 * to 13 times faster than the syscalls.  This file times, in a real 32-bit
 * process, clock_gettime(CLOCK_MONOTONIC) with a 32-bit time_t four ways:
 * tksim's i386 vDSO over the shared vvar page, the host's own 32-bit vDSO
 * (found through AT_SYSINFO_EHDR by tools/parse_vdso.c, compiled -m32, so it
 * parses ELF32), and syscall 265 through `int $0x80` and through the host's
 * __kernel_vsyscall (AT_SYSINFO), which enters with sysenter or syscall.
 * Batches are timed with the process's CLOCK_MONOTONIC (libc, 64-bit time).
 */
#include <errno.h>
#include <stdlib.h>
#include <sys/auxv.h>
#include <time.h>

#include "tools/parse_vdso.h"
#include "tools/reader32/reader32.h"
#include "vdso/gettimeofday.h"

#if !defined(__i386__)
#error "tools/reader32/reader32_bench.c is i386 code: build it with -m32 (tools/reader32/local.am)"
#endif

typedef int (*vdso32_gettime_t)(s32 clock, struct old_timespec32 *ts);

/* syscall 265 (clock_gettime, old_timespec32) through int $0x80. */
static long sys265_int80(s32 clock, struct old_timespec32 *ts)
{
	long ret;

	__asm__ __volatile__("int $0x80" : "=a"(ret) : "0"(265L), "b"(clock), "c"(ts) : "memory");
	return ret;
}

/* The same through __kernel_vsyscall: eax, ebx, ecx as for int $0x80; it keeps the rest. */
static long sys265_vsyscall(unsigned long entry, s32 clock, struct old_timespec32 *ts)
{
	long ret;

	__asm__ __volatile__("call *%[fn]"
			     : "=a"(ret)
			     : "0"(265L), "b"(clock), "c"(ts), [fn] "S"(entry)
			     : "memory", "cc");
	return ret;
}

static u64 now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * NSEC_PER_SEC + (u64)ts.tv_nsec;
}

static int cmp_u64(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

/* Time @batches batches of @calls; median and fastest batch in ps per call. */
#define TIME_BATCHES(CALL)                                      \
	do {                                                    \
		for (u32 b = 0; b < batches; b++) {             \
			u64 t0 = now_ns();                      \
			for (u32 i = 0; i < calls; i++)         \
				(void)(CALL);                   \
			ps[b] = (now_ns() - t0) * 1000 / calls; \
		}                                               \
	} while (0)

/**
 * reader32_bench() - time one way of reading CLOCK_MONOTONIC
 * @vd:  the shared vvar page
 * @req: M32_OP_BENCH request (what, calls, batches)
 * @res: out: the result message
 */
void reader32_bench(const struct vdso_time_data *vd, const struct m32_msg *req, struct m32_msg *res)
{
	u32 calls = (u32)req->w[2], batches = (u32)req->w[3];
	struct old_timespec32 ts;
	vdso32_gettime_t host = NULL;
	unsigned long vsys = 0;
	struct tk_vdso v;
	u64 *ps;

	*res = (struct m32_msg){ { M32_MSG_RESULT, req->w[1], -ENOENT, 0, 0, 0 } };
	if (!calls || !batches || batches > 10000)
		return;
	if (req->w[1] == M32_BENCH_HOST_VDSO) {
		if (tk_vdso_init_self(&v) == 0)
			host = (vdso32_gettime_t)tk_vdso_sym(&v, "LINUX_2.6",
							     "__vdso_clock_gettime");
		if (!host)
			return;
	} else if (req->w[1] == M32_BENCH_VSYSCALL) {
		vsys = getauxval(AT_SYSINFO);
		if (!vsys)
			return;
	} else if (req->w[1] != M32_BENCH_SIM_VDSO && req->w[1] != M32_BENCH_INT80) {
		return;
	}
	ps = malloc(batches * sizeof(*ps));
	if (!ps)
		return;
	switch (req->w[1]) {
	case M32_BENCH_SIM_VDSO:
		TIME_BATCHES(cvdso_clock_gettime32(vd, TK_CLOCK_MONOTONIC, &ts));
		break;
	case M32_BENCH_HOST_VDSO:
		TIME_BATCHES(host(TK_CLOCK_MONOTONIC, &ts));
		break;
	case M32_BENCH_INT80:
		TIME_BATCHES(sys265_int80(TK_CLOCK_MONOTONIC, &ts));
		break;
	default:
		TIME_BATCHES(sys265_vsyscall(vsys, TK_CLOCK_MONOTONIC, &ts));
		break;
	}
	qsort(ps, batches, sizeof(*ps), cmp_u64);
	res->w[2] = 0;
	res->w[3] = (s64)ps[batches / 2];
	res->w[4] = (s64)ps[0];
	free(ps);
}
