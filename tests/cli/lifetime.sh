#!/bin/sh
# tksim's own: whatever tksim starts ends when tksim ends (issue 20): the fuzz workers on INT,
# TERM and KILL of tksim, the daemon's program and what it starts on tksim's own end and on
# KILL, the i386 reader that never says hello.  Only processes this test started are
# signalled, by pid; each is marked with a unique argument to find it in /proc.
set -u
top_srcdir=${top_srcdir:-.}
. "$top_srcdir/tests/cli/cli_lib.sh"
scratch

children() { # PID: its children's pids
	cat /proc/"$1"/task/*/children 2>/dev/null
}
gone() { # PIDS...: true when none of them runs within 3 s
	for _ in $(seq 30); do
		alive=
		for p in "$@"; do
			[ -e /proc/"$p" ] && [ "$(cut -d' ' -f3 /proc/"$p"/stat 2>/dev/null)" != Z ] &&
				alive="$alive $p"
		done
		[ -z "$alive" ] && return 0
		sleep 0.1
	done
	kill -KILL $alive 2>/dev/null
	return 1
}

# fuzz --jobs 2: INT, TERM end the run (exit 130, the summary); KILL of tksim ends the workers.
for sig in INT TERM KILL; do
	env --default-signal=INT,TERM "$TKSIM" fuzz --jobs 2 --seconds 60 --quiet --out "$tmp" \
		>"$out" 2>&1 &
	pid=$!
	for _ in $(seq 50); do
		[ "$(children $pid | wc -w)" -ge 2 ] && break
		sleep 0.1
	done
	workers=$(children $pid)
	kill -s $sig $pid
	wait $pid
	rc=$?
	if gone $workers; then echo "ok: fuzz workers end on SIG$sig"; else
		echo "FAIL: fuzz workers outlived SIG$sig to tksim"
		fail=1
	fi
	[ $sig = KILL ] && continue
	[ $rc -eq 130 ] && echo "ok: fuzz: SIG$sig gives exit 130" ||
		{ echo "FAIL: fuzz: SIG$sig gives exit $rc"; fail=1; }
	contains "interrupted by SIG$sig" "fuzz: SIG$sig is named"
done

# The daemon's program and its descendants: KILL of tksim ends the program (PDEATHSIG).
"$TKSIM" daemon --duration 1h -- /bin/sh -c 'while :; do :; done' >"$out" 2>&1 &
pid=$!
for _ in $(seq 50); do
	prog=$(children $pid)
	[ -n "$prog" ] && break
	sleep 0.1
done
sleep 0.3
kill -KILL $pid
wait $pid 2>/dev/null
if gone $prog; then echo "ok: the daemon's program ends on SIGKILL of tksim"; else
	echo "FAIL: the daemon's program outlived SIGKILL of tksim"
	fail=1
fi

# A descendant that left the program's group and session (setsid) ends on SIGKILL of tksim
# too: the keeper, a subreaper whose pipe from tksim closes when tksim dies, stops the tree.
mark="tksim-lifetime-$$-escapee"
"$TKSIM" daemon --duration 1h -- /bin/sh -c \
	"setsid /bin/sh -c ': $mark; while :; do :; done' & while :; do :; done" >"$out" 2>&1 &
pid=$!
esc=
for _ in $(seq 50); do
	# The marked shell that is not the one (or the setsid) that started it; "[e]" keeps grep
	# from matching its own command line.
	for c in $(grep -a -l -e "${mark%e}[e]" /proc/[0-9]*/cmdline 2>/dev/null); do
		grep -a -q -F setsid "$c" 2>/dev/null || { esc=${c%/cmdline} && esc=${esc#/proc/}; }
	done
	[ -n "$esc" ] && break
	sleep 0.1
done
kill -KILL $pid
wait $pid 2>/dev/null
if [ -n "$esc" ] && gone $esc; then
	echo "ok: a setsid descendant of the daemon's program ends on SIGKILL of tksim"
else
	echo "FAIL: the setsid descendant outlived SIGKILL of tksim ('$esc')"
	fail=1
fi
# The same on tksim's own end (--wall-limit): the keeper stops it and tksim says so.
expect 2 "daemon: a spinning program and its setsid child are stopped at --wall-limit" -- \
	timeout 30 "$TKSIM" daemon --duration 1h --wall-limit 2s -- /bin/sh -c \
	"setsid /bin/sh -c 'while :; do :; done' & while :; do :; done"
contains "stopped 1 process /bin/sh left behind" "the keeper stopped the setsid child"

# pause() and sigsuspend() are virtual waits (issue 20): `sleep infinity` (pause()) ends at the
# run's end by the end-of-run SIGTERM, at once, not after --wall-limit's 30 s.
t0=$(date +%s)
expect 0 "daemon -- /bin/sleep infinity ends at --duration" -- timeout 25 "$TKSIM" daemon \
	--duration 2s -- /bin/sleep infinity
contains "ended by SIGTERM at the end of the run" "it is the end-of-run SIGTERM"
[ $(($(date +%s) - t0)) -le 10 ] && echo "ok: sleep infinity: within 10 s of wall time" ||
	{ echo "FAIL: sleep infinity took $(($(date +%s) - t0)) s"; fail=1; }
expect 0 "daemon -- a shell's wait on sleep infinity ends too" -- timeout 25 "$TKSIM" daemon \
	--duration 2s -- /bin/sh -c 'sleep infinity & wait'

# The i386 reader: one that never says hello is given up on (exit 4), and ends with tksim.
printf '#!/bin/sh\nexec sleep 987\n' >"$tmp/fake"
chmod +x "$tmp/fake"
expect 4 "a reader without a hello: cannot run here" -- env TKSIM_READER32="$tmp/fake" \
	timeout 30 "$TKSIM" run --duration 1s --m32-readers
contains "no hello from the reader" "says so"
env TKSIM_READER32="$tmp/fake" "$TKSIM" run --duration 1h --m32-readers >"$out" 2>&1 &
pid=$!
sleep 1
reader=$(children $pid)
kill -KILL $pid
wait $pid 2>/dev/null
if [ -n "$reader" ] && gone $reader; then echo "ok: the reader ends on SIGKILL of tksim"; else
	echo "FAIL: the reader outlived SIGKILL of tksim ('$reader')"
	fail=1
fi
exit $fail
