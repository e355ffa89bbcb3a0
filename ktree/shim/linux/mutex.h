/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: include/linux/mutex.h for a tree's time files: a mutex is the shims' spinlock. */
#ifndef TKSIM_KTREE_SHIM_MUTEX_H
#define TKSIM_KTREE_SHIM_MUTEX_H

#include "kt_kernel.h"

/* Only the registration path takes clocksource_mutex, from the one thread that boots. */
struct mutex {
	raw_spinlock_t lock;
};

#define DEFINE_MUTEX(name) struct mutex name = { __RAW_SPIN_LOCK_UNLOCKED(name) }
#define mutex_lock(m) raw_spin_lock(&(m)->lock)
#define mutex_unlock(m) raw_spin_unlock(&(m)->lock)
#define mutex_trylock(m) (!__atomic_exchange_n(&(m)->lock.locked, 1, __ATOMIC_ACQUIRE))
#define lockdep_assert_held_mutex(m) ((void)(m))

#endif /* TKSIM_KTREE_SHIM_MUTEX_H */
