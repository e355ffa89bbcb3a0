#!/bin/sh
# tksim's own: plot mult dithering: the NTP-adjusted mult alternating between two values
# as ntp_error changes sign (timekeeping_adjust() in kernel/time/timekeeping.c).
#
# Usage: scripts/plot-dither.sh [-o FILE] [-- TKSIM-RUN-OPTIONS...]
#
# Runs `tksim run --trace` with the daemon off and one adjtimex setting the frequency
# to -35 ppm at boot (the counter runs 35 ppm fast; -34.94 would cancel it), and draws
# 50 ms of ticks from t = 1 s: mult, and ntp_error in ns.  mult * cycle_interval cannot
# equal tick_length exactly; the kernel keeps the difference in ntp_error and raises
# mult by one whenever the error is positive.  Output: FILE.png and FILE.svg (default
# docs/mult-dither).
set -eu
name=plot-dither.sh
# shellcheck source=scripts/plot-lib.sh
. "$(dirname "$0")/plot-lib.sh"
plot_out docs/mult-dither
plot_args "$@"
shift "$plot_shift"
plot_setup

"$tksim" run --ntpd off --adjtimex 0:freq=-35 --duration 1.05s --trace "$plot_tmp/t.tsv" \
	--from 1s --quiet "$@" >/dev/null
plot_columns "$plot_tmp/t.tsv"
cat >"$plot_tmp/p.gp" <<GP
set datafile separator "\t"
set grid
set multiplot layout 2,1 title "tksim run: mult dithers so that ntp\\\\_error stays near zero (HZ=1000, freq -35 ppm)"
set xlabel "simulated time (ms)"
set ylabel "mult (ns<<shift per cycle)"
set format y "%.0f"
set ytics 1
set offsets 0, 0, 0.5, 0.5
plot "$plot_tmp/t.tsv" using (\$1/1e6):$(col mult) with steps lw 2 title "tkr\\\\_mono.mult"
set ylabel "ntp\\\\_error (ns)"
set format y "%g"
set ytics autofreq
set offsets 0, 0, 0, 0
plot "$plot_tmp/t.tsv" using (\$1/1e6):(\$$(col ntp_error_ns32)/2**32) with steps lw 2 title "ntp\\\\_error (held until the next tick)", \
     0 with lines dt 2 lc rgb "gray" notitle
unset multiplot
GP
plot_render 1000 700 "$plot_tmp/p.gp"
