#!/bin/sh
# tksim's own: the explorer's screenshots for the docs (docs/explorer.md, README.md), taken of
# the built page in headless Chromium, driven by the page's own ?do= actions.
#
# Usage: scripts/shoot-explorer.sh [BUILD_DIR]   (default build; the page is BUILD_DIR/web/)
#
# Writes docs/explorer-lanes.png (the default system stepped 40 ticks with an adjtimex call
# between: the swim lanes, the plots), docs/explorer-bug.png (coarse-pre-6.15 injected and
# the frequency change that shows it: the verdict red) and docs/explorer-torn.png
# (reader-no-retry and a read across a tick: the torn read), each with its sidecar
# docs/NAME.shot: the actions, the picture's sha256, and the verdict and the last trace row
# the page showed.  tests/explore/page.sh loads the page with those actions and compares, so
# a picture the current build would not show fails the test.  Also writes
# docs/explorer-session.scn, the scenario of the first picture (docs/explorer.md shows it).
# Run from the source tree after `make explorer`.
set -eu
build=${1:-build}
page=$build/web/index.html
chromium=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
[ -f "$build/web/tksim-core.js" ] || { echo "shoot-explorer.sh: no $build/web/tksim-core.js: make explorer" >&2; exit 2; }
[ -n "$chromium" ] || { echo "shoot-explorer.sh: no chromium (apt-get install chromium)" >&2; exit 2; }
# shellcheck source=scripts/explorer-dom.sh
. "$(dirname "$0")/explorer-dom.sh"
url="file://$(cd "${page%/*}" && pwd)/index.html"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

run_chromium() { # ARGS... (the page's URL last)
	"$chromium" --headless=new --no-sandbox --disable-gpu --no-first-run --hide-scrollbars \
		--user-data-dir="$tmp/profile" --window-size=1280,1500 --virtual-time-budget=5000 "$@"
}

shoot() { # NAME ACTIONS
	run_chromium --screenshot="docs/$1.png" "$url?do=$2" 2>/dev/null
	run_chromium --dump-dom "$url?do=$2" >"$tmp/$1.html" 2>/dev/null
	grep -q 'data-ready="1"' "$tmp/$1.html" || { echo "shoot-explorer.sh: $1: the page did not load" >&2; exit 1; }
	{
		echo "# What docs/$1.png shows: scripts/shoot-explorer.sh took it with these actions;"
		echo "# tests/explore/page.sh loads the page with them and compares (a stale picture fails)."
		echo "do $2"
		echo "png-sha256 $(sha256sum <"docs/$1.png" | cut -d' ' -f1)"
		echo "verdict $(explorer_verdict "$tmp/$1.html")"
		echo "row $(explorer_pre "$tmp/$1.html" trace | sed '/^$/d' | tail -1)"
	} >"docs/$1.shot"
	echo "wrote docs/$1.png and docs/$1.shot"
}
shoot explorer-lanes 'step10,step10,freq=-35,op-freq,step10,step10'
explorer_pre "$tmp/explorer-lanes.html" scenario | sed '${/^$/d}' >docs/explorer-session.scn
echo "wrote docs/explorer-session.scn"
shoot explorer-bug 'toggle:inject-coarse-pre-6.15,step1000,freq=500,op-freq,step10'
shoot explorer-torn 'step10,op-read,toggle:inject-reader-no-retry,op-torn'
