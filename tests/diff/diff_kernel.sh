#!/bin/sh
# tksim's own: `tksim diff --kernel 6.12`: the model's 6.12 profile against the 6.12 tree's own
# code over the example scenarios and the seed corpus, and an injected model bug exits 1 at the
# first instant it matters.  SKIP (77) with the reason when no tree can be fetched or the
# backend cannot load one here.
. "${top_srcdir:-.}/tests/cli/cli_lib.sh"
src=${top_srcdir:-.}

tree=$("$src/scripts/fetch-kernels.sh" 6.12 2>&1)
case $? in
0) ;;
77)
	echo "SKIP: no 6.12 tree can be fetched here: $tree"
	exit 77
	;;
*)
	echo "FAIL: scripts/fetch-kernels.sh 6.12: $tree"
	exit 1
	;;
esac
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
for input in "$src"/tests/fuzz/corpus/*; do
	expect 0 "corpus $(basename "$input"): no difference" -- \
		"$TKSIM" diff --kernel 6.12 --input "$input"
done
expect 1 "no-xtime-correction against the tree" -- \
	"$TKSIM" diff --kernel 6.12 --inject no-xtime-correction "$src/scenarios/freq-step.scn" \
	--ppm 35
contains "what:    xtime_nsec" "names the field"
contains "when:    after tick 20000, t=20s" "at the first instant it matters"
exit $fail
