#!/bin/sh
# tksim's own: line, branch and function coverage of timekeeper/ (and vdso/) by fuzz corpora,
# measured with gcc --coverage and lcov over the standalone replay driver (tests/fuzz/replay).
#
#   scripts/coverage.sh BUILD-DIR CORPUS...
#
# BUILD-DIR is a build folder of its own (created and configured with CFLAGS="-O0 -g
# --coverage" when it has no Makefile; never your ordinary build/).  Each CORPUS is a folder of
# fuzz inputs or one input (tests/fuzz/corpus, a libFuzzer corpus, an AFL++ queue).  Prints
# lcov's per-file summary of timekeeper/ (lines, functions, branches) and writes
# BUILD-DIR/coverage.info (timekeeper/ and vdso/) and the HTML report BUILD-DIR/coverage-html/.
# Needs gcc and lcov (1.16 here).  Findings of the replay are printed but do not stop it.
set -eu
[ $# -ge 2 ] || { sed -n '2,12p' "$0"; exit 2; }
src=$(cd "$(dirname "$0")/.." && pwd)
build=$1
shift
mkdir -p "$build"
build=$(cd "$build" && pwd)
[ "$build" != "$src/build" ] || { echo "coverage.sh: use a build folder of its own, not build/" >&2; exit 2; }
lcov_rc="--rc lcov_branch_coverage=1"
if [ ! -f "$build/Makefile" ]; then
	[ -x "$src/configure" ] || (cd "$src" && autoreconf -fi)
	(cd "$build" && "$src/configure" --quiet CC=gcc CFLAGS="-O0 -g --coverage" LDFLAGS=--coverage)
fi
make -C "$build" -s tests/fuzz/replay >/dev/null
# shellcheck disable=SC2086
lcov -q $lcov_rc --zerocounters -d "$build"
"$build/tests/fuzz/replay" "$@" | tail -1 || true
# shellcheck disable=SC2086
lcov -q $lcov_rc --capture -d "$build" -b "$build" -o "$build/coverage-all.info" 2>/dev/null
# shellcheck disable=SC2086
lcov -q $lcov_rc --extract "$build/coverage-all.info" "*/timekeeper/*" "*/vdso/*" \
	-o "$build/coverage.info"
# shellcheck disable=SC2086
lcov -q $lcov_rc --extract "$build/coverage.info" "*/timekeeper/*" -o "$build/coverage-tk.info"
# shellcheck disable=SC2086
lcov $lcov_rc --list "$build/coverage-tk.info"
# shellcheck disable=SC2086
genhtml -q $lcov_rc --branch-coverage -o "$build/coverage-html" "$build/coverage.info" \
	>/dev/null
echo "HTML report: $build/coverage-html/index.html"
