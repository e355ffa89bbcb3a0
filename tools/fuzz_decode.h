/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: `tksim fuzz --decode`, fuzz inputs into scenario files (tools/fuzz_decode.c). */
#ifndef TKSIM_TOOLS_FUZZ_DECODE_H
#define TKSIM_TOOLS_FUZZ_DECODE_H

int fuzz_decode_main(int argc, char **argv);

#endif /* TKSIM_TOOLS_FUZZ_DECODE_H */
