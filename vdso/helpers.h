/* SPDX-License-Identifier: GPL-2.0 */
/* Mirrors: include/vdso/helpers.h (v6.18). */
#ifndef TKSIM_VDSO_HELPERS_H
#define TKSIM_VDSO_HELPERS_H

/*
 * The vvar seqcount.  Writer:  seq++ (odd), data stores, seq++ (even).
 * Reader:  seq (wait while odd), data loads, seq again; retry if it moved.
 *
 * C11 mapping (see the READ_ONCE note in vdso/types.h): all data accesses are
 * relaxed atomics, and the fences make the classic seqlock argument hold: if
 * a reader's data load sees a store made after the writer's first increment,
 * the reader's acquire fence synchronises with the writer's release fence, so
 * the reader's second load of seq sees that increment and it retries.
 */

#include "vdso/datapage.h"

/**
 * seqcount_read_begin() - wait for an even sequence and start a read section
 * @seq: the sequence counter (a vdso_clock's or tk_core.seq)
 *
 * Return: the sequence to pass to seqcount_read_retry().
 */
static inline u32 seqcount_read_begin(const u32 *seq)
{
	u32 s;

	/* Acquire: the data loads that follow cannot be done before this load. */
	while (unlikely((s = __atomic_load_n(seq, __ATOMIC_ACQUIRE)) & 1))
		cpu_relax();
	return s;
}

/**
 * seqcount_read_retry() - end a read section
 * @seq:   the sequence counter
 * @start: what seqcount_read_begin() returned
 *
 * Return: true if a writer ran meanwhile and the data must be read again.
 */
static inline bool seqcount_read_retry(const u32 *seq, u32 start)
{
	/* smp_rmb: the data loads above complete before seq is loaded again. */
	smp_rmb();
	return unlikely(READ_ONCE(*seq) != start);
}

/* The writer's seq goes odd; callers follow it with smp_wmb(). */
static inline void seqcount_write_seq_begin(u32 *seq)
{
	WRITE_ONCE(*seq, *seq + 1);
}

/* The writer's seq goes even, after (release) every data store before it. */
static inline void seqcount_write_seq_end(u32 *seq)
{
	__atomic_store_n(seq, *seq + 1, __ATOMIC_RELEASE);
}

/** vdso_read_begin() - seqcount_read_begin() on a clock group. */
static inline u32 vdso_read_begin(const struct vdso_clock *vc)
{
	return seqcount_read_begin(&vc->seq);
}

/** vdso_read_retry() - seqcount_read_retry() on a clock group. */
static inline bool vdso_read_retry(const struct vdso_clock *vc, u32 start)
{
	return seqcount_read_retry(&vc->seq, start);
}

/**
 * vdso_write_begin_clock() - open the write section of one clock group (v6.17)
 * @vc: the group, an aux clock's
 */
static inline void vdso_write_begin_clock(struct vdso_clock *vc)
{
	seqcount_write_seq_begin(&vc->seq);
	/* smp_wmb: the odd seq is visible before any data store below. */
	smp_wmb();
}

/**
 * vdso_write_end_clock() - close the write section of one clock group (v6.17)
 * @vc: the group
 */
static inline void vdso_write_end_clock(struct vdso_clock *vc)
{
	/* The release store orders every data store before the even seq. */
	seqcount_write_seq_end(&vc->seq);
}

/**
 * vdso_write_begin() - open the write section of both clock groups
 * @vd: the vvar page
 */
static inline void vdso_write_begin(struct vdso_time_data *vd)
{
	seqcount_write_seq_begin(&vd->clock_data[CS_HRES_COARSE].seq);
	seqcount_write_seq_begin(&vd->clock_data[CS_RAW].seq);
	/* smp_wmb: the odd seqs are visible before any data store below. */
	smp_wmb();
}

/**
 * vdso_write_end() - close the write section of both clock groups
 * @vd: the vvar page
 */
static inline void vdso_write_end(struct vdso_time_data *vd)
{
	/* The release stores order every data store before the even seq. */
	seqcount_write_seq_end(&vd->clock_data[CS_HRES_COARSE].seq);
	seqcount_write_seq_end(&vd->clock_data[CS_RAW].seq);
}

#endif /* TKSIM_VDSO_HELPERS_H */
