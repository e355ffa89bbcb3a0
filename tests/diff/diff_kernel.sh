#!/bin/sh
# tksim's own: `tksim diff --kernel 6.12`: the model's 6.12 profile against the 6.12 tree's own
# code over the example scenarios and the seed corpus, and an injected model bug exits 1 at the
# first instant it matters.  SKIP (77) with the reason when no tree can be fetched or the
# backend cannot load one here.
. "${top_srcdir:-.}/tests/cli/cli_lib.sh"
src=${top_srcdir:-.}

need_tree 6.12
"$TKSIM" diff --kernel 6.12 --generate 1 >"$out" 2>&1
case $? in
4)
	echo "SKIP: $(cat "$out")"
	exit 77
	;;
esac

for scn in freq-step coarse-second-step; do
	expect 0 "$scn: the model and the 6.12 tree agree" -- \
		"$TKSIM" diff --kernel 6.12 "$src/scenarios/$scn.scn"
done
# The corpus: every input agrees but those named here, each with what differs and why
# (docs/fuzzing.md, "The kernel's own code"); one that starts to agree must leave the list.
#   1: a difference; 2: an op the backend cannot do yet
open="acpi-pm-idle:1 offset-us-negative:1 clocksource-acpi-pm-wrap:2
clocksource-back-and-forth:2 fll-long-interval:1 unprivileged:2"
for input in "$src"/tests/fuzz/corpus/*; do
	name=$(basename "$input") want=0
	for o in $open; do [ "${o%%:*}" = "$name" ] && want=${o#*:}; done
	expect "$want" "corpus $name: exit $want" -- "$TKSIM" diff --kernel 6.12 --input "$input"
done
# A deliberately mismatched profile: the model of 6.18 against the 6.12 tree parts where
# coarse_nsec came in (v6.15) and where the ntp_error term went (adjust-no-ntp-error).
expect 1 "profile 6.18 against the 6.12 tree" -- \
	"$TKSIM" diff --kernel 6.12 --profile 6.18 "$src/scenarios/coarse-second-step.scn"
contains "when:    after tick 500, t=5.005000000s" "at the adjtimex of 5.005 s"
contains "what:    ntp_error" "ntp_error, the term 6.12 still has"
# issue 22's Done-when, literally: freq-step.scn's first call, between ticks, changes mult over
# unaccumulated cycles; the tree corrects xtime_nsec for them, the injected model does not.
expect 1 "no-xtime-correction against the tree" -- \
	"$TKSIM" diff --kernel 6.12 --inject no-xtime-correction "$src/scenarios/freq-step.scn"
contains "what:    xtime_nsec" "names the field"
contains "when:    after tick 20000, t=20.000371000s" "at the first instant it matters"
contains "freq-step.scn:14: at 20.000371000s adjtimex modes=freq" "at the scenario's first call"
expect 1 "no-xtime-correction against the tree at 35 ppm" -- \
	"$TKSIM" diff --kernel 6.12 --inject no-xtime-correction "$src/scenarios/freq-step.scn" \
	--ppm 35
contains "what:    xtime_nsec" "names the field at 35 ppm too"
exit $fail
