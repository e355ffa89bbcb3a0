/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the core of libtksim-preload.so, the layer under all others: libc's own symbols,
 * the one transport to tksim, refusing, errno (tools/preload/preload.c, docs/daemons.md). */
#ifndef TKSIM_TOOLS_PRELOAD_PRELOAD_H
#define TKSIM_TOOLS_PRELOAD_PRELOAD_H

#include <stdint.h>
#include <sys/types.h>
#include <time.h>

#include "sim/daemon/daemon_proto.h"

/* Every exported symbol overrides libc's: declare them for -Wmissing-prototypes. */
#define TKP_EXPORT __attribute__((visibility("default")))

/* The socket to tksim (TKSIM_PRELOAD_FD) and tksim's private SHM segment, or -1. */
extern int tkp_fd;
extern int tkp_shmid;
/*
 * Run after each answer tkp_call() takes, NULL for none: tksim rewrote the vvar page it shares,
 * and the vDSO reads above take a fresh copy (tools/preload/preload_vdso.c sets it when there is
 * a page).  A hook, not a call: the layer that reads the page stands above this one.
 */
extern void (*tkp_after_call)(void);

/* libc's own @name (glibc's dlsym RTLD_NEXT: tkp_next()); exits 2 if there is none. */
void *tkp_real(const char *name);
/*
 * libc's send() and recv(), past the preload's own: the one transport to tksim (tkp_call(),
 * tools/preload/preload_net.c's requests) and to the virtual sockets' real peers.
 */
ssize_t tkp_sendr(int fd, const void *p, size_t len, int flags);
ssize_t tkp_recvr(int fd, void *p, size_t len, int flags);
/* One request to tksim and its answer; exits 2 if tksim is gone (never the real clock). */
void tkp_call(struct tkp_req *rq, struct tkp_rep *rp);
/* Tell tksim why the program must stop, say it on stderr, exit 2. */
__attribute__((noreturn)) void tkp_refuse(const char *what);
/* @p == NULL, tested out of the compiler's sight (libc declares some pointers nonnull). */
int tkp_null(const void *p);
/* A kernel-style return (negative errno) as libc's: -1 and errno. */
int tkp_errno(int64_t ret);
/* CPU-time clocks are not timekeeping's: they stay real. */
int tkp_cpu_clock(clockid_t clk);
/* Read @clk through the simulated kernel (request @op) into @ts; the kernel-style return. */
int64_t tkp_gettime(clockid_t clk, struct timespec *ts, int op);

/* The process id the program sees as its own (tools/preload/preload_pid.c): the same in every run.
 */
#define TKP_VIRTUAL_PID 4242
pid_t tkp_real_pid(void);
pid_t tkp_pid_to_real(pid_t pid);

#endif /* TKSIM_TOOLS_PRELOAD_PRELOAD_H */
