#!/bin/sh
# tksim's own: lcov of the tree's own files over several inputs counts all of them
# (tests/fuzz/ktree-coverage.sh): a fresh kernel per input copies the object's data back, and
# gcov's counters live there too; ktree/ktree_keep.c leaves them alone.  Two seeds together
# must cover more of ntp.c than the last of them alone (before the fix: the same, the last
# input's coverage).  SKIP (77) without lcov or a 6.12 tree.
. "${top_srcdir:-.}/tests/cli/cli_lib.sh"
src=${top_srcdir:-.}
command -v lcov >/dev/null || { echo "SKIP: no lcov here (./quickstart.sh installs it)"; exit 77; }
need_tree 6.12
scratch
corpus=$src/tests/fuzz/corpus
# ntp.c's line rate out of ktree-coverage.sh's listing.
ntp_rate() { sh "$src/tests/fuzz/ktree-coverage.sh" . 6.12 "$@" 2>&1 | tee -a "$out" |
	awk -F'|' '$1 ~ /^ntp\.c/ { sub(/%.*/, "", $2); print $2 + 0 }'; }
last=$(ntp_rate "$corpus/valid-adjtimex")
first=$(ntp_rate "$corpus/leap-insert")
both=$(ntp_rate "$corpus/leap-insert" "$corpus/valid-adjtimex")
echo "ntp.c lines: leap-insert $first %, valid-adjtimex $last %, both $both %"
if [ -z "$both" ] || [ -z "$last" ] || [ -z "$first" ]; then
	echo "FAIL: no ntp.c line in lcov's listing"
	sed 's/^/  | /' "$out"
	exit 1
fi
awk -v b="$both" -v f="$first" -v l="$last" 'BEGIN { exit !(b > l && b >= f) }' || {
	echo "FAIL: two inputs cover no more than the last alone (the counters were reset)"
	exit 1
}
echo "ok: two inputs cover more than the last alone"
rm -f ktree-coverage.raw ktree-coverage.info
exit 0
