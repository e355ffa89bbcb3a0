#!/bin/sh
# tksim's own: suspend and resume on the kernel-tree backend: the tree's own
# timekeeping_suspend() and timekeeping_resume() (ktree_suspend(), ktree_resume()) under
# `tksim run --kernel` and `tksim diff --kernel`, on Debian's linux-source-6.12 (and 6.1 where it
# can be fetched; scripts/fetch-kernels.sh, SKIP 77 without 6.12).  The sleeps go into
# BOOTTIME and REALTIME, not MONOTONIC, to the ns; the model's 6.12 and 6.1 profiles agree
# with the trees in every number; the known wrap at a suspend after a long stall
# (mult-beyond-maxadj-wrap) is the tree's own code too.
. "${top_srcdir:-.}/tests/ktree/ktree_lib.sh"
scn=$top_srcdir/tests/ktree/suspend.scn

"$TKSIM" run "$scn" --kernel 6.12 >"$tmp/run" 2>&1
rc=$?
cat "$tmp/run"
[ $rc = 0 ] || bad "tksim run suspend.scn --kernel 6.12 exited $rc"
grep -q '^  ops          7 of 7 applied' "$tmp/run" || bad "not every op (the suspends) was applied"
grep -q 'properties                   all held' "$tmp/run" || bad "the oracle did not say all held"
# BOOTTIME - MONOTONIC is the sum of the sleeps: 10 s + 3600.123456789 s + 1 ns + 7200 s.
mono=$(sed -n 's/^  MONOTONIC  *\([0-9]*\)\.\([0-9]*\) .*/\1\2/p' "$tmp/run")
boot=$(sed -n 's/^  BOOTTIME  *\([0-9]*\)\.\([0-9]*\) .*/\1\2/p' "$tmp/run")
slept=$((boot - mono))
echo "BOOTTIME - MONOTONIC: $slept ns"
[ "$slept" = 10810123456790 ] || bad "the tree slept $slept ns, not 10810.123456790 s"

for v in 6.12 6.1; do
	if [ $v = 6.1 ] && ! "$top_srcdir/scripts/fetch-kernels.sh" 6.1 >/dev/null; then
		echo "6.1 not checked: linux-source-6.1 cannot be fetched"
		continue
	fi
	"$TKSIM" diff --kernel $v "$scn" >"$tmp/diff$v" 2>&1
	rc=$?
	cat "$tmp/diff$v"
	[ $rc = 0 ] || bad "tksim diff --kernel $v suspend.scn exited $rc"
	grep -q ', 8 ops, ' "$tmp/diff$v" || bad "$v: the suspends were not compared"
done

# The known kernel behaviour found by the fuzzer on the model: after a 93-minute stall with mult
# beyond maxadj, the suspend's timekeeping_forward_now() wraps; the tree does the same.
reg=$top_srcdir/tests/fuzz/regress/mult-beyond-maxadj-wrap-at-suspend.scn
"$TKSIM" diff --kernel 6.12 "$reg" >"$tmp/wrap" 2>&1 || bad "the wrap at suspend differs on the tree: $(cat "$tmp/wrap")"
"$TKSIM" run "$reg" --kernel 6.12 >"$tmp/wraprun" 2>&1
rc=$?
[ $rc = 0 ] || bad "tksim run --kernel 6.12 of the wrap at suspend exited $rc"
grep -q '^  known        mult-beyond-maxadj-wrap MONOTONIC suspend, 1 time' "$tmp/wraprun" ||
	bad "the tree's run does not show the wrap at suspend"
exit $fail
