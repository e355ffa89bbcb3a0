/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: include/linux/percpu.h for a tree's time files: one CPU, so a per-CPU variable is a
 * variable. */
#ifndef TKSIM_KTREE_SHIM_PERCPU_H
#define TKSIM_KTREE_SHIM_PERCPU_H

#define DEFINE_PER_CPU(type, name) __typeof__(type) name
#define DECLARE_PER_CPU(type, name) extern __typeof__(type) name
#define this_cpu_ptr(ptr) (ptr)
#define raw_cpu_ptr(ptr) (ptr)
#define per_cpu_ptr(ptr, cpu) ((void)(cpu), (ptr))
#define per_cpu(var, cpu) (*((void)(cpu), &(var)))
#define this_cpu_read(var) (var)
#define __this_cpu_read(var) (var)
#define this_cpu_write(var, val) ((var) = (val))
#define smp_processor_id() 0
#define raw_smp_processor_id() 0

#endif /* TKSIM_KTREE_SHIM_PERCPU_H */
