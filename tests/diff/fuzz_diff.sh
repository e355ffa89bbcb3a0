#!/bin/sh
# tksim's own: `tksim fuzz --differential`: a difference is a finding of its own kind, shrunk and
# written as a scenario that `tksim diff` replays to the same difference; no difference where the
# two sides are the same code; every oracle finding gets a verdict line with --kernel.
. "${top_srcdir:-.}/tests/cli/cli_lib.sh"
scratch
cd "$tmp" || exit 99

# A model with a bug against the model without: found, shrunk, written, replayed.
expect 1 "no-xtime-correction: a difference" -- \
	"$TKSIM" fuzz --differential --inject no-xtime-correction --runs 300 --seed 1 --quiet
contains "difference: xtime_nsec" "names the field"
contains "model --inject no-xtime-correction against the model; differences 1" "the summary"
[ -f tksim-diff-xtime_nsec.scn ] || { echo "FAIL: no tksim-diff-xtime_nsec.scn"; fail=1; }
expect 1 "tksim diff replays it" -- "$TKSIM" diff tksim-diff-xtime_nsec.scn
contains "model --inject no-xtime-correction and model differ" "the bug on side A only"
contains "what:    xtime_nsec" "the same field"
expect 1 "coarse-pre-6.15: a difference" -- \
	"$TKSIM" fuzz --differential --inject coarse-pre-6.15 --runs 300 --seed 1 --quiet
contains "differences 1" "found"

# Nothing to compare.
expect 2 "--differential alone compares nothing" -- "$TKSIM" fuzz --differential --runs 1
# (--differential --kernel 6.12 is tests/diff/diff_kernel.sh's tree; not fuzzed here: each
# difference with a tree costs minutes of shrinking)

# The verdict of an oracle finding: a line of its scenario, said on stdout too.
expect 1 "an oracle finding with --kernel" -- \
	"$TKSIM" fuzz --inject no-xtime-correction --kernel 6.12 --runs 30 --seed 1 --quiet
contains "  verdict: " "the verdict is printed"
grep -q "^# verdict: " tksim-fuzz-*.scn || { echo "FAIL: no verdict line in the finding"; fail=1; }
exit $fail
