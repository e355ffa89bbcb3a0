#!/bin/sh
# tksim's own: plot a narrow counter wrapping while the clocks stay continuous
# (clocksource_delta() masks (now - cycle_last) with the counter's width).
#
# Usage: scripts/plot-wrap.sh [-o FILE] [-- TKSIM-RUN-OPTIONS...]
#
# Runs `tksim run` with the 24-bit ACPI PM timer (3.579545 MHz, wrapping every 4.69 s)
# at HZ=100 for 12 s and draws the counter, cycle_last and CLOCK_MONOTONIC_RAW read at
# each traced instant: raw_sec + (raw_xtime_nsec + unaccumulated_cycles * raw_mult) >> shift,
# the vDSO's arithmetic, against simulated time.  As in the kernel, cycle_last
# grows past the mask (timekeeping_advance() adds whole intervals to it): only
# (counter - cycle_last) & mask is ever used.  Output: FILE.png and FILE.svg
# (default docs/counter-wrap).
set -eu
name=plot-wrap.sh
# shellcheck source=scripts/plot-lib.sh
. "$(dirname "$0")/plot-lib.sh"
plot_out docs/counter-wrap
plot_args "$@"
shift "$plot_shift"
plot_setup

"$tksim" run --bits 24 --freq 3579545 --hz 100 --ntpd off --duration 12s \
	--trace "$plot_tmp/t.tsv" --quiet "$@" >/dev/null
plot_columns "$plot_tmp/t.tsv"
cat >"$plot_tmp/p.gp" <<GP
set datafile separator "\t"
set grid
set key left top
set multiplot layout 2,1 title "tksim run: a 24-bit counter (ACPI PM timer, 3.58 MHz) wraps every 4.69 s; MONOTONIC\\\\_RAW does not notice"
set xlabel "simulated time since boot (s)"
set ylabel "cycles (M)"
set yrange [0:*]
plot "$plot_tmp/t.tsv" using (\$1/1e9):(\$$(col counter)/1e6) with lines lw 2 title "counter (masked to 24 bits)", \
     "$plot_tmp/t.tsv" using (\$1/1e9):(\$$(col cycle_last)/1e6) with lines lw 2 dt 2 title "cycle\\\\_last (moved by whole intervals, never masked)", \
     2**24/1e6 with lines lw 2 dt 3 lc rgb "black" title "2^{24}"
set yrange [*:*]
set ylabel "MONOTONIC\\\\_RAW - simulated time (us)"
plot "$plot_tmp/t.tsv" using (\$1/1e9):((\$$(col raw_sec) * 1e9 + floor((\$$(col raw_xtime_nsec_sns) + \$$(col unaccumulated_cycles) * \$$(col raw_mult)) / 2**\$$(col shift)) - \$1) / 1e3) with lines lw 2 title "the counter's 35 ppm, continuous across the wraps"
unset multiplot
GP
plot_render 1000 700 "$plot_tmp/p.gp"
