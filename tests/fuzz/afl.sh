#!/bin/sh
# tksim's own: AFL++ over the fuzz target: one main and N-1 secondary instances sharing a sync
# folder (on one machine, or several machines over a shared file system: run this on each
# with a different FIRST).  Usage, from the source tree after ./configure && make:
#
#   tests/fuzz/afl.sh build                  # builds ./afl-tksim (afl-clang-fast, persistent)
#   tests/fuzz/afl.sh run SYNC N [SECONDS] [FIRST]   # N instances, FIRST's number (default 0)
#
# Instance 0 is the main (-M main); the others are secondaries (-S sec-K).  $TKSIM_INJECT
# fuzzes a model with injected bugs.  $AFL_TKSIM names the binary (default ./afl-tksim);
# $AFL_FOREIGN names another fuzzer's corpus folder (a libFuzzer CORPUS) that the main imports
# (-F).  Findings land in SYNC/*/crashes/; replay them with `build/tests/fuzz/replay FILE`.
set -eu
cmd=${1:-}
case $cmd in
build)
	# The library is compiled here too, so that AFL++ instruments it: its sources, flags and
	# libraries are read from the configured build's Makefile ($AFL_BUILD, default build/).
	top=$(pwd) b=$(cd "${AFL_BUILD:-build}" && pwd)
	mk=$(mktemp)
	trap 'rm -f "$mk"' EXIT
	printf '%s\n' 'print-srcs: ; @echo $(addprefix $(abs_top_srcdir)/,$(filter %.c,$(libtksim_a_SOURCES)))' \
		'print-cpp: ; @echo $(DEFAULT_INCLUDES) $(AM_CPPFLAGS) $(CPPFLAGS)' \
		'print-libs: ; @echo $(LIBS)' >"$mk"
	m() { make -s --no-print-directory -C "$b" -f Makefile -f "$mk" "$1"; }
	# shellcheck disable=SC2046
	(cd "$b" && afl-clang-fast -O2 -w $(m print-cpp) -I"$top" -o "$top/afl-tksim" \
		"$top/tests/fuzz/afl.c" "$top/tests/fuzz/target.c" $(m print-srcs) $(m print-libs) \
		-lm -lpthread)
	;;
run)
	sync=$2
	n=$3
	secs=${4:-600}
	first=${5:-0}
	mkdir -p "$sync"
	i=$first
	while [ "$i" -lt $((first + n)) ]; do
		if [ "$i" -eq 0 ]; then role="-M main"; else role="-S sec-$i"; fi
		if [ "$i" -eq 0 ] && [ -n "${AFL_FOREIGN:-}" ]; then role="$role -F $AFL_FOREIGN"; fi
		# shellcheck disable=SC2086
		AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
			timeout "$secs" afl-fuzz $role -i tests/fuzz/corpus -o "$sync" \
			-x tests/fuzz/tksim.dict -- "${AFL_TKSIM:-./afl-tksim}" >"$sync/afl-$i.log" 2>&1 &
		i=$((i + 1))
	done
	wait
	;;
*)
	sed -n '2,13p' "$0"
	exit 2
	;;
esac
