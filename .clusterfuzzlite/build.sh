#!/bin/bash -eu
# tksim's own: build the libFuzzer targets for ClusterFuzzLite / OSS-Fuzz (docs/fuzzing.md,
# "OSS-Fuzz").  The infrastructure gives CC, CFLAGS, LIB_FUZZING_ENGINE, SRC and OUT; run it
# locally against the existing libFuzzer build as
#   OUT=/tmp/cfl CC=clang CFLAGS=-fsanitize=address LIB_FUZZING_ENGINE=-fsanitize=fuzzer \
#       .clusterfuzzlite/build.sh
# Target: tksim_ops_fuzzer, the op-language target over the model (tests/fuzz/target.c), with
# the seed corpus and the dictionary.  The kernel backend has no libFuzzer target yet
# (tksim fuzz --differential --kernel TREE is the differential fuzzer over it).
cd "${SRC:-$(dirname "$0")/..}/tksim" 2>/dev/null || cd "$(dirname "$0")/.."
top=$(pwd)
: "${OUT:?OUT: where the fuzzers go}"
: "${LIB_FUZZING_ENGINE:=-fsanitize=fuzzer}"
autoreconf -fi >/dev/null
build=${CFL_BUILD:-build-cfl}
mkdir -p "$build" "$OUT"
cd "$build"
# --enable-fuzzing links the target with -fsanitize=fuzzer itself (the engine OSS-Fuzz names
# libFuzzer's in $LIB_FUZZING_ENGINE); the engine's flag is not given to configure, whose test
# programs have a main of their own.  The sanitizer of this build comes in CFLAGS.
"$top/configure" --quiet --enable-fuzzing CC="${CC:-clang}" CFLAGS="${CFLAGS:-} -g -O1"
make -j"$(nproc)" tests/fuzz/tksim-fuzzer >/dev/null
cp tests/fuzz/tksim-fuzzer "$OUT/tksim_ops_fuzzer"
rm -f "$OUT/tksim_ops_fuzzer_seed_corpus.zip"
zip -qj "$OUT/tksim_ops_fuzzer_seed_corpus.zip" "$top"/tests/fuzz/corpus/*
cp "$top"/tests/fuzz/tksim.dict "$OUT/tksim_ops_fuzzer.dict"
echo "built $OUT/tksim_ops_fuzzer"
