#!/bin/sh
# tksim's own: the oracle's checks of internal state on the kernel-tree backend
# (sim/ops/oracle_ops.c): with a tree attached, ntp_error's bound, mult within maxadj and the
# adjtimex read-back read the tree's own numbers through ktree_snapshot() (6.12's
# timekeeping_apply_adjustment() term taken out of the bound), and `tksim run --kernel` says
# which checks still read the model beside it.
# On Debian's linux-source-6.12 (scripts/fetch-kernels.sh; SKIP 77 without).
. "${top_srcdir:-.}/tests/ktree/ktree_lib.sh"

# Mid-tick frequency changes and suspends: 6.12 moves ntp_error by its offset term at each
# mult change; the tree's bound holds with that term taken out (without it, it fails at 1.001 s).
for scn in "$top_srcdir/scenarios/coarse-second-step.scn" "$top_srcdir/tests/ktree/suspend.scn"; do
	"$TKSIM" run "$scn" --kernel 6.12 >"$tmp/run" 2>&1
	rc=$?
	tail -9 "$tmp/run"
	[ $rc = 0 ] || bad "$(basename "$scn") on 6.12 exited $rc"
	grep -q "^  state checks                 ntp_error's bound, mult within maxadj and the adjtimex read-back" "$tmp/run" ||
		bad "$(basename "$scn"): the run does not say which checks read the tree"
	grep -q "second_overflow() once a second" "$tmp/run" ||
		bad "$(basename "$scn"): the run does not say second_overflow() is counted on the model"
done

# mult beyond maxadj on the tree's numbers: the regression's 12.5 % phase slew leaves the
# tree's mult past maxadj at every adjusting tick, as many as the model's own warnings count.
reg=$top_srcdir/tests/fuzz/regress/mult-beyond-maxadj-wrap-at-suspend.scn
"$TKSIM" run "$reg" --kernel 6.12 >"$tmp/wrap" 2>&1
rc=$?
grep -E '^  (known|mult past)' "$tmp/wrap"
[ $rc = 0 ] || bad "the maxadj regression on 6.12 exited $rc"
grep -q '^  known        mult-within-maxadj - tick, 529 times' "$tmp/wrap" ||
	bad "the tree's mult was not seen past maxadj at 529 ticks"
grep -q '^  mult past maxadj (11 %)      529 adjustments (the model' "$tmp/wrap" ||
	bad "the model beside it did not count 529 warnings"

# Without a tree nothing is said about the tree.
"$TKSIM" run "$top_srcdir/tests/ktree/suspend.scn" >"$tmp/model" 2>&1 || bad "the model's run failed"
grep -q 'state checks' "$tmp/model" && bad "the model's run speaks of a tree's state checks"
exit $fail
