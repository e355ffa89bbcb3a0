#!/bin/sh
# tksim's own: the explorer page in headless Chromium, loaded from file:// (docs/explorer.md):
# driven through its own controls (?do=: ticks, the ppm slider, an adjtimex, a bug toggle), the
# numbers it shows equal `tksim run --trace` of the scenario it exports, its permalink
# reproduces them, the injected bug turns the verdict red, and no error reaches its console.
# SKIP (77) without the page (configure --enable-explorer) or without chromium.
set -u
. "${top_srcdir:-.}/tests/explore/session.sh"
page=${EXPLORER_PAGE:-web/index.html}
chromium=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
if [ ! -f "${page%/*}/tksim-core.js" ]; then
	echo "SKIP: the explorer is not built here: ./configure --enable-explorer (needs emcc)"
	exit 77
fi
if [ -z "$chromium" ]; then
	echo "SKIP: no chromium to load the page in (Debian: apt-get install chromium)"
	exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
url="file://$(cd "${page%/*}" && pwd)/${page##*/}"

# load NAME QUERY_AND_HASH: the page's DOM after its script ran, in $tmp/NAME.html
load() {
	timeout 120 "$chromium" --headless=new --no-sandbox --disable-gpu --no-first-run \
		--user-data-dir="$tmp/profile" --virtual-time-budget=5000 --dump-dom "$url$2" \
		>"$tmp/$1.html" 2>"$tmp/$1.err"
	if ! grep -q 'data-ready="1"' "$tmp/$1.html"; then
		echo "FAIL: $1: the page did not finish loading in chromium:"
		tail -5 "$tmp/$1.err" | sed 's/^/  | /'
		fail=1
		return 1
	fi
}

# shellcheck source=scripts/explorer-dom.sh
. "${top_srcdir:-.}/scripts/explorer-dom.sh"
# pre NAME ID: the text of <pre id="ID"> of the page NAME, unescaped
pre() {
	explorer_pre "$tmp/$1.html" "$2"
}

# check NAME: the page's trace pane against tksim run of its exported scenario
check() {
	pre "$1" scenario >"$tmp/$1.scn"
	pre "$1" trace | sed '/^$/d' >"$tmp/$1.rows"
	pre "$1" errors | sed '/^$/d' >"$tmp/$1.errors"
	if [ -s "$tmp/$1.errors" ]; then
		echo "FAIL: $1: errors on the page's console:"
		sed 's/^/  | /' "$tmp/$1.errors"
		fail=1
	else
		echo "ok: $1: no error on the page's console"
	fi
	verdict=$(sed -n 's/.*id="verdict" class="verdict bad">VIOLATION: \([^<]*\)<.*/\1/p' \
		"$tmp/$1.html" | sed 's/&amp;/\&/g; s/&gt;/>/g; s/&lt;/</g')
	# The pane shows the last rows: the run's trace is cut to as many.
	"$TKSIM" run "$tmp/$1.scn" --trace "$tmp/full.trace" >/dev/null 2>&1
	n=$(($(wc -l <"$tmp/$1.rows") - 1))
	{ head -1 "$tmp/full.trace"; tail -n "$n" "$tmp/full.trace"; } >"$tmp/$1.cut"
	if cmp -s "$tmp/$1.rows" "$tmp/$1.cut"; then
		echo "ok: $1: the $n rows the page shows equal tksim run --trace of its scenario"
	else
		echo "FAIL: $1: the page's rows differ from tksim run's (< page, > run):"
		diff "$tmp/$1.rows" "$tmp/$1.cut" | head -6 | sed 's/^/  | /'
		fail=1
	fi
	# A lane shows the last row's number: mult, as the trace has it.
	lane=$(grep -o 'data-lane="mult">[0-9]*<' "$tmp/$1.html" | tail -1 | tr -dc 0-9)
	want=$(tail -1 "$tmp/$1.rows" | cut -f11)
	if [ -n "$lane" ] && [ "$lane" = "$want" ]; then
		echo "ok: $1: the mult lane shows the trace's $want"
	else
		echo "FAIL: $1: the mult lane shows '$lane', the trace $want"
		fail=1
	fi
}

# 1. Clicks: 20 ticks, the ppm slider to 120, 30 ticks, an adjtimex of -120 ppm, 50 ticks.
load clicks '?do=step10,step10,ppm=120,step10,step10,step10,freq=-120,op-freq,step10,step10,step10,step10,step10'
check clicks
[ -z "$verdict" ] && grep -q 'class="verdict ok"' "$tmp/clicks.html" &&
	echo "ok: clicks: the verdict is green: all held" ||
	{ echo "FAIL: clicks: the verdict is not green"; fail=1; }
grep -q '^ppm 120$' "$tmp/clicks.scn" && grep -q 'adjtimex modes=freq freq=-7864320' "$tmp/clicks.scn" ||
	{ echo "FAIL: clicks: the slider or the call is not in the scenario"; fail=1; }

# The explain pane is `tksim explain`'s own text, computed in the page: the same as natively.
args=$(grep -o 'id="explain-cmd">tksim explain [^<]*' "$tmp/clicks.html" | sed 's/.*tksim explain //')
pre clicks explain-text | sed '$!b; /^$/d' >"$tmp/explain.page"
"$TKSIM" explain $args >"$tmp/explain.native" 2>&1
# (and for the session's system: the slider's 120 ppm)
if [ -n "$args" ] && [ -s "$tmp/explain.native" ] && cmp -s "$tmp/explain.page" "$tmp/explain.native" &&
	echo " $args " | grep -q -- ' --ppm 120 '; then
	echo "ok: the page's explain pane equals tksim explain $args"
else
	echo "FAIL: the page's explain pane differs from tksim explain $args (< page, > native):"
	diff "$tmp/explain.page" "$tmp/explain.native" | head -6 | sed 's/^/  | /'
	fail=1
fi

# 2. The permalink of that state reproduces it, number for number.
hash=$(grep -o 'id="permalink" href="#[^"]*"' "$tmp/clicks.html" | sed 's/.*href="//; s/"$//')
load permalink "$hash"
pre permalink trace >"$tmp/permalink.rows"
pre clicks trace >"$tmp/clicks.again"
if [ -n "$hash" ] && cmp -s "$tmp/permalink.rows" "$tmp/clicks.again"; then
	echo "ok: the permalink reproduces the state: the same rows"
else
	echo "FAIL: the permalink '$hash' gives other rows"
	fail=1
fi

# 3. A bug toggled on (coarse-pre-6.15) and the frequency change that shows it: red, and the
#    violation is the run's.
load bug '?do=toggle:inject-coarse-pre-6.15,step1000,freq=500,op-freq,step10'
check bug
if [ -n "$verdict" ]; then
	echo "ok: bug: the verdict is red: $verdict"
else
	echo "FAIL: bug: coarse-pre-6.15 injected, and the verdict is not red"
	fail=1
fi

# 4. A leap second: boot 60 s before midnight at HZ=100, 6100 ticks, across it.  (The wasm32
#    build's 32-bit long once wrapped the 60 s: this compares the page with the native run.)
load leap '?do=hz=100,leap=insert,step1000,step1000,step1000,step1000,step1000,step1000,step100'
check leap
grep -q 'TIME_OOP' "$tmp/leap.rows" && echo "ok: leap: the last rows are in the leap second (TIME_OOP)" ||
	{ echo "FAIL: leap: no TIME_OOP in the last rows"; fail=1; }
# 5. reader-no-retry: toggled on alone the page cannot show it and says so, not green (tksim
#    run refuses it); with a read across a tick the reader keeps the torn value and the verdict is
#    red with the run's violation; the explain pane shows that tick's interleaving (retry).
load noop '?do=toggle:inject-reader-no-retry,step10'
grep -q 'class="verdict unseen">CANNOT SEE: reader-no-retry' "$tmp/noop.html" &&
	echo "ok: torn: reader-no-retry without a read across a tick: the page says it cannot see it" ||
	{ echo "FAIL: torn: reader-no-retry alone, and the page does not say it cannot see it"; fail=1; }
load torn '?do=step10,op-read,toggle:inject-reader-no-retry,op-torn,step1'
check torn
case $verdict in
*"read-across-tick"*"torn value"*) echo "ok: torn: the verdict is red with the torn read: $verdict" ;;
*) echo "FAIL: torn: reader-no-retry and a read across a tick, and no torn read: '$verdict'"; fail=1 ;;
esac
grep -q 'id="explain-cmd">tksim explain retry ' "$tmp/torn.html" &&
	pre torn explain-text | grep -q 'vdso_read_retry()' &&
	echo "ok: torn: the explain pane shows the retry step by step" ||
	{ echo "FAIL: torn: the explain pane does not show tksim explain retry"; fail=1; }
load retried '?do=step10,op-read,op-torn,step1'
check retried
[ -z "$verdict" ] && grep -q 'class="verdict ok"' "$tmp/retried.html" &&
	echo "ok: torn: without the bug the read across a tick retries: green" ||
	{ echo "FAIL: torn: no bug, and the read across a tick is not green"; fail=1; }
# 6. The screenshots in docs/ are what this build shows: each picture's sidecar (docs/*.shot,
#    written with it by scripts/shoot-explorer.sh) names its actions, which must be the
#    script's, and the picture's hash; the page loaded with those actions must show the
#    sidecar's verdict and last trace row; the lanes picture's scenario is docs/explorer-session.scn.
docs=${top_srcdir:-.}/docs
for shot in "$docs"/explorer-*.shot; do
	n=${shot##*/}
	n=${n%.shot}
	actions=$(sed -n 's/^do //p' "$shot")
	if ! grep -qF "shoot $n '$actions'" "${top_srcdir:-.}/scripts/shoot-explorer.sh"; then
		echo "FAIL: $n: docs/$n.shot's actions are not scripts/shoot-explorer.sh's"
		fail=1
		continue
	fi
	if [ "$(sha256sum <"$docs/$n.png" | cut -d' ' -f1)" != "$(sed -n 's/^png-sha256 //p' "$shot")" ]; then
		echo "FAIL: $n: docs/$n.png is not the picture docs/$n.shot describes: run scripts/shoot-explorer.sh"
		fail=1
		continue
	fi
	load "shot-$n" "?do=$actions" || continue
	got_v=$(explorer_verdict "$tmp/shot-$n.html")
	got_r=$(pre "shot-$n" trace | sed '/^$/d' | tail -1)
	if [ "verdict $got_v" = "$(grep '^verdict ' "$shot")" ] && [ "row $got_r" = "$(grep '^row ' "$shot")" ]; then
		echo "ok: docs/$n.png shows what this build shows: the same verdict and last row"
	else
		echo "FAIL: docs/$n.png is stale (run scripts/shoot-explorer.sh); this build shows:"
		echo "  | verdict $got_v"
		echo "  | row $got_r"
		fail=1
	fi
	if [ "$n" = explorer-lanes ]; then
		pre "shot-$n" scenario | sed '${/^$/d}' >"$tmp/lanes.scn"
		cmp -s "$tmp/lanes.scn" "$docs/explorer-session.scn" &&
			echo "ok: docs/explorer-session.scn is the lanes picture's scenario" ||
			{ echo "FAIL: docs/explorer-session.scn is not the scenario of docs/explorer-lanes.png"; fail=1; }
	fi
done
[ -n "${n:-}" ] || { echo "FAIL: no docs/explorer-*.shot: run scripts/shoot-explorer.sh"; fail=1; }
exit $fail
