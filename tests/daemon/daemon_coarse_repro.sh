#!/bin/sh
# tksim's own: the real-machine reproducer of docs/findings/coarse-clock-step.md,
# tools/tksim-coarse-repro, run unchanged under tksim daemon (the simulated kernel; never on this
# machine's clock): the coarse step shows (exit 1), and with --fix coarse-sec it does not (exit 0).
. "${top_srcdir:-.}/tests/daemon/daemon_lib.sh"
repro=$bin/tools/tksim-coarse-repro

"$TKSIM" daemon --duration 60s -- "$repro" --attempts 3 >"$tmp/a" 2>&1
rc=$?
[ $rc = 1 ] || bad "without the fix: exit $rc, not 1"
grep -q 'REALTIME_COARSE [0-9.]* is ahead of CLOCK_REALTIME\|MONOTONIC_COARSE went back' "$tmp/a" ||
	bad "without the fix: no coarse step in the output"
"$TKSIM" daemon --fix coarse-sec --duration 60s -- "$repro" --attempts 3 >"$tmp/b" 2>&1
rc=$?
[ $rc = 0 ] || bad "with --fix coarse-sec: exit $rc, not 0"
grep -q 'no real clock is touched' "$tmp/b" || bad "it did not see the simulated kernel"
grep -q '^0 anomalies of the coarse clocks in 6 changes' "$tmp/b" || bad "with the fix: anomalies"
grep -q 'every property held' "$tmp/b" || bad "with the fix: the oracle saw a violation"
if [ $fail = 0 ]; then echo "PASS: tksim-coarse-repro exits 1, and 0 with --fix coarse-sec"; else
	sed 's/^/  a| /' "$tmp/a"; sed 's/^/  b| /' "$tmp/b"
fi
exit $fail
