#!/bin/bash -eu
# tksim's own: build the libFuzzer targets for ClusterFuzzLite / OSS-Fuzz (docs/fuzzing.md,
# "OSS-Fuzz").  The infrastructure gives CC, CFLAGS, LIB_FUZZING_ENGINE, SRC and OUT; run it
# locally against the existing libFuzzer build as
#   OUT=/tmp/cfl CC=clang CFLAGS=-fsanitize=address LIB_FUZZING_ENGINE=-fsanitize=fuzzer \
#       .clusterfuzzlite/build.sh
# Targets: tksim_ops_fuzzer, the op-language target over the model (tests/fuzz/target.c), with
# the seed corpus and the dictionary; and, where Debian's 6.12 tree can be fetched
# (scripts/fetch-kernels.sh 6.12: a Debian image; OSS-Fuzz's Ubuntu base has no such package),
# tksim_ktree_fuzzer, the same target over the tree's own code, shipped with the tree's sources,
# the shims and the tree's object built here, beside it in $OUT (tests/fuzz/target.c finds
# them there).  The tree's object is not coverage-instrumented (TKSIM_KTREE_CFLAGS, ktree/
# ktree_build.c): libFuzzer is guided by the harness's edges.
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
if tree=$("$top/scripts/fetch-kernels.sh" 6.12 2>/dev/null) && [ -d "$tree" ]; then
	make -j"$(nproc)" tests/fuzz/tksim-ktree-fuzzer >/dev/null
	rm -rf "$OUT/tksim-kernels" "$OUT/tksim-ktree"
	mkdir -p "$OUT/tksim-kernels" "$OUT/tksim-ktree"
	cp -a "$tree" "$OUT/tksim-kernels/6.12"
	cp -a "$top"/ktree/shim "$top"/ktree/tree "$top"/ktree/ktree.h "$top"/ktree/ktree_abi.h \
		"$OUT/tksim-ktree/"
	cp tests/fuzz/tksim-ktree-fuzzer "$OUT/tksim_ktree_fuzzer"
	cp "$OUT/tksim_ops_fuzzer_seed_corpus.zip" "$OUT/tksim_ktree_fuzzer_seed_corpus.zip"
	cp "$top"/tests/fuzz/tksim.dict "$OUT/tksim_ktree_fuzzer.dict"
	# one run builds the tree's object into $OUT/tksim-kernels/build (no compiler at run time)
	"$OUT/tksim_ktree_fuzzer" -runs=1 "$top/tests/fuzz/corpus/valid-adjtimex" >/dev/null 2>&1 || true
	echo "built $OUT/tksim_ktree_fuzzer"
else
	echo "no 6.12 tree here (scripts/fetch-kernels.sh 6.12): tksim_ktree_fuzzer not built"
fi
