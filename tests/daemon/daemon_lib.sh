# tksim's own: what the `tksim daemon` tests share; sourced by tests/daemon/daemon*.sh, not run.
# shellcheck shell=sh disable=SC2034
#
# Sets $TKSIM (tools/tksim by default), $top_srcdir, $bin (the build folder, absolute), $tmp
# (a temporary folder, removed on exit, writable by the daemon, which runs as nobody), $fail
# and bad() (say FAIL, remember it).  daemon_fetch [PACKAGE] fetches Debian 12's chrony (or
# PACKAGE) into $bin/daemons with scripts/fetch-daemons.sh, or ends the test as SKIP (77).
set -u
: "${TKSIM:=tools/tksim}"
: "${top_srcdir:=.}"
bin=$(cd "$(dirname "$TKSIM")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
chmod 777 "$tmp"
fail=0
bad() { echo "FAIL: $*"; fail=1; }
daemon_fetch() { "$top_srcdir/scripts/fetch-daemons.sh" "$bin/daemons" "$@" || exit 77; }
# chrony_conf SOURCE: $tmp/chrony.conf with SOURCE (a refclock or server line), makestep 1 3,
# the drift and pid files in $tmp, and no NTP server socket of chronyd's own (port 0) nor
# command socket (cmdport 0, no Unix socket).
chrony_conf() {
	cat >"$tmp/chrony.conf" <<CONF
$1
makestep 1 3
driftfile $tmp/drift
pidfile $tmp/chronyd.pid
bindcmdaddress /
cmdport 0
port 0
CONF
}
