/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: include/linux/seqlock.h for a tree's time files: the seqcount, its raw-spinlock and
 * latch forms. */
#ifndef TKSIM_KTREE_SHIM_SEQLOCK_H
#define TKSIM_KTREE_SHIM_SEQLOCK_H

#include <linux/compiler.h>
#include <linux/spinlock.h>
#include <linux/types.h>

/*
 * The kernel's seqcount protocol with the orderings of its x86 build: the
 * writer makes the count odd, orders its writes after that (smp_wmb), and
 * even again after them; a reader waits for an even count, reads, and
 * retries if the count moved.  The three kinds share one counter word;
 * kt_seq() finds it in any of them.
 */
typedef struct {
	unsigned int sequence;
} seqcount_t;

typedef struct {
	seqcount_t seqcount;
	raw_spinlock_t *lock;
} seqcount_raw_spinlock_t;

typedef struct {
	seqcount_t seqcount;
} seqcount_latch_t;

#define SEQCNT_ZERO(name) \
	{                 \
		0         \
	}
#define SEQCNT_RAW_SPINLOCK_ZERO(name, l) \
	{                                 \
		{ 0 }, (l)                \
	}
#define SEQCNT_LATCH_ZERO(name) \
	{                       \
		{               \
			0       \
		}               \
	}
#define seqcount_init(s) ((s)->sequence = 0)
#define seqcount_raw_spinlock_init(s, l) ((s)->seqcount.sequence = 0, (s)->lock = (l))
#define seqcount_latch_init(s) ((s)->seqcount.sequence = 0)

#define kt_seq(s) \
	_Generic((s),                                                                          \
		seqcount_t *: &((seqcount_t *)(s))->sequence,                                  \
		const seqcount_t *: &((seqcount_t *)(s))->sequence,                            \
		seqcount_raw_spinlock_t *: &((seqcount_raw_spinlock_t *)(s))->seqcount.sequence, \
		const seqcount_raw_spinlock_t *: &((seqcount_raw_spinlock_t *)(s))->seqcount.sequence, \
		seqcount_latch_t *: &((seqcount_latch_t *)(s))->seqcount.sequence,             \
		const seqcount_latch_t *: &((seqcount_latch_t *)(s))->seqcount.sequence)

static inline unsigned int kt_read_seqcount_begin(unsigned int *seq)
{
	unsigned int s;

	/* acquire: the protected reads come after the count they are checked against */
	while ((s = __atomic_load_n(seq, __ATOMIC_ACQUIRE)) & 1)
		__builtin_ia32_pause();
	return s;
}

static inline int kt_read_seqcount_retry(unsigned int *seq, unsigned int start)
{
	/* the protected reads are done before the count is read again */
	__atomic_thread_fence(__ATOMIC_ACQUIRE);
	return __atomic_load_n(seq, __ATOMIC_RELAXED) != start;
}

static inline void kt_write_seqcount_begin(unsigned int *seq)
{
	__atomic_store_n(seq, *seq + 1, __ATOMIC_RELAXED);
	/* the odd count is visible before any protected write */
	__atomic_thread_fence(__ATOMIC_RELEASE);
}

static inline void kt_write_seqcount_end(unsigned int *seq)
{
	/* every protected write is visible before the even count */
	__atomic_store_n(seq, *seq + 1, __ATOMIC_RELEASE);
}

#define read_seqcount_begin(s) kt_read_seqcount_begin(kt_seq(s))
#define raw_read_seqcount_begin(s) kt_read_seqcount_begin(kt_seq(s))
#define read_seqcount_retry(s, start) kt_read_seqcount_retry(kt_seq(s), (start))
#define write_seqcount_begin(s) kt_write_seqcount_begin(kt_seq(s))
#define write_seqcount_end(s) kt_write_seqcount_end(kt_seq(s))

/* The latch: readers pick the copy the count's low bit names, and never wait. */
static inline unsigned int raw_read_seqcount_latch(const seqcount_latch_t *s)
{
	/* acquire: the copy is read after the count that chose it */
	return __atomic_load_n(&s->seqcount.sequence, __ATOMIC_ACQUIRE);
}

static inline int raw_read_seqcount_latch_retry(const seqcount_latch_t *s, unsigned int start)
{
	__atomic_thread_fence(__ATOMIC_ACQUIRE);
	return __atomic_load_n(&s->seqcount.sequence, __ATOMIC_RELAXED) != start;
}

static inline void raw_write_seqcount_latch(seqcount_latch_t *s)
{
	/* the copy just written is visible before readers are sent to it */
	__atomic_thread_fence(__ATOMIC_RELEASE);
	__atomic_store_n(&s->seqcount.sequence, s->seqcount.sequence + 1, __ATOMIC_RELAXED);
	/* readers leave the other copy before it is overwritten */
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
}

#endif /* TKSIM_KTREE_SHIM_SEQLOCK_H */
