#!/bin/sh
# tksim's own: a generator of hostile scenarios and command lines for `tksim run`,
# deterministic from its seed (HOSTILE_SEED, default 1; HOSTILE_N inputs, default 300).
# Each input must end in bounded time with exit 0, 1, 2 or 4: never a crash, a
# sanitizer report (exit 3) or a hang; an exit 2 must name the input (FILE:LINE
# for a scenario, the option for a command line).  A failure prints the input.
set -u
. "${top_srcdir:-.}/tests/cli/cli_lib.sh"
seed=${HOSTILE_SEED:-1}
n=${HOSTILE_N:-150}
TKSIM=$(cd "$(dirname "$TKSIM")" && pwd)/$(basename "$TKSIM")
dir=$(mktemp -d)
trap 'rm -rf "$dir" "$out"' EXIT
echo "# hostile inputs: seed $seed, $n inputs (HOSTILE_SEED=$seed HOSTILE_N=$n replays them)"

# The inputs, one per line: "S<TAB>line1|line2|..." (a scenario) or "C<TAB>args" (options).
awk -v seed="$seed" -v n="$n" 'BEGIN {
	x = seed % 2147483647; if (x <= 0) x += 2147483646
	nk = split("hz freq ppm bits start seed nohz noise boot-error drift wander wander-interval poll adjtimex settimeofday leap start-before-midnight stall suspend inject csv-interval duration dur help ntpd fll quiet at at at timens watchdog clocksources", key, " ")
	nv = split("0|1|-1|1000|4294967297000|1000000000000000|4294967295000|18446744073709551615|18446744073709551616|9223372036854775807|-9223372036854775808|-9223372036854775809|0x10|010|1.5|1.5ms|12.000000345s|1.0000000005s|1e15|abc||7d|99999999999999999999s|24|8|64|65|3579545|on|off|insert|delete|1s:freq=1|7.5:freq=1|1s:setoffset=9223372036854775807|1s:setoffset=-9223372036854775808|1s:offset=-9223372036854775808|0:status=ins|1s:tick=0|1s:tick=9223372036854775807|1s:constant=9223372036854775807|1s:freq=500,nano|1s:bogus=1|:freq=1|1s:|1s:1500s|1s:2h|0:0|raw-pre-4.13|all|reader-no-retry|--quiet|-x|=|1s:freq=1e9|-0|+1|1.|.5|100ms:2000000000|100ms:2147483648|100ms:4294967295|100ms:9223372036|100ms:9223372036854775807|100ms:0.999999999|1ms:106751d|1ms:106750d|1ms:9223372036854775807ns|0:1ns|2262|106751d", val, "|")
	# `at` lines over the op grammar, valid but extreme (issue 20): huge suspends, idles and
	# stalls, times near 2038, 2262 and KTIME_MAX, every adjtimex field at its bound.
	na = split("0 suspend 9223372036854775807ns|0 suspend 106751d|0 suspend 1000d|0 idle 100d|0 idle 20d|0 stall 9223372036854775807ns|0 stall 1h|1s settimeofday sec=2147483648 usec=0|1s settimeofday sec=9223372036 usec=999999|1s clock_settime REALTIME sec=9223372036 nsec=854775807|1s clock_settime REALTIME sec=-1 nsec=0|0 adjtimex modes=freq freq=32768000|0 adjtimex modes=freq freq=32768001|0 adjtimex modes=offset offset=500000|0 adjtimex modes=tick tick=11000|0 adjtimex modes=maxerror maxerror=9223372036854775807|0 ticks 4096|0 ticks 4097|0 counter-ppb 99999999|0 counter-ppb -100000000|0 inject reader-no-retry|0 inject threadtest-cmp|0 read-mid-write|0 clocksource hpet|9223372036854775807ns read|1s suspend 1ms", atop, "|")
	for (i = 0; i < n; i++) {
		x = (x * 48271) % 2147483647; kind = x % 3
		x = (x * 48271) % 2147483647; lines = 1 + x % 4
		s = ""
		for (j = 0; j < lines; j++) {
			x = (x * 48271) % 2147483647; k = key[1 + x % nk]
			x = (x * 48271) % 2147483647; v = val[1 + x % nv]
			if (k == "at") { x = (x * 48271) % 2147483647; v = atop[1 + x % na] }
			s = s (j ? "|" : "") k (v == "" ? "" : " " v)
		}
		print (kind ? "S" : "C") "\t" s
	}
}' >"$dir/inputs"

i=0 bad=0
while IFS='	' read -r kind text; do
	i=$((i + 1))
	if [ "$kind" = S ]; then
		f="$dir/in$i.scn"
		printf '%s\n' "$text" | tr '|' '\n' >"$f"
		set -- run "$f" --duration 300ms --quiet
		name="$f"
		words=""
	else
		# "k v|k v": each key becomes --k; the generated words are the arguments.
		# shellcheck disable=SC2086
		set -- run $(printf '|%s\n' "$text" | sed 's/|/ --/g') --duration 300ms --quiet
		words=$(printf '%s\n' "$text" | tr '| ' '\n\n' | grep -v '^$')
	fi
	(cd "$dir" && timeout 20 "$TKSIM" "$@") >"$out" 2>&1
	rc=$?
	why=""
	case $rc in
	0 | 1 | 4) ;;
	2)
		# A scenario's error carries FILE:LINE; a command line's names one of its words.
		named=0
		if [ "$kind" = S ]; then grep -q -- "$name:" "$out" && named=1; else
			for w in $words; do grep -qF -- "$w" "$out" && named=1 && break; done
		fi
		[ "$named" = 1 ] || why="exit 2 without naming the input"
		;;
	*) why="exit $rc" ;;
	esac
	if grep -q 'runtime error\|Sanitizer\|AddressSanitizer' "$out"; then why="a sanitizer report"; fi
	if [ -n "$why" ]; then
		bad=$((bad + 1))
		echo "FAIL: input $i: $why: tksim $*"
		[ "$kind" = S ] && sed 's/^/  file| /' "$f"
		sed 's/^/  | /' "$out" | head -n 8
		fail=1
	fi
	rm -f "$dir"/in*.scn "$dir"/-* 2>/dev/null
done <"$dir/inputs"
echo "# $i hostile inputs, $bad failed (seed $seed)"

# The other commands, output faults and daemon programs (issue 20): each ends within 20 s with
# exit 0, 1, 2 or 4 and no sanitizer report.  "@" is the scratch folder.
mkfifo "$dir/fifo"
mkdir "$dir/d"
j=0
while IFS= read -r cmdline; do
	j=$((j + 1))
	# The line is shell words (quotes kept): eval only splits it.
	eval "set -- $(printf '%s\n' "$cmdline" | sed "s|@|$dir|g")"
	(cd "$dir" && timeout 20 "$TKSIM" "$@") >"$out" 2>&1 </dev/null
	rc=$?
	why=""
	case $rc in 0 | 1 | 2 | 4) ;; *) why="exit $rc" ;; esac
	if grep -q 'runtime error\|Sanitizer' "$out"; then why="a sanitizer report"; fi
	if [ -n "$why" ]; then
		echo "FAIL: command $j: $why: tksim $*"
		sed 's/^/  | /' "$out" | head -n 8
		fail=1
	fi
done <<'CASES'
explain tick --idle 1h
explain tick --idle 1ns
explain mult --freq 4294967295001
bugs
fuzz --runs 20 --quiet --out @/d
fuzz --decode /dev/zero
fuzz --decode @/d
fuzz --decode @/fifo
fuzz --input @/fifo
fuzz --inject reader-no-retry --runs 1 --out @/d
torture --seconds 200ms --window 1000000
torture --counter synthetic --jitter 1000 --checks inconsistency --seconds 1
daemon --duration 1s -- /bin/true
daemon --duration 1s -- /bin/sh -c 'exit 3'
daemon --duration 1s -- /bin/sh -c 'kill -SEGV $$'
daemon --duration 1s --wall-limit 1s -- /bin/sh -c 'while :; do :; done'
daemon --duration 1s --csv-interval 1ns -- /bin/true
daemon --duration 1s --csv /dev/full -- /bin/true
daemon -- /etc
run --duration 1s --csv /dev/full
run --duration 1s --csv @/missing/x.csv
run --duration 50ms --csv @/same --trace @/same
run --duration 1s --suspend 1ms:106751d
run @/fifo
run /dev/zero
run --duration 1s --stall 100ms:2000000000
torture --iterations 1 --checks threadtest
torture --checks seqcount --paths syscall --iterations 10
daemon --duration 1s -- /bin/sleep infinity
daemon --duration 1s --wall-limit 1s -- /bin/sh -c 'setsid sh -c "while :; do :; done" & exec sleep 2'
mirror --samples 1
bench --batches 1 --calls 1 --warmup 0 --engine 0 --quiet
CASES
echo "# $j hostile commands of every kind"
exit $fail
