/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the command's error reporter and input position, as the op suites stub them. */
#ifndef TKSIM_TESTS_OPS_OPS_STUBS_H
#define TKSIM_TESTS_OPS_OPS_STUBS_H

/*
 * tests/ops/ops_stubs.c defines tksim_usage_error() and tksim_get_input() (tools/tksim.h)
 * for the suites that link tools/scenario/scenario_ops.c without the command: the message of
 * the last usage error is kept here instead of printed.
 */
extern char ops_last_error[256];

#endif /* TKSIM_TESTS_OPS_OPS_STUBS_H */
