#!/bin/sh
# tksim's own: Debian 12's chronyd, unmodified, on the simulated kernel for one simulated hour
# with a SHM refclock, from a 100 ms initial error and a +35 ppm fast counter.  chronyd must
# pull the clock's error below 1 ms and find the counter's frequency.  SKIP (77) when the
# package cannot be fetched.  Never -F (seccomp): the preload would refuse it.
set -u
: "${TKSIM:=tools/tksim}"
: "${top_srcdir:=.}"
bin=$(cd "$(dirname "$TKSIM")/.." && pwd)
"$top_srcdir/scripts/fetch-daemons.sh" "$bin/daemons" || exit 77
chronyd=$bin/daemons/root/usr/sbin/chronyd
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
chmod 777 "$tmp" # the daemon runs as nobody and writes its pid and drift files here
fail=0
bad() { echo "FAIL: $*"; fail=1; }

# No NTP servers, no NTP or command sockets (port 0, cmdport 0, no Unix socket).
cat >"$tmp/chrony.conf" <<CONF
refclock SHM 0 poll 2
makestep 1 3
driftfile $tmp/drift
pidfile $tmp/chronyd.pid
bindcmdaddress /
cmdport 0
port 0
CONF
run() {
	rm -f "$tmp/drift"
	# -u root: chronyd keeps the (believed) root instead of looking up its _chrony user.
	"$TKSIM" daemon --shm --shm-noise 2us --offset 0.1 --ppm 35 --duration "$1" \
		--log-interval 600s -- "$chronyd" -d -u root -f "$tmp/chrony.conf"
}
run 3600s >"$tmp/a" 2>&1
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
# Deterministic: a short run twice gives the same bytes (chronyd's log included).
run 300s >"$tmp/b1" 2>&1
run 300s >"$tmp/b2" 2>&1
cmp "$tmp/b1" "$tmp/b2" || bad "two identical chronyd runs differ"
exit $fail
