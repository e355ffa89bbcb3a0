/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: include/generated/autoconf.h: the configuration is ktree/shim/kt_config.h. */
