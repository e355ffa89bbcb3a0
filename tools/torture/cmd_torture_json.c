// SPDX-License-Identifier: GPL-2.0
// tksim's own: `tksim torture --json`, the run as one object (schema in docs/output.md).
#include <stdio.h>

#include "config.h"
#include "sim/bugs.h"
#include "sim/fixes.h"
#include "sim/oracle.h"
#include "tools/torture/cmd_torture_cli.h"
#include "tools/json.h"

/* The configuration: what the header lines of the text report say. */
static void json_config(struct json *j, const struct cmd_torture_cli *cli)
{
	const struct torture_opts *o = &cli->o;
	char list[256], bugs[512];

	json_kstr(j, "counter", o->counter == TORTURE_COUNTER_TSC ? "tsc" : "synthetic");
	json_kstr(j, "kernel", o->kernel);
	json_kstr(j, "insn", sim_tsc_insn_name(o->insn));
	json_ku64(j, "threads", o->threads);
	json_ku64(j, "hz", o->hz);
	json_kbool(j, "max_pressure", o->max_pressure);
	cmd_torture_format_list(list, sizeof(list), TORTURE_NAMES(churn), o->churn);
	json_kstr(j, "churn", list);
	json_ku64(j, "aux_clocks", o->aux_clocks);
	json_ku64(j, "window", o->window_spin);
	sim_bugs_format(o->bugs, bugs, sizeof(bugs));
	json_kstr(j, "inject", bugs);
	if (o->fixes) {
		sim_fixes_format(o->fixes, bugs, sizeof(bugs));
		json_kstr(j, "fix", bugs);
	}
	cmd_torture_format_list(list, sizeof(list), TORTURE_NAMES(check), o->checks);
	json_kstr(j, "checks", list);
	json_ku64(j, "seed", o->seed);
	json_kstr(j, "replay", cli->replay);
}

static void json_litmus(struct json *j, const struct cmd_torture_cli *cli,
			const struct torture_result *r)
{
	json_kstr(j, "litmus_clock", oracle_clock_name(cli->o.litmus_clock));
	json_arr(j, "litmus");
	for (unsigned int i = 0; i < r->nlitmus; i++) {
		const struct torture_litmus_row *row = &r->litmus[i];

		for (int t = 0; t < LITMUS_NR; t++) {
			const struct litmus_result *lr = &row->r[t];

			json_obj(j, NULL);
			json_kstr(j, "insn", sim_tsc_insn_name(row->insn));
			json_kstr(j, "test", litmus_name(t));
			json_kbool(j, "supported", row->supported);
			json_kstr(j, "left_out", row->left_out);
			json_kbool(j, "under_test", row->counts);
			json_kbool(j, "expected_to_fail", litmus_expected_to_fail(t));
			json_ku64(j, "samples", lr->samples);
			json_ku64(j, "failures", lr->failures);
			json_ku64(j, "margin_ns", lr->margin_ns);
			json_ku64(j, "worst_ns", lr->worst_ns);
			json_end(j);
		}
	}
	json_end(j);
}

/**
 * cmd_torture_print_json() - the run as one JSON object on stdout
 * @cli:    the command line
 * @r:      the results, or NULL when the run did not happen
 * @result: "pass", "fail", "interrupted" or "skip"
 * @why:    why it was skipped or interrupted, or NULL
 */
void cmd_torture_print_json(const struct cmd_torture_cli *cli, const struct torture_result *r,
			    const char *result, const char *why)
{
	struct json j;

	json_begin(&j, stdout);
	json_kstr(&j, "tool", "tksim torture");
	json_kstr(&j, "version", PACKAGE_VERSION);
	json_config(&j, cli);
	if (r) {
		json_ku64(&j, "tsc_hz", r->tsc_hz);
		json_kstr(&j, "clock_mode", torture_clock_mode_name(r->clock_mode));
		if (cli->o.kernel) {
			json_kstr(&j, "kernel_release", r->kernel);
			json_ku64(&j, "kernel_break", r->kernel_break);
		}
		json_kdbl(&j, "seconds", r->seconds);
		json_ku64(&j, "publications", r->publications);
		json_ku64(&j, "churn_ops", r->churn_ops);
		json_arr(&j, "readers");
		for (unsigned int i = 0; i < r->nreaders; i++) {
			const struct torture_reader_stats *s = &r->readers[i];

			json_obj(&j, NULL);
			json_ku64(&j, "reads", s->reads);
			json_kdbl(&j, "seconds", s->seconds);
			json_ku64(&j, "vdso_probed", s->vdso_probed);
			json_ku64(&j, "vdso_retried", s->vdso_overlaps);
			json_ku64(&j, "syscall_probed", s->sys_probed);
			json_ku64(&j, "syscall_retried", s->sys_overlaps);
			json_ku64(&j, "seqcount_checked", s->seq_checked);
			json_ku64(&j, "seqcount_unverifiable", s->seq_unverifiable);
			json_ku64(&j, "excused_steps", s->excused);
			json_ku64(&j, "excused_max_ns", s->excused_max_ns);
			json_end(&j);
		}
		json_end(&j);
		json_litmus(&j, cli, r);
	}
	json_kstr(&j, "result", result);
	json_kstr(&j, "why", why);
	json_kstr(&j, "violation", r && r->violated ? r->report : NULL);
	json_finish(&j);
}
