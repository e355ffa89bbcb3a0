/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: `tksim fuzz --decode`, fuzz inputs into scenario files (tools/fuzz/fuzz_decode.c).
 */
#ifndef TKSIM_TOOLS_FUZZ_FUZZ_DECODE_H
#define TKSIM_TOOLS_FUZZ_FUZZ_DECODE_H

#include <stddef.h>

#include "vdso/types.h"

int fuzz_decode_main(int argc, char **argv);
long fuzz_read_input(const char *path, u8 *buf, size_t size);

#endif /* TKSIM_TOOLS_FUZZ_FUZZ_DECODE_H */
