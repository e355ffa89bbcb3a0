#!/bin/sh
# tksim's own: no clock read of `tksim daemon`'s program reaches the host, whatever path it
# takes (tests/daemon/daemon_escape.c: libc, syscall(), inline syscalls, __adjtimex, dlsym, the
# vDSO from the auxv, a fork, an exec with no environment, a filter of its own); a static
# descendant, a death by SIGSYS, an x32 syscall and a tampered shared page stop the run (exit 2);
# the filter traps the clock setters (shown from its dump: nothing here sets a clock).
. "${top_srcdir:-.}/tests/daemon/daemon_escape_lib.sh"

# run NAME MODE [EXPECTED-RC]: the probe under tksim daemon, its output in $tmp/NAME.
run() {
	timeout 30 "$TKSIM" daemon -- "$probe" "$2" >"$tmp/$1" 2>&1
	rc=$?
	cat "$tmp/$1"
	[ $rc = "${3:-0}" ] || bad "$1: tksim daemon -- daemon_escape $2 exited $rc, not ${3:-0}"
}

run all all
sim_only "$tmp/all" all
no_caps "$tmp/all" all
grep -q '^read vdso.clock_gettime none$' "$tmp/all" || bad "all: the auxv still shows a vDSO"
grep -q '^wait inline.nanosleep 10000000[0-9][0-9]$' "$tmp/all" || bad "all: an inline nanosleep was not virtual"
grep -q '^wait inline.clock_nanosleep 10000000[0-9][0-9]$' "$tmp/all" ||
	bad "all: an inline clock_nanosleep was not virtual"
if [ "$(id -u)" = 0 ]; then
	grep -q '^status Uid:	65534	65534	65534	65534$' "$tmp/all" || bad "all: not run as nobody"
	grep -q '^status CapBnd:	0000000000000000$' "$tmp/all" || bad "all: the bounding set is not empty"
fi

run fork fork
sim_only "$tmp/fork" fork
[ "$(grep -c '^read libc.clock_gettime ' "$tmp/fork")" = 2 ] || bad "fork: the child or the parent did not read"
grep -q '^child failed' "$tmp/fork" && bad "fork: the child failed"

run exec-clean exec-clean
sim_only "$tmp/exec-clean" exec-clean
grep -q '^read inline.clock_gettime ' "$tmp/exec-clean" || bad "exec-clean: the exec'd program did not run"

run seccomp seccomp
grep -q '^seccomp: installed 0$' "$tmp/seccomp" || bad "seccomp: the program's own filter was not installed"
sim_only "$tmp/seccomp" seccomp
grep -q '^status Seccomp_filters:	2$' "$tmp/seccomp" || bad "seccomp: the filters did not stack"

# A static program started by the program: stopped before it runs, the run exits 2.
timeout 30 "$TKSIM" daemon -- /bin/sh -c "$bin/tests/daemon/daemon_static; echo the shell went on" \
	>"$tmp/st" 2>&1
rc=$?
cat "$tmp/st"
[ $rc = 2 ] || bad "static descendant: exit $rc, not 2"
grep -q 'daemon_static: it is statically linked' "$tmp/st" || bad "static descendant: no message naming it"
grep -q 'a static binary ran' "$tmp/st" && bad "static descendant: it ran"
grep -q 'the shell went on' "$tmp/st" && bad "static descendant: the shell went on"

run sigsys-child sigsys-child 2
grep -q 'killed by SIGSYS' "$tmp/sigsys-child" || bad "sigsys-child: no message for the death by SIGSYS"

run x32 x32 2
grep -q 'i386 or x32 syscall' "$tmp/x32" || bad "x32: no refusal of the x32 syscall"
grep -q '^read x32' "$tmp/x32" && bad "x32: the x32 syscall returned"
# i386: a host without IA32 emulation kills the child (SIGSEGV, the run goes on); one with it
# runs the call into the filter, which refuses it (exit 2).  Never a time.
timeout 30 "$TKSIM" daemon -- "$probe" i386 >"$tmp/i386" 2>&1
rc=$?
cat "$tmp/i386"
if [ $rc = 2 ]; then
	grep -q 'i386 or x32 syscall' "$tmp/i386" || bad "i386: exit 2 without the refusal"
elif [ $rc = 0 ]; then
	grep -q '^i386: not available' "$tmp/i386" || bad "i386: exit 0, yet the child was not stopped"
else
	bad "i386: tksim daemon -- daemon_escape i386 exited $rc, not 2 or 0"
fi
grep -q '^i386: time' "$tmp/i386" && bad "i386: an i386 syscall returned a time"

# The tampered shared page: exit 2 at once, naming the field (not a spin until killed: 124).
run tamper tamper 2
grep -q "shared clock page's now_ns" "$tmp/tamper" || bad "tamper: no message naming now_ns"

# The filter's dump: the setters, adjtimex and clock_adjtime (x86_64: 164 settimeofday,
# 227 clock_settime, 159 adjtimex, 305 clock_adjtime) and the reads without a clock id (96, 201,
# 35) trap whatever their arguments; clock_gettime, clock_getres and clock_nanosleep (228-230)
# have rules by clock id; every other ABI traps.
mkdir "$tmp/pfc" && chmod 777 "$tmp/pfc"
TKSIM_SECCOMP_PFC=$tmp/pfc/f "$TKSIM" daemon -- /bin/true >"$tmp/pfcrun" 2>&1 || bad "the PFC run failed"
for nr in 164 227 159 305 96 201 35; do
	awk -v nr="$nr" 'hit { ok = $0 ~ /action TRAP;/; exit } $0 ~ "if \\(\\$syscall == " nr "\\)$" { hit = 1 }
		END { exit !ok }' "$tmp/pfc/f" || bad "the filter does not trap syscall $nr"
done
for nr in 228 229 230; do
	grep -q "if (\$syscall == $nr)" "$tmp/pfc/f" || bad "the filter has no rule for syscall $nr"
done
awk '/# invalid architecture action/ { getline; ok = $0 ~ /action TRAP;/ } END { exit !ok }' \
	"$tmp/pfc/f" || bad "the filter does not trap other ABIs"

exit $fail
