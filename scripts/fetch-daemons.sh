#!/bin/sh
# tksim's own: fetch Debian 12's chrony package into DIR and unpack it there (never installed,
# never started as a service): DIR/root/usr/sbin/chronyd.  Exit 77 when it cannot be fetched
# (no network, no apt), so that a test using it reports SKIP.
#   scripts/fetch-daemons.sh DIR
set -u
dir=${1:?usage: fetch-daemons.sh DIR}
[ -x "$dir/root/usr/sbin/chronyd" ] && exit 0
command -v apt-get >/dev/null && command -v dpkg-deb >/dev/null || {
	echo "fetch-daemons: apt-get and dpkg-deb are needed"
	exit 77
}
mkdir -p "$dir/debs" || exit 77
(cd "$dir/debs" && apt-get download chrony >/dev/null 2>&1) || {
	echo "fetch-daemons: apt-get download chrony failed"
	exit 77
}
for deb in "$dir"/debs/chrony_*.deb; do
	dpkg-deb -x "$deb" "$dir/root" || exit 77
done
[ -x "$dir/root/usr/sbin/chronyd" ] || exit 77
