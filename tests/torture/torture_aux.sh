#!/bin/sh
# tksim's own: `tksim torture --aux-clocks 3 --churn freq,aux`: readers of the aux clocks (v6.17
# CLOCK_AUX + n) while the timekeeper thread steers them with clock_adjtime(ADJ_FREQUENCY) and
# clock_settime() and REALTIME with adjtimex: the sandwich (kernel-side <= vDSO <= kernel-side,
# the aux clock's seqcount check) and the inconsistency check between sets, per aux clock, and
# -ENODEV on both paths for the five disabled ones.  With writer-no-seq injected (the vvar page
# written without its seqcount) the run must fail.  SKIP (77) when the model cannot enable an aux
# clock (a build before the aux clocks' implementation) or there is no usable TSC (exit 4).
TKSIM=${TKSIM:-build/tools/tksim}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() {
	echo "FAIL: $*"
	fail=1
}

run() {
	"$TKSIM" torture --seconds 2 --threads 2 --aux-clocks 3 --churn freq,aux --checks \
		seqcount,inconsistency,sandwich --seed 7 "$@" >"$tmp/out" 2>&1
	rc=$?
	cat "$tmp/out"
	if [ $rc = 2 ] && grep -q 'the model cannot enable an aux clock' "$tmp/out"; then
		echo "SKIP: the model cannot enable an aux clock (tk_aux_clock_enable() fails)"
		exit 77
	fi
	[ $rc = 4 ] && { echo "SKIP: no usable TSC here"; exit 77; }
}

run
[ $rc = 0 ] || bad "torture --aux-clocks 3 exited $rc"
grep -q -- '--aux-clocks 3' "$tmp/out" || bad "the replay line does not say --aux-clocks 3"
grep -q '^PASS: all properties held' "$tmp/out" || bad "no PASS line"
"$TKSIM" torture --seconds 1 --aux-clocks 3 --churn aux --json >"$tmp/j" 2>&1
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["aux_clocks"] == 3 and "aux" in d["churn"], d' \
	"$tmp/j" || bad "--json does not say aux_clocks 3 and churn aux"
# The aux clocks' own groups are written under their seqcount too: without it, torn reads.
run --inject writer-no-seq
[ $rc = 1 ] || bad "torture --aux-clocks 3 --inject writer-no-seq exited $rc, not 1"
# The aux groups' own seqcount check (each group copied under its seq around the vDSO read):
# with the aux seq not bumped (writer-no-seq leaves vdso_write_begin_clock() out too) and
# clock_settime() steps of the aux clocks, it names an aux clock (beside them only
# MONOTONIC_COARSE is read, whose own check rarely sees a torn read), in one of three runs.
aux_seen=0
for seed in 7 8 9; do
	"$TKSIM" torture --seconds 2 --threads 2 --aux-clocks 3 --clocks monotonic_coarse \
		--churn aux --checks seqcount --inject writer-no-seq --seed $seed >"$tmp/out" 2>&1
	rc=$?
	cat "$tmp/out"
	if [ $rc = 1 ] && grep -q '^VIOLATION (seqcount): CLOCK_AUX[0-2] via the vDSO' "$tmp/out"; then
		aux_seen=1
		break
	fi
done
[ $aux_seen = 1 ] || bad "the aux seqcount check did not catch aux groups written without their seq"
"$TKSIM" torture --seconds 1 --churn aux >"$tmp/u" 2>&1
[ $? = 2 ] && grep -q -- '--churn aux needs --aux-clocks' "$tmp/u" || bad "--churn aux without aux clocks was not refused"
"$TKSIM" torture --seconds 1 --aux-clocks 9 >"$tmp/u" 2>&1
[ $? = 2 ] && grep -q -- '--aux-clocks must be 0..8' "$tmp/u" || bad "--aux-clocks 9 was not refused"
[ $fail = 0 ] && echo "PASS: aux clocks tortured"
exit $fail
