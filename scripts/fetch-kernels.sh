#!/bin/sh
# tksim's own: fetch a Debian 12 linux-source package and unpack from its tarball only the paths
# the kernel-tree backend compiles (include/, kernel/time/, lib/vdso/, arch/x86/include/) into a
# cache outside the source tree: ${TKSIM_KERNEL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tksim/kernels}/VERSION.
# Nothing is installed; the kernel's files are never copied into the repository.
# Prints the tree's directory on success. Idempotent: a tree already unpacked is not fetched again.
# Exit 77 when it cannot be fetched (no network, no apt), so that a test using it reports SKIP.
#   scripts/fetch-kernels.sh [6.12|6.1]     (default 6.12)
set -u
ver=${1:-6.12}
case $ver in
6.12 | 6.1) ;;
*) echo "fetch-kernels: unknown release $ver (6.12 or 6.1)" >&2 && exit 2 ;;
esac
cache=${TKSIM_KERNEL_CACHE:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/tksim/kernels}
dir=$cache/$ver
done_mark=$dir/.tksim-unpacked
if [ -f "$done_mark" ]; then
	echo "$dir"
	exit 0
fi
mkdir -p "$cache" || exit 77
# Tests run in parallel: one fetch at a time, so that none unpacks a tarball another is still
# downloading; a fetch that waited finds the tree there.
if command -v flock >/dev/null; then
	exec 9>"$cache/.fetch-$ver.lock" && flock 9 || exit 77
	if [ -f "$done_mark" ]; then
		echo "$dir"
		exit 0
	fi
fi
for tool in apt-get dpkg-deb tar xz; do
	command -v $tool >/dev/null || {
		echo "fetch-kernels: $tool is needed" >&2
		exit 77
	}
done
debs=$cache/debs
mkdir -p "$debs" || exit 77
pkg=linux-source-$ver
set -- "$debs"/"$pkg"_*.deb
if [ ! -f "$1" ]; then
	(cd "$debs" && apt-get download "$pkg" >/dev/null 2>&1) || {
		echo "fetch-kernels: apt-get download $pkg failed" >&2
		exit 77
	}
	set -- "$debs"/"$pkg"_*.deb
fi
[ -f "$1" ] || exit 77
tmp=$dir.tmp.$$
rm -rf "$tmp" && mkdir -p "$tmp" || exit 77
# The package holds one tarball, linux-source-VER/...: stream it out of the .deb and keep only
# the backend's paths (about 11 s: the tarball is read once, nothing else is written).
top=linux-source-$ver
dpkg-deb --fsys-tarfile "$1" | tar -xO "./usr/src/$top.tar.xz" | xz -dc |
	tar -x -C "$tmp" --strip-components=1 \
		"$top/include" "$top/kernel/time" "$top/lib/vdso" "$top/arch/x86/include" "$top/Makefile" || {
	echo "fetch-kernels: unpacking $1 failed" >&2
	rm -rf "$tmp"
	exit 77
}
# The Debian version of the package, for the backend's report.
basename "$1" .deb | sed 's/^[^_]*_//; s/_all$//' >"$tmp/.tksim-package-version"
rm -rf "$dir" && mv "$tmp" "$dir" && touch "$done_mark" || exit 77
echo "$dir"
