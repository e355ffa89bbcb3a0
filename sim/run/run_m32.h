/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the 64-bit side of the i386 vDSO reader: its system, its process, its check. */
#ifndef TKSIM_SIM_RUN_RUN_M32_H
#define TKSIM_SIM_RUN_RUN_M32_H

/*
 * The system is built inside a memfd mapping, so that its vvar page
 * (s->k.vdata) and its counter page (s->counter.page) are the very pages
 * the i386 reader (tools/reader32/reader32.c) maps: the reader reads what
 * update_vsyscall() wrote and the counter value the engine published for the
 * current instant, nothing copied.  At each check every i386 entry point is
 * called for every clock id and its result compared, full width, with the
 * kernel side at the same instant under the i386 ABI rules (v6.15):
 *
 *   clock_gettime, clock_getres   old_timespec32: tv_sec truncated to s32,
 *                                 no -EOVERFLOW (__cvdso_clock_gettime32 and
 *                                 __put_old_timespec32 both truncate)
 *   gettimeofday, time            32-bit long: truncated likewise
 *   clock_gettime64               __kernel_timespec: full 64-bit seconds
 *   clock_getres_time64           no vDSO entry in v6.15: syscall 406
 *
 * and that the reader entered the kernel exactly where the i386 vDSO does.
 *
 *   sim_run_m32_init(&m);
 *   s = sim_run_m32_system_new(&m, &cfg, &err);
 *   sim_run_m32_spawn(&m, s, why, n);          the reader on its pages
 *   ... sim_run_m32_check(&m, s, interval, why, n) at each checked instant ...
 *   ... or sim_run_m32_request(&m, s, &req, &res) for one message ...
 *   sim_run_m32_system_free(&m, s);            the reader stopped, the system freed
 *
 * The system (sim/run/run_m32_system.c), the process and its messages
 * (sim/run/run_m32_proc.c), the check (sim/run/run_m32_check.c).
 */

#include <stddef.h>
#include <sys/types.h>

#include "sim/engine.h"
#include "sim/run/reader32_proto.h"

/* 2038-01-19T03:14:08Z: the first second a signed 32-bit time_t cannot hold. */
#define Y2038_SEC ((time64_t)1 << 31)

/**
 * struct sim_run_m32 - the 32-bit reader of a run
 * @map:         the shared memory the system lives in (NULL before it is built)
 * @map_size:    its size
 * @memfd:       its file, passed down to the reader
 * @pid:         the reader process
 * @to_fd:       pipe to the reader's stdin
 * @from_fd:     pipe from the reader's stdout
 * @next_ns:     virtual time of the next check
 * @instants:    instants checked
 * @calls:       entry-point calls checked
 * @syscalls:    fallbacks the reader made
 * @after_y2038: instants checked with REALTIME past Y2038_SEC
 * @rt32:        the last clock_gettime(REALTIME) through the time32 entry
 * @rt64:        the last one through clock_gettime64
 */
struct sim_run_m32 {
	void *map;
	size_t map_size;
	int memfd;
	pid_t pid;
	int to_fd;
	int from_fd;
	u64 next_ns;
	u64 instants;
	u64 calls;
	u64 syscalls;
	u64 after_y2038;
	struct m32_msg rt32;
	struct m32_msg rt64;
};

void sim_run_m32_init(struct sim_run_m32 *m);
struct sim_system *sim_run_m32_system_new(struct sim_run_m32 *m, const struct sim_config *cfg,
					  int *err);
void sim_run_m32_system_free(struct sim_run_m32 *m, struct sim_system *s);
int sim_run_m32_spawn(struct sim_run_m32 *m, struct sim_system *s, char *why, size_t n);
void sim_run_m32_stop(struct sim_run_m32 *m);
int sim_run_m32_call(struct sim_run_m32 *m, struct sim_system *s, int op, s32 arg,
		     struct m32_msg *res);
int sim_run_m32_request(struct sim_run_m32 *m, struct sim_system *s, const struct m32_msg *req,
			struct m32_msg *res);
int sim_run_m32_check(struct sim_run_m32 *m, struct sim_system *s, u64 interval_ns, char *why,
		      size_t n);

#endif /* TKSIM_SIM_RUN_RUN_M32_H */
