#!/bin/sh
# tksim's own: `tksim torture --kernel 6.12`: reader threads running the 6.12 tree's own lib/vdso
# over its own vvar page while the timekeeper thread runs its update_wall_time(), under the
# seqcount, inconsistency, threadtest, sandwich and litmus checks.  The checks can fail on the
# tree: with the tree's seqcount broken on purpose (TKSIM_KTREE_BREAK: its vdso_read_retry()
# never retrying, or its update_vsyscall() not moving seq) a run must fail, and with frequency
# churn the 6.12 tree's coarse clocks go back (the kernel's own pre-v6.15 behaviour,
# b71f9804f66c), which the inconsistency check must see.  SKIP (77) with the reason when no
# tree can be fetched, the backend cannot load one, or there is no usable TSC (exit 4).
. "${top_srcdir:-.}/tests/cli/cli_lib.sh"
src=${top_srcdir:-.}

need_tree 6.12

# The tree's own code, as it is: every property holds.
"$TKSIM" torture --kernel 6.12 --seconds 2 --seed 1 >"$out" 2>&1
rc=$?
if [ $rc = 4 ]; then
	echo "SKIP: $(grep '^# SKIP' "$out" || cat "$out")"
	exit 77
fi
if [ $rc = 0 ]; then echo "ok: torture --kernel 6.12 passes"; else
	echo "FAIL: torture --kernel 6.12: exit $rc, expected 0"
	sed 's/^/  | /' "$out"
	fail=1
fi
contains "^PASS: all properties held" "says PASS"
contains "^# kernel 6.12" "names the tree's release"
contains "seqcount-checked [1-9]" "the seqcount check compared vDSO values with the log"
contains "lfence;rdtsc  Load  test passed" "the litmus tests ran over the tree's vDSO"
contains "rdtsc         left out: " "says which litmus rows are left out, and why"
contains "replay with\|--kernel 6.12 --counter tsc" "the replay line has --kernel"

# A broken seqcount in the tree's object (its vdso_read_retry() never retrying): the vDSO
# returns torn reads.  One that mixes two publications is a tick off, which the seqcount check
# sees; one that met a cycle_last newer than its counter read is a delta of nearly 2^64 cycles,
# seconds in the tree's own __iter_div_u64_rem() (why the kernel divides outside the loop), so
# that its window spans too many publications for the seqcount check and the run has ended
# when it returns: the inconsistency check's 64 reads in a row see it.  TKSIM_KTREE_BREAK=
# seq-bump (update_vsyscall() leaving seq as is) fails the same way (docs/torture.md); one knob
# here, as each run spends 10 to 20 s in that loop.
expect 1 "TKSIM_KTREE_BREAK=read-retry: the run fails" -- \
	env TKSIM_KTREE_BREAK=read-retry timeout 300 "$TKSIM" torture --kernel 6.12 --seconds 1 \
	--checks seqcount,inconsistency,sandwich --seed 1
contains "^VIOLATION (\(seqcount\|inconsistency\|sandwich\)): CLOCK_" "a torn read was caught"
contains "^# TKSIM_KTREE_BREAK: vdso_read_retry() never retries" "the knob is said in the output"
expect 2 "TKSIM_KTREE_BREAK=no-such: bad usage" -- \
	env TKSIM_KTREE_BREAK=no-such "$TKSIM" torture --kernel 6.12 --seconds 1
contains "no knob 'no-such'" "names the unknown knob"

# The tree's own coarse clocks under ADJ_FREQUENCY churn: 6.12 predates coarse_nsec (v6.15).
expect 1 "6.12's coarse clocks go back under frequency churn" -- \
	"$TKSIM" torture --kernel 6.12 --seconds 4 --churn freq --checks inconsistency \
	--clocks realtime_coarse,monotonic_coarse --seed 1
contains "VIOLATION (inconsistency): CLOCK_[A-Z]*_COARSE" "by the inconsistency check"

# What the tree cannot be given, and trees that are not there.
for opt in "--timens" "--aux-clocks 1" "--inject coarse-pre-6.15" "--counter synthetic" \
	"--window 10"; do
	# shellcheck disable=SC2086 # the option and its value are two words
	expect 2 "--kernel with $opt: bad usage" -- "$TKSIM" torture --kernel 6.12 $opt --seconds 1
	contains "^tksim torture: --kernel with ${opt%% *}" "$opt: says why"
done
expect 4 "--kernel 6.99: not fetched, a skip" -- "$TKSIM" torture --kernel 6.99 --seconds 1
contains "scripts/fetch-kernels.sh 6.99" "says how to fetch it"
expect 2 "--kernel /: not a tree" -- "$TKSIM" torture --kernel / --seconds 1
contains "not a kernel tree the backend can use" "says so"

expect 0 "--kernel 6.12 --json" -- "$TKSIM" torture --kernel 6.12 --seconds 1 --json \
	--checks seqcount,sandwich
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["kernel"] == "6.12" and d["kernel_release"].startswith("6.12") and d["result"] == "pass", d' \
	"$out" && echo "ok: --json names the tree" || {
	echo "FAIL: --json does not name the tree"
	fail=1
}
exit $fail
