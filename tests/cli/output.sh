#!/bin/sh
# tksim's own: the readable outputs (docs/output.md): trace columns and windows, CSV units, JSON.
set -u
. "${top_srcdir:-.}/tests/cli/cli_lib.sh"
scn=${top_srcdir:-.}/scenarios
tmp=$(mktemp -d)
trap 'rm -rf "$tmp" "$out"' EXIT

# The trace: a window around the inserted leap second, states by name, TAI - UTC after it.
expect 0 "a trace window around a leap second" -- "$TKSIM" run "$scn/leap-insert.scn" \
	--trace - --from 59990ms --to 60010ms
contains "time_state	time_status	tai_offset_s" "the trace names the NTP columns"
# Every row lies in the window; TIME_INS before midnight, TIME_OOP with TAI - UTC 1 after.
if awk -F'\t' '
	/^#/ { for (i = 1; i <= NF; i++) col[$i] = i; next }
	{ n++; t = $1 + 0
	  if (t < 59990000000 || t > 60010000000) { print "row outside the window: " t; bad = 1 }
	  st = $col["time_state"]; tai = $col["tai_offset_s"]; sta = $col["time_status"]
	  if (sta !~ /^0x[0-9a-f][0-9a-f][0-9a-f][0-9a-f]$/) { print "status not hex: " sta; bad = 1 }
	  if (st == "TIME_INS" && tai != 0) { print "TAI - UTC " tai " before the leap"; bad = 1 }
	  if (st == "TIME_OOP" && tai != 1) { print "TAI - UTC " tai " in the leap second"; bad = 1 }
	  seen[st] = 1 }
	END { if (!seen["TIME_INS"] || !seen["TIME_OOP"]) { print "states seen: no TIME_INS/TIME_OOP"; bad = 1 }
	      if (n < 3) { print "only " n " rows"; bad = 1 }
	      exit bad }' "$out"; then
	echo "ok: the window holds only its ticks; TIME_INS then TIME_OOP with TAI - UTC 1"
else
	echo "FAIL: the trace window"; fail=1
fi
expect 2 "--from after --to" -- "$TKSIM" run --duration 1s --trace - --from 2s --to 1s
contains "from must not be after" "the reversed window is explained"
expect 2 "bad --to" -- "$TKSIM" run --duration 1s --trace - --to soon

# Byte-deterministic: the same run twice gives the same trace.
"$TKSIM" run --duration 50ms --trace "$tmp/a.tsv" --quiet >/dev/null
"$TKSIM" run --duration 50ms --trace "$tmp/b.tsv" --quiet >/dev/null
if cmp -s "$tmp/a.tsv" "$tmp/b.tsv" && [ -s "$tmp/a.tsv" ]; then
	echo "ok: two runs give byte-identical traces"
else
	echo "FAIL: the trace is not deterministic"; fail=1
fi

# The CSV header names its units.
expect 0 "csv to stdout" -- "$TKSIM" run --duration 2s --csv - --quiet
contains "^t_s,realtime_error_ns,mono_minus_raw_ns,mult,raw_mult,ntp_error_ns32," "the CSV header names the units"

exit $fail
