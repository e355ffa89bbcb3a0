#!/bin/sh
# tksim's own: `tksim explain`.  Each topic derives its steps and checks them against the
# real functions (exit 1 and MISMATCH when they disagree), so running the topics over many
# systems checks that the explanations stay true: counter widths that wrap, kHz
# registration, HZ, NTP frequencies, every clock.
set -u
. "${top_srcdir:-.}/tests/cli/cli_lib.sh"

expect 0 "explain --help" -- "$TKSIM" explain --help
contains "retry" "the help lists the topics"
expect 2 "no topic" -- "$TKSIM" explain
expect 2 "unknown topic" -- "$TKSIM" explain frobnicate
contains "unknown topic 'frobnicate'" "the topic is named"
expect 2 "unknown clock" -- "$TKSIM" explain read --clock CPUTIME
expect 2 "bad --at" -- "$TKSIM" explain read --at soon
expect 2 "bad --ntp-freq" -- "$TKSIM" explain tick --ntp-freq 900
expect 2 "retry of a coarse clock" -- "$TKSIM" explain retry --clock REALTIME_COARSE
expect 0 "tksim help explain" -- "$TKSIM" help explain
contains "usage: tksim explain" "help CMD shows the command's help"

for sys in "" "--freq 3579545 --bits 24" "--freq 24000000 --bits 32 --start 4294000000" \
	"--freq 5000000000 --hz 250" "--freq 19200000 --bits 56 --hz 100 --ppm -120" "--hz 300"; do
	# shellcheck disable=SC2086 # $sys is a list of options
	expect 0 "explain mult $sys" -- "$TKSIM" explain mult $sys
	contains "^checked:" "explain mult $sys checked its steps"
	for clk in REALTIME MONOTONIC MONOTONIC_RAW BOOTTIME TAI MONOTONIC_COARSE; do
		# shellcheck disable=SC2086
		expect 0 "explain read --clock $clk $sys" -- "$TKSIM" explain read --clock $clk --at 7s $sys
	done
	# shellcheck disable=SC2086
	expect 0 "explain retry $sys" -- "$TKSIM" explain retry --at 3s $sys
	contains "^torn " "explain retry $sys shows a torn value"
	for f in "" "--at 1ms" "--ntp-freq -35" "--ntp-freq 200"; do
		# shellcheck disable=SC2086
		expect 0 "explain tick $sys $f" -- "$TKSIM" explain tick $sys $f
		contains "^checked:" "explain tick $sys $f checked its steps"
	done
done


expect 0 "explain tick after an idle gap: chunks" -- "$TKSIM" explain tick --idle 5s
contains "shift = ilog2(offset) - ilog2(cycle_interval) = 12, capped" "a 5 s gap needs chunks of 2^12 intervals, capped"
expect 2 "an idle gap past max_idle_ns" -- "$TKSIM" explain tick --idle 3s --freq 3579545 --bits 24
exit $fail
