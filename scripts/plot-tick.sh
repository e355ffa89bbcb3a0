#!/bin/sh
# tksim's own: plot the tick sawtooth: the counter runs on, cycle_last moves only at ticks by
# whole cycle_intervals (timekeeping_advance() in kernel/time/timekeeping.c), and a read
# converts the gap between them.
#
# Usage: scripts/plot-tick.sh [-o FILE] [-- TKSIM-RUN-OPTIONS...]
#
# Runs `tksim run --trace` at HZ=100 with the daemon off for 60 ms and draws, against
# simulated time, the counter and cycle_last at each traced instant (cycle_last drawn as
# the staircase it is, held from one tick, at a multiple of 1/HZ s, to the next), and the
# unaccumulated cycles, counter - cycle_last, that a read at that instant multiplies by
# mult.  Output: FILE.png and FILE.svg (default docs/tick-sawtooth).
set -eu
name=plot-tick.sh
# shellcheck source=scripts/plot-lib.sh
. "$(dirname "$0")/plot-lib.sh"
plot_out docs/tick-sawtooth
plot_args "$@"
shift "$plot_shift"
plot_setup

"$tksim" run --ntpd off --hz 100 --duration 60ms --trace "$plot_tmp/t.tsv" --quiet "$@" >/dev/null
plot_columns "$plot_tmp/t.tsv"
cat >"$plot_tmp/p.gp" <<GP
set datafile separator "\t"
set grid
set key left top
set multiplot layout 2,1 title "tksim run: the counter runs on, cycle\\\\_last moves at each tick (HZ=100, 2.1 GHz)"
set xlabel "simulated time (ms)"
set ylabel "cycles (millions)"
plot "$plot_tmp/t.tsv" using (\$1/1e6):(\$$(col counter)/1e6) with linespoints lw 2 pt 7 ps 0.6 title "counter at the traced instant", \
     "$plot_tmp/t.tsv" using (floor(\$1/1e7)*10):(\$$(col cycle_last)/1e6) with steps lw 2 title "cycle\\\\_last (from the tick at each 10 ms)"
set ylabel "unaccumulated cycles (millions)"
plot "$plot_tmp/t.tsv" using (\$1/1e6):(\$$(col unaccumulated_cycles)/1e6) with impulses lw 2 title "counter - cycle\\\\_last at the traced instant: what a read converts"
unset multiplot
GP
plot_render 1000 700 "$plot_tmp/p.gp"
