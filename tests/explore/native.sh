#!/bin/sh
# tksim's own: the explorer's C API (web/explore_api.c), natively: the rows and the verdict it
# gives for a session equal `tksim run --trace` of the scenario it exports (docs/explorer.md).
set -u
. "${top_srcdir:-.}/tests/explore/session.sh"
drive=${EXPLORE_DRIVE:-tests/explore/explore_drive}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# session NAME: runs $tmp/NAME.in through the API; $tmp/NAME.rows, .scn and $verdict
session() {
	"$drive" <"$tmp/$1.in" >"$tmp/$1.out" 2>"$tmp/$1.err" || [ $? -eq 1 ]
	sed -n '/^#t_ns/,/^verdict: /p' "$tmp/$1.out" | sed '$d' >"$tmp/$1.rows"
	sed -n '/^# A session/,$p' "$tmp/$1.out" >"$tmp/$1.scn"
	verdict=$(sed -n 's/^verdict: //p' "$tmp/$1.out")
	[ "$verdict" = "all held" ] && verdict=
	[ -s "$tmp/$1.err" ] && sed 's/^/  (api) /' "$tmp/$1.err"
	return 0
}

# The NTP daemon model polling every second, an adjtimex, a stall, a clocksource switch and a
# check from inside a vvar update: every op kind the page's buttons make.
cat >"$tmp/a.in" <<'END'
set hz 250
set ppm 35
set seed 7
set ntpd on
set poll 0
boot
header
row
at 1500000001 adjtimex modes=freq freq=-1000000
at 2000000001 stall 2s
at 4500000001 clocksource hpet
at 5000000001 read-mid-write
at 5200000001 clocksource tsc
step 1600
verdict
scenario
END
session a
same_as_run "ntpd, adjtimex, stall, clocksource" "$tmp/a.scn" "$tmp/a.rows"
grep -q '^at 2.000000001s stall 2s$' "$tmp/a.scn" && grep -q '^ntpd on$' "$tmp/a.scn" ||
	{ echo "FAIL: the scenario lacks its ops or settings"; sed 's/^/  | /' "$tmp/a.scn"; fail=1; }

# An injected bug: coarse-pre-6.15 and a frequency change; the violation is the run's.
cat >"$tmp/b.in" <<'END'
set hz 1000
set ppm 35
set inject coarse-pre-6.15
boot
header
row
at 1000500000 adjtimex modes=freq freq=32768000
step 1200
verdict
scenario
END
session b
[ -n "$verdict" ] && echo "ok: coarse-pre-6.15 turns the verdict: $verdict" ||
	{ echo "FAIL: coarse-pre-6.15 injected and all held"; fail=1; }
same_as_run "an injected bug" "$tmp/b.scn" "$tmp/b.rows"

# A leap second inserted at midnight, 60 s after boot, at HZ=100.
printf 'set hz 100\nset leap insert\nboot\nheader\nrow\nstep 6050\nverdict\nscenario\n' >"$tmp/c.in"
session c
grep -q 'TIME_OOP' "$tmp/c.rows" && echo "ok: the leap second's TIME_OOP is in the rows" ||
	{ echo "FAIL: no TIME_OOP in a session across midnight"; fail=1; }
same_as_run "a leap second" "$tmp/c.scn" "$tmp/c.rows"

# reader-no-retry and a read across a tick: the reader keeps the torn value, the verdict is red
# and the run's; without the bug the reader retries and all held; without the op the session
# cannot show the bug and says so (tksim run refuses it, exit 2).
torn() {
	printf 'set hz 1000\nset ppm 35\n%bboot\nheader\nrow\nat 4600001 read\n%bstep 12\nverdict\nscenario\n' \
		"$1" "$2" >"$tmp/$3.in"
	session "$3"
}
torn 'set inject reader-no-retry\n' 'at 5600001 read-across-tick\n' d
case $verdict in
*"read-across-tick"*"torn value"*) echo "ok: reader-no-retry keeps a torn read: $verdict" ;;
*) echo "FAIL: reader-no-retry and a read across a tick, and no torn read: '$verdict'"; fail=1 ;;
esac
same_as_run "a torn read" "$tmp/d.scn" "$tmp/d.rows"
torn '' 'at 5600001 read-across-tick\n' e
[ -z "$verdict" ] && echo "ok: without the bug the read across a tick retries: all held" ||
	{ echo "FAIL: no bug injected, and the read across a tick: $verdict"; fail=1; }
same_as_run "a read across a tick, retried" "$tmp/e.scn" "$tmp/e.rows"
torn 'set inject reader-no-retry\n' 'unseen\n' f
if grep -q '^unseen: reader-no-retry: only real threads' "$tmp/f.out" &&
	{ "$TKSIM" run "$tmp/f.scn" >/dev/null 2>&1; [ $? -eq 2 ]; }; then
	echo "ok: reader-no-retry without a read across a tick: the session says it cannot see it, tksim run refuses it"
else
	echo "FAIL: reader-no-retry without the op: the API does not say it cannot see it, or tksim run does not exit 2"
	fail=1
fi

# The table of bugs and fixes is sim/bugs.c's and sim/fixes.c's, all of it.
printf 'bugs\n' | "$drive" >"$tmp/bugs" 2>&1
nb=$(grep -c '^bug	' "$tmp/bugs") nf=$(grep -c '^fix	' "$tmp/bugs")
if [ "$nb" -eq "$("$TKSIM" bugs --names | wc -l)" ] &&
	[ "$nf" -eq "$("$TKSIM" bugs --fixes --names | wc -l)" ]; then
	echo "ok: the page's toggles are tksim bugs' $nb bugs and $nf fixes"
else
	echo "FAIL: $nb bugs, $nf fixes in the API's table; tksim bugs lists others"
	fail=1
fi
exit $fail
