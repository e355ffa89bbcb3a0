#!/usr/bin/env bash
# quickstart.sh - set up, build and use tksim on Debian 12 in one command.
#
#   ./quickstart.sh run     install build dependencies, build, run the default scenario
#   ./quickstart.sh check   install build dependencies, build, run `make check`
#
# The build lives in build/; the command is build/tools/tksim.
#
# Idempotent: packages already installed, a configure already run and an
# up-to-date build are all kept, so a second run takes seconds.  Needs root
# or sudo for the package step only.  Extra arguments after the command are
# passed on (to `tksim run`, or to `make check` as make variables).
set -euo pipefail
cd "$(dirname "$0")"

# Every package the build, the tests and the coverage report need.
# python3 checks the JSON reports, groff-base the man page, bsdextrautils gives the
# README's `column`; gcc-multilib builds the i386 reader and qemu-user runs it where the
# host kernel runs no i386 programs; libseccomp-dev and libcap-ng-dev are `tksim daemon`'s
# barrier between its program and the host's clock; xz-utils unpacks the kernel trees.
PACKAGES=(gcc make autoconf automake autoconf-archive libtool pkgconf check lcov valgrind
	gnuplot-nox gcc-multilib qemu-user python3 groff-base bsdextrautils libseccomp-dev
	libcap-ng-dev xz-utils)
# The explorer's (docs/explorer.md: configure --enable-explorer), with QUICKSTART_EXPLORER=1
# (.ci/run sets it): emcc builds the core to WebAssembly, chromium runs the page's test.
[ "${QUICKSTART_EXPLORER:-0}" = 1 ] && PACKAGES+=(emscripten chromium)

install_packages() {
	local missing=()
	for p in "${PACKAGES[@]}"; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	local sudo=()
	[ "$(id -u)" -eq 0 ] || sudo=(sudo)
	echo "quickstart: installing ${missing[*]}"
	"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
	"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

# The kernel trees of `tksim run --kernel` (docs/kernel-backend.md), into the kernel cache
# (~/.cache/tksim/kernels, kept between runs); a tree that cannot be fetched is skipped.
fetch_kernels() {
	scripts/fetch-kernels.sh 6.12 >/dev/null || echo "quickstart: linux-source-6.12 not fetched"
	scripts/fetch-kernels.sh 6.1 >/dev/null || echo "quickstart: linux-source-6.1 not fetched"
}

# Out of tree, in build/, so that the source tree stays clean for other
# builds (the sanitizer builds, make distcheck).
build() {
	[ -x configure ] || autoreconf -fi
	mkdir -p build
	[ -f build/Makefile ] || (cd build && ../configure --quiet)
	make -C build -j"$(nproc)" >/dev/null
}

cmd=${1:-}
[ $# -gt 0 ] && shift
case "$cmd" in
run)
	install_packages
	fetch_kernels
	build
	exec ./build/tools/tksim run "$@"
	;;
check)
	install_packages
	fetch_kernels
	build
	exec make -C build -j"$(nproc)" check "$@"
	;;
*)
	echo "usage: $0 run|check [ARGS...]" >&2
	exit 2
	;;
esac
