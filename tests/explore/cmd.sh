#!/bin/sh
# tksim's own: `tksim explore` (docs/explorer.md): the page's path where the page is built, its
# files served on 127.0.0.1 with --serve and nothing else, and exit 2 naming the command that
# builds it where it is not.
set -u
. "${top_srcdir:-.}/tests/cli/cli_lib.sh"
scratch
if [ ! -f web/tksim-core.js ]; then
	expect 2 "explore without a built page" -- "$TKSIM" explore
	contains "configure --enable-explorer" "it names the command that builds the page"
	exit $fail
fi
expect 0 "explore prints the page's path" -- "$TKSIM" explore
page=$(cat "$out")
[ "$page" = "$(pwd)/web/index.html" ] && [ -f "$page" ] &&
	echo "ok: the path is this build's page: $page" ||
	{ echo "FAIL: explore printed '$page', not $(pwd)/web/index.html"; fail=1; }
expect 2 "--serve 0 is no port" -- "$TKSIM" explore --serve 0
port=$((20000 + $$ % 20000))
"$TKSIM" explore --serve "$port" >"$tmp/serve.out" 2>&1 &
pid=$!
get() { python3 -c 'import sys, urllib.request, urllib.error
try:
    r = urllib.request.urlopen("http://127.0.0.1:%s%s" % (sys.argv[1], sys.argv[2]), timeout=10)
    sys.stdout.write("%d %d\n" % (r.status, len(r.read())))
except urllib.error.HTTPError as e:
    print(e.code)' "$port" "$1"; }
for _ in 1 2 3 4 5 6 7 8 9 10; do grep -q serving "$tmp/serve.out" && break; sleep 0.5; done
if [ "$(get /index.html | cut -d' ' -f2)" = "$(wc -c <"$page")" ] &&
	[ "$(get /tksim-core.js | cut -d' ' -f1)" = 200 ] && [ "$(get /../config.h)" = 404 ] &&
	[ "$(get /Makefile)" = 404 ]; then
	echo "ok: --serve $port serves the page's files and nothing else"
else
	echo "FAIL: --serve $port:"
	sed 's/^/  | /' "$tmp/serve.out"
	fail=1
fi
kill "$pid"
wait "$pid" 2>/dev/null
exit $fail
