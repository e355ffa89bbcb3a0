/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the one fuzz target, shared by libFuzzer, AFL++, the replay driver and tksim fuzz.
 */
#ifndef TKSIM_TESTS_FUZZ_TARGET_H
#define TKSIM_TESTS_FUZZ_TARGET_H

#include "sim/ops/ops_exec.h"

int tksim_fuzz_target(const u8 *data, size_t size, u64 bugs, struct sim_ops_result *r);
u64 tksim_fuzz_env_bugs(void);

#endif /* TKSIM_TESTS_FUZZ_TARGET_H */
