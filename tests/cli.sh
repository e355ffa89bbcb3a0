#!/bin/sh
# tksim's own: the command-line contract of `tksim` (exit statuses, messages, output).
set -u
: "${TKSIM:=tools/tksim}"
fail=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT

expect() { # expect STATUS DESCRIPTION -- COMMAND...
	want=$1 what=$2
	shift 3
	"$@" >"$out" 2>&1
	got=$?
	if [ "$got" -ne "$want" ]; then
		echo "FAIL: $what: exit $got, expected $want"
		sed 's/^/  | /' "$out"
		fail=1
	else
		echo "ok: $what"
	fi
}
contains() { # contains TEXT DESCRIPTION
	if grep -q -- "$1" "$out"; then echo "ok: $2"; else
		echo "FAIL: $2: no '$1' in output"
		sed 's/^/  | /' "$out"
		fail=1
	fi
}

expect 0 "tksim --help" -- "$TKSIM" --help
contains "run" "help lists the run command"
expect 2 "no command" -- "$TKSIM"
expect 2 "unknown command" -- "$TKSIM" frobnicate
contains "unknown command 'frobnicate'" "unknown command is named"
expect 0 "run --help" -- "$TKSIM" run --help
expect 0 "a short run" -- "$TKSIM" run --duration 20s --quiet
contains "all held" "a short run reports that the properties held"
contains "MONOTONIC_RAW" "the summary shows every clock"
expect 2 "bad --hz" -- "$TKSIM" run --hz 0
contains "hz must be" "bad --hz is explained"
expect 2 "bad --duration" -- "$TKSIM" run --duration soon
expect 2 "bad --bits" -- "$TKSIM" run --bits 65
expect 2 "stray argument" -- "$TKSIM" run extra
expect 0 "run with a wrapping 24-bit counter" -- "$TKSIM" run --duration 30s --bits 24 --freq 3579545 --quiet
expect 0 "csv to stdout" -- "$TKSIM" run --duration 3s --csv - --quiet
contains "t_s,realtime_error_ns" "the csv has its header"
exit $fail
