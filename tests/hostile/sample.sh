#!/bin/sh
# tksim's own: the bounded sample of the hostile campaign (issue 20) in make check, and the
# proof that each of the driver's checks can fail.  HOSTILE_SEED (default 1) and HOSTILE_CASES
# (default 300) choose the sample; `tests/hostile/hostile --seed S --case I` replays case I.
# 1. the sample: every case must keep the rules (tests/hostile/hostile_check.c);
# 2. HOSTILE_IMPOSSIBLE=1 adds a rule no case keeps: the driver must fail, print each failing
#    case's replay line, and --case must replay it to the same verdict;
# 3. a fake tksim (the real one's option tables, then a hang, a left-over process, a
#    sanitizer's words, exit 3, an exit 2 that names nothing) must fail each check.
set -u
. "${top_srcdir:-.}/tests/cli/cli_lib.sh"
scratch
seed=${HOSTILE_SEED:-1}
cases=${HOSTILE_CASES:-300}
H=$(pwd)/tests/hostile/hostile
echo "# hostile sample: seed $seed, $cases cases (HOSTILE_SEED=$seed HOSTILE_CASES=$cases replays them)"

"$H" --tksim "$TKSIM" --seed "$seed" --cases "$cases" --jobs 2 --quiet >"$out" 2>&1
rc=$?
cat "$out"
if [ $rc -ne 0 ]; then
	echo "FAIL: the hostile sample (exit $rc)"
	fail=1
fi
grep -q '^run ' "$out" && grep -q '^daemon ' "$out" && grep -q '^(top) ' "$out" ||
	{ echo "FAIL: the summary lacks a command"; fail=1; }

# 2. A rule no case keeps: exit 1, a replay line per failing case, the same verdict replayed.
expect 1 "HOSTILE_IMPOSSIBLE fails the campaign" -- env HOSTILE_IMPOSSIBLE=1 \
	"$H" --tksim "$TKSIM" --seed 7 --cases 30 --quiet
contains "replay: hostile --seed 7 --case" "each failure says how to replay it"
i=$(sed -n 's/.*HOSTILE_IMPOSSIBLE.*replay: hostile --seed 7 --case \([0-9]*\)$/\1/p' "$out" | head -n 1)
if [ -n "$i" ]; then
	expect 1 "case $i replays to the same failure" -- env HOSTILE_IMPOSSIBLE=1 \
		"$H" --tksim "$TKSIM" --seed 7 --case "$i"
	contains "HOSTILE_IMPOSSIBLE" "the replay names the rule"
	contains "  tksim " "the replay prints the command line"
	expect 0 "case $i keeps every real rule" -- "$H" --tksim "$TKSIM" --seed 7 --case "$i"
else
	echo "FAIL: no failing case to replay"
	fail=1
fi

# 3. A fake tksim breaks one rule at a time; the driver must see each.
cat >"$tmp/fake" <<EOF
#!/bin/sh
case "\$1 \${2:-}" in "help --man" | "help --completion") exec "$TKSIM" "\$@" ;; esac
case \$FAKE in
hang) exec sleep 100 ;;
leftover) setsid sleep 30 >/dev/null 2>&1 & exit 0 ;;
sanitizer) echo "x.c:1:2: runtime error: signed integer overflow" >&2; exit 0 ;;
exit3) exit 3 ;;
unnamed) exit 2 ;;
esac
EOF
chmod +x "$tmp/fake"
for f in hang:"a hang" leftover:"left behind" sanitizer:"a sanitizer report" exit3:"exit 3" \
	unnamed:"without naming"; do
	expect 1 "a fake tksim that does ${f%%:*} fails" -- env FAKE="${f%%:*}" \
		"$H" --tksim "$tmp/fake" --seed 1 --cases 2 --jobs 1 --timeout 1500 --quiet
	contains "${f#*:}" "the failure says ${f#*:}"
done
exit $fail
