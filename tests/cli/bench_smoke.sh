#!/bin/sh
# tksim's own: smoke test of `tksim bench --quick`: it runs and reports every row.
# The numbers are not judged here (they depend on the machine); only that
# each row, read path, table and section is there, and bad usage exits 2.
set -u
: "${TKSIM:=tools/tksim}"
fail=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT

check() { # check DESCRIPTION -- COMMAND...; succeeds when COMMAND does
	what=$1
	shift 2
	if "$@"; then echo "ok: $what"; else
		echo "FAIL: $what"
		fail=1
	fi
}
has() { grep -q -- "$1" "$out"; }

"$TKSIM" bench --quick >"$out" 2>&1
rc=$?
check "bench --quick exits 0 (got $rc)" -- test "$rc" -eq 0

rows="clock-gettime-realtime clock-gettime-monotonic clock-gettime-monotonic-raw
clock-gettime-realtime-coarse clock-gettime-monotonic-coarse clock-gettime-boottime
clock-gettime-tai gettimeofday time clock-getres-realtime clock-getres-monotonic
clock-getres-monotonic-raw clock-getres-realtime-coarse clock-getres-monotonic-coarse
clock-getres-boottime clock-getres-tai"
missing=""
for row in $rows; do
	# Paths that exist everywhere: the synthetic counter, the fallbacks, the host.
	for impl in sim-vdso-synthetic sim-v4.16 sim-vdso32 sim-fallback sim-fallback+syscall \
		host-libc host-syscall; do
		grep -q -- "^$row: $impl: [0-9]* nsec/call p99 [0-9]* \[[a-z]*\]$" "$out" ||
			missing="$missing $row/$impl"
	done
	# The table and the ratio table have the row too.
	[ "$(grep -c -- "^$row  *[0-9]" "$out")" -ge 2 ] || missing="$missing $row/tables"
done
first=$(echo $missing | cut -d' ' -f1-6)
check "every row is reported for every path (missing: ${first:-none}...)" -- test -z "$missing"
check "the dedicated MONOTONIC entry is reported" -- \
	has "^clock-gettime-monotonic: sim-mono-entry: [0-9]* nsec/call"
check "the TSC read paths are reported or explained" -- \
	has "^clock-gettime-monotonic: sim-vdso-lfence: "
check "the retpoline variant is reported" -- has "^clock-gettime-monotonic: sim-v4.16-retpoline: "
check "v4.16 sends MONOTONIC_RAW to the fallback" -- \
	has "^clock-gettime-monotonic-raw: sim-v4.16: [0-9]* nsec/call p99 [0-9]* \[fallback\]"
check "the seed patches serve MONOTONIC_RAW from the vDSO" -- \
	has "^clock-gettime-monotonic-raw: sim-v4.16-seed: [0-9]* nsec/call p99 [0-9]* \[vdso\]"
check "the bare counter reads are reported" -- has "^counter-read: synthetic-page: [0-9]* nsec/call"
check "the ratio table is there" -- has "^Ratios to the host vDSO"
check "the threads' ratios are there" -- has "switch vs array"
check "the engine benchmark ran" -- has "^engine: .* M ticks/s"
check "the checked run ran" -- has "^run: .* instants checked in .* M ticks/s"
check "the nine targets are reported" -- test "$(grep -c '^  \[' "$out")" -eq 9
# The kernel tree's rows (--kernel 6.12 by default): measured where the tree is at hand, else
# the reason; tests/ktree/ktree_run.sh fetches it before this runs in make check.
check "the tree's vDSO row is there or says why not" -- sh -c "grep -q '^  MONOTONIC  .*x *[0-9.]*x\$' '$out' || grep -q '^Kernel tree vDSO: not measured: ' '$out'"
check "the tree's engine row is there or says why not" -- sh -c "grep -q '^engine_kernel: .*tree+model / model' '$out' || grep -q '^Engine with a kernel tree: not measured: ' '$out'"
"$TKSIM" bench --quick --kernel none --engine 1s >"$out" 2>&1
check "bench --kernel none skips the tree's rows, saying so" -- \
	sh -c "grep -q '^Kernel tree vDSO: skipped (--kernel none)' '$out' && grep -q '^Engine with a kernel tree: skipped (--kernel none)' '$out'"

"$TKSIM" bench --quick --json --engine 0 >"$out" 2>&1
rc=$?
check "bench --json exits 0 (got $rc)" -- test "$rc" -eq 0
check "the JSON has its sections" -- has '"results": \['
if command -v python3 >/dev/null 2>&1; then
	check "the JSON parses" -- \
		python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$out"
fi

for bad in "--batches 0" "--calls x" "--cpu 999999" "--engine soon" "extra"; do
	# shellcheck disable=SC2086
	"$TKSIM" bench $bad >"$out" 2>&1
	rc=$?
	check "bench $bad is bad usage (exit $rc)" -- test "$rc" -eq 2
	check "bench $bad says what is wrong" -- has "^tksim bench: "
done

[ "$fail" -eq 0 ] || sed 's/^/  | /' "$out" | head -40
exit $fail
