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
	# shellcheck disable=SC2086
	expect 0 "explain retry --odd $sys" -- "$TKSIM" explain retry --odd --at 3s $sys
	contains "odd, the writer is inside" "explain retry --odd $sys meets an odd seq"
	for f in "" "--at 1ms" "--ntp-freq -35" "--ntp-freq 200"; do
		# shellcheck disable=SC2086
		expect 0 "explain tick $sys $f" -- "$TKSIM" explain tick $sys $f
		contains "^checked:" "explain tick $sys $f checked its steps"
	done
	# shellcheck disable=SC2086
	for f in "" "--delete"; do
		# shellcheck disable=SC2086
		expect 0 "explain leap $sys $f" -- "$TKSIM" explain leap $sys $f
		contains "^checked:" "explain leap $sys $f checked its steps"
	done
	for f in "" "--offset 250us" "--offset -2s" "--at 2100s" "--ntp-freq 100 --offset 0" \
		"--micro" "--micro --offset -3s" "--fll" "--fll --micro --offset 40ms"; do
		# shellcheck disable=SC2086
		expect 0 "explain adjtimex $sys $f" -- "$TKSIM" explain adjtimex $sys $f
		contains "^checked:" "explain adjtimex $sys $f checked its steps"
	done
done

# The numbers the tutorial explains: the derivation and the real NTP code must give them, so a
# change to either side of ntp.c's arithmetic fails here as MISMATCH (exit 1) or as a number.
expect 0 "explain adjtimex" -- "$TKSIM" explain adjtimex
contains "secs = xtime_sec - time_reftime = 1767225616 - 1767225600 = 16 s" "the PLL's interval since the PLL started"
contains "no frequency-locked term" "16 s is below MINSEC: no FLL"
contains "<< 16 = " "the PLL term is offset * secs << (32 - 2 * (2 + 2 + 4))"
contains "returns TIME_OK" "a synchronised call returns TIME_OK"
contains ">> 6 = " "the phase share is time_offset >> (SHIFT_PLL + time_constant)"
contains "maxerror += 500 us: 1240 -> 1740 us" "second_overflow() grows maxerror by 500 us"
expect 0 "explain adjtimex past MAXSEC: the FLL" -- "$TKSIM" explain adjtimex --at 2100s
contains "FLL: secs >= MINSEC (256 s) and secs > MAXSEC" "past 2048 s the FLL term is used"
contains "STA_MODE: the FLL ran" "adjtimex reads back STA_MODE when the FLL ran"
contains "capped at 2^(SHIFT_PLL + 1 + time_constant) = 128 s: 128" "the PLL's interval is capped"
expect 0 "explain adjtimex: an offset past MAXPHASE" -- "$TKSIM" explain adjtimex --offset 2s
contains "clamped to +/-MAXPHASE (500000000 ns): 500000000 ns" "the offset is clamped to 0.5 s"
expect 2 "bad --offset" -- "$TKSIM" explain adjtimex --offset soon
expect 0 "explain adjtimex --micro: the call in us" -- "$TKSIM" explain adjtimex --micro
contains "time_constant = 4 + 4 = 8" "us mode adds 4 to the time constant"
contains "-576 us -> -576000 ns" "us mode multiplies the offset by NSEC_PER_USEC"
contains "offset -576 us" "the offset is read back in us"
expect 0 "explain adjtimex --fll: STA_FLL at 300 s" -- "$TKSIM" explain adjtimex --fll
contains "FLL: secs >= MINSEC (256 s) and STA_FLL" "STA_FLL past MINSEC: the FLL term"
contains "-10482117 << 30 / 300 = -37516958089871" "the FLL term is offset << (32 - SHIFT_FLL) / secs"
expect 0 "explain adjtimex --fll before MINSEC" -- "$TKSIM" explain adjtimex --fll --at 100s
contains "no frequency-locked term although STA_FLL is set" "below MINSEC STA_FLL adds nothing"

expect 0 "explain retry --odd" -- "$TKSIM" explain retry --odd
contains "seq still 2001: the comparison alone passes" "an odd seq at both ends passes vdso_read_retry()"
contains "^torn   10.999034940" "the half-written page (new cycle_last, old base) is one tick behind"
contains "^right  11.000034940" "after the spin the read equals the new page's"

expect 0 "explain leap" -- "$TKSIM" explain leap
contains "TIME_OK -> TIME_INS" "the state machine arms the leap at 23:59:59"
contains "second_overflow() returns leap -1" "the midnight tick inserts a second"
contains "REALTIME 1767312000.001069914 (00:00:00.001069914 UTC)" "before the tick readers see 00:00:00"
contains "REALTIME 1767311999.001069915 (23:59:59.001069915 UTC)" "after it 23:59:59 again"
contains "returns TIME_OOP; its time field 1767311999" "adjtimex knows the second is 23:59:60"
contains "returns TIME_ERROR instead: the state is still TIME_OOP" "STA_UNSYNC makes adjtimex return TIME_ERROR"
contains "adjtimex() returns TIME_WAIT" "a second later the leap is over"
expect 0 "explain leap --delete" -- "$TKSIM" explain leap --delete
contains "TIME_OK -> TIME_DEL" "the state machine arms the deletion at 23:59:58"
contains "second_overflow() returns leap 1" "the 23:59:59 tick deletes a second"
contains "REALTIME 1767311999.001069914 (23:59:59.001069914 UTC)" "before the tick readers see 23:59:59"
contains "REALTIME 1767312000.001069915 (00:00:00.001069915 UTC)" "after it 00:00:00"
contains "returns TIME_WAIT; its time field 1767312000" "adjtimex knows 23:59:59 is gone"
contains "tai_offset 0 -> -1" "TAI - UTC goes down by one"

expect 0 "explain vvar" -- "$TKSIM" explain vvar
contains "^     0    40  arch_data" "the page starts with arch_data"
contains "^    40   232  clock_data\[CS_HRES_COARSE\]" "a clock group is 232 bytes, after arch_data"
contains "^   504  1856  aux_clock_data\[8\]" "the aux clocks' groups follow the two clock groups"
contains "^  2368     4  hrtimer_res" "hrtimer_res sits where datapage.h's assertions say"
contains "^checked:" "explain vvar recomputed MONOTONIC and REALTIME_COARSE from the fields"

expect 0 "explain tick after an idle gap: chunks" -- "$TKSIM" explain tick --idle 5s
contains "shift = ilog2(offset) - ilog2(cycle_interval) = 12, capped" "a 5 s gap needs chunks of 2^12 intervals, capped"
expect 2 "an idle gap past max_idle_ns" -- "$TKSIM" explain tick --idle 3s --freq 3579545 --bits 24
exit $fail
