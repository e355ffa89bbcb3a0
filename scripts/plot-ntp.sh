#!/bin/sh
# tksim's own: plot the NTP closed loop of `tksim run` (REALTIME error, frequency convergence).
#
# Usage: scripts/plot-ntp.sh [-o FILE.png] [-d DURATION] [-- TKSIM-RUN-OPTIONS...]
#
# Runs `tksim run --csv` (default: 3 h at HZ=100 with the default daemon,
# poll 16 s, on the default counter 35 ppm fast) and draws three panels with
# gnuplot: REALTIME - true time, the kernel's frequency against the ideal
# one, and both errors on a log scale.  Output: docs/ntp-convergence.png.
# The tksim binary is $TKSIM, else tools/tksim or build/tools/tksim below
# the current directory.  Needs gnuplot (gnuplot-nox).
set -eu

out=docs/ntp-convergence.png
duration=3h
while [ $# -gt 0 ]; do
	case $1 in
	-o) out=$2; shift 2 ;;
	-d) duration=$2; shift 2 ;;
	--) shift; break ;;
	-h | --help) sed -n '3,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	*) echo "plot-ntp.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
	esac
done

tksim=${TKSIM:-}
if [ -z "$tksim" ]; then
	for t in tools/tksim build/tools/tksim; do
		if [ -x "$t" ]; then tksim=$t; break; fi
	done
fi
if [ -z "$tksim" ] || [ ! -x "$tksim" ]; then
	echo "plot-ntp.sh: no tksim binary: build it, or set TKSIM=path/to/tksim" >&2
	exit 2
fi
if ! command -v gnuplot >/dev/null 2>&1; then
	echo "plot-ntp.sh: gnuplot is missing (apt-get install gnuplot-nox)" >&2
	exit 2
fi

csv=$(mktemp)
trap 'rm -f "$csv"' EXIT
"$tksim" run --hz 100 --duration "$duration" --csv "$csv" --csv-interval 10s --quiet "$@"

# Columns: 1 t_s, 2 realtime_error_ns, 8 ntp_freq_ppm, 9 ideal_freq_ppm.
gnuplot <<EOF
set terminal pngcairo size 1000,1000 font ",10"
set output "$out"
set datafile separator ","
set key autotitle columnhead
set grid
set multiplot layout 3,1 title "tksim run: the kernel PLL steered by the NTP daemon model"
set xlabel "virtual time (min)"

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
EOF
echo "plot-ntp.sh: wrote $out"
