/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: include/linux/spinlock.h for a tree's time files: a raw spinlock over a C11-style
 * atomic flag. */
#ifndef TKSIM_KTREE_SHIM_SPINLOCK_H
#define TKSIM_KTREE_SHIM_SPINLOCK_H

#include <linux/compiler.h>
#include <linux/types.h>

/*
 * One writer takes timekeeper_lock at a time; torture's reader threads never
 * take it, so a test-and-set lock is enough.  "irqsave" has no interrupts to
 * mask in user space: the flags word is only set, as the kernel's callers expect.
 */
typedef struct {
	int locked;
} raw_spinlock_t;

typedef raw_spinlock_t spinlock_t;

#define __RAW_SPIN_LOCK_UNLOCKED(name) \
	{                              \
		0                      \
	}
#define DEFINE_RAW_SPINLOCK(name) raw_spinlock_t name = __RAW_SPIN_LOCK_UNLOCKED(name)
#define DEFINE_SPINLOCK(name) spinlock_t name = __RAW_SPIN_LOCK_UNLOCKED(name)
#define raw_spin_lock_init(l) ((l)->locked = 0)

static inline void raw_spin_lock(raw_spinlock_t *l)
{
	/* acquire: what the lock protects is read after the flag is ours */
	while (__atomic_exchange_n(&l->locked, 1, __ATOMIC_ACQUIRE))
		__builtin_ia32_pause();
}

static inline void raw_spin_unlock(raw_spinlock_t *l)
{
	/* release: the protected writes are visible before the flag drops */
	__atomic_store_n(&l->locked, 0, __ATOMIC_RELEASE);
}

#define raw_spin_lock_irqsave(l, flags) \
	do {                            \
		(flags) = 0;            \
		raw_spin_lock(l);       \
	} while (0)
#define raw_spin_unlock_irqrestore(l, flags) \
	do {                                 \
		(void)(flags);               \
		raw_spin_unlock(l);          \
	} while (0)
#define raw_spin_lock_irq(l) raw_spin_lock(l)
#define raw_spin_unlock_irq(l) raw_spin_unlock(l)
#define spin_lock_irqsave raw_spin_lock_irqsave
#define spin_unlock_irqrestore raw_spin_unlock_irqrestore
#define spin_lock(l) raw_spin_lock(l)
#define spin_unlock(l) raw_spin_unlock(l)
#define lockdep_assert_held(l) ((void)(l))

#endif /* TKSIM_KTREE_SHIM_SPINLOCK_H */
