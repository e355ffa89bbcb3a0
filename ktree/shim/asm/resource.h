/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: arch/x86/include/generated/asm/resource.h of a kernel build: the asm-generic header,
 * as kbuild generates it. */
#include <asm-generic/resource.h>
