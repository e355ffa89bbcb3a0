#!/bin/sh
# tksim's own: every shipped example, scenarios/*.scn, run whole; each file's
# "# expect: exit N" line is the status it documents.  Exit 4 (the host cannot
# observe what the file asks, e.g. the i386 reader) is reported as a skip.  Then: every
# scenario file and the man page are installed, and `tksim daemon daemon/NAME` finds one.
set -u
. "${top_srcdir:-.}/tests/cli/cli_lib.sh"
ran=0
for f in "${top_srcdir:-.}"/scenarios/*.scn; do
	want=$(sed -n 's/^# expect: exit \([0-9][0-9]*\)$/\1/p' "$f" | head -n 1)
	if [ -z "$want" ]; then
		echo "FAIL: $f has no '# expect: exit N' line"
		fail=1
		continue
	fi
	"$TKSIM" run "$f" --quiet >"$out" 2>&1
	got=$?
	if [ "$got" -eq 4 ] && [ "$want" -ne 4 ]; then
		echo "skip: $f: $(grep -m1 'skipped' "$out")"
		continue
	fi
	ran=$((ran + 1))
	if [ "$got" -eq "$want" ]; then echo "ok: $f exits $want"; else
		echo "FAIL: $f exits $got, documented $want"
		sed 's/^/  | /' "$out"
		fail=1
	fi
done

# What `make install` puts where tksim looks.  Installing from inside `make check` would
# re-enter the build, and the installed tksim looks in $(pkgdatadir), not under a DESTDIR,
# so it could not find what a DESTDIR install wrote: the test reads the fragments instead.
# Every scenario file is listed for installation (scenarios/*.scn in scenarios/, the daemon
# ones in scenarios/daemon/), and so is the man page.
src=${top_srcdir:-.}
listed() { # VARIABLE: the files scenarios/local.am lists in it, one a line
	sed -n "/^$1 = /,/^[^	]/p" "$src/scenarios/local.am" | grep -o '%D%/[^ \\]*' |
		sed 's|%D%|scenarios|' | sort
}
for pair in "dist_scenario_DATA scenarios" "dist_scenariodaemon_DATA scenarios/daemon"; do
	set -- $pair
	(cd "$src" && ls "$2"/*.scn | sort) >"$out.have"
	listed "$1" >"$out.listed"
	if cmp -s "$out.have" "$out.listed"; then
		echo "ok: scenarios/local.am installs the $(wc -l <"$out.have") files of $2/"
	else
		echo "FAIL: $2/*.scn and scenarios/local.am's $1 differ (< on disk, > listed):"
		diff "$out.have" "$out.listed" | grep '^[<>]' | sed 's/^/  | /'
		fail=1
	fi
done
rm -f "$out.have" "$out.listed"
if grep -q '^dist_man1_MANS = %D%/tksim.1$' "$src/docs/local.am"; then
	echo "ok: docs/local.am installs the man page"
else
	echo "FAIL: docs/local.am does not install docs/tksim.1 as a man page"
	fail=1
fi

# A daemon scenario is found by daemon/NAME as a bare name is found: from a folder with
# no scenarios/ (the source tree's examples), and from one with its own daemon/NAME.scn.
tksim=$(cd "$(dirname "$TKSIM")" && pwd)/$(basename "$TKSIM")
true_cmd=$(command -v true)
dir=$(mktemp -d)
for where in source current; do
	if [ "$where" = current ]; then
		mkdir -p "$dir/daemon" && printf 'duration 1s\n' >"$dir/daemon/mine.scn"
		name=daemon/mine
	else
		name=daemon/chronyd-shm
	fi
	(cd "$dir" && "$tksim" daemon "$name" --duration 1s -- "$true_cmd") >"$out" 2>&1
	got=$?
	if [ "$got" -eq 0 ] && grep -q '^oracle:' "$out"; then
		echo "ok: tksim daemon $name finds the $where folder's $name.scn"
	elif [ "$got" -eq 4 ] || [ "$got" -eq 77 ]; then
		echo "skip: tksim daemon cannot run here: $(head -n 1 "$out")"
	else
		echo "FAIL: tksim daemon $name (from $dir): exit $got"
		sed 's/^/  | /' "$out"
		fail=1
	fi
done
rm -rf "$dir"
if [ "$ran" -eq 0 ] && [ "$fail" -eq 0 ]; then exit 77; fi
exit $fail
