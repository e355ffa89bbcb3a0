// SPDX-License-Identifier: GPL-2.0
// tksim's own: `tksim torture`'s output: the replay command, the progress line, the results.
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "sim/bugs.h"
#include "sim/fixes.h"
#include "sim/clocks.h"
#include "sim/oracle.h"
#include "tools/torture/cmd_torture_cli.h"

void cmd_torture_build_replay(struct cmd_torture_cli *cli)
{
	const struct torture_opts *o = &cli->o;
	char list[256], bugs[512];
	size_t n = sizeof(cli->replay), len = 0;
	char *p = cli->replay;

#define ADD(...)                                                                \
	do {                                                                    \
		if (len < n)                                                    \
			len += (size_t)snprintf(p + len, n - len, __VA_ARGS__); \
	} while (0)
	ADD("tksim torture");
	if (o->kernel)
		ADD(" --kernel %s", o->kernel);
	if (o->counter == TORTURE_COUNTER_SYNTHETIC) {
		ADD(" --counter synthetic --insn %s --freq %" PRIu64 " --bits %u",
		    sim_tsc_insn_name(o->insn), o->synth.freq_hz, o->synth.bits);
		if (o->synth.start)
			ADD(" --start %" PRIu64, o->synth.start);
		if (cli->skew)
			ADD(" --skew %" PRIu64, cli->skew);
		if (o->synth.jitter)
			ADD(" --jitter %" PRIu64, o->synth.jitter);
		ADD(" --vdso-rule %s", o->synth.x86_rule ? "x86" : "generic");
	} else {
		ADD(" --counter %s", o->insn == VDSO_TSC_RDTSCP ? "tsc-rdtscp"
				     : o->insn == VDSO_TSC_BARE ? "tsc-bare"
								: "tsc");
	}
	ADD(" --threads %u", o->threads);
	if (o->duration_ns)
		ADD(" --seconds %gs", (double)o->duration_ns * 1e-9);
	else
		ADD(" --iterations %" PRIu64, o->iterations);
	ADD(" --hz %u", o->hz);
	if (o->max_pressure)
		ADD(" --max-pressure");
	if (o->timens)
		ADD(" --timens");
	if (o->churn) {
		cmd_torture_format_list(list, sizeof(list), TORTURE_NAMES(churn), o->churn);
		ADD(" --churn %s", list);
	}
	if (o->aux_clocks)
		ADD(" --aux-clocks %u", o->aux_clocks);
	if (o->window_spin)
		ADD(" --window %" PRIu32, o->window_spin);
	if (o->bugs) {
		sim_bugs_format(o->bugs, bugs, sizeof(bugs));
		ADD(" --inject %s", bugs);
	}
	if (o->fixes) {
		sim_fixes_format(o->fixes, bugs, sizeof(bugs));
		ADD(" --fix %s", bugs);
	}
	if (o->checks != TORTURE_CHECK_ALL) {
		cmd_torture_format_list(list, sizeof(list), TORTURE_NAMES(check), o->checks);
		ADD(" --checks %s", list);
	}
	if (o->paths != (TORTURE_PATH_VDSO | TORTURE_PATH_SYSCALL)) {
		cmd_torture_format_list(list, sizeof(list), TORTURE_NAMES(path), o->paths);
		ADD(" --paths %s", list);
	}
	if ((o->clocks & SIM_VDSO_CLOCK_MASK) != SIM_VDSO_CLOCK_MASK) {
		cmd_torture_format_list(list, sizeof(list), TORTURE_NAMES(clock), o->clocks);
		ADD(" --clocks %s", list);
	}
	if (o->litmus_ns)
		ADD(" --litmus-ms %" PRIu64, o->litmus_ns / NSEC_PER_MSEC);
	if (!o->pin)
		ADD(" --no-pin");
	ADD(" --seed %" PRIu64, o->seed);
#undef ADD
}

/* cmd_torture_progress_line() - struct torture_opts' progress callback: one line on stderr. */
void cmd_torture_progress_line(void *arg, double elapsed, double total, u64 reads)
{
	static const char spin[] = "|/-\\";
	unsigned int *tick = arg;

	if (total > 0)
		fprintf(stderr, "\r  %c %5.1f of %.0f s, %.1f M reads ", spin[(*tick)++ & 3],
			elapsed, total, (double)reads * 1e-6);
	else
		fprintf(stderr, "\r  %c %5.1f s, %.1f M reads ", spin[(*tick)++ & 3], elapsed,
			(double)reads * 1e-6);
}

static double pct(u64 a, u64 b)
{
	return b ? 100.0 * (double)a / (double)b : 0.0;
}

void cmd_torture_print_results(const struct cmd_torture_cli *cli, const struct torture_result *r)
{
	const struct torture_opts *o = &cli->o;
	u64 reads = 0, excused = 0, excused_max = 0;

	printf("# readers ran %.3f s\n", r->seconds);
	for (unsigned int i = 0; i < r->nreaders; i++) {
		const struct torture_reader_stats *s = &r->readers[i];

		reads += s->reads;
		excused += s->excused;
		if (s->excused_max_ns > excused_max)
			excused_max = s->excused_max_ns;
		printf("#   reader %u (simulated CPU %u%s): %.2f M reads, %.2f M/s; retried or "
		       "waited: "
		       "vDSO %.4f %% of %" PRIu64 ", kernel-side %.4f %% of %" PRIu64
		       "; seqcount-checked %" PRIu64 " (%" PRIu64 " unverifiable)\n",
		       i, (i + 1) % VDSO_MAX_CPUS, s->in_timens ? ", time namespace" : "",
		       (double)s->reads * 1e-6,
		       s->seconds > 0 ? (double)s->reads / s->seconds * 1e-6 : 0.0,
		       pct(s->vdso_overlaps, s->vdso_probed), s->vdso_probed,
		       pct(s->sys_overlaps, s->sys_probed), s->sys_probed, s->seq_checked,
		       s->seq_unverifiable);
	}
	printf("# total %.2f M reads; timekeeper: %" PRIu64 " publications, %" PRIu64
	       " churn operations\n",
	       (double)reads * 1e-6, r->publications, r->churn_ops);
	if (excused)
		printf("# %" PRIu64 " steps back of at most %" PRIu64 " ns were the kernel's own "
		       "mult-change window (read between the timekeeper's counter read and its "
		       "publication), not violations\n",
		       excused, excused_max);
	if (!r->nlitmus)
		return;
	printf("# litmus (CLOCK_%s, %s counter):\n", oracle_clock_name(o->litmus_clock),
	       o->counter == TORTURE_COUNTER_TSC ? "TSC" : "synthetic");
	for (unsigned int i = 0; i < r->nlitmus; i++) {
		const struct torture_litmus_row *row = &r->litmus[i];
		const char *name = row->insn == VDSO_TSC_LFENCE	  ? "lfence;rdtsc"
				   : row->insn == VDSO_TSC_RDTSCP ? "rdtscp"
								  : "rdtsc";

		if (!row->supported) {
			printf("#   %-13s skipped: this CPU has no rdtscp\n", name);
			continue;
		}
		if (row->left_out) {
			printf("#   %-13s left out: %s\n", name, row->left_out);
			continue;
		}
		for (int t = 0; t < LITMUS_NR; t++) {
			const struct litmus_result *lr = &row->r[t];
			const char *note = row->counts ? "" : "  (not under test)";

			if (!lr->failures && lr->samples)
				printf("#   %-13s %-5s test passed: margin %" PRIu64
				       " ns with %" PRIu64 " samples%s\n",
				       name, litmus_name(t), lr->margin_ns, lr->samples, note);
			else if (!lr->samples)
				printf("#   %-13s %-5s test: no samples%s\n", name, litmus_name(t),
				       note);
			else
				printf("#   %-13s %-5s test failed%s: worst error %" PRIu64
				       " ns with %" PRIu64 " samples (%" PRIu64 " failed)%s\n",
				       name, litmus_name(t),
				       litmus_expected_to_fail(t) ? " as expected" : "",
				       lr->worst_ns, lr->samples, lr->failures, note);
		}
	}
}

/*
 * How the readers feed the threadtest check (sim/torture/torture_read.c): each reader appends
 * one MONOTONIC read to the shared list on every 8th of its rounds (round 0 included), and the
 * list is compared when it holds 128 entries (TT_LIST).  A run whose readers appended fewer
 * never compared one pair.
 */
#define TT_EVERY_ROUNDS 8
#define TT_LIST_ENTRIES 128

/**
 * cmd_torture_not_checked() - the asked-for checks that gathered no samples
 * @o: the run
 * @r: its results
 *
 * A check that compared nothing held vacuously: the verdict must say so rather than PASS.
 * seqcount counts the vDSO values checked against the publication log; inconsistency and
 * sandwich need one reader round (sandwich and seqcount on the vDSO path); threadtest one full
 * shared list; litmus a sample in every test of the instruction under test that can fail the
 * run (Store, expected to fail, cannot).
 *
 * Return: the TORTURE_CHECK_* bits of those checks, 0 when every one saw something.
 */
u32 cmd_torture_not_checked(const struct torture_opts *o, const struct torture_result *r)
{
	u64 rounds = 0, tt_entries = 0, seq = 0;
	bool vdso = o->paths & TORTURE_PATH_VDSO, litmus_ran = false;
	u32 none = 0;

	for (unsigned int i = 0; i < r->nreaders; i++) {
		const struct torture_reader_stats *s = &r->readers[i];

		rounds += s->rounds;
		tt_entries += (s->rounds + TT_EVERY_ROUNDS - 1) / TT_EVERY_ROUNDS;
		seq += s->seq_checked;
	}
	if ((o->checks & TORTURE_CHECK_SEQCOUNT) && (!vdso || !seq))
		none |= TORTURE_CHECK_SEQCOUNT;
	if ((o->checks & TORTURE_CHECK_INCONSISTENCY) && !rounds)
		none |= TORTURE_CHECK_INCONSISTENCY;
	if ((o->checks & TORTURE_CHECK_SANDWICH) && (!vdso || !rounds))
		none |= TORTURE_CHECK_SANDWICH;
	if ((o->checks & TORTURE_CHECK_THREADTEST) && tt_entries < TT_LIST_ENTRIES)
		none |= TORTURE_CHECK_THREADTEST;
	for (unsigned int i = 0; i < r->nlitmus; i++) {
		const struct torture_litmus_row *row = &r->litmus[i];

		if (!row->counts || !row->supported || row->left_out)
			continue;
		litmus_ran = true;
		for (int t = 0; t < LITMUS_NR; t++)
			if (!litmus_expected_to_fail(t) && !row->r[t].samples)
				litmus_ran = false;
	}
	if ((o->checks & TORTURE_CHECK_LITMUS) && !litmus_ran)
		none |= TORTURE_CHECK_LITMUS;
	return none;
}

/**
 * cmd_torture_print_kernel() - what a --kernel run ran, what it checks and what it leaves out
 * @cli: the command line
 * @r:   its results
 */
void cmd_torture_print_kernel(const struct cmd_torture_cli *cli, const struct torture_result *r)
{
	printf("# kernel %s (--kernel %s): its own lib/vdso over its own vvar page and its "
	       "kernel-side getters for the readers, its update_wall_time() and adjtimex for the "
	       "timekeeper; the TSC read with %s by the shims' counter hook\n",
	       *r->kernel ? r->kernel : "of unknown release", cli->o.kernel,
	       sim_tsc_insn_name(cli->o.insn));
	printf("# on the tree: seqcount (against a log of the tree's pages, read out of its own "
	       "layout), inconsistency, threadtest, sandwich, and litmus with that instruction; "
	       "left out: time namespaces (built without CONFIG_TIME_NS), aux clocks (6.12 and "
	       "6.1 predate them), the litmus rows of the other instructions (they test tksim's "
	       "hook)\n");
	if (r->kernel_break)
		printf("# TKSIM_KTREE_BREAK:%s%s: the tree's seqcount is broken on purpose (a "
		       "test's), a run that cannot fail would pass here\n",
		       (r->kernel_break & TORTURE_KBREAK_READ_RETRY) ? " vdso_read_retry() never "
								       "retries"
								     : "",
		       (r->kernel_break & TORTURE_KBREAK_SEQ_BUMP) ? " update_vsyscall() leaves "
								     "seq as is"
								   : "");
}
