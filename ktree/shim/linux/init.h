/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: include/linux/init.h for a tree's time files: no init sections, no initcalls. */
#ifndef TKSIM_KTREE_SHIM_INIT_H
#define TKSIM_KTREE_SHIM_INIT_H

/* The glue calls the init functions itself, once per boot; nothing is discarded after boot. */
#define __init
#define __initdata
#define __initconst
#define __exit
#define __ro_after_init
#define __read_mostly
#define __setup(str, fn)
#define early_param(str, fn)
#define core_initcall(fn)
#define device_initcall(fn)
#define late_initcall(fn)
#define fs_initcall(fn)
#define arch_initcall(fn)
#define subsys_initcall(fn)

#endif /* TKSIM_KTREE_SHIM_INIT_H */
