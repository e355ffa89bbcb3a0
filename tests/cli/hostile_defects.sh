#!/bin/sh
# tksim's own: the defects a hostile campaign found (issue 20), one test per item, each named
# after its number; every one failed before its fix.
set -u
top_srcdir=${top_srcdir:-.}
. "$top_srcdir/tests/cli/cli_lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp" "$out"' EXIT

lacks() {
	if grep -q -- "$1" "$out"; then
		echo "FAIL: $2: '$1' in output"
		sed 's/^/  | /' "$out"
		fail=1
	else echo "ok: $2"; fi
}

# Item 1: the --idle error read the freed system (use after free): a poisoned heap shows it.
expect 2 "item 1: explain tick --idle past max_idle_ns" -- \
	env MALLOC_PERTURB_=165 "$TKSIM" explain tick --idle 1h
contains "max_idle_ns, 440795257976 ns" "item 1: the bound is read before the free"

# Item 2: --settimeofday's op is whole (tests/cli/check_run_calls.c checks every byte).
expect 0 "item 2: --settimeofday runs" -- "$TKSIM" run --duration 300ms \
	--settimeofday 100ms:2000000000
contains "settimeofday 100ms:2000000000 -> 0" "item 2: privileged, as written"

# Item 3: a suspend that would carry REALTIME past KTIME_SEC_MAX is refused, not wrapped;
# a long one that fits still runs.
expect 2 "item 3: --suspend 1ms:106751d" -- timeout 20 "$TKSIM" run --duration 1s \
	--suspend 1ms:106751d
contains "suspend would carry REALTIME past 2262" "item 3: says why"
printf 'at 0 suspend 9223372036854775807ns\n' >"$tmp/s.scn"
expect 2 "item 3: at 0 suspend 9223372036854775807ns ends at once" -- \
	timeout 20 "$TKSIM" run "$tmp/s.scn" --duration 1s
contains "s.scn:1: suspend" "item 3: at its line"
printf 'at 0 suspend 1000d\n' >"$tmp/ok.scn"
expect 0 "item 3: at 0 suspend 1000d is fine" -- timeout 20 "$TKSIM" run "$tmp/ok.scn"
contains "BOOTTIME  *86400010\." "item 3: BOOTTIME has the sleep"

# Item 6b: an idle longer than the executor can run is refused at its line, not cut short.
printf 'at 0 idle 100d\n' >"$tmp/g.scn"
expect 2 "item 6b: at 0 idle 100d" -- timeout 20 "$TKSIM" run "$tmp/g.scn"
contains "g.scn:1: idle" "item 6b: at its line, naming the op"

# Item 8: TERM, HUP, USR1 end a run as INT does: whole rows, the summary, exit 130; the JSON
# says interrupted, not violated.
wait_lines() { # FILE N: until FILE has more than N lines (at most 20 s)
	i=0
	while [ "$(cat "$1" 2>/dev/null | wc -l)" -le "$2" ] && [ $i -lt 200 ]; do
		sleep 0.1
		i=$((i + 1))
	done
}
for sig in INT TERM HUP USR1; do
	rm -f "$tmp/f.csv"
	# A shell's background job starts with INT ignored, and tksim keeps an ignored signal.
	env --default-signal=INT "$TKSIM" run --duration 100d --csv "$tmp/f.csv" --csv-interval 1ms >"$out" 2>&1 &
	pid=$!
	wait_lines "$tmp/f.csv" 2
	kill -s $sig $pid
	wait $pid
	rc=$?
	if [ $rc -eq 130 ]; then echo "ok: item 8: SIG$sig gives exit 130"; else
		echo "FAIL: item 8: SIG$sig gives exit $rc, expected 130"
		fail=1
	fi
	contains "interrupted by SIG$sig" "item 8: SIG$sig is named"
	contains "held until interrupted" "item 8: SIG$sig: the summary so far"
	if awk -F, 'NR == 1 { n = NF } NF != n { bad = 1 } END { exit bad }' "$tmp/f.csv" &&
		[ "$(tail -c 1 "$tmp/f.csv" | od -An -c | tr -d ' ')" = '\n' ]; then
		echo "ok: item 8: SIG$sig: every CSV row whole"
	else
		echo "FAIL: item 8: SIG$sig: a partial CSV row"
		tail -2 "$tmp/f.csv"
		fail=1
	fi
done
env --default-signal=INT "$TKSIM" run --duration 100d --json --csv "$tmp/j.csv" --csv-interval 1ms >"$out" 2>"$tmp/err" &
pid=$!
wait_lines "$tmp/j.csv" 2
kill -s INT $pid
wait $pid
rc=$?
[ $rc -eq 130 ] && echo "ok: item 8: --json, SIGINT: exit 130" ||
	{ echo "FAIL: item 8: --json, SIGINT: exit $rc"; fail=1; }
contains '"properties_held": true' "item 8: --json: held so far"
contains '"violation": null' "item 8: --json: no violation"
contains '"interrupted": true' "item 8: --json: interrupted"
contains '"outcome": "interrupted"' "item 8: --json: the outcome"

exit $fail
