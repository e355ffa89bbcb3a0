#!/bin/sh
# tksim's own: `tksim daemon --aux-clocks 2` serving the aux clocks (v6.17 CLOCK_AUX + n) to a
# probe of our own (tests/daemon/daemon_aux_probe.c), which enables nothing itself: getres,
# gettime, settime and clock_adjtime through libc and the raw syscall (the seccomp trap), with the
# kernel's errnos for a disabled clock (ENODEV) and an invalid id (EINVAL), the aux clock's own
# frequency over a virtual sleep, and REALTIME's frequency untouched.  SKIP (77) when the model
# cannot enable an aux clock (a build before the aux clocks' implementation).
. "${top_srcdir:-.}/tests/daemon/daemon_lib.sh"
probe=$bin/tests/daemon/daemon_aux_probe

for reads in "" --syscall-reads; do
	# timeout 8: the probe sleeps 10 s of virtual time; a real sleep would be killed.
	timeout 8 "$TKSIM" daemon --aux-clocks 2 --read-cost 0 --duration 3600s $reads -- "$probe" \
		>"$tmp/a" 2>&1
	rc=$?
	cat "$tmp/a"
	if [ $rc = 2 ] && grep -q 'aux clock 0 cannot be enabled' "$tmp/a"; then
		echo "SKIP: the model cannot enable an aux clock (tk_aux_clock_enable() fails)"
		exit 77
	fi
	[ $rc = 0 ] || bad "tksim daemon --aux-clocks 2 $reads -- daemon_aux_probe exited $rc"
	want() { grep -qx "$1" "$tmp/a" || bad "${reads:-vDSO reads}: no line '$1'"; }
	want 'getres aux0: 0 1 ns'
	# Aux clock 2 is not enabled: ENODEV everywhere, as the kernel's aux_clock_*() say.
	want 'gettime aux2: ENODEV'
	want 'syscall gettime aux2: ENODEV'
	want 'adjtime aux2: ENODEV'
	want 'settime aux2: ENODEV'
	want 'gettime aux8: EINVAL'
	want 'settime aux0 1234.000005678: 0'
	want 'syscall gettime aux0 after libc: 0 in order'
	want 'settime aux0 nsec 1e9: EINVAL'
	want 'adjtime aux0 ADJ_FREQUENCY: ok'
	want 'adjtime aux0 read: freq 6553600'
	# An aux clock starts at 0 when enabled (at boot here) and reads 0 ns past its settime.
	boot=$(sed -n 's/^gettime aux0 at boot: 0 \([0-9]*\) ns$/\1/p' "$tmp/a")
	[ -n "$boot" ] && [ "$boot" -lt 1000000000 ] || bad "aux0 at boot read '${boot:-?}' ns"
	after=$(sed -n 's/^gettime aux0 after settime: 0 \([0-9]*\) ns$/\1/p' "$tmp/a")
	[ -n "$after" ] && [ "$after" -lt 1000000 ] || bad "aux0 after settime: '${after:-?}' ns past 1234.000005678"
	# Steering the aux clock leaves REALTIME's frequency alone.
	before=$(sed -n 's/^adjtime realtime read before: freq \(-*[0-9]*\)$/\1/p' "$tmp/a")
	want "adjtime realtime read after: freq ${before:-?}"
	[ "${before:-x}" != 6553600 ] || bad "REALTIME's frequency is the aux clock's"
	# +100 ppm against MONOTONIC over 10 s of virtual sleep: 1 ms, within 1 %.
	set -- $(sed -n 's/^slept: monotonic \([0-9]*\) ns, aux0 - monotonic \(-*[0-9]*\) ns$/\1 \2/p' "$tmp/a")
	[ "${1:-0}" -ge 10000000000 ] || bad "the sleep advanced MONOTONIC by ${1:-?} ns"
	[ "${2:-0}" -ge 990000 ] && [ "${2:-0}" -le 1010000 ] ||
		bad "aux0 ran ${2:-?} ns ahead of MONOTONIC over the sleep, not 1 ms (+100 ppm)"
done
# A bad --aux-clocks is bad usage.
"$TKSIM" daemon --aux-clocks 9 -- "$probe" >"$tmp/b" 2>&1
[ $? = 2 ] && grep -q -- '--aux-clocks must be 0..8' "$tmp/b" || bad "--aux-clocks 9 was not refused"
[ $fail = 0 ] && echo "PASS: the aux clocks served to the probe"
exit $fail
