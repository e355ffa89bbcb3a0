#!/bin/sh
# tksim's own: lcov coverage of a kernel tree's own kernel/time/timekeeping.c and ntp.c over fuzz
# corpora, run on the tree through the kernel-tree backend (tests/fuzz/ktree_coverage.sh checks it
# in make check).
#   tests/fuzz/ktree-coverage.sh BUILD-DIR TREE CORPUS...
# BUILD-DIR holds a gcc build (tests/fuzz/replay); TREE is 6.12, 6.1 or a path.  The tree's object
# is built with TKSIM_KTREE_CFLAGS=--coverage (ktree/ktree_build.c: a cached object of its own,
# built in place so that the .gcda files sit beside the .gcno files); each run starts from zeroed
# counters, which count every input (ktree/ktree_keep.c).  Prints lcov's summary per file and
# leaves BUILD-DIR/ktree-coverage.info.
set -eu
build=$1 tree=$2
shift 2
export TKSIM_KTREE_CFLAGS=--coverage TKSIM_KERNEL="$tree"
cache=${TKSIM_KERNEL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tksim/kernels}
# One input first, so that an object is built (or found).  An input runs on the object of its
# system's HZ (ktree/ktree.c: one object per HZ, each in a folder of its own): every --coverage
# object's folder is counted, found by its .gcno.
"$build/tests/fuzz/replay" "$(dirname "$0")/corpus/valid-adjtimex" >/dev/null || true
dirs=
for d in "$cache"/build/*/; do
	[ -f "$d/kt_timekeeping.gcno" ] || continue
	find "$d" -name '*.gcda' -delete
	dirs="$dirs --directory $d"
done
[ -n "$dirs" ] || { echo "ktree-coverage: no --coverage object in $cache/build" >&2; exit 2; }
"$build/tests/fuzz/replay" "$@" | tail -1
# shellcheck disable=SC2086
lcov --quiet --capture $dirs --output-file "$build/ktree-coverage.raw" \
	--rc lcov_branch_coverage=1 >/dev/null 2>&1
lcov --quiet --extract "$build/ktree-coverage.raw" '*/kernel/time/timekeeping.c' \
	'*/kernel/time/ntp.c' --output-file "$build/ktree-coverage.info" \
	--rc lcov_branch_coverage=1 >/dev/null
lcov --list "$build/ktree-coverage.info" --rc lcov_branch_coverage=1
