#!/bin/sh
# tksim's own: Debian 12's ntpd (ntpsec 1.2.2), unmodified, with one NTP server over a noisy
# simulated path, for half a simulated hour from a 100 ms initial error and a +35 ppm fast
# counter.  ntpd must reach the kernel PLL (STA_PLL) through ntp_adjtime, pull the error below
# 1 ms and find the counter's frequency; its once-a-second SIGALRM comes from a virtual
# timer_create() timer; its loopstats go to a temp folder; two runs must be byte-identical
# (its log lines carry the virtual process id 4242).  The half hour is
# scenarios/daemon/ntpd-ntp.scn cut short; its leap variant, ntpd-ntp-leap.scn (the server's
# replies announce an inserted leap second in their LI bits until midnight), must see ntpd take
# the announcement (its debug line "leap_armed") and schedule it where ntpsec 1.2.2's leapsec_add() puts a leap heard on 2026-12-31: 2027-01-31
# (it keeps the day of the month), so that the kernel gets no STA_INS, the second is not
# inserted (TAI - UTC 0) and ntpd steps the clock back by the server's 1 s after its stepout,
# ending within 1 ms of true time.  SKIP (77) when the package cannot be fetched.
. "${top_srcdir:-.}/tests/daemon/daemon_lib.sh"
daemon_fetch ntpsec
ntpd=$bin/daemons/root/usr/sbin/ntpd
export LD_LIBRARY_PATH="$bin/daemons/root/usr/lib/x86_64-linux-gnu:$bin/daemons/root/lib/x86_64-linux-gnu"

cat >"$tmp/ntp.conf" <<CONF
server 192.0.2.1 iburst minpoll 4 maxpoll 6
driftfile $tmp/ntp.drift
statsdir $tmp/
statistics loopstats
filegen loopstats file loopstats type none enable
CONF
run() {
	rm -f "$tmp/ntp.drift" "$tmp/loopstats"
	# -n: no fork, log to stderr; -g: accept the first offset whatever its size.
	# timeout: a wait that never ends must fail the test, not hang it
	timeout 300 "$TKSIM" daemon --server 192.0.2.1,delay=5ms,jitter=500us --offset 0.1 --ppm 35 \
		--log-interval 300s --duration "$1" -- "$ntpd" -n -g -c "$tmp/ntp.conf"
}
scn() {
	rm -f "$tmp/ntp.drift" "$tmp/loopstats"
	scenario=$1 # $debug set: ntpd -d (its debug lines)
	shift
	timeout 300 "$TKSIM" daemon "$top_srcdir/scenarios/daemon/$scenario.scn" "$@" -- "$ntpd" -n -g \
		${debug:+-d} -c "$tmp/ntp.conf"
}
scn ntpd-ntp --log-interval 300s --duration 1800s >"$tmp/a" 2>&1
rc=$?
cat "$tmp/a"
[ "$(sed -n 's/.*IO: Listen normally on //p' "$tmp/a")" = "2 lo 127.0.0.1:123
3 eth0 192.0.2.2:123
4 lo [::1]:123" ] || bad "ntpd did not listen on exactly the simulated machine's addresses"
[ $rc = 0 ] || bad "tksim daemon -- ntpd exited $rc"
grep -q 'ntpd ntpsec-1.2.2: Starting' "$tmp/a" || bad "ntpd did not start"
grep -q 'refusing' "$tmp/a" && bad "the preload refused something of ntpd's"
grep -q '^kernel PLL: .* status 0x[0-9a-f]* ([a-z+]*pll' "$tmp/a" || bad "ntpd did not put the kernel in PLL mode"
grep -q 'adjtimex calls: read [0-9]* offset [1-9]' "$tmp/a" || bad "ntpd made no ADJ_OFFSET call"
grep -q '^network: sent \([1-9][0-9]*\) (dropped 0), replies arrived \1, read \1$' "$tmp/a" ||
	bad "ntpd did not read every reply"
err=$(sed -n 's/^initial error .*final state: t=1800.000000000 error=\([-+0-9]*\)ns .*/\1/p' "$tmp/a")
echo "ntpd's final error: ${err:-?} ns"
[ -n "$err" ] && [ "${err#[-+]}" -lt 1000000 ] || bad "the error ${err:-?} ns is not below 1 ms"
freq=$(sed -n 's/^initial error .*final state: .* freq=\([-+0-9.]*\)ppm .*/\1/p' "$tmp/a")
case $freq in -3[45].*) ;; *) bad "the kernel frequency ${freq:-?} ppm does not cancel +35 ppm" ;; esac
[ -s "$tmp/loopstats" ] || bad "ntpd wrote no loopstats"

# The leap second, with ntpd's debug lines (-d) to see its leap table.
debug=1 scn ntpd-ntp-leap >"$tmp/l" 2>&1
rc=$?
grep 'ntpd\[.*CLOCK\|leap_armed\|^tksim\|^adjtimex\|^network\|^initial\|^kernel\|^oracle' "$tmp/l"
[ $rc = 0 ] || bad "tksim daemon ntpd-ntp-leap.scn -- ntpd exited $rc"
grep -q 'leap_armed' "$tmp/l" || bad "ntpd did not take the server's leap announcement"
# Its leap table's due time: now + ddist of its leapsec_query lines (2027-01-01 is 1798761600).
due=$(awk '/^\*\*\* leapsec_query: .* tai_diff 1, ddist/ { print $6 + $NF; exit }' "$tmp/l")
echo "ntpd's leap due at ${due:-?} (2027-01-31T00:00:00Z is 1801353600)"
[ "$due" = 1801353600 ] || bad "ntpd did not schedule the leap for 2027-01-31T00:00:00Z"
grep -q '^kernel PLL: .* tai 0$' "$tmp/l" || bad "TAI - UTC changed: the kernel inserted a leap ntpd did not arm"
grep -q 'CLOCK: time stepped by -0\.99' "$tmp/l" || bad "ntpd did not step the missed leap second back"
err=$(sed -n 's/^initial error .*final state: t=7200.000000000 error=\([-+0-9]*\)ns .*/\1/p' "$tmp/l")
echo "ntpd's final error after the leap: ${err:-?} ns"
[ -n "$err" ] && [ "${err#[-+]}" -lt 1000000 ] || bad "after the leap the error ${err:-?} ns is not below 1 ms"

# Deterministic: a short run twice gives the same bytes (ntpd's process id is the virtual 4242).
run 300s >"$tmp/b1" 2>&1
run 300s >"$tmp/b2" 2>&1
grep -q 'ntpd\[4242\]: INIT: ntpd ntpsec-1.2.2: Starting' "$tmp/b1" || bad "ntpd's log does not show the virtual pid"
cmp "$tmp/b1" "$tmp/b2" || bad "two identical ntpd runs differ"
exit $fail
