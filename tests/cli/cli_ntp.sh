#!/bin/sh
# tksim's own: the NTP options of `tksim run` (exit statuses, messages, summary, CSV columns).
set -u
. "${top_srcdir:-.}/tests/cli/cli_lib.sh"

expect 0 "run --help" -- "$TKSIM" run --help
contains "--adjtimex T:KEY=VAL" "help describes --adjtimex"
expect 0 "the daemon steers by default" -- "$TKSIM" run --duration 5m --hz 100 --quiet
contains "NTP daemon   poll 2^4 s" "the summary shows the daemon"
contains "status pll+nano" "the summary shows the status bits"
contains "all held" "properties held with NTP"
expect 0 "daemon off" -- "$TKSIM" run --duration 30s --ntpd off --quiet
contains "NTP daemon   off" "the daemon can be switched off"
expect 0 "a leap second" -- "$TKSIM" run --duration 2m --hz 100 --leap insert --quiet
contains "TAI - UTC 1 s" "the inserted leap second moved TAI - UTC"
expect 0 "a deleted leap second, no daemon" -- "$TKSIM" run --duration 2m --hz 100 --ntpd off \
	--leap delete --quiet
contains "TAI - UTC -1 s" "the deleted leap second moved TAI - UTC"
expect 0 "scripted calls" -- "$TKSIM" run --duration 40s --hz 100 --ntpd off \
	--adjtimex 5500ms:freq=-35 --adjtimex 10:tick=20000 --settimeofday 20:1800000000.5 --quiet
contains "freq -35.000 ppm" "a scripted frequency is applied"
contains "tick=20000 -> Invalid argument" "a refused call is reported"
contains "settimeofday 20:1800000000.5 -> 0" "a scripted settimeofday runs"
expect 0 "csv with NTP columns" -- "$TKSIM" run --duration 3s --csv - --quiet
contains "ntp_freq_ppm,ideal_freq_ppm,ntp_offset_ns,ntp_status" "the csv has the NTP columns"
expect 0 "noise, wander and drift" -- "$TKSIM" run --duration 5m --hz 100 --noise 20us \
	--wander 5 --drift 100 --poll 3 --fll --boot-error 50ms --quiet
# status= names (tools/timex_names.c, shared with the op language), read back by name.
expect 0 "status by name" -- "$TKSIM" run --duration 2s --ntpd off --quiet \
	--adjtimex 1s:status=pll+ins
contains "status pll+ins+unsync (0x0051)" "the names set the bits and read back"

for bad in "--adjtimex 1s:status=0x2001" "--adjtimex 1s:status=pll+" \
	"--ntpd maybe" "--poll 18" "--noise -1" "--adjtimex 10" "--adjtimex 10:frq=1" \
	"--adjtimex 1:freq=x" "--settimeofday 1:y" "--leap twice" "--start-before-midnight 0" \
	"--drift 1 --wander-interval 1s" "--boot-error soon"; do
	# shellcheck disable=SC2086 # word splitting of $bad is the point
	expect 2 "bad: $bad" -- "$TKSIM" run --duration 1s --quiet $bad
	contains "tksim run: " "bad: $bad is explained"
done
exit $fail
