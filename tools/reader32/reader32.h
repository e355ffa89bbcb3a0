/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the 32-bit reader's side of the pipe (tools/reader32/reader32_sys.c). */
#ifndef TKSIM_TOOLS_READER32_READER32_H
#define TKSIM_TOOLS_READER32_READER32_H

#include "sim/run/reader32_proto.h"

/* Syscalls the current entry point made (reset before each call). */
extern s64 reader32_syscalls;

int reader32_read(struct m32_msg *m);
int reader32_write(const struct m32_msg *m);
long reader32_syscall(int nr, s32 clock, s64 *sec, s64 *nsec);
long reader32_syscall_tz(int nr, s32 clock, s64 *sec, s64 *nsec, struct tk_timezone *tz);

struct vdso_time_data;
void reader32_bench(const struct vdso_time_data *vd, const struct m32_msg *req,
		    struct m32_msg *res);

#endif /* TKSIM_TOOLS_READER32_READER32_H */
