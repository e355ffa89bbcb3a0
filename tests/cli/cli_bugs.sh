#!/bin/sh
# tksim's own: every bug of `tksim bugs` is shown by the command it names (exit 1 with
# the bug, 0 without its --inject), and torture refuses the bugs it cannot see.
# Every deterministic bug's command is run here; each must exit 1 every time.
set -u
. "${top_srcdir:-.}/tests/cli/cli_lib.sh"
list=$(mktemp)
fuzzlist=$(mktemp)
fuzzout=$(mktemp -d)
bugsout=$(mktemp)
trap 'rm -rf "$out" "$list" "$fuzzlist" "$fuzzout" "$bugsout"' EXIT

expect 0 "tksim bugs" -- "$TKSIM" bugs
cp "$out" "$bugsout"
nbugs=$("$TKSIM" bugs --names | wc -l)
nshown=$(grep -c '^    shown by   ' "$out")
if [ "$nbugs" -gt 0 ] && [ "$nbugs" -eq "$nshown" ]; then echo "ok: each of the $nbugs bugs names its command"; else
	echo "FAIL: $nbugs bugs, $nshown 'shown by' lines"; fail=1; fi
sed -n 's/^    shown by   tksim run //p' "$out" >"$list"
sed -n 's/^    shown by   tksim fuzz --inject \([^ ]*\) .*/\1/p' "$out" >"$fuzzlist"
nrun=$(wc -l <"$list")
if [ "$nrun" -ge 7 ]; then echo "ok: $nrun bugs are shown by tksim run"; else
	echo "FAIL: only $nrun bugs are shown by tksim run"; fail=1; fi
while read -r args; do
	name=$(printf '%s\n' "$args" | sed -n 's/^--inject \([^ ]*\) .*/\1/p')
	without=$(printf '%s\n' "$args" | sed 's/^--inject [^ ]* //')
	# shellcheck disable=SC2086 # the arguments are words, as `tksim bugs` prints them
	expect 1 "tksim run $args" -- "$TKSIM" run $args --quiet
	contains "VIOLATION" "$name is caught"
	# shellcheck disable=SC2086
	expect 0 "without the bug: tksim run $without" -- "$TKSIM" run $without --quiet
	contains "all held" "the same run holds without $name"
	expect 2 "torture refuses $name" -- "$TKSIM" torture --inject "$name" --seconds 1 --quiet
	contains "shown by: tksim run --inject $name" "the refusal names the command"
done <"$list"
# Bugs only the op oracle sees are shown by tksim fuzz: it finds each and exits 1.
if [ -s "$fuzzlist" ]; then echo "ok: $(wc -l <"$fuzzlist") bugs are shown by tksim fuzz"; fi
while read -r name; do
	expect 1 "tksim fuzz --inject $name" -- "$TKSIM" fuzz --inject "$name" --runs 2000 \
		--out "$fuzzout" --quiet
	contains "finding" "fuzz finds $name"
	expect 0 "without the bug: tksim fuzz --runs 200" -- "$TKSIM" fuzz --runs 200 --quiet \
		--out "$fuzzout"
done <"$fuzzlist"
# Deterministic bugs shown by tksim torture: caught at once, and the same run without the
# bug passes (the concurrent ones, caught by chance, are check_torture's and check_bugs').
awk '/^[a-z0-9.-]+  \(.*deterministic\)$/ { det = 1; next } /^[a-z0-9.-]+  \(/ { det = 0 }
	det && sub(/^    shown by   tksim torture /, "") { print }' "$bugsout" >"$list"
ndet=$(grep -c '^[a-z0-9.-]*  (.*deterministic)$' "$bugsout")
nrun=$(grep -c '^    shown by   tksim \(run\|fuzz\) ' "$bugsout")
ntort=$(wc -l <"$list")
if [ "$ndet" -gt 0 ] && [ $((nrun + ntort)) -eq "$ndet" ]; then
	echo "ok: each of the $ndet deterministic bugs has a tksim run, fuzz or torture command"
else
	echo "FAIL: $ndet deterministic bugs, $nrun run/fuzz and $ntort torture commands"; fail=1
fi
while read -r args; do
	name=$(printf '%s\n' "$args" | sed -n 's/^--inject \([^ ]*\) .*/\1/p')
	without=$(printf '%s\n' "$args" | sed 's/^--inject [^ ]* //')
	# shellcheck disable=SC2086 # the arguments are words, as `tksim bugs` prints them
	expect 1 "tksim torture $args" -- "$TKSIM" torture $args --quiet
	contains "VIOLATION\|CHECKER BLIND" "torture catches $name"
	# shellcheck disable=SC2086
	expect 0 "without the bug: tksim torture $without" -- "$TKSIM" torture $without --quiet
	contains "PASS: all properties held" "the same run holds without $name"
done <"$list"
expect 2 "torture refuses coarse-pre-6.15 without frequency churn" -- \
	"$TKSIM" torture --inject coarse-pre-6.15 --seconds 1 --quiet
contains "needs --churn freq" "it says what the run lacks"
expect 2 "run refuses a bug only threads show" -- "$TKSIM" run --inject reader-no-retry
contains "shown by\|does" "it names torture"
contains "tksim torture --inject reader-no-retry" "with the command"

# The proposed fixes (sim/fixes.c), the inverse of the bugs: each one's command exits 0 with
# its --fix and 1 without, and every command that takes --inject takes --fix.
expect 0 "tksim bugs --fixes" -- "$TKSIM" bugs --fixes
contains "^coarse-sec  (proposed fix" "it lists coarse-sec"
contains "docs/findings/coarse-clock-step.md" "with its report"
expect 0 "tksim bugs --fixes --names" -- "$TKSIM" bugs --fixes --names
contains "^coarse-sec\$" "only the name"
scn=${top_srcdir:-.}/scenarios/coarse-second-step.scn
expect 1 "the coarse step without the fix" -- "$TKSIM" run "$scn"
expect 0 "the coarse step with --fix coarse-sec" -- "$TKSIM" run "$scn" --fix coarse-sec
expect 2 "an unknown fix" -- "$TKSIM" run "$scn" --fix coarse
contains "unknown fix" "it says so"
expect 0 "fuzz --fix" -- "$TKSIM" fuzz --fix coarse-sec --runs 200 --quiet
contains "fixed coarse-sec" "the summary names the fix"
expect 2 "fuzz: an unknown fix" -- "$TKSIM" fuzz --fix nonsense --runs 1
# Litmus left out: its 30 ms tests can gather no samples on a loaded machine (exit 4).
expect 0 "torture --fix" -- "$TKSIM" torture --fix coarse-sec --churn freq --seconds 1 --quiet \
	--checks seqcount,inconsistency,threadtest,sandwich
contains "fix coarse-sec" "the header names the fix"
expect 2 "daemon: an unknown fix" -- "$TKSIM" daemon --fix nonsense -- /bin/true
exit $fail
