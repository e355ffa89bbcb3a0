# tksim's own: reading the explorer page's DOM as headless Chromium dumps it (--dump-dom);
# sourced by scripts/shoot-explorer.sh and tests/explore/page.sh, not run.
# shellcheck shell=sh

# explorer_pre FILE ID: the text of <pre id="ID"> in the dumped page FILE, unescaped
explorer_pre() {
	awk -v id="$2" 'index($0, "<pre id=\"" id "\"") { on = 1; sub(/.*<pre id="[^"]*"[^>]*>/, "") }
		on { if (sub(/<\/pre>.*/, "")) { print; on = 0; next } print }' "$1" |
		sed 's/&lt;/</g; s/&gt;/>/g; s/&quot;/"/g; s/&#39;/'"'"'/g; s/&amp;/\&/g'
}

# explorer_verdict FILE: the verdict's text (green, red or amber), unescaped
explorer_verdict() {
	sed -n 's/.*id="verdict" class="verdict [a-z]*">\([^<]*\)<.*/\1/p' "$1" |
		sed 's/&amp;/\&/g; s/&gt;/>/g; s/&lt;/</g'
}
