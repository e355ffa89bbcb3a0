/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: a generated header of a kernel build (asm/unistd_64_x32.h): no syscall of the time
 * files needs its numbers. */
