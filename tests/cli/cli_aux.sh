#!/bin/sh
# tksim's own: the aux clocks (v6.17 CLOCK_AUX + n) in `tksim run` and `tksim explain`:
# --aux-clocks and its bounds, the summary rows, the trace columns (only with aux clocks:
# a run without them keeps its columns), the JSON entries, scenarios/aux-clock.scn (exit 0,
# and exit 1 with an aux bug injected), `tksim explain aux`.  Without aux clocks in the model
# (timekeeper/timekeeping_aux.c unable to enable one) the checks that need one are a SKIP.
set -u
. "${top_srcdir:-.}/tests/cli/cli_lib.sh"
src=${top_srcdir:-.}
scratch

expect 2 "--aux-clocks 9" -- "$TKSIM" run --aux-clocks 9 --duration 1s --quiet
contains "aux-clocks must be 0..8" "the bound is named"
expect 2 "--aux-clocks x" -- "$TKSIM" run --aux-clocks x --duration 1s --quiet
printf 'at 1s aux_clock_enable 8 1\n' >"$tmp/bad.scn"
expect 2 "aux_clock_enable of a ninth clock" -- "$TKSIM" run "$tmp/bad.scn" --quiet
contains "aux clock must be 0..7" "the line's error names the range"
# No aux clock: the trace keeps its 27 columns.
expect 0 "a trace without aux clocks" -- "$TKSIM" run --duration 3ms --trace - --quiet
if head -n 1 "$out" | grep -q aux; then
	echo "FAIL: a run without aux clocks has aux columns"
	fail=1
else
	echo "ok: a run without aux clocks has no aux columns"
fi

"$TKSIM" run --aux-clocks 1 --duration 1ms --quiet >"$out" 2>&1
if [ $? -eq 2 ] && grep -q "cannot build this system" "$out"; then
	echo "SKIP: the model cannot enable an aux clock: $(head -n 1 "$out")"
	exit 77
fi

expect 0 "run --aux-clocks 2" -- "$TKSIM" run --aux-clocks 2 --duration 10s --quiet
contains "^  AUX0  " "the summary shows AUX0"
contains "^  AUX1  " "the summary shows AUX1"
contains "all held" "every property held"
expect 0 "trace --aux-clocks 1" -- "$TKSIM" run --aux-clocks 1 --duration 3ms --trace - --quiet
head -n 1 "$out" | tr '\t' '\n' >"$out.cols"
if grep -qx aux0_ns "$out.cols" && grep -qx aux0_time_freq_ns32 "$out.cols" &&
	[ "$(wc -l <"$out.cols")" -eq 33 ]; then
	echo "ok: the trace has the six aux0 columns"
else
	echo "FAIL: the trace's columns: $(head -n 1 "$out")"
	fail=1
fi
rm -f "$out.cols"
# Every row as wide as the header.
if awk -F'\t' 'NR == 1 { n = NF } NF != n { exit 1 }' "$out"; then
	echo "ok: every trace row has the header's columns"
else
	echo "FAIL: a trace row's width differs from the header's"
	fail=1
fi
expect 0 "json --aux-clocks 1" -- "$TKSIM" run --aux-clocks 1 --duration 1s --json
contains '"clock": *"AUX0"' "the JSON lists AUX0 among the clocks"
contains '"freq_ppm"' "with its frequency"

expect 0 "scenarios/aux-clock.scn" -- "$TKSIM" run "$src/scenarios/aux-clock.scn" --quiet
contains "^  AUX0  " "the scenario's summary shows AUX0"
contains "all held" "every property of both held"
expect 0 "scenario as JSON" -- "$TKSIM" run "$src/scenarios/aux-clock.scn" --json
contains '"clock": *"AUX1"' "the JSON lists AUX1"
bug=$("$TKSIM" bugs 2>/dev/null | sed -n 's/^ *\(aux-[a-z0-9.-]*\) .*/\1/p' | head -n 1)
if [ -z "$bug" ]; then
	echo "SKIP: no injectable aux bug in tksim bugs"
else
	expect 1 "aux-clock.scn with --inject $bug" -- \
		"$TKSIM" run "$src/scenarios/aux-clock.scn" --quiet --inject "$bug"
	contains "VIOLATION" "the violation is reported"
	contains "AUX" "on an aux clock"
fi

expect 0 "explain aux" -- "$TKSIM" explain aux
contains "^checked:" "explain aux checked its steps"
contains "do_aux" "it names do_aux()"
for sys in "--freq 3579545 --bits 24" "--hz 250 --at 7s" "--freq 19200000 --bits 56 --hz 100"; do
	# shellcheck disable=SC2086 # $sys is a list of options
	expect 0 "explain aux $sys" -- "$TKSIM" explain aux $sys
	contains "^checked:" "explain aux $sys checked its steps"
done
exit $fail
