#!/bin/sh
# tksim's own: the defects a hostile campaign found (issue 20), one test per item, each named
# after its number; every one failed before its fix.
set -u
top_srcdir=${top_srcdir:-.}
. "$top_srcdir/tests/cli/cli_lib.sh"
scratch

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
	env --default-signal=INT,HUP,TERM,USR1 "$TKSIM" run --duration 100d --csv "$tmp/f.csv" --csv-interval 1ms >"$out" 2>&1 &
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
env --default-signal=INT,HUP,TERM,USR1 "$TKSIM" run --duration 100d --json --csv "$tmp/j.csv" --csv-interval 1ms >"$out" 2>"$tmp/err" &
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
"$TKSIM" torture --seconds 60 --quiet >"$out" 2>&1 &
pid=$!
sleep 2
kill -s TERM $pid
wait $pid
rc=$?
[ $rc -eq 130 ] && echo "ok: item 8: torture, SIGTERM: exit 130" ||
	{ echo "FAIL: item 8: torture, SIGTERM: exit $rc"; fail=1; }
contains "INTERRUPTED by SIGTERM" "item 8: torture says so"

# Item 4: with stdout closed the vvar memfd is not fd 1, the run ends, and says so.
expect 2 "item 4: daemon --csv - with stdout closed" -- \
	sh -c 'exec timeout 20 "$0" daemon --duration 2s --csv - -- /bin/true >&-' "$TKSIM"
contains "cannot write the report to standard output: Bad file descriptor" "item 4: says why"
expect 0 "item 4: daemon with stdin closed" -- \
	sh -c 'exec timeout 20 "$0" daemon --duration 2s -- /bin/true <&-' "$TKSIM"

# Item 5: a program that never asks tksim anything is stopped at --wall-limit; what the
# program leaves behind is stopped at its end; SIGTERM to tksim stops the program.
expect 2 "item 5: a spinning program is stopped" -- timeout 20 "$TKSIM" daemon --duration 2s \
	--wall-limit 2s -- sh -c 'while :; do :; done'
contains "made no request for 2 s of wall time" "item 5: says why"
# sleep infinity is pause(), a virtual wait since issue 20 (tools/preload): it ends at the run's
# end (tests/cli/lifetime.sh times it).
expect 0 "item 5: sleep infinity (pause) ends at the run's end" -- timeout 20 "$TKSIM" daemon \
	--duration 2s --wall-limit 2s -- /bin/sleep infinity
contains "ended by SIGTERM at the end of the run" "item 5: by the end-of-run SIGTERM"
mark=987.$$
# Two processes that spin, never asking tksim anything: virtual time stands still.
"$TKSIM" daemon --duration 1h -- /bin/sh -c \
	'sh -c "while :; do :; done" "$0" & while :; do :; done' "$mark" >"$out" 2>&1 &
pid=$!
sleep 3 # past the start of an ASan build on a loaded machine
kill -s TERM $pid
wait $pid
rc=$?
[ $rc -eq 130 ] && echo "ok: item 5: SIGTERM to tksim daemon: exit 130" ||
	{ echo "FAIL: item 5: SIGTERM to tksim daemon: exit $rc"; fail=1; }
sleep 0.5
if pgrep -f "$mark" >/dev/null; then
	echo "FAIL: item 5: the program outlived tksim"
	kill -KILL $(pgrep -f "$mark")
	fail=1
else echo "ok: item 5: nothing left behind"; fi

# Item 6c: the daemon's intervals have a floor (each is a stop of virtual time).
expect 2 "item 6c: --csv-interval 1ns" -- timeout 20 "$TKSIM" daemon --duration 2s \
	--csv /dev/null --csv-interval 1ns -- /bin/sleep 1
contains "csv-interval must be 1ms at least" "item 6c: names the option"
expect 2 "item 6c: --log-interval 1ns" -- timeout 20 "$TKSIM" daemon --duration 2s \
	--log-interval 1ns -- /bin/sleep 1
contains "log-interval must be 0 (off) or 1ms at least" "item 6c: names the option"

# Item 6d: a FIFO or a device is no input: refused at once.
mkfifo "$tmp/fifo"
expect 2 "item 6d: run FIFO" -- timeout 10 "$TKSIM" run "$tmp/fifo"
contains "a FIFO, not a file" "item 6d: run names a FIFO"
expect 2 "item 6d: fuzz --input FIFO" -- timeout 10 "$TKSIM" fuzz --input "$tmp/fifo"
contains "a FIFO, not a file" "item 6d: fuzz --input names a FIFO"
expect 2 "item 6d: fuzz --decode FIFO" -- timeout 10 "$TKSIM" fuzz --decode "$tmp/fifo"
contains "a FIFO, not a file" "item 6d: fuzz --decode names a FIFO"
expect 2 "item 6d: run /dev/zero" -- timeout 10 "$TKSIM" run /dev/zero
contains "a character device, not a file" "item 6d: run names a device"
expect 2 "item 6d: fuzz --decode /dev/zero" -- timeout 10 "$TKSIM" fuzz --decode /dev/zero
contains "a character device, not a file" "item 6d: decode names a device"

# Item 7: lost output is never success.
expect 2 "item 7: fuzz --out /dev/full" -- timeout 20 "$TKSIM" fuzz --inject no-xtime-correction \
	--runs 200 --out /dev/full
contains "is not a folder" "item 7: fuzz --out names it"
expect 2 "item 7: daemon --csv /dev/full" -- timeout 20 "$TKSIM" daemon --duration 10s \
	--csv /dev/full -- /bin/sleep 5
contains "cannot write '/dev/full'" "item 7: daemon names it"
for args in "--help" "--version" "help run" "run --help" "bench --help" "torture --help" \
	"bugs --help" "mirror --help" "explain --help" "fuzz --help" "daemon --help" \
	"fuzz --list-known"; do
	# shellcheck disable=SC2086
	expect 2 "item 7: $args >/dev/full" -- sh -c '"$0" "$@" >/dev/full' "$TKSIM" $args
	# shellcheck disable=SC2086
	expect 2 "item 7: $args >&-" -- sh -c '"$0" "$@" >&-' "$TKSIM" $args
done
mkdir "$tmp/dir"
expect 2 "item 7: fuzz --decode DIR" -- "$TKSIM" fuzz --decode "$tmp/dir"
(cd "$tmp" && "$TKSIM" run --duration 50ms --csv same --trace same) >"$out" 2>&1
[ $? -eq 2 ] && echo "ok: item 7: --csv F --trace F" || { echo "FAIL: item 7: --csv F --trace F"; fail=1; }
contains "name the same file" "item 7: says so"
(cd "$tmp" && "$TKSIM" run --duration 50ms --csv same --trace ./same) >"$out" 2>&1
[ $? -eq 2 ] && echo "ok: item 7: --csv F --trace ./F" || { echo "FAIL: item 7: --csv F --trace ./F"; fail=1; }

# Item 9a: bugs only real threads show are refused by every deterministic command.
for bug in reader-no-retry threadtest-cmp; do
	printf 'duration 1s\nat 0 inject %s\nat 500ms read\n' $bug >"$tmp/h.scn"
	expect 2 "item 9a: at 0 inject $bug" -- "$TKSIM" run "$tmp/h.scn"
	contains "h.scn:2: inject $bug" "item 9a: at its line"
	contains "'tksim torture --inject $bug" "item 9a: names the command that shows it"
done
expect 2 "item 9a: daemon --inject reader-no-retry" -- "$TKSIM" daemon --inject reader-no-retry \
	-- /bin/true
expect 2 "item 9a: fuzz --inject reader-no-retry" -- "$TKSIM" fuzz --inject reader-no-retry --runs 1

# Item 9b: --jitter moves a CPU's own counter back: the inconsistency check is refused with it.
expect 2 "item 9b: --jitter with --checks inconsistency" -- timeout 20 "$TKSIM" torture \
	--counter synthetic --jitter 1000 --checks inconsistency --seconds 1
contains "with --jitter" "item 9b: says why"

# Item 10: a program's status is reported in words and mapped onto tksim's contract.
for st in 3 2 130 1; do
	expect 2 "item 10: program exits $st" -- timeout 20 "$TKSIM" daemon --duration 2s -- \
		sh -c "exit $st"
	contains "exited with status $st (the program's own failure, not a verdict)" \
		"item 10: exit $st in words"
done
expect 2 "item 10: program killed by SIGSEGV" -- timeout 20 "$TKSIM" daemon --duration 2s -- \
	sh -c 'kill -SEGV $$'
contains "SIGSEGV" "item 10: the signal by name"
expect 0 "item 10: program exits 0" -- timeout 20 "$TKSIM" daemon --duration 2s -- sh -c 'exit 0'

# Item 11: errors found after a scenario is read carry FILE:LINE and lose the dashes.
m11() { # LINE-IN-ERROR WORDS CONTENT...
	ln=$1 words=$2
	shift 2
	printf '%s\n' "$@" >"$tmp/m.scn"
	expect 2 "item 11: $*" -- "$TKSIM" run "$tmp/m.scn" --duration 100ms
	contains "m.scn:$ln: $words" "item 11: $* at its line"
	lacks " --[a-z]" "item 11: $*: no dashes"
}
m11 1 "watchdog needs clocksources" "watchdog hpet"
m11 1 "at lines take" "nohz 1s" "at 10ms read"
m11 1 "at lines take" "clocksources tsc,hpet" "at 10ms read"
m11 1 "json and a csv" "json" "csv -"
m11 2 "from must not be after to" "from 2s" "to 1s"
m11 1 "timens: MONOTONIC 10 s + offset -3600 s would be negative" "timens -1h,2d"
ex=$("$TKSIM" run --help | sed -n 's/.*(\([^;]*\); as \/proc.*/\1/p')
expect 0 "item 11: the --timens example of run --help ($ex) runs" -- "$TKSIM" run --duration 100ms \
	--timens "$ex"
expect 2 "item 11: daemon -- ''" -- "$TKSIM" daemon -- ''
contains "an empty command name" "item 11: an empty name"
printf 'x\n' >"$tmp/noexec"
chmod 644 "$tmp/noexec"
expect 2 "item 11: daemon -- a file without x" -- "$TKSIM" daemon -- "$tmp/noexec"
contains "is not executable (mode 0644)" "item 11: not executable"
expect 2 "item 11: daemon -- /etc" -- "$TKSIM" daemon -- /etc
contains "/etc: is a directory" "item 11: a directory"

# Item 6a: a --window longer than half a tick is refused (it held the seqcount odd for 67 s
# of a 200 ms run); --window 2000 still runs.
expect 2 "item 6a: torture --seconds 200ms --window 1000000" -- timeout 20 "$TKSIM" torture \
	--seconds 200ms --window 1000000
contains "window 1000000: the spins take about" "item 6a: names --window and the cost"
t0=$(date +%s)
expect 0 "item 6a: torture --seconds 1 --window 2000 --checks seqcount" -- timeout 20 \
	"$TKSIM" torture --seconds 1 --window 2000 --checks seqcount
[ $(($(date +%s) - t0)) -le 6 ] && echo "ok: item 6a: within its --seconds" ||
	{ echo "FAIL: item 6a: took $(($(date +%s) - t0)) s"; fail=1; }

# Item 6e: a check that gathered no samples is NOT CHECKED, exit 4, never a PASS: one round
# per reader appends 2 entries to threadtest's shared list, which is compared at 128.
expect 4 "item 6e: torture --iterations 1 --checks threadtest" -- timeout 20 "$TKSIM" torture \
	--iterations 1 --checks threadtest,sandwich
contains "NOT CHECKED: threadtest gathered no samples; the other checks held" \
	"item 6e: names the check that saw nothing"
lacks "PASS" "item 6e: no PASS"
expect 4 "item 6e: the same with --json" -- timeout 20 "$TKSIM" torture --iterations 1 \
	--checks threadtest --json
contains '"result": "not-checked"' "item 6e: the JSON says not-checked"
contains '"why": "threadtest gathered no samples"' "item 6e: and why"
expect 0 "item 6e: enough rounds fill the list" -- timeout 20 "$TKSIM" torture \
	--iterations 2000 --checks threadtest
expect 2 "item 6e: --checks seqcount --paths syscall (no vDSO read to check)" -- \
	"$TKSIM" torture --checks seqcount --paths syscall --iterations 10

# Item 6f (the 2026-12-01 campaign): a stall of 63 to 136 years took 20 s of CPU and more (one
# step per stalled second in the vDSO's split of ns into seconds and in the late tick, as in
# the kernel): past 366 days it is refused, as an option and as a setting; 366 days runs.
expect 2 "item 6f: --stall 100ms:2000000000 (63 years)" -- timeout 20 "$TKSIM" run \
	--duration 1s --stall 100ms:2000000000 --quiet
contains "stall is longer than 366d" "item 6f: names --stall and the bound"
printf 'duration 1s\nstall 100ms:4294967295\n' >"$tmp/stall.scn"
expect 2 "item 6f: stall 100ms:4294967295 in a file" -- timeout 20 "$TKSIM" run \
	"$tmp/stall.scn" --quiet
contains "stall.scn:2: stall is longer than 366d" "item 6f: at its FILE:LINE"
# 0.4 s of CPU (1.2 s under ASan); timeout's exit 124 fails it.
expect 0 "item 6f: --stall 100ms:366d runs within 20 s" -- timeout 20 "$TKSIM" run \
	--duration 1s --stall 100ms:366d --quiet

# Item 8b: SIGINT, SIGTERM and SIGHUP end bench and mirror cleanly: exit 130, no partial line
# (bench prints nothing of a cut run; mirror the clocks it finished).  Background jobs start
# with SIGINT ignored, and a suite started under nohup has SIGHUP ignored: env --default-signal
# gives back every signal these tests send (tksim keeps a signal ignored at its start ignored).
sigrun() { # SIG SECONDS ARGS...: start tksim ARGS, send SIG after SECONDS; $rc, $out
	sig=$1 after=$2
	shift 2
	env --default-signal=INT,HUP,TERM,USR1 "$TKSIM" "$@" >"$out" 2>"$out.err" &
	pid=$!
	sleep "$after"
	kill -s "$sig" $pid
	wait $pid
	rc=$?
}
for sig in INT TERM HUP; do
	# 3 s: past the start of an ASan build on a loaded machine (bench catches them first thing).
	sigrun $sig 3 bench --quick --engine 3650d
	[ $rc -eq 130 ] && echo "ok: item 8b: bench, SIG$sig: exit 130" ||
		{ echo "FAIL: item 8b: bench, SIG$sig: exit $rc"; fail=1; }
	[ ! -s "$out" ] && grep -q "interrupted by SIG$sig: nothing printed" "$out.err" &&
		echo "ok: item 8b: bench prints nothing and says why" ||
		{ echo "FAIL: item 8b: bench after SIG$sig:"; cat "$out" "$out.err"; fail=1; }
done
if "$TKSIM" mirror --samples 10 >/dev/null 2>&1 || [ $? -eq 4 ]; then
	for sig in INT TERM HUP; do
		sigrun $sig 1 mirror --samples 100000000
		[ $rc -eq 130 ] && echo "ok: item 8b: mirror, SIG$sig: exit 130" ||
			{ echo "FAIL: item 8b: mirror, SIG$sig: exit $rc"; fail=1; }
		contains "^INTERRUPTED by SIG$sig: every tksim read so far" "item 8b: mirror says so"
		# Every clock line is whole: its samples, its share in order and the host bracket.
		if grep '^  CLOCK_' "$out" | grep -qv 'samples .* in order .*(host bracket'; then
			echo "FAIL: item 8b: a partial clock line"; fail=1
		else echo "ok: item 8b: mirror's clock lines are whole"; fi
	done
	sigrun TERM 1 mirror --samples 100000000 --json
	[ $rc -eq 130 ] && grep -q '"result": "interrupted"' "$out" &&
		echo "ok: item 8b: mirror --json says interrupted, exit 130" ||
		{ echo "FAIL: item 8b: mirror --json after SIGTERM: exit $rc"; cat "$out"; fail=1; }
else
	echo "note: tksim mirror cannot read this host's vvar page: its signals are not tried"
fi

# Found by tests/hostile's campaign (2026-12-02): explain ran every tick up to --at (10d took
# hours, KTIME_MAX forever); diff took an option for the value of the one before it, and the
# word after that for its scenario ("cannot read scenario '300ms'").
expect 2 "campaign: explain read --at KTIME_MAX ends at once" -- \
	timeout 20 "$TKSIM" explain read --at=9223372036854775807ns
contains "at most 1h" "campaign: explain says its bound"
expect 0 "campaign: explain read --at 1h still runs" -- timeout 60 "$TKSIM" explain read --at 1h
expect 2 "campaign: diff --freq --duration 300ms" -- "$TKSIM" diff --freq --duration 300ms
contains "'--freq' needs a value, not the option '--duration'" "campaign: diff names the option"

# Found by the same campaign: --start-before-y2038 2147483648 (1970) moved 2^31 s into
# REALTIME one second a step, 0.65 s of CPU a run (20 s and more under ASan and load).
# Three runs' CPU time in all, from the shell's `times`, must stay well below that.
cpu=$( (for i in 1 2 3; do "$TKSIM" run --start-before-y2038 2147483648 --duration 1ms \
	--quiet >/dev/null 2>&1; done; times) | sed -n '2s/^\([0-9]*\)m\([0-9]*\)\..*/\1 \2/p')
if [ -n "$cpu" ] && [ $((${cpu% *} * 60 + ${cpu#* })) -lt 1 ]; then
	echo "ok: campaign: --start-before-y2038 2147483648 costs no loop over its seconds"
else
	echo "FAIL: campaign: three runs of --start-before-y2038 2147483648 took ${cpu:-?} (min s) of CPU"
	fail=1
fi
expect 0 "campaign: --start-before-y2038 2147483648 boots in 1970" -- \
	"$TKSIM" run --start-before-y2038 2147483648 --duration 1ms
contains "REALTIME  *0\.001" "campaign: REALTIME starts at the epoch"

# Found by the same campaign: explain booted a system whose tick is longer than max_idle_ns
# (the counter wraps between ticks), which run refuses, and explain tick --bits 16 spun for good.
expect 2 "campaign: explain tick --bits 16 is refused" -- timeout 10 "$TKSIM" explain tick --bits 16
contains "longer than this clocksource's max_idle_ns" "campaign: explain says why"
expect 0 "campaign: explain mult --bits 16 still explains mult" -- "$TKSIM" explain mult --bits 16

# Found by the same campaign: a `kernel` setting that names no tree lost its FILE:LINE.
printf 'duration 10ms\nkernel 4294967296\n' >"$tmp/k.scn"
expect 2 "campaign: a scenario's kernel that is no tree" -- "$TKSIM" run "$tmp/k.scn"
contains "k.scn:2: kernel tree 4294967296: neither a release" "campaign: at its line"

# Found by the same campaign: a --tsc-hz past the u32 kHz the clocksource registers with
# was taken, and torture then said only "cannot run: Invalid argument".
expect 2 "campaign: torture --tsc-hz 18446744073709551615" -- \
	"$TKSIM" torture --tsc-hz 18446744073709551615 --seconds 100ms
contains "tsc-hz must be 1000000..4294967295000" "campaign: torture names --tsc-hz"

# Found by the continued campaign (seed 3000): settings that fail when used rather than when
# read lost their FILE:LINE: a `trace` or `csv` that cannot be written (cases 19932, 21697) and
# a diff scenario's `kernel 65` (15964); `daemon --csv ''` did not show the empty name.
printf 'duration 10ms\ntrace %s/missing/x.csv\n' "$tmp" >"$tmp/t.scn"
expect 2 "campaign: a scenario's trace that cannot be written" -- "$TKSIM" run "$tmp/t.scn"
contains "t.scn:2: cannot write '$tmp/missing/x.csv': No such file" "campaign: trace at its line"
printf 'duration 10ms\ncsv %s/missing/x.csv\n' "$tmp" >"$tmp/c.scn"
expect 2 "campaign: a scenario's csv that cannot be written" -- "$TKSIM" run "$tmp/c.scn"
contains "c.scn:2: cannot write '$tmp/missing/x.csv'" "campaign: csv at its line"
# ... and one that opens but cannot be written (case 41246: /proc/version, EIO at the flush).
if [ -w /proc/version ] && ! (echo x >/proc/version) 2>/dev/null; then
	printf 'duration 10ms\ncsv /proc/version\n' >"$tmp/p.scn"
	expect 2 "campaign: a scenario's csv whose writes fail" -- "$TKSIM" run "$tmp/p.scn"
	contains "p.scn:2: cannot write '/proc/version'" "campaign: the failed write at its line"
fi
printf 'duration 10ms\ntrace /dev/full\n' >"$tmp/f.scn"
expect 2 "campaign: a scenario's trace on /dev/full" -- "$TKSIM" run "$tmp/f.scn"
contains "f.scn:2: cannot write '/dev/full': No space left" "campaign: /dev/full at its line"
printf 'duration 10ms\nkernel 65\nat 1ms read\n' >"$tmp/d.scn"
expect 2 "campaign: a diff scenario's kernel that is no tree" -- "$TKSIM" diff "$tmp/d.scn"
contains "d.scn:2: kernel tree 65: neither a release" "campaign: diff's kernel at its line"
expect 2 "campaign: daemon --csv ''" -- "$TKSIM" daemon --duration 10ms --csv '' -- /bin/true
contains "cannot write '': " "campaign: the empty name shown"

exit $fail
