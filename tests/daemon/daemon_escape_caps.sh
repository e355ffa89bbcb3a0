#!/bin/sh
# tksim's own: `tksim daemon` started as a user, and as a user holding CAP_SYS_TIME in its
# ambient set (setpriv from util-linux), leaves the program no capability, and no read of the
# host's clock.  SKIP where setpriv, root or ambient capabilities are missing.
. "${top_srcdir:-.}/tests/daemon/daemon_escape_lib.sh"

as_user="setpriv --reuid=65534 --regid=65534 --clear-groups"
ambient="--inh-caps=+sys_time --ambient-caps=+sys_time"
[ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1 || exit 77
# shellcheck disable=SC2086
$as_user $ambient grep -q '^CapAmb:	0000000002000000$' /proc/self/status || exit 77

for how in user ambient; do
	opts=
	[ $how = ambient ] && opts=$ambient
	# shellcheck disable=SC2086
	$as_user $opts "$TKSIM" daemon -- "$probe" all >"$tmp/$how" 2>&1
	rc=$?
	cat "$tmp/$how"
	[ $rc = 0 ] || bad "$how: exit $rc"
	sim_only "$tmp/$how" "$how"
	no_caps "$tmp/$how" "$how"
	grep -q '^parent CapEff:	0000000000000000$' "$tmp/$how" || bad "$how: tksim kept a capability"
done
exit $fail
