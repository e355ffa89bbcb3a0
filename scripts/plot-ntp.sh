#!/bin/sh
# tksim's own: plot the NTP closed loop of `tksim run` (REALTIME error, frequency convergence).
#
# Usage: scripts/plot-ntp.sh [--fll] [-o FILE] [-d DURATION] [-- TKSIM-RUN-OPTIONS...]
#
# Without --fll: runs `tksim run --csv` (default: 3 h at HZ=100 with the default daemon,
# poll 16 s, on the default counter 35 ppm fast) and draws three panels: REALTIME - true
# time, the kernel's frequency against the ideal one, and both errors on a log scale.
# Output: FILE.png and FILE.svg (default docs/ntp-convergence).
# With --fll: the PLL alone against the PLL with the FLL (STA_FLL), both at poll 256 s
# (where the FLL takes part), default 8 h; default output docs/ntp-fll.
# The tksim binary is $TKSIM, else tools/tksim or build/tools/tksim.  Needs gnuplot.
set -eu
name=plot-ntp.sh
# shellcheck source=scripts/plot-lib.sh
. "$(dirname "$0")/plot-lib.sh"
fll=false
out=
duration=
while [ $# -gt 0 ]; do
	case $1 in
	--fll) fll=true; shift ;;
	-o) plot_out "$2"; shift 2 ;;
	-d) duration=$2; shift 2 ;;
	--) shift; break ;;
	-h | --help) plot_help; exit 0 ;;
	*) plot_die "unknown argument '$1' (try --help)" ;;
	esac
done
if $fll; then
	[ -n "$out" ] || plot_out docs/ntp-fll
	: "${duration:=8h}"
else
	[ -n "$out" ] || plot_out docs/ntp-convergence
	: "${duration:=3h}"
fi
plot_setup

# CSV columns: 1 t_s, 2 realtime_error_ns, 8 ntp_freq_ppm, 9 ideal_freq_ppm (docs/output.md).
if ! $fll; then
	csv=$plot_tmp/pll.csv
	"$tksim" run --hz 100 --duration "$duration" --csv "$csv" --csv-interval 10s --quiet \
		"$@" >/dev/null
	cat >"$plot_tmp/p.gp" <<GP
set datafile separator ","
set key autotitle columnhead
set grid
set multiplot layout 3,1 title "tksim run: the kernel PLL steered by the NTP daemon model"
set xlabel "simulated time (min)"

set ylabel "REALTIME - true time (us)"
plot "$csv" using (\$1/60):(\$2/1000) with lines lw 2 title "REALTIME error"

set ylabel "frequency (ppm)"
set offsets graph 0, 0, 0.08, 0.08
plot "$csv" using (\$1/60):8 with lines lw 2 title "adjtimex freq", \
     "$csv" using (\$1/60):9 with lines dt 2 lw 2 title "ideal (from the counter's true rate)"

set offsets graph 0, 0, 0, 0
set logscale y
set format y "%g"
set ylabel "|error| (log)"
plot "$csv" using (\$1/60):(abs(\$2)/1000 > 0 ? abs(\$2)/1000 : 1/0) with lines lw 2 \
         title "|REALTIME error| (us)", \
     "$csv" using (\$1/60):(abs(\$8-\$9) > 0 ? abs(\$8-\$9) : 1/0) with lines lw 2 \
         title "|freq - ideal| (ppm)", \
     1000 with lines dt 3 lc rgb "gray" title "1 ms", \
     0.1 with lines dt 3 lc rgb "black" title "0.1 ppm"
unset multiplot
GP
	plot_render 1000 1000 "$plot_tmp/p.gp"
	exit 0
fi

pll=$plot_tmp/pll.csv
both=$plot_tmp/fll.csv
"$tksim" run --hz 100 --poll 8 --duration "$duration" --csv "$pll" --csv-interval 60s --quiet \
	"$@" >/dev/null
"$tksim" run --hz 100 --poll 8 --fll --duration "$duration" --csv "$both" --csv-interval 60s \
	--quiet "$@" >/dev/null
cat >"$plot_tmp/p.gp" <<GP
set datafile separator ","
set grid
set multiplot layout 3,1 title "tksim run: PLL alone and PLL + FLL at poll 256 s (35 ppm to find)"
set xlabel "simulated time (h)"

set ylabel "REALTIME - true time (ms)"
plot "$pll" using (\$1/3600):(\$2/1e6) every ::1 with lines lw 2 title "PLL", \
     "$both" using (\$1/3600):(\$2/1e6) every ::1 with lines lw 2 title "PLL + FLL"

set ylabel "frequency (ppm)"
set offsets graph 0, 0, 0.08, 0.08
plot "$pll" using (\$1/3600):8 every ::1 with lines lw 2 title "PLL", \
     "$both" using (\$1/3600):8 every ::1 with lines lw 2 title "PLL + FLL", \
     "$pll" using (\$1/3600):9 every ::1 with lines dt 2 lw 2 lc rgb "black" title "ideal"

set offsets graph 0, 0, 0, 0
set logscale y
set format y "%g"
set ylabel "|REALTIME error| (us, log)"
plot "$pll" using (\$1/3600):(abs(\$2)/1000 > 0 ? abs(\$2)/1000 : 1/0) every ::1 with lines lw 2 title "PLL", \
     "$both" using (\$1/3600):(abs(\$2)/1000 > 0 ? abs(\$2)/1000 : 1/0) every ::1 with lines lw 2 title "PLL + FLL"
unset multiplot
GP
plot_render 1000 1000 "$plot_tmp/p.gp"
