#!/bin/sh
# tksim's own: libFuzzer campaigns over the fuzz target (build: ./configure --enable-fuzzing
# CC=clang && make tests/fuzz/tksim-fuzzer, in the folder BUILD).  Usage:
#
#   tests/fuzz/libfuzzer.sh fork BUILD CORPUS N SECONDS   # -fork=N worker processes
#   tests/fuzz/libfuzzer.sh run BUILD CORPUS SECONDS [DIR...]  # one process; DIRs: extra
#                                                 # corpora read at start (an AFL++ queue);
#                                                 # $LIBFUZZER_FLAGS adds flags, e.g.
#                                                 # "-fork=1 -ignore_crashes=1" to go on
#                                                 # after a finding
#   tests/fuzz/libfuzzer.sh merge BUILD OUT IN...         # corpus minimisation (-merge=1)
#
# The seed corpus (tests/fuzz/corpus) is copied into CORPUS first; new inputs are written to
# CORPUS only; crashes are saved as CORPUS/../crash-*; replay one with
# BUILD/tests/fuzz/tksim-fuzzer FILE or the gcc driver.
set -eu
cmd=${1:-}
src=$(dirname "$0")
case $cmd in
fork)
	build=$2 corpus=$3 n=$4 secs=$5
	mkdir -p "$corpus"
	cp -n "$src"/corpus/* "$corpus"/ 2>/dev/null || true
	"$build/tests/fuzz/tksim-fuzzer" -fork="$n" -max_total_time="$secs" \
		-dict="$src/tksim.dict" -artifact_prefix="$corpus/../" "$corpus"
	;;
run)
	build=$2 corpus=$3 secs=$4
	shift 4
	mkdir -p "$corpus"
	cp -n "$src"/corpus/* "$corpus"/ 2>/dev/null || true
	# shellcheck disable=SC2086
	"$build/tests/fuzz/tksim-fuzzer" ${LIBFUZZER_FLAGS:-} -max_total_time="$secs" -print_final_stats=1 \
		-dict="$src/tksim.dict" -artifact_prefix="$corpus/../" "$corpus" "$@"
	;;
merge)
	build=$2 out=$3
	shift 3
	mkdir -p "$out"
	"$build/tests/fuzz/tksim-fuzzer" -merge=1 "$out" "$@"
	;;
*)
	sed -n '2,14p' "$0"
	exit 2
	;;
esac
