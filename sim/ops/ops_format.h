/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: what the fuzz input's decoder and encoder share (sim/ops/ops_decode.c,
 * ops_encode.c). */
#ifndef TKSIM_SIM_OPS_OPS_FORMAT_H
#define TKSIM_SIM_OPS_OPS_FORMAT_H

#include "timekeeper/adjtimex.h"
#include "vdso/types.h"

/* The header's tables: a header byte is an index into each, modulo its length. */
static const unsigned int hz_table[] = { 1000, 250, 100, 300, 1024, 24, 10000, 1200 };
static const u64 freq_table[] = { 2100000000ULL, 3579545,  19200000, 1000000000ULL,
				  24000000,	 14318180, 32768,    3000000000ULL };
static const unsigned int bits_table[] = { 64, 56, 32, 24 };
static const s64 ppb_table[] = { 35000, 0, -250000, 500000, -35000, 1000, 12000000, -12000000 };

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

/* The fields of @tx its mode bits use, in struct order (shared by decode and encode). */
#define TIMEX_FIELDS(X, tx)                                            \
	X((tx)->modes &(ADJ_OFFSET | ADJ_OFFSET_SS_BIT), (tx)->offset) \
	X((tx)->modes &ADJ_FREQUENCY, (tx)->freq)                      \
	X((tx)->modes &ADJ_MAXERROR, (tx)->maxerror)                   \
	X((tx)->modes &ADJ_ESTERROR, (tx)->esterror)                   \
	X((tx)->modes &ADJ_STATUS, (tx)->status)                       \
	X((tx)->modes &(ADJ_TIMECONST | ADJ_TAI), (tx)->constant)      \
	X((tx)->modes &ADJ_SETOFFSET, (tx)->time.tv_sec)               \
	X((tx)->modes &ADJ_SETOFFSET, (tx)->time.tv_usec)              \
	X((tx)->modes &ADJ_TICK, (tx)->tick)

#endif /* TKSIM_SIM_OPS_OPS_FORMAT_H */
