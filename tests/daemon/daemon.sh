#!/bin/sh
# tksim's own: `tksim daemon` with a probe of our own (tests/daemon/daemon_probe.c): time calls are
# simulated, sleeps are virtual, adjtimex reaches the simulated kernel, output is deterministic,
# and the preload refuses what would escape it (a static binary); a seccomp filter of the
# program's own passes on to the kernel (tests/daemon/daemon_escape.sh tests what it can do).
. "${top_srcdir:-.}/tests/daemon/daemon_lib.sh"
probe=$bin/tests/daemon/daemon_probe

# timeout 8: the probe sleeps 10 s; were that sleep real, the run would be killed.
# --read-cost 0: clock reads take no virtual time, so MONOTONIC moves only in the sleep.
timeout 8 "$TKSIM" daemon --read-cost 0 --duration 3600s -- "$probe" >"$tmp/a" 2>&1
rc=$?
cat "$tmp/a"
[ $rc = 0 ] || bad "tksim daemon -- daemon_probe exited $rc"
grep -q '^uid 0 euid 0 release 6.15.0-tksim$' "$tmp/a" || bad "the probe did not believe it is root on the modelled kernel"
# REALTIME is the simulated one: the default system boots at 2026-01-01T00:00:00Z (1767225600).
rt=$(sed -n 's/^realtime \([0-9]*\) time \([0-9]*\) .*/\1 \2/p' "$tmp/a")
set -- $rt
[ "${1:-0}" -ge 1767225600000000000 ] && [ "${1:-0}" -lt 1767225601000000000 ] ||
	bad "REALTIME ${1:-?} is not the simulated boot instant"
[ "${2:-0}" = 1767225600 ] || bad "time() ${2:-?} is not the simulated one"
# A 10 s sleep ends at the first ns MONOTONIC reaches the deadline: 10 s, at most 1 ns more.
adv=$(sed -n 's/^slept: monotonic advanced \([0-9]*\) ns$/\1/p' "$tmp/a")
[ "${adv:-0}" -ge 10000000000 ] && [ "${adv:-0}" -le 10000000001 ] ||
	bad "a 10 s sleep advanced MONOTONIC by ${adv:-?} ns"
# 5: TIME_ERROR, STA_UNSYNC is still set (the kernel says so too); freq is -35 ppm << 16.
grep -q '^adjtimex(ADJ_FREQUENCY): 5 freq -2293760$' "$tmp/a" || bad "adjtimex did not set the frequency"
grep -q '^adjtimex calls: read 0 offset 0 frequency 1 ' "$tmp/a" || bad "the summary does not count the adjtimex call"
grep -q 'freq=-35.000ppm' "$tmp/a" || bad "the summary does not show the kernel's new frequency"

# epoll waits end at the first ns MONOTONIC reaches now + the timeout (ms for epoll_wait, the
# timespec for epoll_pwait2); a zero timeout and a ready pipe do not wait (timeout 8: were the
# waits real, the 2 s one on a ready pipe aside, they would take 2.5 s of host time).
timeout 8 "$TKSIM" daemon --read-cost 0 -- "$probe" epoll >"$tmp/ep" 2>&1
rc=$?
cat "$tmp/ep"
[ $rc = 0 ] || bad "tksim daemon -- daemon_probe epoll exited $rc"
grep -q '^epoll_wait 1500 ms: 0, monotonic advanced 1500000000 ns$' "$tmp/ep" ||
	bad "epoll_wait(1500 ms) did not end at its deadline"
grep -q '^epoll_pwait2 1.000000123 s: 0, monotonic advanced 1000000123 ns$' "$tmp/ep" ||
	bad "epoll_pwait2(1.000000123 s) did not end at its deadline"
grep -q '^epoll_pwait 0 ms: 0, monotonic advanced 0 ns$' "$tmp/ep" || bad "epoll_pwait(0) waited"
grep -q '^epoll_wait 2000 ms, pipe written: 1, monotonic advanced 0 ns$' "$tmp/ep" ||
	bad "epoll_wait on a ready pipe waited or missed it"
"$TKSIM" daemon --read-cost 0 -- "$probe" epoll >"$tmp/ep2" 2>&1
cmp "$tmp/ep" "$tmp/ep2" || bad "two identical epoll runs differ"

# A timerfd wakes poll, select, epoll_wait and a blocking read at the first ns its clock
# reaches each expiry (late 0 or 1 ns: the clock's next reading), read() returns the expiries
# since the last read; a nanosleep that does not watch it runs to its end; three clocks.
timeout 8 "$TKSIM" daemon --read-cost 0 -- "$probe" timerfd >"$tmp/tf" 2>&1
rc=$?
cat "$tmp/tf"
[ $rc = 0 ] || bad "tksim daemon -- daemon_probe timerfd exited $rc"
for w in 'monotonic 1.5 s every 0.25 s, poll 10 s' 'blocking read' 'select 10 s' 'epoll_wait 10 s' \
	'nanosleep 0.9 s (timerfd not watched)' 'realtime abs 2 s ahead, poll forever' \
	'boottime 0.5 s, blocking read'; do
	n=1
	case $w in nanosleep*) n=0 ;; esac
	grep -qxF "$w: $n, late 0 ns" "$tmp/tf" || grep -qxF "$w: $n, late 1 ns" "$tmp/tf" ||
		bad "timerfd: '$w' did not wake at the expiry"
done
[ "$(grep -c '^read: 1, late [01] ns$' "$tmp/tf")" = 3 ] || bad "timerfd: a read after a wake did not return 1 expiry"
grep -q '^read: 3$' "$tmp/tf" || bad "timerfd: the 3 expiries during the sleep were not counted"
grep -q '^gettime: value \([0-9]*\) (next expiry - now \1) interval 250000000$' "$tmp/tf" ||
	bad "timerfd_gettime is not the time to the next expiry"
grep -q '^disarmed: value 0 interval 100000000$' "$tmp/tf" || bad "timerfd: a disarmed timer has time left or lost its interval"
grep -q '^timer_gettime: value 5 interval 250000000$' "$tmp/tf" ||
	bad "timer_gettime does not report the POSIX timer's interval"
grep -q '^timer disarmed: old interval 250000000, value 0 interval 100000000$' "$tmp/tf" ||
	bad "timer_settime's old value or a disarmed POSIX timer's interval is wrong"
grep -q '^realtime abs read before: -1 Resource temporarily unavailable$' "$tmp/tf" ||
	bad "timerfd: TFD_NONBLOCK read before the expiry did not say EAGAIN"
"$TKSIM" daemon --read-cost 0 -- "$probe" timerfd >"$tmp/tf2" 2>&1
cmp "$tmp/tf" "$tmp/tf2" || bad "two identical timerfd runs differ"

# SIGALRM of alarm() and setitimer(ITIMER_REAL) comes at the instant MONOTONIC reaches the expiry,
# then every interval, and ends the wait it lands in with EINTR; alarm(0) cancels and returns
# the seconds that were left; a disarmed timer no longer interrupts a sleep.
timeout 8 "$TKSIM" daemon --read-cost 0 -- "$probe" alarm >"$tmp/al" 2>&1
rc=$?
cat "$tmp/al"
[ $rc = 0 ] || bad "tksim daemon -- daemon_probe alarm exited $rc"
grep -q '^alarm(2), select 10 s: -1 Interrupted system call, alarms 1, monotonic advanced 2000000000 ns$' "$tmp/al" ||
	bad "alarm(2) did not end select at 2 s"
grep -q '^alarm(5) then alarm(0): 5; sleep(7): 0, alarms 1, monotonic advanced 7000000000 ns$' "$tmp/al" ||
	bad "alarm(0) did not cancel alarm(5) or return its 5 s"
grep -q '^setitimer 250 ms every 100 ms, sleep(10): 10, alarms 2, monotonic advanced 250000000 ns$' "$tmp/al" ||
	bad "setitimer's first SIGALRM did not end sleep(10) at 250 ms"
grep -q '^usleep(1 s): -1, alarms 3, monotonic advanced 100000000 ns$' "$tmp/al" ||
	bad "setitimer's interval did not end usleep 100 ms later"
grep -q '^getitimer: value 0.100000 interval 0.100000$' "$tmp/al" || bad "getitimer after an expiry"
grep -q '^disarmed, sleep(1): 0, alarms 3, monotonic advanced 1000000000 ns$' "$tmp/al" ||
	bad "a disarmed ITIMER_REAL still interrupted a sleep"
"$TKSIM" daemon --read-cost 0 -- "$probe" alarm >"$tmp/al2" 2>&1
cmp "$tmp/al" "$tmp/al2" || bad "two identical alarm runs differ"

# The program's process id is the simulated machine's (its log lines are the same bytes in
# every run); a signal to it still reaches the process.
timeout 8 "$TKSIM" daemon -- "$probe" pid >"$tmp/pid" 2>&1 || bad "tksim daemon -- daemon_probe pid failed"
cat "$tmp/pid"
grep -q '^pid 4242$' "$tmp/pid" || bad "getpid() is not the virtual 4242"
grep -q '^kill(getpid(), SIGUSR1): 0, delivered 1$' "$tmp/pid" || bad "kill(getpid()) did not reach the process"
grep -q '^syscall(SYS_getpid) 4242$' "$tmp/pid" || bad "syscall(SYS_getpid) is not the virtual 4242"

# The network interfaces are the simulated machine's, whatever the host has.
timeout 8 "$TKSIM" daemon -- "$probe" ifaddrs >"$tmp/if" 2>&1 || bad "daemon_probe ifaddrs failed"
grep '^if ' "$tmp/if"
[ "$(grep '^if ' "$tmp/if")" = "if lo 127.0.0.1 flags 0x49
if eth0 192.0.2.2 flags 0x1043
if lo ::1 flags 0x49" ] || bad "getifaddrs() is not the simulated machine's lo and eth0"

# Deterministic: the same run prints the same bytes.
"$TKSIM" daemon --read-cost 0 --duration 3600s -- "$probe" >"$tmp/b" 2>&1
cmp "$tmp/a" "$tmp/b" || bad "two identical runs differ"

# By default a read costs 20 ns of virtual time: the read after the sleep is 20 ns later.
"$TKSIM" daemon -- "$probe" >"$tmp/c" 2>&1
grep -q '^slept: monotonic advanced 10000000020 ns$' "$tmp/c" || bad "a clock read did not cost 20 ns"

# Without CAP_SYS_TIME in the simulated kernel, adjtimex and clock_settime get EPERM.
"$TKSIM" daemon --unprivileged -- "$probe" >"$tmp/u" 2>&1
grep -q '^adjtimex(ADJ_FREQUENCY): -1 Operation not permitted' "$tmp/u" || bad "--unprivileged did not give EPERM"
"$TKSIM" daemon -- "$probe" settime >"$tmp/s" 2>&1 || bad "clock_settime failed in the simulated kernel"
grep -q '^clock_settime: 0 (ok)$' "$tmp/s" || bad "clock_settime did not reach the simulated kernel"
grep -q 'steps 1$' "$tmp/s" || bad "the summary does not count the step"

# Refusals: a static binary: exit 2 with a message.
"$TKSIM" daemon -- "$bin/tests/daemon/daemon_static" >"$tmp/st" 2>&1
rc=$?
cat "$tmp/st"
[ $rc = 2 ] || bad "a static binary gave exit $rc, not 2"
grep -q 'statically linked' "$tmp/st" || bad "no message for the static binary"
grep -q 'a static binary ran' "$tmp/st" && bad "the static binary ran"
"$TKSIM" daemon -- "$probe" seccomp >"$tmp/sc" 2>&1
rc=$?
cat "$tmp/sc"
# Strict mode reaches the kernel, which refuses it under tksim's filter: the run goes on.
[ $rc = 0 ] || bad "a strict seccomp attempt gave exit $rc, not 0"
grep -q '^seccomp installed: -1 Invalid argument$' "$tmp/sc" ||
	bad "strict seccomp did not reach the kernel, or the kernel took it over tksim's filter"
# The preload outside tksim refuses to start.
# A shell's commands each load the preload and map the same vvar page (kept at fd 1001): the
# second probe reads the clock in its process after the first one's sleep moved it.
"$TKSIM" daemon -- /bin/sh -c "$probe; $probe" >"$tmp/sh" 2>&1
rc=$?
[ $rc = 0 ] || { cat "$tmp/sh"; bad "a shell running the probe twice exited $rc"; }
grep -q '^oracle: [1-9][0-9]* instants checked, every property held$' "$tmp/sh" ||
	bad "the oracle did not hold over the shell's two probes"
[ "$(grep -c '^slept: monotonic advanced 10000000020 ns$' "$tmp/sh")" = 2 ] ||
	bad "the shell's probes did not both sleep 10 s"
LD_PRELOAD=$bin/tools/libtksim-preload.so "$probe" >"$tmp/o" 2>&1
rc=$?
[ $rc = 2 ] && grep -q 'run the daemon with `tksim daemon`' "$tmp/o" || bad "the preload ran outside tksim (exit $rc)"

exit $fail
