#!/bin/sh
# tksim's own: make check's fuzz test: the corpus is reproducible from the seeds, replays clean
# with the standalone driver, every saved reproducer replays clean, and each deterministic
# injectable bug is found from the corpus.
set -eu
top_srcdir=${top_srcdir:-.}
bin=${FUZZ_BIN:-tests/fuzz}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$bin/gen_corpus" "$tmp"
if ! diff -r "$tmp" "$top_srcdir/tests/fuzz/corpus" >/dev/null; then
	echo "FAIL: tests/fuzz/corpus is not what tests/fuzz/gen_corpus writes; regenerate it:"
	echo "  tests/fuzz/gen_corpus \$srcdir/tests/fuzz/corpus"
	exit 1
fi
"$bin/replay" "$top_srcdir/tests/fuzz/corpus"
for bug in no-neg-clamp no-xtime-correction coarse-pre-6.15 raw-pre-4.13 \
	delta-overflow-pre-6.10 boottime-shift-pre-5.3 neg-motion-half delta-nomask \
	writer-no-seq ntp-offset-u32 refused-set-update-pre-6.13; do
	out=$("$bin/replay" --inject "$bug" "$top_srcdir/tests/fuzz/corpus" | tail -1)
	case $out in
	*" 0 with findings"*) echo "FAIL: the corpus does not find $bug"; exit 1 ;;
	*) echo "found $bug: $out" ;;
	esac
done
# Saved reproducers of fixed tksim bugs: scenario files that must now replay clean.  Those
# with a line "# expect: SIG" are fuzz findings of known kernel bugs: clean (known), and with
# --known-fail a violation of exactly the signature SIG, as the fuzzer reported it; the
# coarse-second-step ones are clean with --fix coarse-sec even then.
for scn in "$top_srcdir"/tests/fuzz/regress/*.scn; do
	"${TKSIM:-tools/tksim}" run "$scn" >/dev/null || { echo "FAIL: $scn"; exit 1; }
	echo "clean: $scn"
	want=$(sed -n 's/^# expect: //p' "$scn")
	[ -n "$want" ] || continue
	rc=0
	got=$("${TKSIM:-tools/tksim}" run "$scn" --known-fail) || rc=$?
	got=$(printf '%s\n' "$got" | sed -n 's/^VIOLATION at [^:]*: \([^:]*\):.*/\1/p')
	if [ "$rc" != 1 ] || [ "$got" != "$want" ]; then
		echo "FAIL: $scn --known-fail: exit $rc, '$got', not exit 1, '$want'"; exit 1
	fi
	echo "replays to '$want': $scn"
	case $want in coarse-second-step*)
		"${TKSIM:-tools/tksim}" run "$scn" --known-fail --fix coarse-sec >/dev/null ||
			{ echo "FAIL: $scn --fix coarse-sec"; exit 1; }
		echo "clean with --fix coarse-sec: $scn" ;;
	esac
done
# The reproducers of the report docs/findings/coarse-clock-step.md: exit 1, and 0 with the fix.
for scn in "$top_srcdir"/docs/findings/*.scn; do
	rc=0
	"${TKSIM:-tools/tksim}" run "$scn" >/dev/null || rc=$?
	[ "$rc" = 1 ] || { echo "FAIL: $scn: exit $rc, not 1"; exit 1; }
	"${TKSIM:-tools/tksim}" run "$scn" --fix coarse-sec >/dev/null ||
		{ echo "FAIL: $scn --fix coarse-sec"; exit 1; }
	echo "exit 1, 0 with --fix coarse-sec: $scn"
done
