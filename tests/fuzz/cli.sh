#!/bin/sh
# tksim's own: `tksim fuzz` and `at` scenario lines from the command line (shortened done-when
# checks of docs/fuzzing.md).
set -u
TKSIM=${TKSIM:-tools/tksim}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
check() { # check WANT_RC DESCRIPTION CMD...
	want=$1; what=$2; shift 2
	"$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if [ "$rc" != "$want" ]; then
		echo "FAIL: $what: exit $rc, want $want"; cat "$tmp/out" "$tmp/err"; fail=1
	else
		echo "ok: $what"
	fi
}

# The real code: clean over the first 100000 op lists of seed 1 (a count, not seconds, so the
# verdict does not depend on the machine's speed: seed 1 reaches an open aux-clock finding at
# about 128000, docs/fuzzing.md).
check 0 "fuzz --runs 100000 on the real code" "$TKSIM" fuzz --runs 100000 --quiet --out "$tmp"
# An injected bug: found, written, and replayed by tksim run to the same verdict.
mkdir "$tmp/f"
check 1 "fuzz --inject no-xtime-correction" \
	"$TKSIM" fuzz --inject no-xtime-correction --seconds 20 --quiet --out "$tmp/f"
scn=$(ls "$tmp"/f/*.scn 2>/dev/null | head -1)
if [ -z "$scn" ]; then
	echo "FAIL: no scenario written"; fail=1
else
	check 1 "tksim run replays the finding" "$TKSIM" run "$scn"
	grep -q "inject no-xtime-correction" "$scn" || { echo "FAIL: no inject line"; fail=1; }
fi
# A fuzz input (a libFuzzer or AFL++ crash; here a seed under an injected bug) to a scenario.
src=${top_srcdir:-.}/tests/fuzz/corpus
mkdir "$tmp/i"
check 0 "fuzz --input on the real code" "$TKSIM" fuzz --input "$src" --quiet --out "$tmp/i"
check 1 "fuzz --input a finding" "$TKSIM" fuzz --inject no-xtime-correction \
	--input "$src/freq-mid-tick-up" --quiet --out "$tmp/i"
scn=$(ls "$tmp"/i/*.scn 2>/dev/null | head -1)
if [ -z "$scn" ]; then
	echo "FAIL: --input wrote no scenario"; fail=1
else
	check 1 "tksim run replays the --input finding" "$TKSIM" run "$scn"
fi
check 2 "fuzz --input missing" "$TKSIM" fuzz --input "$tmp/no-such-file"
# Bad usage.
check 2 "fuzz --seconds bogus" "$TKSIM" fuzz --seconds bogus
check 2 "fuzz --inject no-such-bug" "$TKSIM" fuzz --inject no-such-bug
check 2 "fuzz --jobs 0" "$TKSIM" fuzz --jobs 0
# Scenario `at` lines: errors name FILE:LINE, exit 2.
printf 'hz 250\nat 1s adjtimex modes=freq freq=65536\nat 0.5s read\n' >"$tmp/order.scn"
check 2 "at lines out of order" "$TKSIM" run "$tmp/order.scn"
grep -q "order.scn:3: at 0.5s comes before" "$tmp/err" || { echo "FAIL: message"; cat "$tmp/err"; fail=1; }
printf 'at 1s adjtimex modes=frobnicate\n' >"$tmp/bad.scn"
check 2 "bad mode name" "$TKSIM" run "$tmp/bad.scn"
grep -q "bad.scn:1: modes: 'frobnicate'" "$tmp/err" || { echo "FAIL: message"; cat "$tmp/err"; fail=1; }
# A clean timeline runs, exit 0.
printf 'hz 100\nat 1.5ms adjtimex modes=freq freq=-819200\nat 12.000000345s read\n' >"$tmp/ok.scn"
check 0 "a clean timeline" "$TKSIM" run "$tmp/ok.scn"
exit $fail
