#!/bin/sh
# tksim's own: the commands shown in docs/clocksources.md and the README's clocksource
# paragraph run, and print what the page shows.
set -u
: "${TKSIM:=tools/tksim}"
top=${top_srcdir:-.}
TKSIM=$(cd "$(dirname "$TKSIM")" && pwd)/$(basename "$TKSIM")
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Split a page into cmd.N / want.N: a "$ build/tools/tksim ..." line in a ``` block and
# the lines after it up to the end of the block.
split_page() {
	awk -v dir="$tmp" -v tag="$2" '
		/^```/ { if (n != "") close(dir "/want." tag n); n = ""; next }
		/^\$ build\/tools\/tksim / { i++; n = i; sub(/^\$ /, ""); print > (dir "/cmd." tag n); close(dir "/cmd." tag n); printf "" > (dir "/want." tag n); next }
		n != "" { print >> (dir "/want." tag n) }
	' "$1"
}
split_page "$top/docs/clocksources.md" d
# The README's clocksource example only; its other examples are other pages' business.
split_page "$top/README.md" r
for cmd in "$tmp"/cmd.r*; do
	grep -q -- 'unstable-tsc-vm' "$cmd" || rm -f "$cmd"
done
ls "$tmp"/cmd.r* >/dev/null 2>&1 || { echo "FAIL: the README lost its clocksource example"; fail=1; }

for cmd in "$tmp"/cmd.*; do
	n=${cmd##*/cmd.}
	line=$(sed "s|build/tools/tksim|\"\$TKSIM\"|" "$cmd")
	(cd "$top" && TKSIM=$TKSIM sh -c "$line") >"$tmp/got.$n" 2>&1
	if cmp -s "$tmp/want.$n" "$tmp/got.$n"; then
		echo "ok: $(cat "$cmd")"
	else
		echo "FAIL: $(cat "$cmd")"
		diff "$tmp/want.$n" "$tmp/got.$n" | sed 's/^/  | /'
		fail=1
	fi
done
exit $fail
