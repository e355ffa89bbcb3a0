#!/bin/sh
# tksim's own: docs that tests keep true.  Runs every command shown in README.md and
# docs/*.md and compares its output with what the page shows.
#
# Conventions (for whoever writes a page):
#   - A fenced block (```) whose first line starts with "$ " is a test.  Each "$ " line
#     is a command, run with sh from a folder where build/tools/tksim, tksim (on PATH),
#     scenarios/ and docs/ are this tree's; the lines after it, up to the next "$ " line
#     or the end of the block, are its output (stdout and stderr together).  Other
#     blocks are not run.
#   - In the output, a line "..." stands for any number of lines (none included), and a
#     line ending in " ..." for any line that starts with what precedes the dots.
#   - Lines that contain "wall time" vary from run to run: their numbers are not compared
#     (each number, decimal or 0x hex, stands for any number).
#   - A marker line right before a block (blank lines allowed) changes it:
#       <!-- doctest: host -->          the output depends on the machine: no number in
#                                       the block is compared, the text around them is
#       <!-- doctest: skip REASON -->   not run, counted and reported with REASON (say
#                                       why: real threads for N seconds, a vvar page ...)
#       <!-- doctest: i386 -->          runs the 32-bit reader: compared where this host
#                                       runs i386 programs, natively or under qemu-i386
#                                       (TKSIM_M32_RUNNER, as tests/vdso/check_m32.sh), else
#                                       skipped and counted
#
# A failure prints the page, the line, the command and a diff.  Exit 0 all passed,
# 1 a page differs from the program, 99 the test itself is broken.
set -u

TKSIM=${TKSIM:-build/tools/tksim}
srcdir=${top_srcdir:-.}
case $TKSIM in /*) ;; *) TKSIM=$(pwd)/$TKSIM ;; esac
case $srcdir in /*) ;; *) srcdir=$(pwd)/$srcdir ;; esac
[ -x "$TKSIM" ] || { echo "doctest: no tksim at $TKSIM"; exit 99; }

work=$(mktemp -d "${TMPDIR:-/tmp}/tksim-doctest.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT INT TERM
mkdir -p "$work/cmds" "$work/run/build/tools" "$work/bin"
ln -s "$TKSIM" "$work/run/build/tools/tksim"
ln -s "$TKSIM" "$work/bin/tksim"
ln -s "$srcdir/scenarios" "$work/run/scenarios"
ln -s "$srcdir/docs" "$work/run/docs"

# Numbers out of lines that vary: everywhere in host blocks, in "wall time" lines always.
normalise() { # MODE < in > out
	if [ "$1" = host ]; then
		sed -E 's/[[:space:]]+$//; s/0x[0-9a-fA-F]+/N/g; s/[0-9]+([.][0-9]+)?/N/g'
	else
		sed -E 's/[[:space:]]+$//; /wall time/{s/0x[0-9a-fA-F]+/N/g; s/[0-9]+([.][0-9]+)?/N/g;}'
	fi
}

# Can this host run the 32-bit reader (the i386 blocks)?  The reader without arguments
# prints its usage and exits 2 if it runs at all.
reader=$(dirname "$TKSIM")/tksim-reader32
runs_i386() { "$@" "$reader" > /dev/null 2>&1; [ $? -eq 2 ]; }
i386=
if [ -x "$reader" ]; then
	if [ -n "${TKSIM_M32_RUNNER:-}" ]; then
		# shellcheck disable=SC2086 # the runner may carry options
		runs_i386 $TKSIM_M32_RUNNER && i386=yes
	elif runs_i386; then
		i386=yes
	elif command -v qemu-i386 > /dev/null 2>&1 && runs_i386 qemu-i386; then
		TKSIM_M32_RUNNER=qemu-i386
		export TKSIM_M32_RUNNER
		i386=yes
	fi
fi

next=0
for page in "$srcdir/README.md" "$srcdir"/docs/*.md; do
	next=$(cd "$srcdir" && awk -v dir="$work/cmds" -v first="$next" \
		-f "$srcdir/tests/docs/doctest_extract.awk" "${page#"$srcdir"/}") || exit 99
done

passed=0 failed=0 skipped=0 first_checked=
for info in "$work"/cmds/*.info; do
	[ -e "$info" ] || break
	n=${info%.info}
	read -r page line mode reason < "$info"
	cmd=$(cat "$n.cmd")
	case $mode in
	bad)
		echo "FAIL: $page:$line: $reason"
		failed=$((failed + 1))
		continue ;;
	skip)
		echo "SKIP: $page:$line: \$ $cmd  ($reason)"
		skipped=$((skipped + 1))
		continue ;;
	i386)
		if [ -z "$i386" ]; then
			echo "SKIP: $page:$line: \$ $cmd  (no 32-bit reader built, or this host runs no i386 programs and has no qemu-i386)"
			skipped=$((skipped + 1))
			continue
		fi ;;
	esac
	(cd "$work/run" && PATH="$work/bin:$PATH" sh -c "$cmd") > "$n.raw" 2>&1
	normalise "$mode" < "$n.raw" > "$n.act"
	normalise "$mode" < "$n.exp" > "$n.expn"
	if awk -v first_line="$line" -f "$srcdir/tests/docs/doctest_match.awk" \
		"$n.expn" "$n.act" > "$n.why"; then
		echo "ok:   $page:$line: \$ $cmd"
		passed=$((passed + 1))
		# The self-check below changes a digit: host blocks have none left.
		[ -n "$first_checked" ] || [ "$mode" = host ] || first_checked=$n
	else
		echo "FAIL: $page:$line: \$ $cmd"
		cat "$n.why"
		echo "  diff page program:"
		diff -u "$n.expn" "$n.act" | sed '1,2d; s/^/    /' | head -60
		failed=$((failed + 1))
	fi
done

# The comparison must be able to fail: change one digit the page shows in the first
# passing block compared digit for digit (not a host block), and check that the
# matcher now rejects the program's output.
if [ -n "$first_checked" ]; then
	awk 'BEGIN { done = 0 }
	     !done && $0 !~ /wall time/ && $0 != "..." && match($0, /[0-9]/) {
		d = substr($0, RSTART, 1); d = (d + 1) % 10
		$0 = substr($0, 1, RSTART - 1) d substr($0, RSTART + 1); done = 1
	     }
	     { print }' "$first_checked.expn" > "$work/mutant"
	if cmp -s "$work/mutant" "$first_checked.expn"; then
		echo "doctest: the first passing block shows no digit to change"
		exit 99
	fi
	if awk -v first_line=0 -f "$srcdir/tests/docs/doctest_match.awk" \
		"$work/mutant" "$first_checked.act" > /dev/null; then
		echo "doctest: a changed digit still matched: the comparison cannot fail"
		exit 99
	fi
fi

echo "doctest: $passed commands passed, $failed failed, $skipped skipped (reasons above)"
[ "$passed" -gt 0 ] || { echo "doctest: nothing was checked"; exit 99; }
[ "$failed" -eq 0 ]
