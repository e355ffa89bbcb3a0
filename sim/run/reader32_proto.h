/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the pipe protocol between tksim and its 32-bit vDSO reader
 * (tools/reader32/reader32.c). */
#ifndef TKSIM_TOOLS_READER32_READER32_PROTO_H
#define TKSIM_TOOLS_READER32_READER32_PROTO_H

/*
 * The 32-bit reader is a gcc -m32 process that maps the simulated kernel's
 * vvar page and counter page read-only (a memfd the 64-bit tksim passes
 * down) and runs the i386 vDSO entry points over them.  It cannot call the
 * 64-bit simulated kernel, so its "syscall instruction" is a message:
 *
 *   tksim  -> reader   M32_OP_* {op, clock}            call an entry point
 *   reader -> tksim    M32_MSG_SYSCALL {nr, clock}     the vDSO falls back:
 *   tksim  -> reader   {ret, sec, nsec}                the kernel's answer
 *   reader -> tksim    M32_MSG_RESULT {ret, sec, nsec, syscalls}
 *
 * tksim answers a syscall at the instant it is waiting in: virtual time does
 * not move while the reader runs, as a deterministic engine requires.
 * Every message is six s64 words, so that both ABIs agree on its layout
 * (i386 aligns s64 members to 4 bytes; an array of them has no padding).
 */

#include "vdso/types.h"

/* The entry points, named after the i386 vDSO's exports (vdso32.lds.S, v6.15). */
enum m32_op {
	M32_OP_CLOCK_GETTIME = 1, /* __vdso_clock_gettime: old_timespec32 */
	M32_OP_CLOCK_GETTIME64, /* __vdso_clock_gettime64: __kernel_timespec */
	M32_OP_GETTIMEOFDAY, /* __vdso_gettimeofday: 32-bit timeval */
	M32_OP_TIME, /* __vdso_time: 32-bit time_t */
	M32_OP_CLOCK_GETRES, /* __vdso_clock_getres: old_timespec32 */
	M32_OP_CLOCK_GETRES_TIME64, /* no vDSO entry on i386 in v6.15: syscall 406 */
	M32_OP_BENCH, /* time one way of reading CLOCK_MONOTONIC in the reader (tksim bench) */
	M32_OP_EXIT,
	M32_NR_OPS
};

#define M32_MSG_SYSCALL 100 /* reader -> tksim: a fallback syscall */
#define M32_MSG_RESULT 101 /* reader -> tksim: an entry point returned */
#define M32_MSG_HELLO 102 /* reader -> tksim at start: its ABI */

/* i386 syscall numbers (arch/x86/entry/syscalls/syscall_32.tbl). */
#define M32_NR_GETTIMEOFDAY 78
#define M32_NR_CLOCK_GETTIME64 403
#define M32_NR_CLOCK_GETRES_TIME64 406

/*
 * What M32_OP_BENCH times (request: [1] enum m32_bench, [2] calls per batch,
 * [3] batches; result: [2] 0 or -ENOENT where the host has none, [3] the
 * median batch and [4] the fastest, in ps per call), each a clock_gettime
 * (CLOCK_MONOTONIC) with a 32-bit time_t, as a 2014-era i386 libc made it.
 */
enum m32_bench {
	M32_BENCH_SIM_VDSO, /* tksim's i386 vDSO, __vdso_clock_gettime, on the shared page */
	M32_BENCH_HOST_VDSO, /* the host's own 32-bit vDSO, __vdso_clock_gettime */
	M32_BENCH_INT80, /* syscall 265 through int $0x80 */
	M32_BENCH_VSYSCALL, /* syscall 265 through the host's __kernel_vsyscall */
	M32_NR_BENCH
};

/**
 * struct m32_msg - one message either way
 * @w: [0] type (enum m32_op or M32_MSG_*), [1] clock id or syscall number,
 *     [2] return value, [3] seconds, [4] ns (us for gettimeofday),
 *     [5] syscalls the call made / clock id of a syscall / ABI word /
 *     sys_tz in a gettimeofday syscall's answer (minuteswest << 32 | dsttime)
 */
struct m32_msg {
	s64 w[6];
};

_Static_assert(sizeof(struct m32_msg) == 48, "one layout on both ABIs");

#endif /* TKSIM_TOOLS_READER32_READER32_PROTO_H */
