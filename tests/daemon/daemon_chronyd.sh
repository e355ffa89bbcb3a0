#!/bin/sh
# tksim's own: Debian 12's chronyd, unmodified, on the simulated kernel for one simulated hour
# with a SHM refclock, from a 100 ms initial error and a +35 ppm fast counter
# (scenarios/daemon/chronyd-shm.scn).  chronyd must pull the clock's error below 1 ms and find
# the counter's frequency; the oracle must hold, and catch an injected bug; the CSV, in-process
# reads and a leap second (scenarios/daemon/chronyd-shm-leap.scn) are checked too.  SKIP (77)
# when the package cannot be fetched.  Never -F (seccomp): the preload would refuse it.
. "${top_srcdir:-.}/tests/daemon/daemon_lib.sh"
daemon_fetch
chronyd=$bin/daemons/root/usr/sbin/chronyd

# No NTP servers, no NTP or command sockets (port 0, cmdport 0, no Unix socket).
chrony_conf "refclock SHM 0 poll 2"
scn=$top_srcdir/scenarios/daemon
run() { # run SCENARIO [OPTIONS]: chronyd on the simulated kernel
	rm -f "$tmp/drift"
	s=$1
	shift
	# -u root: chronyd keeps the (believed) root instead of looking up its _chrony user.
	"$TKSIM" daemon "$scn/$s.scn" "$@" -- "$chronyd" -d -u root -f "$tmp/chrony.conf"
}
run chronyd-shm --csv "$tmp/a.csv" --csv-interval 60s >"$tmp/a" 2>&1
rc=$?
cat "$tmp/a"
[ $rc = 0 ] || bad "tksim daemon -- chronyd exited $rc"
grep -q 'chronyd version 4' "$tmp/a" || bad "chronyd did not start"
grep -q 'Selected source SHM0' "$tmp/a" || bad "chronyd did not select the SHM refclock"
err=$(sed -n 's/^initial error .*final state: t=3600.000000000 error=\([-+0-9]*\)ns .*/\1/p' "$tmp/a")
echo "chronyd's final error: ${err:-?} ns"
[ -n "$err" ] && [ "${err#[-+]}" -lt 1000000 ] || bad "the error ${err:-?} ns is not below 1 ms"
freq=$(sed -n 's/^initial error .*final state: .* freq=\([-+0-9.]*\)ppm .*/\1/p' "$tmp/a")
case $freq in -3[45].*) ;; *) bad "the kernel frequency ${freq:-?} ppm does not cancel +35 ppm" ;; esac
grep -q 'adjtimex calls: .* frequency [1-9]' "$tmp/a" || bad "chronyd made no ADJ_FREQUENCY call"
grep -q '^oracle: [1-9][0-9]* instants checked, every property held$' "$tmp/a" ||
	bad "the oracle did not check the run"
grep -q "^daemon's view: offset $err""ns, frequency [-+]0\.[0-9]*ppm against true time$" "$tmp/a" ||
	bad "the daemon's view is not the final error with a frequency within 1 ppm of true"
# The CSV: a header and a row a minute, whose last error is the summary's.
[ "$(sed -n '1s/,.*//p' "$tmp/a.csv")" = t_s ] || bad "the CSV has no header"
[ "$(wc -l <"$tmp/a.csv")" -eq 61 ] || bad "the CSV has not 60 rows"
[ "$(tail -n 1 "$tmp/a.csv" | cut -d, -f1,2)" = "3600.000,${err#+}" ] ||
	bad "the CSV's last row is not the summary's final error"

# Deterministic: a short run twice gives the same bytes (chronyd's log included); reads in
# the daemon's process (the shared vvar page) give what reads served by tksim give.
run chronyd-shm --duration 300s >"$tmp/b1" 2>&1
run chronyd-shm --duration 300s >"$tmp/b2" 2>&1
cmp "$tmp/b1" "$tmp/b2" || bad "two identical chronyd runs differ"
run chronyd-shm --duration 300s --syscall-reads >"$tmp/b3" 2>&1
grep -v '^tksim daemon: \|^oracle: ' "$tmp/b1" >"$tmp/b1.x"
grep -v '^tksim daemon: \|^oracle: ' "$tmp/b3" >"$tmp/b3.x"
cmp "$tmp/b1.x" "$tmp/b3.x" || bad "in-process vDSO reads differ from reads served by tksim"
grep -q ' 0 clock reads in its process$' "$tmp/b3" || bad "--syscall-reads read in the process"
grep -q ' [1-9][0-9]* clock reads in its process$' "$tmp/b1" || bad "no read in the process"

# NOHZ idle by default: one tick per wake-up (a few hundred in 300 s, not 300 000);
# --periodic-tick runs every tick of HZ=1000.
ticks=$(sed -n 's/^tksim daemon: .* waits, \([0-9]*\) ticks, .*/\1/p' "$tmp/b1")
[ -n "$ticks" ] && [ "$ticks" -lt 3000 ] || bad "NOHZ idle ran ${ticks:-?} ticks in 300 s"
run chronyd-shm --duration 300s --periodic-tick >"$tmp/p" 2>&1 || bad "--periodic-tick failed"
grep -q '^tksim daemon: .* waits, 300000 ticks, ' "$tmp/p" || bad "--periodic-tick did not tick at HZ"

# The oracle stays on: v6.15's fix of coarse clocks undone, chronyd's ADJ_FREQUENCY calls
# move MONOTONIC_COARSE back, and the run ends at once with exit 1 naming the property.
run chronyd-shm --duration 300s --inject coarse-pre-6.15 >"$tmp/c" 2>&1
rc=$?
[ $rc = 1 ] || bad "a run with coarse-pre-6.15 exited $rc, not 1"
grep -q 'property violated at .*CLOCK_MONOTONIC_COARSE went back' "$tmp/c" ||
	bad "the oracle did not name MONOTONIC_COARSE going back"

# A leap second: chronyd takes it from the SHM refclock's leap indicator, the kernel
# inserts it (TAI - UTC becomes 1 s) and the clock ends near true (POSIX) time.
run chronyd-shm-leap --log-interval 0 >"$tmp/l" 2>&1
rc=$?
cat "$tmp/l"
[ $rc = 0 ] || bad "the leap run exited $rc"
grep -q 'System clock status set to insert leap second' "$tmp/l" ||
	bad "chronyd did not set STA_INS"
grep -q '^kernel PLL: .* tai 1$' "$tmp/l" || bad "the kernel did not insert the leap second"
err=$(sed -n 's/^initial error .*final state: t=7200.000000000 error=\([-+0-9]*\)ns .*/\1/p' "$tmp/l")
[ -n "$err" ] && [ "${err#[-+]}" -lt 1000000 ] || bad "after the leap the error ${err:-?} ns is not below 1 ms"
exit $fail
