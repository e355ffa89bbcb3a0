#!/bin/sh
# tksim's own: `tksim run`'s timed calls (--adjtimex, --settimeofday, --leap) are ops run by the
# op executor (sim/ops/ops_exec.c) inside the normal run: at their exact instants, with its oracle.
set -u
top_srcdir=${top_srcdir:-.}
. "$top_srcdir/tests/cli/cli_lib.sh"
bad=--inject=ntp-offset-u32
# A read-back the run's own per-tick oracle never looked at: adjtimex must return the offset
# it holds (ntp-offset-u32 reads -5000 us back through a (u32) cast).
expect 0 "the faithful model reads the offset back" -- "$TKSIM" run --ntpd off --duration 3s \
	--adjtimex 1s:offset=-5000,status=pll,micro
expect 1 "ntp-offset-u32 is seen by the executor's read-back" -- "$TKSIM" run $bad --ntpd off \
	--duration 3s --adjtimex 1s:offset=-5000,status=pll,micro --adjtimex 2s:micro
contains "^VIOLATION at 1.000000000 s (seed 1): adjtimex-readback - adjtimex: adjtimex returned offset 4289967 but the kernel holds offset -5000" \
	"the finding's signature and evidence, at the call's instant"
contains "t=2.000 s adjtimex 2s:micro -> not reached" "the run stops there"
# Exact instants: the violation is at the ns the call was given, also when the tick was idle.
expect 1 "a call at 1.000000345s" -- "$TKSIM" run $bad --ntpd off --duration 3s \
	--adjtimex 1.000000345s:offset=-5000,status=pll,micro
contains "^VIOLATION at 1.000000345 s" "runs at 1.000000345 s"
expect 1 "a call during a NOHZ idle gap" -- "$TKSIM" run $bad --ntpd off --duration 3s \
	--nohz 50ms --adjtimex 1.000000345s:offset=-5000,status=pll,micro
contains "^VIOLATION at 1.000000345 s" "the idle gap ends at the call"
# At the tick itself nothing is left unaccumulated for the xtime_nsec correction: no coarse
# step.  Mid-tick there is (scenarios/coarse-second-step.scn).
expect 0 "freq change exactly at a tick: no coarse step" -- "$TKSIM" run --duration 30s \
	--hz 100 --ntpd off --adjtimex 5s:freq=-35
expect 1 "freq change mid-tick: the coarse step" -- "$TKSIM" run --duration 30s --hz 100 \
	--ntpd off --adjtimex 5.005s:freq=-35
contains "^VIOLATION at 5.00" "seen before the next tick"
contains "known        coarse-second-step REALTIME_COARSE adjtimex, 1 time" \
	"the executor names the known kernel behaviour"
# Failed calls are reported with their errno; --leap's call comes before the user's at time 0.
expect 0 "an invalid tick" -- "$TKSIM" run --ntpd off --duration 2s --adjtimex 1s:tick=1
contains "t=1.000 s adjtimex 1s:tick=1 -> Invalid argument" "EINVAL"
expect 0 "--leap and a call at time 0" -- "$TKSIM" run --ntpd off --duration 2s \
	--adjtimex 0:status=del --leap insert
if sed -n '/scripted/p' "$out" | head -1 | grep -q "status=ins (--leap)"; then
	echo "ok: --leap's call first"
else
	echo "FAIL: --leap's call is not first"; sed 's/^/  | /' "$out"; fail=1
fi
contains "status del" "the user's call applied last"
# settimeofday keeps the ns: REALTIME at the end is the value set plus the time since.
expect 0 "settimeofday at the end of the run" -- "$TKSIM" run --ntpd off --duration 2s \
	--settimeofday 2s:1800000000.123456789
contains "REALTIME           1800000000.123456789     1800000000.123456789" "set to the ns"
# A scenario's `at` lines: the same full run (CSV, JSON, summary), the same executor.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp" "$out"' EXIT
printf 'hz 100\nat 1.5ms adjtimex modes=freq freq=-819200\nat 2.000000345s read\n' >"$tmp/t.scn"
expect 0 "a timeline runs the full run" -- "$TKSIM" run "$tmp/t.scn" --csv "$tmp/t.csv"
contains "^  ops          2 of 2 applied by the op executor" "its ops through the executor"
contains "^  NTP daemon   off" "no daemon unless asked"
[ "$(wc -l <"$tmp/t.csv")" = 4 ] && echo "ok: the CSV of 2 s" ||
	{ echo "FAIL: CSV rows"; cat "$tmp/t.csv"; fail=1; }
expect 0 "it lasts to its last op" -- "$TKSIM" run "$tmp/t.scn" --json
contains '"simulated_ns": 2000000345,' "2.000000345 s"
expect 0 "a timeline with a command-line call" -- "$TKSIM" run "$tmp/t.scn" --adjtimex 1s:freq=10
contains "^  ops          3 of 3 applied" "merged in time order"
expect 0 "duration cuts a timeline" -- "$TKSIM" run "$tmp/t.scn" --duration 1s
contains "^  ops          1 of 2 applied" "the op after it is not reached"
expect 1 "the executor's verdict on a timeline" -- "$TKSIM" run "$tmp/t.scn" $bad \
	--adjtimex 1s:offset=-5000,status=pll,micro
contains "adjtimex-readback - adjtimex" "the read-back finding"
expect 2 "a timeline and --nohz" -- "$TKSIM" run "$tmp/t.scn" --nohz 10ms
contains "not with --nohz" "says why"
exit $fail
