#!/bin/sh
# tksim's own: the explorer's screenshots for the docs (docs/explorer.md, README.md), taken of
# the built page in headless Chromium, driven by the page's own ?do= actions.
#
# Usage: scripts/shoot-explorer.sh [BUILD_DIR]   (default build; the page is BUILD_DIR/web/)
#
# Writes docs/explorer-lanes.png (the default system stepped 40 ticks with an adjtimex call
# between: the swim lanes, the plots) and docs/explorer-bug.png (coarse-pre-6.15 injected and
# the frequency change that shows it: the verdict red).  Run from the source tree after
# `make explorer`; the same actions are the ones tests/explore/page.sh checks.
set -eu
build=${1:-build}
page=$build/web/index.html
chromium=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
[ -f "$build/web/tksim-core.js" ] || { echo "shoot-explorer.sh: no $build/web/tksim-core.js: make explorer" >&2; exit 2; }
[ -n "$chromium" ] || { echo "shoot-explorer.sh: no chromium (apt-get install chromium)" >&2; exit 2; }
url="file://$(cd "${page%/*}" && pwd)/index.html"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

shoot() { # FILE ACTIONS
	"$chromium" --headless=new --no-sandbox --disable-gpu --no-first-run --hide-scrollbars \
		--user-data-dir="$tmp/profile" --window-size=1280,1500 --virtual-time-budget=5000 \
		--screenshot="$1" "$url?do=$2" 2>/dev/null
	echo "wrote $1"
}
shoot docs/explorer-lanes.png 'step10,step10,freq=-35,op-freq,step10,step10'
shoot docs/explorer-bug.png 'toggle:inject-coarse-pre-6.15,step1000,freq=500,op-freq,step10'
