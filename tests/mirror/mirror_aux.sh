#!/bin/sh
# tksim's own: `tksim mirror` on the host's auxiliary clocks (v6.17+ CLOCK_AUX + n).  Reads only:
# the sysfs knobs are never written.  It fails when the knob, the page entry and the host's
# clock_gettime() of an aux clock disagree (tools/mirror/mirror_aux.c) or an enabled one lies
# outside the host's bracket; it says SKIP (77) with the reason when no aux clock is enabled
# (no such sysfs, or every knob 0), since nothing could then be compared.
TKSIM=${TKSIM:-build/tools/tksim}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bad() {
	echo "FAIL: $*"
	exit 1
}

case $(uname -m) in x86_64) ;; *) echo "SKIP: tksim mirror knows x86_64 pages only"; exit 77 ;; esac
"$TKSIM" mirror --samples 2000 >"$tmp/out" 2>&1
rc=$?
cat "$tmp/out"
[ $rc = 2 ] && { echo "SKIP: tksim mirror cannot decode this host's page (exit 2)"; exit 77; }
major=$(uname -r | cut -d. -f1)
minor=$(uname -r | cut -d. -f2)
if [ $((major * 100 + minor)) -lt 617 ]; then
	grep -q '^# aux clocks' "$tmp/out" && bad "a kernel before v6.17 got aux clock lines"
	echo "SKIP: kernel $(uname -r) predates the aux clocks (v6.17)"
	exit 77
fi
[ "$(grep -c '^#   AUX[0-7] (id 1[6-9]\|^#   AUX[0-7] (id 2[0-3]' "$tmp/out")" = 8 ] ||
	bad "not one line per aux clock"
grep -q 'DISAGREE' "$tmp/out" && bad "an aux clock's knob, page entry and host call disagree"
[ $rc = 1 ] && bad "tksim mirror exit 1"
enabled=0
for n in 0 1 2 3 4 5 6 7; do
	k=/sys/kernel/time/aux_clocks/$n/aux_clock_enable
	[ -r "$k" ] && [ "$(cat "$k")" = 1 ] && enabled=$((enabled + 1))
done
if [ $enabled = 0 ]; then
	grep -q '^aux clocks: SKIP: ' "$tmp/out" || bad "no aux clock enabled, and no SKIP line says why"
	echo "SKIP: $(sed -n 's/^aux clocks: SKIP: //p' "$tmp/out") (the 8 entries agree with it)"
	exit 77
fi
[ "$(grep -c '^  CLOCK_AUX[0-7] ' "$tmp/out")" = $enabled ] ||
	bad "$enabled aux clocks are enabled, but not each was compared"
[ $rc = 0 ] || bad "tksim mirror exit $rc"
echo "PASS: $enabled enabled aux clocks decoded and in the host's bracket"
