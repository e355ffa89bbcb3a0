#!/bin/sh
# tksim's own: Debian 12's chronyd, unmodified, with one NTP server over a noisy simulated path
# (tksim daemon --server: 5 ms each way plus up to 500 us of jitter), for one simulated hour from
# a 100 ms initial error and a +35 ppm fast counter.  chronyd must step the 100 ms away, hold the
# clock within 100 us of true time and find the counter's frequency; with the request's path
# 1 ms longer than the reply's, it must settle 500 us ahead (the asymmetry no NTP client can
# see); two runs must be byte-identical.  The hour is scenarios/daemon/chronyd-ntp.scn; its leap
# variant, chronyd-ntp-leap.scn (the server's replies announce an inserted leap second in their
# LI bits until midnight), must see chronyd arm STA_INS and the kernel insert the second (TAI -
# UTC 1 s) with the clock within 200 us of true time at the end.  SKIP (77) when the package
# cannot be fetched.
. "${top_srcdir:-.}/tests/daemon/daemon_lib.sh"
daemon_fetch
chronyd=$bin/daemons/root/usr/sbin/chronyd

# One server; no NTP server socket of chronyd's own (port 0) and no command socket.
chrony_conf "server 192.0.2.1 iburst minpoll 4 maxpoll 6"
run() {
	rm -f "$tmp/drift"
	path=$1
	shift
	# timeout: a wait that never ends must fail the test, not hang it
	timeout 300 "$TKSIM" daemon --server "192.0.2.1,delay=5ms,jitter=500us$path" --offset 0.1 --ppm 35 \
		--log-interval 600s "$@" -- "$chronyd" -d -u root -f "$tmp/chrony.conf"
}
final() { sed -n "s/^initial error .*final state: t=${2:-3600}.000000000 error=\\([-+0-9]*\\)ns .*/\\1/p" "$1"; }
scn() {
	rm -f "$tmp/drift"
	timeout 300 "$TKSIM" daemon "$top_srcdir/scenarios/daemon/$1.scn" -- "$chronyd" -d -u root \
		-f "$tmp/chrony.conf"
}

scn chronyd-ntp >"$tmp/a" 2>&1
rc=$?
cat "$tmp/a"
[ $rc = 0 ] || bad "tksim daemon -- chronyd exited $rc"
grep -q 'Selected source 192.0.2.1' "$tmp/a" || bad "chronyd did not select the NTP server"
grep -q 'adjtimex calls: .* setoffset 1 ' "$tmp/a" || bad "chronyd did not step the 100 ms away"
grep -q '^network: sent \([1-9][0-9]*\) (dropped 0), replies arrived \1, read \1$' "$tmp/a" ||
	bad "chronyd did not read every reply"
err=$(final "$tmp/a")
echo "chronyd's final error: ${err:-?} ns"
[ -n "$err" ] && [ "${err#[-+]}" -lt 100000 ] || bad "the error ${err:-?} ns is not below 100 us"
freq=$(sed -n 's/^initial error .*final state: .* freq=\([-+0-9.]*\)ppm .*/\1/p' "$tmp/a")
case $freq in -3[45].*) ;; *) bad "the kernel frequency ${freq:-?} ppm does not cancel +35 ppm" ;; esac

# The leap second: announced by the server, armed by chronyd, inserted by the kernel.
scn chronyd-ntp-leap >"$tmp/l" 2>&1
rc=$?
cat "$tmp/l"
[ $rc = 0 ] || bad "tksim daemon chronyd-ntp-leap.scn -- chronyd exited $rc"
grep -q 'System clock status set to insert leap second' "$tmp/l" ||
	bad "chronyd did not take the server's leap announcement"
grep -q '^kernel PLL: .* tai 1$' "$tmp/l" || bad "the kernel did not insert the leap second (TAI - UTC not 1 s)"
grep -q 'adjtimex calls: .* setoffset 1 .*; steps 1$' "$tmp/l" ||
	bad "chronyd stepped more than the initial 100 ms: the leap was not the kernel's"
err=$(final "$tmp/l" 7200)
echo "chronyd's final error after the leap: ${err:-?} ns"
[ -n "$err" ] && [ "${err#[-+]}" -lt 200000 ] || bad "after the leap the error ${err:-?} ns is not below 200 us"

# The request's path 1 ms longer: chronyd ends half of it, 500 us, ahead of true time.
run ",asym=1ms" --duration 3600s >"$tmp/as" 2>&1
err=$(final "$tmp/as")
echo "chronyd's final error with asym=1ms: ${err:-?} ns"
[ -n "$err" ] && [ "${err#+}" -gt 400000 ] && [ "${err#+}" -lt 600000 ] ||
	bad "with asym=1ms the error ${err:-?} ns is not 500 +- 100 us"

# Deterministic: a short run twice gives the same bytes (chronyd's log included).
run "" --duration 600s >"$tmp/b1" 2>&1
run "" --duration 600s >"$tmp/b2" 2>&1
cmp "$tmp/b1" "$tmp/b2" || bad "two identical chronyd runs differ"
exit $fail
