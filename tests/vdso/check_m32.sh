#!/bin/sh
# tksim's own: the 32-bit (i386) vDSO reader against the 64-bit simulated kernel (issue 10).
# `tksim run --m32-readers` checks, at each sampled instant, every i386 entry
# point for every clock id against the kernel side, full width, and that the
# reader fell back exactly where the i386 vDSO does; here across the 32-bit
# time_t boundary, on a narrow wrapping counter and with a leap second.
# SKIP (77) where no reader was built or this host cannot run i386 code.
: "${TKSIM:=tools/tksim}" "${top_srcdir:=.}"
. "$top_srcdir/tests/cli/cli_lib.sh"

reader=$(dirname "$TKSIM")/tksim-reader32
if [ ! -x "$reader" ]; then
	echo "SKIP: no 32-bit reader built (configure found no working \$CC -m32; Debian: gcc-multilib)"
	exit 77
fi
# The reader without arguments prints its usage and exits 2, if it runs at all.
runs_i386() {
	"$@" "$reader" >/dev/null 2>&1
	[ $? -eq 2 ]
}
if [ -n "${TKSIM_M32_RUNNER:-}" ] || ! runs_i386; then
	if [ -z "${TKSIM_M32_RUNNER:-}" ] && command -v qemu-i386 >/dev/null 2>&1; then
		TKSIM_M32_RUNNER=qemu-i386
		export TKSIM_M32_RUNNER
	fi
	if [ -z "${TKSIM_M32_RUNNER:-}" ] || ! runs_i386 $TKSIM_M32_RUNNER; then
		echo "SKIP: this host cannot run i386 programs (no IA32 emulation, no qemu-i386)"
		exit 77
	fi
	echo "# the i386 reader runs under $TKSIM_M32_RUNNER (user-mode emulation)"
fi

# Across 2038-01-19T03:14:08Z: time32 entries wrap, clock_gettime64 does not.
expect 0 "y2038 scenario, 32-bit reader == kernel side" -- \
	"$TKSIM" run "$top_srcdir/scenarios/y2038.scn" --quiet
contains "properties                   all held" "every property held"
contains "32-bit past 2038-01-19       61 instants" "the checks after the boundary"
contains "32-bit clock_gettime         tv_sec -2147483588, " "time32 tv_sec wrapped, as v6.15"
contains "32-bit clock_gettime64       2147483708\." "clock_gettime64 past 2^31 s"

# A 24-bit ACPI PM counter that wraps every 4.7 s: the 32-bit delta arithmetic.
expect 0 "ACPI PM 24-bit counter, checks every 50 ms" -- \
	"$TKSIM" run "$top_srcdir/scenarios/acpi-pm-24bit.scn" --duration 20s \
	--m32-readers --m32-interval 50ms --quiet
contains "32-bit reader                i386 process, 401 instants" "401 instants checked"

# A leap second and the NTP daemon steering mult: hres bases move under the reader.
expect 0 "leap second with the 32-bit reader" -- \
	"$TKSIM" run "$top_srcdir/scenarios/leap-insert.scn" --duration 90s --m32-readers \
	--m32-interval 100ms --quiet

# tksim bench's 32-bit row runs in the reader (numbers not judged; emulated ones are labelled).
expect 0 "tksim bench --quick with the 32-bit row" -- "$TKSIM" bench --quick
contains "^  sim-vdso32 *[0-9.]* ns/call p50" "the i386 vDSO timed in the 32-bit process"
contains "^  int \$0x80 *[0-9.]* ns/call p50" "int \$0x80 timed in the 32-bit process"
if [ -n "${TKSIM_M32_RUNNER:-}" ]; then
	contains "EMULATED, not a measurement" "an emulated row says so"
fi

# A program that is not the i386 reader (tksim itself) is refused, not trusted (exit 2).
expect 2 "a 64-bit program as reader is refused" -- \
	env TKSIM_READER32="$TKSIM" TKSIM_M32_RUNNER= \
	"$TKSIM" run --m32-readers --duration 1s --quiet
contains "not a working i386 reader" "says why"

exit $fail
