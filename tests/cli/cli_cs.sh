#!/bin/sh
# tksim's own: `tksim run`'s clocksource options (watchdog, switch, counter events).
set -u
. "${top_srcdir:-.}/tests/cli/cli_lib.sh"
scn=${top_srcdir:-.}/scenarios

expect 0 "the unstable-TSC VM scenario" -- "$TKSIM" run "$scn/unstable-tsc-vm.scn" --quiet
contains "all held" "every property holds across the switch"
contains "unstable     at 46.000 s" "the TSC is flagged after the first whole interval of drift"
contains "switched     to hpet at 46.000 s; vDSO clock_mode NONE" "the switch is to the HPET"
contains "hpet       800 ns per hres read (modelled), 100% by syscall" "after it every hres read takes the syscall"
expect 0 "a drift inside the margins" -- "$TKSIM" run --clocksources tsc,hpet --counter-event 10s:drift=600.5 --duration 30s --quiet
contains "in use       tsc" "600 ppm is tolerated"
expect 0 "a stopped TSC, ACPI PM watching" -- "$TKSIM" run --clocksources tsc,hpet,acpi_pm --watchdog acpi_pm --counter-event 5s:stop --duration 20s --quiet
contains "watchdog     acpi_pm" "the forced watchdog is used"
contains "switched     to hpet" "the best remaining clocksource takes over"
expect 2 "an unknown clocksource" -- "$TKSIM" run --clocksources tsc,pit
contains "unknown 'pit'" "it is named"
expect 2 "a list without tsc" -- "$TKSIM" run --clocksources hpet
expect 2 "a bad event" -- "$TKSIM" run --clocksources tsc,hpet --counter-event 5s:melt
contains "bad --counter-event '5s:melt'" "the event is quoted"
expect 2 "a watchdog that is not there" -- "$TKSIM" run --clocksources tsc,hpet --watchdog acpi_pm
expect 2 "--watchdog alone" -- "$TKSIM" run --watchdog hpet
expect 0 "a forward jump of 1.5 ms" -- "$TKSIM" run --clocksources tsc,hpet --counter-event 3.25s:jump=1.5ms --duration 6s --quiet
contains "unstable     at 3.500 s" "a 1.5 ms step is flagged at the next check"
# A counter that steps back: the kernel side counts no time for negative
# motion (a read just after the step returns the last tick's base, before a
# read just before it), and a vDSO without the x86 clamp reads the negative
# delta as a jump far ahead (vdso/calc.h).  Either way the oracle reports it
# at the step.
expect 1 "a backward jump of 1.5 ms" -- "$TKSIM" run --clocksources tsc,hpet --bits 40 --counter-event 3.25s:jump=-1.5ms --duration 6s --quiet
contains "VIOLATION at 3.250" "the step back is reported where it happens"
expect 0 "readers inside a time namespace" -- "$TKSIM" run --timens -8.25s,2d --duration 10s --quiet
contains "time namespace  MONOTONIC -8.250000000 s, BOOTTIME 172800.000000000 s; 10000 instants checked inside" "the namespace is checked at every instant"
contains "all held" "its clocks are the host's plus the offsets"
expect 0 "a namespace across a clocksource switch" -- "$TKSIM" run "$scn/unstable-tsc-vm.scn" --timens 1h,-5s --duration 50s --quiet
contains "switched     to hpet" "the switch happens"
contains "all held" "the namespace's readers fall back correctly"
expect 2 "a namespace MONOTONIC before zero" -- "$TKSIM" run --timens -20s,0 --duration 1s
contains "ERANGE" "the kernel's range check is named"
expect 2 "a malformed --timens" -- "$TKSIM" run --timens 5s
expect 0 "torture with a reader in a time namespace" -- "$TKSIM" torture --timens --counter synthetic --threads 2 --iterations 2000 --checks seqcount,sandwich,inconsistency,threadtest --quiet
contains "reader 1 (simulated CPU 2, time namespace)" "the namespace reader is named"
contains "# checks .*; tksim torture .* --timens" "the replay command keeps --timens"
exit $fail
