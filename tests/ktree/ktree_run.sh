#!/bin/sh
# tksim's own: the kernel-tree backend under `tksim run`: Debian's linux-source-6.12, fetched
# into the kernel cache by scripts/fetch-kernels.sh (SKIP, 77, when it cannot be), runs an
# hour and a scenario with every check of the oracle on both of its paths; a tree that is not
# there is a skip (exit 4), one that does not build names the file and the symbol (exit 2).
. "${top_srcdir:-.}/tests/ktree/ktree_lib.sh"

# An hour of the tree's own update_wall_time(), ntp.c disciplined by the NTP daemon model.
"$TKSIM" run --kernel 6.12 --duration 1h >"$tmp/run" 2>&1
rc=$?
cat "$tmp/run"
[ $rc = 0 ] || bad "tksim run --kernel 6.12 exited $rc"
grep -q 'properties                   all held' "$tmp/run" || bad "the oracle did not say all held"
grep -q '^  largest |vDSO - kernel-side|  0 ns' "$tmp/run" ||
	bad "the tree's vDSO and its kernel-side getters disagree"

# A scenario's ops (adjtimex, settimeofday ...) reach the tree's own syscalls.  freq-step.scn's
# calls come between ticks: at 40.000629 s the frequency goes up, timekeeping_advance(TK_ADV_FREQ)
# lowers xtime_nsec, and 6.12's coarse clocks, which follow it (v6.15's coarse_nsec,
# b71f9804f66c, fixed that), go back: the tree's own code stops the run there, as the model's
# 6.12 profile does, with the same words.
"$TKSIM" run "$top_srcdir/scenarios/freq-step.scn" --kernel 6.12 >"$tmp/fs" 2>&1
rc=$?
head -1 "$tmp/fs"
[ $rc = 1 ] || bad "tksim run --kernel 6.12 freq-step.scn exited $rc, not 1 (6.12's coarse clocks)"
"$TKSIM" run "$top_srcdir/scenarios/freq-step.scn" --profile 6.12 >"$tmp/fs.model" 2>&1
a=$(head -1 "$tmp/fs")
b=$(head -1 "$tmp/fs.model")
case $a in
"VIOLATION at 40.000629000 s"*"MONOTONIC_COARSE went back"*) ;;
*) bad "freq-step.scn on the tree: '$a', not MONOTONIC_COARSE going back at 40.000629 s" ;;
esac
[ "$a" = "$b" ] || bad "freq-step.scn: the tree says '$a', the model's 6.12 profile '$b'"
for scn in leap-insert; do
	"$TKSIM" run "$top_srcdir/scenarios/$scn.scn" --kernel 6.12 >"$tmp/$scn" 2>&1
	rc=$?
	tail -3 "$tmp/$scn"
	[ $rc = 0 ] || bad "tksim run --kernel 6.12 $scn.scn exited $rc"
	# the same run on the model ends at the same time, to the ns
	"$TKSIM" run "$top_srcdir/scenarios/$scn.scn" >"$tmp/$scn.model" 2>&1
	a=$(grep '^  REALTIME ' "$tmp/$scn")
	b=$(grep '^  REALTIME ' "$tmp/$scn.model")
	[ "$a" = "$b" ] || bad "$scn.scn: the tree ends at '$a', the model at '$b'"
done

# An HZ that divides neither 1000 nor 10^6 (300): jiffies.h's ms/us conversions name the
# constants of kernel/time/timeconst.bc, which the shims do not generate (the tree's time files
# never call them); the tree still builds and agrees with the model to the ns.
"$TKSIM" run --kernel 6.12 --hz 300 --duration 10s >"$tmp/hz300" 2>&1
rc=$?
tail -2 "$tmp/hz300"
[ $rc = 0 ] || bad "tksim run --kernel 6.12 --hz 300 exited $rc"
"$TKSIM" run --hz 300 --duration 10s >"$tmp/hz300.model" 2>&1
a=$(grep '^  REALTIME ' "$tmp/hz300")
b=$(grep '^  REALTIME ' "$tmp/hz300.model")
[ "$a" = "$b" ] || bad "HZ 300: the tree ends at '$a', the model at '$b'"

# 6.1 where it can be fetched: the same shims cover it (docs/kernel-backend.md says what differs).
if tree61=$("$top_srcdir/scripts/fetch-kernels.sh" 6.1); then
	"$TKSIM" run --kernel 6.1 --duration 600s >"$tmp/run61" 2>&1
	rc=$?
	tail -4 "$tmp/run61"
	[ $rc = 0 ] || bad "tksim run --kernel 6.1 exited $rc"
	grep -q '^  largest |vDSO - kernel-side|  0 ns' "$tmp/run61" || bad "6.1: the paths disagree"
else
	echo "6.1 not checked: linux-source-6.1 cannot be fetched (scripts/fetch-kernels.sh 6.1)"
fi

# Not fetched: a skip that says how to fetch it.
TKSIM_KERNEL_CACHE=$tmp/none "$TKSIM" run --kernel 6.12 --duration 1s >"$tmp/none" 2>&1
rc=$?
cat "$tmp/none"
[ $rc = 4 ] || bad "a tree not fetched exited $rc, not 4 (skipped)"
grep -q 'fetch-kernels.sh 6.12' "$tmp/none" || bad "the skip does not say how to fetch the tree"

# A tree that does not build against the shims: its ntp.c uses a symbol no header declares.
mkdir -p "$tmp/broken/kernel"
for d in include lib arch Makefile; do ln -s "$tree/$d" "$tmp/broken/$d"; done
cp -r "$tree/kernel/time" "$tmp/broken/kernel/time"
echo 'int tksim_broken(void) { return tksim_no_such_symbol; }' >>"$tmp/broken/kernel/time/ntp.c"
TKSIM_KERNEL_CACHE=$tmp/cache "$TKSIM" run --kernel "$tmp/broken" --duration 1s >"$tmp/broken.out" 2>&1
rc=$?
cat "$tmp/broken.out"
[ $rc = 2 ] || bad "a broken tree exited $rc, not 2"
grep -q "kernel/time/ntp.c:[0-9]*: .*tksim_no_such_symbol" "$tmp/broken.out" ||
	bad "the error does not name ntp.c and the missing symbol"

# Not a tree at all.
"$TKSIM" run --kernel "$tmp" --duration 1s >"$tmp/nottree" 2>&1
rc=$?
cat "$tmp/nottree"
[ $rc = 2 ] || bad "a directory that is no tree exited $rc, not 2"
exit $fail
