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
#   tests/fuzz/libfuzzer.sh speed BUILD SECONDS           # execs/s per core, no sanitizers
#
# speed builds BUILD/tksim-fuzzer-speed (clang -O2 -fsanitize=fuzzer, no sanitizers, the harness
# left out of the coverage instrumentation: tests/fuzz/coverage-ignore.txt; BUILD is a gcc
# build folder, for config.h and gen_corpus) and, as BUILD/tksim-fuzzer-speed-all, the same with
# everything instrumented; each fuzzes the 64 generated 32-op inputs of `tksim bench`'s fuzz
# row for SECONDS and prints executions per second of wall time and of CPU time (per core).
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
speed)
	build=$2 secs=$3
	tmp=$(mktemp -d)
	"$build/tests/fuzz/gen_corpus" --bench "$tmp/inputs"
	srcs="tests/fuzz/libfuzzer.c tests/fuzz/target.c vdso/*.c timekeeper/*.c sim/*.c sim/*/*.c"
	# shellcheck disable=SC2086
	clang -O2 -w -fsanitize=fuzzer -fsanitize-coverage-ignorelist="$src/coverage-ignore.txt" \
		-I. -I"$build" -o "$build/tksim-fuzzer-speed" $srcs -lm -lpthread
	# shellcheck disable=SC2086
	clang -O2 -w -fsanitize=fuzzer -I. -I"$build" -o "$build/tksim-fuzzer-speed-all" $srcs \
		-lm -lpthread
	for bin in tksim-fuzzer-speed tksim-fuzzer-speed-all; do
		rm -rf "$tmp/corpus" && cp -r "$tmp/inputs" "$tmp/corpus"
		max=$(wc -c "$tmp"/inputs/* | sort -n | tail -2 | head -1 | awk '{print $1}')
		/usr/bin/time -f "%U %S" -o "$tmp/cpu" "$build/$bin" -max_total_time="$secs" \
			-max_len="$max" -print_final_stats=1 "$tmp/corpus" >"$tmp/log" 2>&1 || true
		execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$tmp/log")
		awk -v b="$bin" -v e="$execs" -v s="$secs" '{ c = $1 + $2;
			printf "%s: %d executions in %d s: %.0f/s wall, %.0f per CPU second (%.2f s)\n",
			b, e, s, e / s, e / c, c }' "$tmp/cpu"
	done
	rm -rf "$tmp"
	;;
*)
	sed -n '2,22p' "$0"
	exit 2
	;;
esac
