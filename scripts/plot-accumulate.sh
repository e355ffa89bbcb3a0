#!/bin/sh
# tksim's own: plot logarithmic accumulation: the tick after a long NOHZ idle gap accumulates
# it in chunks of cycle_interval << shift, halving the chunk until less than one interval is
# left (logarithmic_accumulation() in kernel/time/timekeeping.c).
#
# Usage: scripts/plot-accumulate.sh [-o FILE] [-- TKSIM-EXPLAIN-TICK-OPTIONS...]
#
# Runs `tksim explain tick --idle 5s` (the real timekeeping_advance() after a 5 s gap at
# HZ=1000) and draws, chunk by chunk, the cycles still to accumulate (counter - cycle_last,
# log scale, against one cycle_interval) and the size of each chunk (cycle_interval << k).
# Output: FILE.png and FILE.svg (default docs/log-accumulation).
set -eu
name=plot-accumulate.sh
# shellcheck source=scripts/plot-lib.sh
. "$(dirname "$0")/plot-lib.sh"
plot_out docs/log-accumulation
plot_args "$@"
shift "$plot_shift"
plot_setup

"$tksim" explain tick --idle 5s "$@" >"$plot_tmp/e.txt"
# Chunk 0 is the offset before the first chunk; then one line per chunk: its number, the
# cycles left after it, its shift, its size in cycles.  "#interval N" is cycle_interval.
awk '
	/^ *1\. offset = / { s = $0; sub(/.*= \(/, "", s); split(s, a, " "); counter = a[1]
		n = $0; sub(/ cycles$/, "", n); sub(/.*= /, "", n); printf "0\t%s\t-1\t0\n", n }
	/^ *cycle_interval = [0-9]+ cycles/ { printf "#interval\t%s\n", $3 }
	/chunk of cycle_interval << / { k++; sh = $0; sub(/.*<< /, "", sh); sh += 0
		sz = $0; sub(/ cycles:.*/, "", sz); sub(/.*= /, "", sz)
		cl = $0; sub(/.*cycle_last -> /, "", cl); sub(/,.*/, "", cl)
		printf "%d\t%.0f\t%d\t%s\n", k, counter - cl, sh, sz }
	' "$plot_tmp/e.txt" >"$plot_tmp/d.tsv"
interval=$(sed -n 's/^#interval\t//p' "$plot_tmp/d.tsv")
chunks=$(grep -c '^[1-9]' "$plot_tmp/d.tsv") || chunks=0
if [ -z "$interval" ] || [ "$chunks" -eq 0 ]; then
	plot_die "no chunks in \`tksim explain tick --idle 5s $*\` (its output changed?)"
fi
idle=$(sed -n 's/^after \([0-9]*\) ns of NOHZ idle.*/\1/p' "$plot_tmp/e.txt")
idle=$(awk -v n="$idle" 'BEGIN { if (n != "") printf "%g s", n / 1e9 }')
hz=$(sed -n 's/^system: .*, \(HZ=[0-9]*\),.*/\1/p' "$plot_tmp/e.txt")
cat >"$plot_tmp/p.gp" <<GP
set datafile separator "\t"
set grid
set key right top
set multiplot layout 2,1 title "tksim explain tick --idle: the tick after ${idle:-a gap} of NOHZ idle accumulates in chunks of cycle\\\\_interval << shift ($hz)"
set xlabel "chunk"
set xrange [-0.5:$chunks + 0.5]
set xtics 1
set xtics add ("before" 0)
set logscale y
set format y "10^{%T}"
set ylabel "cycles still to accumulate"
plot "$plot_tmp/d.tsv" using 1:2 with linespoints lw 2 pt 7 title "counter - cycle\\\\_last after the chunk", \
     $interval with lines dt 2 lw 2 title "one cycle\\\\_interval ($interval cycles): what is left stays for the next tick"
set ylabel "chunk (cycles)"
set yrange [$interval / 4:*]
set offsets 0, 0, graph 0.15, 0
set boxwidth 0.6
set style fill solid 0.5
plot "$plot_tmp/d.tsv" using 1:(\$3 < 0 ? 1/0 : \$4) with boxes title "the chunk: cycle\\\\_interval << k", \
     "$plot_tmp/d.tsv" using 1:(\$3 < 0 ? 1/0 : \$4):(sprintf("<< %d", \$3)) with labels offset 0,0.7 notitle
unset multiplot
GP
plot_render 1000 700 "$plot_tmp/p.gp"
