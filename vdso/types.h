/* SPDX-License-Identifier: GPL-2.0 */
/* Mirrors: include/linux/types.h, include/vdso/time64.h, include/linux/compiler.h (v6.15). */
#ifndef TKSIM_VDSO_TYPES_H
#define TKSIM_VDSO_TYPES_H

/*
 * The kernel's integer types, time constants and the READ_ONCE/WRITE_ONCE
 * accessors, for both halves of the simulator.  This header is the whole
 * "libc" of vdso/: the vDSO code may include nothing else from tksim except
 * other vdso/ headers.
 */

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint8_t u8;
typedef int8_t s8;
typedef uint32_t u32;
typedef int32_t s32;
typedef uint64_t u64;
typedef int64_t s64;
typedef s64 ktime_t; /* ns, as in include/linux/ktime.h */
typedef s64 time64_t; /* seconds */

#define NSEC_PER_USEC 1000L
#define NSEC_PER_MSEC 1000000L
#define USEC_PER_SEC 1000000L
#define NSEC_PER_SEC 1000000000L
#define S64_MAX ((s64)(~0ULL >> 1))
#define S64_MIN (-S64_MAX - 1)
#define U64_MAX (~0ULL)
#define KTIME_MAX S64_MAX
#define KTIME_SEC_MAX (KTIME_MAX / NSEC_PER_SEC)
#define TIME64_MAX S64_MAX

/* Clock ids of include/uapi/linux/time.h; the same values as glibc's. */
#define TK_CLOCK_REALTIME 0
#define TK_CLOCK_MONOTONIC 1
#define TK_CLOCK_PROCESS_CPUTIME_ID 2
#define TK_CLOCK_THREAD_CPUTIME_ID 3
#define TK_CLOCK_MONOTONIC_RAW 4
#define TK_CLOCK_REALTIME_COARSE 5
#define TK_CLOCK_MONOTONIC_COARSE 6
#define TK_CLOCK_BOOTTIME 7
#define TK_CLOCK_REALTIME_ALARM 8
#define TK_CLOCK_BOOTTIME_ALARM 9
#define TK_CLOCK_SGI_CYCLE 10
#define TK_CLOCK_TAI 11
#define TK_MAX_CLOCKS 16
/*
 * The auxiliary clocks of v6.17 (include/uapi/linux/time.h CLOCK_AUX ..
 * CLOCK_AUX_LAST): independent timekeepers on the system clocksource, for
 * PTP and TSN.  Their ids follow TK_MAX_CLOCKS; MAX_AUX_CLOCKS is 8.
 */
#define TK_CLOCK_AUX TK_MAX_CLOCKS
#define TK_MAX_AUX_CLOCKS 8
#define TK_CLOCK_AUX_LAST (TK_CLOCK_AUX + TK_MAX_AUX_CLOCKS - 1)
#define TK_NR_CLOCKIDS (TK_CLOCK_AUX_LAST + 1)

/** struct timespec64 - the kernel's 64-bit timespec (seconds + ns in [0, 1e9)). */
struct timespec64 {
	time64_t tv_sec;
	long tv_nsec;
};

/** struct old_timespec32 - the 32-bit ABI timespec of the time32 vDSO entries. */
struct old_timespec32 {
	s32 tv_sec;
	s32 tv_nsec;
};

/** struct old_timeval32 - the 32-bit ABI timeval of the 32-bit gettimeofday. */
struct old_timeval32 {
	s32 tv_sec;
	s32 tv_usec;
};

/** struct tk_timeval - the 64-bit timeval gettimeofday fills (sec, us). */
struct tk_timeval {
	s64 tv_sec;
	s64 tv_usec;
};

/** struct tk_timezone - struct timezone of settimeofday/gettimeofday. */
struct tk_timezone {
	int tz_minuteswest;
	int tz_dsttime;
};

#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#define BIT(n) (1U << (n))

/*
 * READ_ONCE/WRITE_ONCE as C11 relaxed atomic accesses (GCC/Clang builtins on
 * plain objects).  On x86-64 they compile to plain moves; unlike the kernel's
 * volatile casts they are also race-free under the C11 memory model, so
 * ThreadSanitizer sees no data race on a seqcount-protected field.
 */
#if defined(__i386__)
/*
 * The i386 build (the 32-bit reader, tools/reader32/reader32.c): the kernel's own
 * volatile accesses.  A u64 field is then two 32-bit loads that another CPU
 * may tear, exactly as in the i386 vDSO; the vvar seqcount is what makes the
 * torn value harmless (the reader retries).  A C11 atomic 64-bit load would
 * be a cmpxchg8b or an FPU move the kernel does not do.
 */
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))
#else
#define READ_ONCE(x) __atomic_load_n(&(x), __ATOMIC_RELAXED)
#define WRITE_ONCE(x, v) __atomic_store_n(&(x), (v), __ATOMIC_RELAXED)
#endif

/* barrier(): compiler-only ordering, as in include/linux/compiler.h. */
#define barrier() __asm__ __volatile__("" ::: "memory")

#if defined(__SANITIZE_THREAD__) && (defined(__x86_64__) || defined(__i386__))
/*
 * ThreadSanitizer does not model atomic_thread_fence() (GCC warns that it is
 * unsupported).  Every shared access is atomic already, so TSan needs the
 * fences for nothing; use x86's own definitions instead, as the kernel
 * does: on a TSO machine loads are not reordered with loads nor stores with
 * stores, so a compiler barrier is all smp_rmb()/smp_wmb() must add.
 */
#define smp_rmb() barrier()
#define smp_wmb() barrier()
#else
/* smp_rmb(): later loads may not pass earlier loads (acquire fence). */
#define smp_rmb() __atomic_thread_fence(__ATOMIC_ACQUIRE)
/* smp_wmb(): later stores may not pass earlier stores (release fence). */
#define smp_wmb() __atomic_thread_fence(__ATOMIC_RELEASE)
#endif

/** cpu_relax() - the PAUSE hint spin-wait loops use on x86. */
static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__asm__ __volatile__("pause" ::: "memory");
#else
	barrier();
#endif
}

#endif /* TKSIM_VDSO_TYPES_H */
