#!/bin/sh
# tksim's own: every shipped example, scenarios/*.scn, run whole; each file's
# "# expect: exit N" line is the status it documents.  Exit 4 (the host cannot
# observe what the file asks, e.g. the i386 reader) is reported as a skip.
set -u
. "${top_srcdir:-.}/tests/cli/cli_lib.sh"
ran=0
for f in "${top_srcdir:-.}"/scenarios/*.scn; do
	want=$(sed -n 's/^# expect: exit \([0-9][0-9]*\)$/\1/p' "$f" | head -n 1)
	if [ -z "$want" ]; then
		echo "FAIL: $f has no '# expect: exit N' line"
		fail=1
		continue
	fi
	"$TKSIM" run "$f" --quiet >"$out" 2>&1
	got=$?
	if [ "$got" -eq 4 ] && [ "$want" -ne 4 ]; then
		echo "skip: $f: $(grep -m1 'skipped' "$out")"
		continue
	fi
	ran=$((ran + 1))
	if [ "$got" -eq "$want" ]; then echo "ok: $f exits $want"; else
		echo "FAIL: $f exits $got, documented $want"
		sed 's/^/  | /' "$out"
		fail=1
	fi
done
if [ "$ran" -eq 0 ] && [ "$fail" -eq 0 ]; then exit 77; fi
exit $fail
