# tksim's own: what tests/daemon/daemon_escape*.sh share; sourced, not run.
# shellcheck shell=sh
#
# Simulated time starts at 1767225600 (2026-01-01T00:00:00Z); the host's is years away.  A
# read outside the run's first simulated day is the host's clock leaking through.
. "${top_srcdir:-.}/tests/daemon/daemon_lib.sh"
probe=$bin/tests/daemon/daemon_escape

# sim_only FILE WHAT: every `read` line of FILE is simulated time (or `none`), and there are some.
sim_only() {
	awk -v w="$2" '$1 == "read" { n++
		if ($3 != "none" && ($3 !~ /^[0-9]+$/ || $3 < 1767225600 || $3 >= 1767312000)) {
			printf "FAIL: %s: %s read %s (host time)\n", w, $2, $3; b = 1 } }
		END { if (!n) { print "FAIL: " w ": no reads"; b = 1 } exit b }' "$1" || fail=1
}

# no_caps FILE WHAT: the program held no capability, ran with no_new_privs under tksim's
# filter, and tksim itself kept nothing but (when root) CAP_KILL.
no_caps() {
	for f in CapInh CapPrm CapEff CapAmb; do
		grep -q "^status $f:	0000000000000000$" "$1" || bad "$2: $f is not empty"
	done
	grep -q '^status NoNewPrivs:	1$' "$1" || bad "$2: no_new_privs is not set"
	grep -q '^status Seccomp:	2$' "$1" || bad "$2: no seccomp filter"
	grep -q '^parent CapEff:	00000000000000\(00\|20\)$' "$1" || bad "$2: tksim kept a capability"
}
