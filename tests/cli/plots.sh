#!/bin/sh
# tksim's own: every plot command (scripts/plot-*.sh) runs and writes a non-empty PNG and SVG.
# SKIP (77) without gnuplot; the bench chart also needs python3.
set -u
: "${TKSIM:=tools/tksim}"
export TKSIM
scripts=${top_srcdir:-.}/scripts
command -v gnuplot >/dev/null 2>&1 || { echo "SKIP: gnuplot is missing"; exit 77; }
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# plot NAME -- COMMAND...: COMMAND writes $tmp/NAME.png and $tmp/NAME.svg.
plot() {
	name=$1
	shift 2
	if ! "$@" >"$tmp/log" 2>&1; then
		echo "FAIL: $name: exit status $?"; sed 's/^/  | /' "$tmp/log"; fail=1; return
	fi
	if [ -s "$tmp/$name.png" ] && [ "$(head -c 4 "$tmp/$name.png" | od -An -c | tr -d ' ')" = '211PNG' ]; then
		echo "ok: $name.png is a PNG"
	else
		echo "FAIL: $name.png is missing, empty or not a PNG"; fail=1
	fi
	if [ -s "$tmp/$name.svg" ] && grep -q '<svg' "$tmp/$name.svg" && grep -q '</svg>' "$tmp/$name.svg"; then
		echo "ok: $name.svg is an SVG"
	else
		echo "FAIL: $name.svg is missing, empty or not an SVG"; fail=1
	fi
}

plot ntp -- sh "$scripts/plot-ntp.sh" -o "$tmp/ntp" -d 20m
plot fll -- sh "$scripts/plot-ntp.sh" --fll -o "$tmp/fll.png" -d 30m
plot dither -- sh "$scripts/plot-dither.sh" -o "$tmp/dither"
plot leap -- sh "$scripts/plot-leap.sh" -o "$tmp/leap"
plot wrap -- sh "$scripts/plot-wrap.sh" -o "$tmp/wrap"
plot tick -- sh "$scripts/plot-tick.sh" -o "$tmp/tick"
plot retry -- sh "$scripts/plot-retry.sh" -o "$tmp/retry"
plot accumulate -- sh "$scripts/plot-accumulate.sh" -o "$tmp/accumulate"
plot vvar -- sh "$scripts/plot-vvar.sh" -o "$tmp/vvar"
plot leap-states -- sh "$scripts/plot-leap-states.sh" -o "$tmp/leap-states"
plot ntp-loop -- sh "$scripts/plot-ntp-loop.sh" -o "$tmp/ntp-loop" -- --duration 5m
# chronyd next to the model: only where Debian 12's chronyd can be fetched (tests/daemon/daemon_chronyd.sh).
if sh "$scripts/fetch-daemons.sh" "$(dirname "$TKSIM")/../daemons" >/dev/null 2>&1; then
	plot daemon -- sh "$scripts/plot-daemon.sh" -o "$tmp/daemon" -d 10m
	plot daemon-ntp -- sh "$scripts/plot-daemon.sh" -o "$tmp/daemon-ntp" -d 10m chronyd-ntp-leap
else
	echo "note: no chronyd: the daemon plot is not tried"
fi
if sh "$scripts/fetch-daemons.sh" "$(dirname "$TKSIM")/../daemons" ntpsec >/dev/null 2>&1; then
	plot daemon-ntpd -- sh "$scripts/plot-daemon.sh" -o "$tmp/daemon-ntpd" -d 10m ntpd-ntp
else
	echo "note: no ntpd: its daemon plot is not tried"
fi
if command -v python3 >/dev/null 2>&1; then
	plot bench -- sh "$scripts/plot-bench.sh" -o "$tmp/bench" -- --quick --engine 0
else
	echo "note: no python3: the bench chart is not tried"
fi
# Bad usage is exit 2, not a plot.
if sh "$scripts/plot-leap.sh" --frobnicate >/dev/null 2>&1; then
	echo "FAIL: plot-leap.sh accepted an unknown option"; fail=1
else
	echo "ok: an unknown option is refused"
fi
# --help is each script's own header: its first line and its usage line.
for s in ntp dither leap wrap bench retry accumulate ntp-loop leap-states vvar; do
	h=$(sh "$scripts/plot-$s.sh" --help) || h=
	case $h in
	Plot*"Usage: scripts/plot-$s.sh"*) echo "ok: plot-$s.sh --help" ;;
	*) echo "FAIL: plot-$s.sh --help does not show its header and usage"; fail=1 ;;
	esac
done
exit $fail
