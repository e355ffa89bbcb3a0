/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: concurrent torture of one simulated kernel (timekeeper thread + reader threads). */
#ifndef TKSIM_SIM_TORTURE_TORTURE_H
#define TKSIM_SIM_TORTURE_TORTURE_H

/*
 * One simulated kernel on a counter that runs on its own (the real TSC, or
 * a synthetic counter derived from it), a timekeeper thread that ticks and
 * optionally churns adjtimex, and N reader threads that read every clock
 * through the vDSO and the kernel-side path and check, in the shape of the
 * kernel's selftests:
 *
 *   seqcount       every vDSO value is what one published update gives for a
 *                  counter value read around the call (a log of every
 *                  publication, indexed by tk_core.seq, is the reference);
 *   inconsistency  64 back-to-back reads of a clock are in order (every
 *                  clock, COARSE included; clocks that churn sets are
 *                  skipped while a set runs);
 *   threadtest     readers append MONOTONIC under a mutex to a shared list
 *                  of 128, which must be in order (full-width comparison);
 *   sandwich       kernel-side <= vDSO <= kernel-side, and invalid clock ids
 *                  give -EINVAL on both paths (vdso_test_correctness), a
 *                  disabled aux clock -ENODEV on both;
 *   litmus         the causality tests of sim/torture/litmus.h, for each TSC read
 *                  instruction this CPU has.
 *
 * Aux clocks (v6.17, CLOCK_AUX + n, @aux_clocks of them enabled) are read
 * like the others: the seqcount check, against the clock's own group
 * copied under its own seq before the vDSO read (the publication log holds
 * the system clocks' groups, published under tk_core.seq), the sandwich and
 * the inconsistency check, both between sets: TORTURE_CHURN_AUX steers them
 * from the timekeeper thread, each call inside a set.  A step back of at
 * most 1 ns on an aux clock is excused (and counted): its mult dithers at
 * every tick as the system clocks' does, and the excuse the log computes
 * for those is not kept for aux clocks; 1 ns bounds it while a tick takes
 * less than 2^shift cycles.
 *
 * A kernel tree (@kernel, sim/torture/torture_ktree.c) stands in for the
 * model: the readers run the tree's own lib/vdso over its own vvar page and
 * its kernel-side getters, the timekeeper thread its update_wall_time() and
 * adjtimex, on the TSC; the publication log holds the tree's page as its
 * object reads it out of the tree's layout, and every check above runs on
 * it, the litmus tests with the run's read instruction only (the others test
 * tksim's counter hook, not the tree's code).
 *
 * Bounds: a duration (wall time) or a number of rounds per reader.  The
 * first violation stops the run and is reported with the samples around
 * it, the seed and the command that replays it.
 */

#include "sim/torture/litmus.h"
#include "sim/tsc.h"

#define TORTURE_CHURN_FREQ BIT(0) /* ADJ_FREQUENCY flips between -500 and +500 ppm */
#define TORTURE_CHURN_OFFSET BIT(1) /* ADJ_SETOFFSET steps of up to +/-0.5 s */
#define TORTURE_CHURN_SETTIME BIT(2) /* settimeofday() to now +/-0.5 s */
/* an enabled aux clock: clock_adjtime(ADJ_FREQUENCY) +/-500 ppm or clock_settime() +/-0.5 s */
#define TORTURE_CHURN_AUX BIT(3)
#define TORTURE_CHURN_ALL 0xfU

#define TORTURE_CHECK_SEQCOUNT BIT(0)
#define TORTURE_CHECK_INCONSISTENCY BIT(1)
#define TORTURE_CHECK_THREADTEST BIT(2)
#define TORTURE_CHECK_SANDWICH BIT(3)
#define TORTURE_CHECK_LITMUS BIT(4)
#define TORTURE_CHECK_ALL 0x1fU

#define TORTURE_PATH_VDSO BIT(0)
#define TORTURE_PATH_SYSCALL BIT(1)

/* torture_result.kernel_break: TKSIM_KTREE_BREAK's knobs (ktree.h's KTREE_BREAK_* bits) */
#define TORTURE_KBREAK_READ_RETRY BIT(0) /* the tree's vdso_read_retry() never retries */
#define TORTURE_KBREAK_SEQ_BUMP BIT(1) /* its update_vsyscall() leaves the vvar seq as is */

/* Largest number of reader threads. */
#define TORTURE_MAX_READERS 60

/** enum torture_counter - what the simulated kernel counts with */
enum torture_counter {
	TORTURE_COUNTER_TSC, /* the real TSC, VDSO_CLOCKMODE_TSC */
	TORTURE_COUNTER_SYNTHETIC, /* sim/tsc.h's TSC-derived counter, VDSO_CLOCKMODE_SIM(_X86) */
};

/**
 * struct torture_opts - one torture run
 * @counter:      enum torture_counter
 * @insn:         enum vdso_tsc_insn of the vDSO and the clocksource
 * @threads:      reader threads (1..TORTURE_MAX_READERS)
 * @duration_ns:  wall time of the whole run (ns), litmus included; 0 to
 *                bound by @iterations instead
 * @iterations:   rounds per reader when @duration_ns is 0
 * @hz:           the simulated kernel's HZ, also the tick rate of the thread
 * @max_pressure: the timekeeper publishes back-to-back instead of at HZ
 * @churn:        TORTURE_CHURN_* bits
 * @window_spin:  cpu_relax() spins inside each vvar write section
 * @bugs:         BUG_* bits to inject (vdso/bug_bits.h)
 * @fixes:        FIX_* bits of the proposed fixes to switch on (sim/fixes.h)
 * @seed:         seed of every random choice (clocks, churn, jitter)
 * @checks:       TORTURE_CHECK_* bits
 * @clocks:       bit mask of the clock ids readers use (aux ids: of the
 *                enabled ones only)
 * @aux_clocks:   aux clocks 0..@aux_clocks - 1 are enabled at boot (0..8)
 * @paths:        TORTURE_PATH_* bits
 * @litmus_ns:    wall time of each litmus test (ns); 0 for a share of
 *                @duration_ns (a quarter, split over the tests), or 250 ms
 * @litmus_clock: the clock the litmus tests read
 * @synth:        the synthetic counter (frequency, width, skew, jitter)
 * @tsc_hz:       TSC frequency (Hz); 0 to calibrate
 * @timens:       every other reader (odd ids) runs in a time namespace
 *                (MONOTONIC +1 day 0.5 s, BOOTTIME +2 days 0.25 s) and reads
 *                through its vvar page and its syscall; the seqcount and the
 *                shared threadtest list check its values less the offsets
 * @pin:          pin the timekeeper to the first host CPU and the readers to
 *                the others (where there are two or more)
 * @kernel:       a kernel tree (a release such as "6.12", or a directory) to
 *                torture instead of the model (TSC counter; no time namespace,
 *                aux clocks, --window, bugs or fixes: the model's), or NULL
 * @replay:       the command line that replays this run, for reports
 * @progress:     called about 4 times a second from the main thread, or NULL
 * @progress_arg: its argument
 * @cancelled:    NULL, or polled while the readers run: non-zero ends the run early (a
 *                signal to the command), the litmus tests left out
 */
struct torture_opts {
	enum torture_counter counter;
	u32 insn;
	unsigned int threads;
	u64 duration_ns;
	u64 iterations;
	unsigned int hz;
	bool max_pressure;
	u32 churn;
	u32 window_spin;
	u64 bugs;
	u64 fixes;
	u64 seed;
	u32 checks;
	u32 clocks;
	unsigned int aux_clocks;
	u32 paths;
	u64 litmus_ns;
	s32 litmus_clock;
	struct sim_tsc_counter_params synth;
	u64 tsc_hz;
	bool timens;
	bool pin;
	const char *kernel;
	const char *replay;
	void (*progress)(void *arg, double elapsed_s, double total_s, u64 reads);
	void *progress_arg;
	int (*cancelled)(void);
};

/**
 * struct torture_reader_stats - what one reader did
 * @rounds:           rounds run
 * @reads:            clock reads of every kind
 * @vdso_reads:       of which through the vDSO
 * @vdso_overlaps:    probed vDSO reads during which the vvar seq moved: the
 *                    read waited or retried (the retry rate's numerator)
 * @vdso_probed:      vDSO reads so probed (its denominator)
 * @sys_overlaps:     kernel-side reads during which tk_core.seq moved
 * @sys_probed:       kernel-side reads so probed
 * @seq_checked:      vDSO values checked against the publication log
 * @seq_unverifiable: values whose candidate updates were not all logged
 * @excused:          steps back within the kernel's own mult-change window
 *                    (see sim/torture/torture.c, struct torture_pub): not violations
 * @excused_max_ns:   the largest of them (ns)
 * @seconds:          wall time the reader ran
 * @in_timens:        the reader ran in the time namespace
 */
struct torture_reader_stats {
	u64 rounds;
	u64 reads;
	u64 vdso_reads;
	u64 vdso_overlaps;
	u64 vdso_probed;
	u64 sys_overlaps;
	u64 sys_probed;
	u64 seq_checked;
	u64 seq_unverifiable;
	u64 excused;
	u64 excused_max_ns;
	double seconds;
	bool in_timens;
};

/**
 * struct torture_litmus_row - the litmus tests with one TSC read instruction
 * @insn:      enum vdso_tsc_insn
 * @supported: false if this CPU lacks it (not run)
 * @counts:    true for the instruction under test: its failures fail the run
 *             (Store excepted, which is expected to fail)
 * @left_out:  NULL, or why the row was not run although the CPU has the
 *             instruction (a kernel tree: it would test tksim's counter hook)
 * @r:         result of each test
 */
struct torture_litmus_row {
	u32 insn;
	bool supported;
	bool counts;
	const char *left_out;
	struct litmus_result r[LITMUS_NR];
};

/**
 * struct torture_result - the outcome of a run
 * @violated:     a property was violated, or a check failed its self-test
 *                (@blind): either way not a PASS
 * @blind:        an ordering check missed a known step back before the run
 *                (torture_checkers_blind()); nothing was run
 * @report:       the evidence of the first violation (malloc'ed), or NULL
 * @nreaders:     entries in @readers
 * @readers:      per-reader statistics (malloc'ed)
 * @publications: vvar publications logged
 * @churn_ops:    adjtimex/settimeofday calls the timekeeper made
 * @seconds:      wall time of the reader phase
 * @tsc_hz:       the TSC frequency used (Hz)
 * @clock_mode:   the vDSO clock mode of the system
 * @nlitmus:      rows in @litmus
 * @litmus:       the litmus results, one row per TSC read instruction
 * @kernel:       the tree's release ("6.12.57 (Debian 6.12.57-1)") with
 *                opts.kernel, else ""
 * @kernel_err:   why the tree could not be had (torture_run()'s -ENOENT: not
 *                fetched, a skip; -ENOEXEC: it does not build or boot)
 * @kernel_break: TORTURE_KBREAK_* bits TKSIM_KTREE_BREAK set: a deliberately
 *                broken seqcount in the tree's object (a test's), 0 if none
 */
struct torture_result {
	bool violated;
	bool blind;
	char *report;
	unsigned int nreaders;
	struct torture_reader_stats *readers;
	u64 publications;
	u64 churn_ops;
	double seconds;
	u64 tsc_hz;
	s32 clock_mode;
	unsigned int nlitmus;
	struct torture_litmus_row litmus[3];
	char kernel[160];
	char kernel_err[512];
	u32 kernel_break;
};

/** torture_aux_mask() - the clock-id bits of aux clocks 0..@n - 1 (CLOCK_AUX + n) */
static inline u32 torture_aux_mask(unsigned int n)
{
	return n ? (u32)((1U << n) - 1) << TK_CLOCK_AUX : 0;
}

void torture_opts_default(struct torture_opts *o);
int torture_run(const struct torture_opts *o, struct torture_result *res);
void torture_result_free(struct torture_result *res);
const char *torture_clock_mode_name(s32 mode);
bool torture_went_back(const struct timespec64 *a, const struct timespec64 *b, bool kernel_cmp);
bool torture_check_went_back(const struct torture_opts *o, u32 check, const struct timespec64 *a,
			     const struct timespec64 *b);
bool torture_checkers_blind(const struct torture_opts *o, char *buf, size_t len);

#endif /* TKSIM_SIM_TORTURE_TORTURE_H */
