#!/bin/sh
# tksim's own: fetch a Debian 12 daemon package into DIR and unpack it there (never installed,
# never started as a service): chrony gives DIR/root/usr/sbin/chronyd, ntpsec DIR/root/usr/sbin/ntpd.
# Shared libraries the program needs that this machine lacks are fetched and unpacked the same
# way (run it with LD_LIBRARY_PATH=DIR/root/usr/lib/x86_64-linux-gnu:DIR/root/lib/x86_64-linux-gnu).
# Exit 77 when it cannot be fetched (no network, no apt), so that a test using it reports SKIP.
#   scripts/fetch-daemons.sh DIR [chrony|ntpsec]     (default chrony)
set -u
dir=${1:?usage: fetch-daemons.sh DIR [chrony|ntpsec]}
pkg=${2:-chrony}
case $pkg in
chrony) prog=chronyd ;;
ntpsec) prog=ntpd ;;
*) echo "fetch-daemons: unknown package $pkg" && exit 2 ;;
esac
[ -x "$dir/root/usr/sbin/$prog" ] && exit 0
# Tests run in parallel: one fetch at a time into DIR, so that none unpacks a .deb another is
# still downloading; a fetch that waited finds the program there.
mkdir -p "$dir" || exit 77
if command -v flock >/dev/null; then
	exec 9>"$dir/.fetch.lock" && flock 9 || exit 77
	[ -x "$dir/root/usr/sbin/$prog" ] && exit 0
fi
command -v apt-get >/dev/null && command -v dpkg-deb >/dev/null || {
	echo "fetch-daemons: apt-get and dpkg-deb are needed"
	exit 77
}
mkdir -p "$dir/debs" || exit 77
fetch() {
	(cd "$dir/debs" && apt-get download "$1" >/dev/null 2>&1) || {
		echo "fetch-daemons: apt-get download $1 failed"
		exit 77
	}
	for deb in "$dir"/debs/"$1"_*.deb; do
		dpkg-deb -x "$deb" "$dir/root" || exit 77
	done
}
fetch "$pkg"
[ -x "$dir/root/usr/sbin/$prog" ] || exit 77
# Libraries not on this machine: Debian 12 names them after their sonames.
libs=$(ldd "$dir/root/usr/sbin/$prog" 2>/dev/null | sed -n 's/^\t*\([^ ]*\) => not found$/\1/p')
for lib in $libs; do
	case $lib in
	libssl.so.3 | libcrypto.so.3) fetch libssl3 ;;
	libbsd.so.0) fetch libbsd0 ;;
	libmd.so.0) fetch libmd0 ;;
	libcap.so.2) fetch libcap2 ;;
	libseccomp.so.2) fetch libseccomp2 ;;
	libgnutls.so.30) fetch libgnutls30 ;;
	libnettle.so.8) fetch libnettle8 ;;
	*) echo "fetch-daemons: $prog needs $lib, which this script does not know" && exit 77 ;;
	esac
done
exit 0
