#!/bin/sh
# tksim's own: `tksim fuzz --decode`: fuzz inputs (bytes) become scenario files that `tksim run`
# replays to the verdict the fuzz target gives the bytes (tests/fuzz/replay, the same decoder).
set -u
top_srcdir=${top_srcdir:-.}
. "$top_srcdir/tests/cli/cli_lib.sh"
replay=${FUZZ_REPLAY:-$(dirname "$TKSIM")/../tests/fuzz/replay}
corpus=$top_srcdir/tests/fuzz/corpus
tmp=$(mktemp -d)
trap 'rm -rf "$tmp" "$out"' EXIT
[ -x "$replay" ] || { echo "SKIP: no tests/fuzz/replay at $replay"; exit 77; }

# Every corpus file, on the faithful model and with an injected bug: the verdict of the bytes
# (the standalone driver), of the decode, of the `# expect` line and of tksim run all agree.
for bug in "" no-xtime-correction; do
	dir=$tmp/out$bug
	mkdir "$dir"
	findings=0
	for f in "$corpus"/*; do
		name=$(basename "$f")
		"$replay" ${bug:+--inject "$bug"} "$f" >/dev/null
		want=$?
		"$TKSIM" fuzz --decode "$f" --out "$dir" ${bug:+--inject "$bug"} >"$out" 2>&1
		dec=$?
		"$TKSIM" run "$dir/$name.scn" >"$out" 2>&1
		got=$?
		grep -q "^# expect: exit $want\$" "$dir/$name.scn" || got="$got (no '# expect: exit $want')"
		if [ "$dec" != "$want" ] || [ "$got" != "$want" ]; then
			echo "FAIL: ${bug:-real code}: $name: the bytes give $want, --decode $dec, tksim run $got"
			sed 's/^/  | /' "$out"
			fail=1
		fi
		[ "$want" = 1 ] && findings=$((findings + 1))
	done
	echo "ok: ${bug:-real code}: $(ls "$dir" | wc -l) corpus files decoded, $findings with a finding, replayed alike"
	if [ -n "$bug" ] && [ "$findings" = 0 ]; then
		echo "FAIL: $bug: no corpus file has a finding: the comparison saw only clean runs"
		fail=1
	fi
done
[ -n "$(grep -l '^at 0s inject no-xtime-correction$' "$tmp"/outno-xtime-correction/*.scn)" ] ||
	{ echo "FAIL: --inject wrote no inject line"; fail=1; }

# Random bytes (the decoder accepts every string): the scenario written back parses and
# replays to the bytes' verdict, never exit 2.  Seeded; TKSIM_SEED=N replays another batch.
seed=${TKSIM_SEED:-1}
[ "$seed" = random ] && seed=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
echo "random inputs: seed $seed (TKSIM_SEED=$seed replays them)"
mkdir "$tmp/rnd" "$tmp/rnd-out"
LC_ALL=C awk -v seed="$seed" -v dir="$tmp/rnd" 'BEGIN {
	srand(seed)
	for (i = 0; i < 40; i++) {
		f = sprintf("%s/r%02d", dir, i); n = 1 + int(rand() * 96)
		for (j = 0; j < n; j++) printf "%c", int(rand() * 256) > f
		close(f)
	}
}'
bad=0
for f in "$tmp"/rnd/*; do
	"$replay" "$f" >/dev/null
	want=$?
	"$TKSIM" fuzz --decode "$f" --out "$tmp/rnd-out" >/dev/null 2>&1
	"$TKSIM" run "$tmp/rnd-out/$(basename "$f").scn" >"$out" 2>&1
	got=$?
	if [ "$got" != "$want" ]; then
		echo "FAIL: random input $(basename "$f") (seed $seed): the bytes give $want, tksim run $got"
		sed 's/^/  | /' "$out" | tail -3
		bad=1
	fi
done
[ "$bad" = 0 ] && echo "ok: 40 random inputs replayed alike" || fail=1

# One file on stdout: the same scenario as --out writes.
expect 0 "--decode FILE on stdout" -- "$TKSIM" fuzz --decode "$corpus/leap-insert"
if cmp -s "$out" "$tmp/out/leap-insert.scn"; then echo "ok: stdout equals the --out file"; else
	echo "FAIL: --decode on stdout differs from the --out file"; fail=1
fi
contains "^at .* adjtimex modes=status status=ins" "leap-insert decodes to its STA_INS call"

# A crash file of an injected bug (bytes of tests/fuzz/corpus/freq-mid-tick-up): exit 1 each way.
printf '\0\0\0\0\0\2\0\200\332\304\11\4\240\302\36\2\200\200\240\37\0\1' >"$tmp/crash-1"
expect 1 "--decode of a bug's crash file" -- \
	"$TKSIM" fuzz --decode "$tmp/crash-1" --inject no-xtime-correction --out "$tmp"
contains "crash-1.scn: 3 ops, finding still-at-freq-change" "the finding is named"
expect 1 "tksim run replays the crash" -- "$TKSIM" run "$tmp/crash-1.scn"
contains "VIOLATION" "a violation"
expect 0 "the same bytes on the real code" -- "$TKSIM" fuzz --decode "$tmp/crash-1"

# Bad usage: exit 2 with the reason.
expect 2 "--decode without files" -- "$TKSIM" fuzz --decode
contains "needs the input files" "says what is missing"
expect 2 "two files without --out" -- "$TKSIM" fuzz --decode "$tmp/crash-1" "$tmp/crash-1"
contains "needs --out DIR" "says --out"
expect 2 "an unreadable file" -- "$TKSIM" fuzz --decode "$tmp/no-such-file"
contains "cannot read" "says cannot read"
expect 2 "an unknown bug" -- "$TKSIM" fuzz --decode "$tmp/crash-1" --inject no-such-bug
expect 2 "an unwritable --out" -- "$TKSIM" fuzz --decode "$tmp/crash-1" --out "$tmp/no/such/dir"
exit $fail
