#!/bin/sh
# tksim's own: `tksim diff` model against model: no difference where there is none (the example
# scenarios it takes, the regressions, the seed corpus, generated lists), and the first
# difference, at the tick it first matters, where a model side runs with an injected bug.
. "${top_srcdir:-.}/tests/cli/cli_lib.sh"
src=${top_srcdir:-.}

# The example scenarios whose settings are ops on one system, and every regression.
for scn in freq-step coarse-second-step clocksource-switch acpi-pm-24bit; do
	expect 0 "$scn: no difference" -- "$TKSIM" diff "$src/scenarios/$scn.scn"
	contains "model and model: no difference in" "$scn: says what it compared"
done
for scn in "$src"/tests/fuzz/regress/*.scn; do
	expect 0 "$(basename "$scn"): no difference" -- "$TKSIM" diff "$scn"
done
# The seed corpus, as fuzz inputs.
for input in "$src"/tests/fuzz/corpus/*; do
	expect 0 "corpus $(basename "$input"): no difference" -- "$TKSIM" diff --input "$input"
done
# Generated lists (seed printed by the name).
for seed in 1 2 3; do
	expect 0 "generated, seed $seed: no difference" -- "$TKSIM" diff --generate 40 --seed $seed
done

# An op past the duration is not run, as `tksim run` ends at its duration (an op at 106751 d
# ticked for 292 years: the hostile campaign's case 24010 of seed 3000).
far=$(mktemp)
echo 'at 106751d settimeofday sec=1 usec=0' >"$far"
expect 0 "an op past --duration is left out" -- timeout 20 "$TKSIM" diff "$far" --duration 1ms
rm -f "$far"

# An injected bug must make it exit 1 at the first instant it matters.  freq-step.scn's calls
# come between ticks (as freq-step.c's do), so the first mult change meets unaccumulated cycles
# and no-xtime-correction shows at that call, at ppm 0 as the file has it and at 35 ppm.
expect 1 "no-xtime-correction: a difference at the first call" -- \
	"$TKSIM" diff --inject no-xtime-correction "$src/scenarios/freq-step.scn"
contains "model --inject no-xtime-correction and model differ" "names both sides"
contains "when:    after tick 20000, t=20.000371000s" "at the adjtimex of 20.000371 s, not before"
contains "freq-step.scn:14: at 20.000371000s adjtimex modes=freq" "names the op and its scenario line"
contains "what:    xtime_nsec" "names the field: the continuity term is xtime_nsec's"
expect 1 "no-xtime-correction at 35 ppm: a difference" -- \
	"$TKSIM" diff --inject no-xtime-correction "$src/scenarios/freq-step.scn" --ppm 35
contains "when:    after tick 20000, t=20.000371000s" "at the same call"
# A call on a tick boundary at ppm 0 leaves no cycles unaccumulated: the bug changes nothing
# there (why freq-step.scn's calls are between ticks), and the comparator says so.
expect 0 "no-xtime-correction on a tick boundary at ppm 0: nothing to see" -- \
	"$TKSIM" diff --inject no-xtime-correction --ppm 0 --duration 2s --adjtimex 1s:freq=500
# The bug's own command line (tksim bugs): the same, at 1.0005 s.
expect 1 "no-xtime-correction, tksim bugs' own calls" -- \
	"$TKSIM" diff --inject no-xtime-correction --duration 2s --adjtimex 1.0005s:freq=500
contains "when:    after tick 1000, t=1.000500000s" "at the call, mid-tick"
# Other bugs, each at its own first instant: pre-4.13 raw accounting at the first tick, the
# pre-6.15 coarse clocks where the adjtimex of coarse-second-step.scn makes xtime_nsec borrow.
expect 1 "raw-pre-4.13: a difference" -- \
	"$TKSIM" diff "$src/scenarios/coarse-second-step.scn" --inject raw-pre-4.13
contains "when:    at tick 1, t=0.010000000s" "at the first tick"
contains "what:    raw_xtime_nsec" "in the raw clock's accumulation"
expect 1 "coarse-pre-6.15: a difference" -- \
	"$TKSIM" diff "$src/scenarios/coarse-second-step.scn" --inject coarse-pre-6.15
contains "when:    after tick 500, t=5.005000000s" "at the adjtimex of 5.005 s"
contains "what:    REALTIME_COARSE vdso" "in the coarse clock (coarse_nsec is not compared: the bug's kernel has none)"
expect 1 "writer-no-seq: a difference" -- \
	"$TKSIM" diff "$src/scenarios/freq-step.scn" --inject writer-no-seq
contains "what:    vdso_seq" "in the vvar page's seq"

# Bad input: a setting of run's other actors, at its line; a second input; a bad count.
scratch
printf 'hz 250\nleap insert\n' >"$tmp/leap.scn"
expect 2 "a setting diff does not take" -- "$TKSIM" diff "$tmp/leap.scn"
contains "leap.scn:2:" "names the file and line"
printf 'ntpd on\n' >"$tmp/ntpd.scn"
expect 2 "the NTP daemon model" -- "$TKSIM" diff "$tmp/ntpd.scn"
contains "ntpd.scn:1:" "names the file and line"
expect 2 "a scenario and --generate" -- "$TKSIM" diff "$src/scenarios/freq-step.scn" --generate 3
expect 2 "--generate 0" -- "$TKSIM" diff --generate 0
expect 2 "an unknown bug" -- "$TKSIM" diff --inject no-such-bug --generate 3
expect 2 "a missing input" -- "$TKSIM" diff --input "$tmp/none"
exit $fail
