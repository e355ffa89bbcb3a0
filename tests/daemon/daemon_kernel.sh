#!/bin/sh
# tksim's own: `tksim daemon --kernel 6.12`: Debian 12's chronyd, unmodified, disciplining the
# tree's own kernel/time/ntp.c (Debian's linux-source-6.12, scripts/fetch-kernels.sh) for one
# simulated hour with a SHM refclock (scenarios/daemon/chronyd-shm.scn).  chronyd must
# synchronise the tree's clock as it does the model's; the tree's ntp.c, read back through
# ktree_snapshot() and its own adjtimex(), must hold the frequency chronyd set (had the calls
# gone to the model only, the tree's time_freq would be 0 and its clock 35 ppm off); the
# tree's coarse clocks before v6.15 go back, a known kernel bug the run names and counts.
# ntpd (ntpsec), where it can be fetched, runs the tree's kernel PLL for half an hour.
# SKIP (77) when chronyd or the tree cannot be fetched.
. "${top_srcdir:-.}/tests/daemon/daemon_lib.sh"
daemon_fetch
chronyd=$bin/daemons/root/usr/sbin/chronyd
. "$top_srcdir/tests/ktree/ktree_fetch.sh"
need_tree 6.12
echo "tree: $tree"

chrony_conf "refclock SHM 0 poll 2"
run() { # run OUT [OPTIONS]: chronyd on chronyd-shm.scn
	out=$1
	shift
	rm -f "$tmp/drift"
	"$TKSIM" daemon "$top_srcdir/scenarios/daemon/chronyd-shm.scn" "$@" -- \
		"$chronyd" -d -u root -f "$tmp/chrony.conf" >"$tmp/$out" 2>&1
}
final_error() { sed -n 's/^initial error .*final state: t=3600.000000000 error=\([-+0-9]*\)ns .*/\1/p' "$tmp/$1"; }

run tree --kernel 6.12
rc=$?
cat "$tmp/tree"
[ $rc = 0 ] || bad "tksim daemon --kernel 6.12 -- chronyd exited $rc"
grep -q 'Selected source SHM0' "$tmp/tree" || bad "chronyd did not select the SHM refclock"
grep -q '^kernel: tree 6\.12\.[0-9]* .*: its timekeeping.c, ntp.c and lib/vdso answered' "$tmp/tree" ||
	bad "the run does not say the tree answered"
grep -q ' 0 clock reads in its process$' "$tmp/tree" ||
	bad "the program read the model's vvar page in its process"
err=$(final_error tree)
echo "the tree's final error: ${err:-?} ns"
[ -n "$err" ] && [ "${err#[-+]}" -lt 1000000 ] || bad "on the tree the error ${err:-?} ns is not below 1 ms"
# The PLL line is the tree's ntp.c: time_freq from its adjtimex(), time_offset from its statics.
freq=$(sed -n 's/^kernel PLL: .* time_freq \([-+0-9.]*\)ppm .*/\1/p' "$tmp/tree")
case $freq in -3[45].*) ;; *) bad "the tree's time_freq ${freq:-?} ppm does not cancel +35 ppm" ;; esac
grep -q "^daemon's view: offset $err""ns, frequency [-+]0\.[0-9]*ppm against true time$" "$tmp/tree" ||
	bad "the tree's clock does not run within 1 ppm of true time"
grep -q "^oracle: [1-9][0-9]* instants checked, every other property held; the tree's own code broke one [1-9][0-9]* times, a known kernel bug: CLOCK_MONOTONIC_COARSE goes back" "$tmp/tree" ||
	bad "the oracle did not name 6.12's coarse clocks going back"

# The same run on the model (its reads requests too): it synchronises as well, and its coarse
# clocks (v6.15's coarse_nsec) never go back.
run model --syscall-reads
rc=$?
[ $rc = 0 ] || bad "the same run on the model exited $rc"
merr=$(final_error model)
echo "the model's final error: ${merr:-?} ns"
[ -n "$merr" ] && [ "${merr#[-+]}" -lt 1000000 ] || bad "on the model the error ${merr:-?} ns is not below 1 ms"
grep -q '^oracle: [1-9][0-9]* instants checked, every property held$' "$tmp/model" ||
	bad "the model's oracle did not hold"
grep -q '^kernel: ' "$tmp/model" && bad "the model's run names a tree"

# ntpd (ntpsec) where it can be fetched: its ntp_adjtime() calls drive the tree's own kernel
# PLL (STA_PLL, time_offset), with one server over a noisy path (scenarios/daemon/ntpd-ntp.scn,
# half an hour); it ends within 1 ms of true time, and within 1 us of the model's same run.
if "$top_srcdir/scripts/fetch-daemons.sh" "$bin/daemons" ntpsec >/dev/null; then
	cat >"$tmp/ntp.conf" <<CONF
server 192.0.2.1 iburst minpoll 4 maxpoll 6
driftfile $tmp/ntp.drift
CONF
	ntp() { # ntp OUT [OPTIONS]
		out=$1
		shift
		rm -f "$tmp/ntp.drift"
		LD_LIBRARY_PATH="$bin/daemons/root/usr/lib/x86_64-linux-gnu:$bin/daemons/root/lib/x86_64-linux-gnu" \
			timeout 300 "$TKSIM" daemon "$top_srcdir/scenarios/daemon/ntpd-ntp.scn" \
			--log-interval 0 --duration 1800s "$@" -- "$bin/daemons/root/usr/sbin/ntpd" -n -g \
			-c "$tmp/ntp.conf" >"$tmp/$out" 2>&1
	}
	ntp ntpd --kernel 6.12
	rc=$?
	tail -8 "$tmp/ntpd"
	[ $rc = 0 ] || bad "tksim daemon --kernel 6.12 -- ntpd exited $rc"
	grep -q '^kernel PLL: .* time_freq -3[45]\.[0-9]*ppm .*status 0x[0-9a-f]* (pll' "$tmp/ntpd" ||
		bad "ntpd did not run the tree's kernel PLL at the counter's frequency"
	nerr=$(sed -n 's/^initial error .*final state: t=1800.000000000 error=\([-+0-9]*\)ns .*/\1/p' "$tmp/ntpd")
	ntp ntpd.model --syscall-reads
	merr=$(sed -n 's/^initial error .*final state: t=1800.000000000 error=\([-+0-9]*\)ns .*/\1/p' "$tmp/ntpd.model")
	echo "ntpd's final error: tree ${nerr:-?} ns, model ${merr:-?} ns"
	[ -n "$nerr" ] && [ "${nerr#[-+]}" -lt 1000000 ] || bad "ntpd on the tree: the error ${nerr:-?} ns is not below 1 ms"
	d=$((${nerr:-0} - ${merr:-1000000}))
	[ "${d#-}" -le 1000 ] || bad "ntpd: the tree ends ${d} ns from the model"
else
	echo "ntpd not checked: ntpsec cannot be fetched (scripts/fetch-daemons.sh DIR ntpsec)"
fi

# What --kernel cannot have: the model's bugs, aux clocks.  A release not fetched is a skip
# (exit 4, saying how to fetch it); a directory that is no tree, exit 2.
run inject --kernel 6.12 --inject coarse-pre-6.15 --duration 10s
rc=$?
[ $rc = 2 ] || bad "--kernel with --inject exited $rc, not 2"
TKSIM_KERNEL_CACHE=$tmp/cache run absent --kernel 5.4 --duration 10s
rc=$?
cat "$tmp/absent"
[ $rc = 4 ] || bad "--kernel of a release not fetched exited $rc, not 4 (skip)"
grep -q 'skipped: .*fetch-kernels.sh 5.4' "$tmp/absent" || bad "the skip does not say how to fetch"
run nodir --kernel "$tmp/no-such-tree" --duration 10s
rc=$?
[ $rc = 2 ] || bad "--kernel of a missing directory exited $rc, not 2"
exit $fail
