#!/bin/sh
# tksim's own: the command-line contract of `tksim` (exit statuses, messages, output).
set -u
. "${top_srcdir:-.}/tests/cli/cli_lib.sh"

expect 0 "tksim --help" -- "$TKSIM" --help
contains "run" "help lists the run command"
expect 2 "no command" -- "$TKSIM"
expect 2 "unknown command" -- "$TKSIM" frobnicate
contains "unknown command 'frobnicate'" "unknown command is named"
expect 0 "run --help" -- "$TKSIM" run --help
expect 0 "a short run" -- "$TKSIM" run --duration 20s --quiet
contains "all held" "a short run reports that the properties held"
contains "MONOTONIC_RAW" "the summary shows every clock"
expect 2 "bad --hz" -- "$TKSIM" run --hz 0
contains "hz must be" "bad --hz is explained"
expect 2 "bad --duration" -- "$TKSIM" run --duration soon
expect 2 "bad --bits" -- "$TKSIM" run --bits 65
expect 2 "stray argument" -- "$TKSIM" run extra
expect 0 "run with a wrapping 24-bit counter" -- "$TKSIM" run --duration 30s --bits 24 --freq 3579545 --quiet
expect 0 "csv to stdout" -- "$TKSIM" run --duration 3s --csv - --quiet
contains "t_s,realtime_error_ns" "the csv has its header"
expect 0 "a tickless system with a wrapping 24-bit counter" -- "$TKSIM" run --nohz 2s --bits 24 --freq 3579545 --duration 5m --quiet
contains "all held" "idle gaps keep every property"
contains "ticks  *[0-9]\{1,4\}," "the tick stopped: hundreds of ticks in 5 minutes, not 300000"
expect 2 "a NOHZ gap past max_idle_ns" -- "$TKSIM" run --nohz 3s --bits 24 --freq 3579545
contains "max_idle_ns" "the limit is named"
expect 0 "a trace to stdout" -- "$TKSIM" run --duration 5ms --trace - --ntpd off
contains "xtime_nsec_sns" "the trace names its columns"
expect 2 "an unwritable trace" -- "$TKSIM" run --duration 5ms --trace /nonexistent/t.tsv

# Scenario files: each example runs (the coarse one exits 1 by design), a bad file says FILE:LINE.
scn=${top_srcdir:-.}/scenarios
for f in default leap-insert leap-delete freq-step acpi-pm-24bit; do
	expect 0 "scenario $f" -- "$TKSIM" run "$scn/$f.scn" --duration 90s --quiet
	contains "all held" "scenario $f holds"
done
expect 1 "scenario coarse-second-step finds the coarse step" -- "$TKSIM" run "$scn/coarse-second-step.scn" --quiet
contains "REALTIME_COARSE" "the violation names the coarse clock"
# A profile before v6.15 adds timekeeping_apply_adjustment()'s offset term to ntp_error
# (adjust-no-ntp-error): the oracle's ntp-error-step bound takes it out, as for a tree.
expect 0 "the 6.12 profile's ntp_error offset term is allowed for" -- "$TKSIM" run \
	"${top_srcdir:-.}/tests/ktree/suspend.scn" --profile 6.12 --quiet
bad=$(mktemp)
printf '# a comment\nhz 250   # trailing comment\n\nfrobnicate 3\n' >"$bad"
expect 2 "an unknown setting" -- "$TKSIM" run "$bad"
contains "$bad:4: 'frobnicate' is not a setting" "the error names the file and line"
printf 'duration 10s\nhz 0\n' >"$bad"
expect 2 "a bad value in a scenario" -- "$TKSIM" run "$bad"
contains "$bad:2: hz must be" "the bad value names its line"
printf 'duration\n' >"$bad"
expect 2 "a setting without its value" -- "$TKSIM" run "$bad"
contains "$bad:1: setting 'duration' needs a value" "the missing value is explained"
printf 'hz 250\n' >"$bad"
expect 0 "options after the file override it" -- "$TKSIM" run "$bad" --hz 100 --duration 2s --quiet
contains "at HZ=100" "the command line wins over the file"
rm -f "$bad"
expect 2 "a missing scenario" -- "$TKSIM" run /nonexistent/x.scn
contains "cannot read scenario" "a missing file is explained"
exit $fail
