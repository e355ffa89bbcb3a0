#!/bin/sh
# tksim's own: plot Debian 12's chronyd on the simulated kernel next to tksim's own NTP daemon
# model (sim/ntpd.c) for the same scenario: REALTIME error and kernel frequency.
#
# Usage: scripts/plot-daemon.sh [-o FILE] [-d DURATION]
#
# Runs `tksim daemon scenarios/daemon/chronyd-shm.scn --csv` (chronyd with a SHM refclock,
# poll 2^2 s, samples within +/-2 us, from a 100 ms initial error, a counter 35 ppm fast)
# and `tksim run --boot-error 100ms --poll 2 --noise 1155` (the model: the kernel PLL,
# ADJ_OFFSET every 4 s, noise of the same standard deviation) and draws three panels: the
# REALTIME error, the kernel's frequency (adjtimex freq plus the tick's share) against the
# ideal, and |error| on a log scale.  Default: 1 h; output docs/daemon-chronyd.png and .svg.
# chronyd is $TKSIM_CHRONYD, else daemons/root/usr/sbin/chronyd next to the tksim binary's
# folder (scripts/fetch-daemons.sh build/daemons fetches it); exit 77 without it.
# The tksim binary is $TKSIM, else tools/tksim or build/tools/tksim.  Needs gnuplot.
set -eu
name=plot-daemon.sh
# shellcheck source=scripts/plot-lib.sh
. "$(dirname "$0")/plot-lib.sh"
out=
duration=1h
while [ $# -gt 0 ]; do
	case $1 in
	-o) plot_out "$2"; shift 2 ;;
	-d) duration=$2; shift 2 ;;
	-h | --help) sed -n '3,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	*) plot_die "unknown argument '$1' (try --help)" ;;
	esac
done
[ -n "$out" ] || plot_out docs/daemon-chronyd
scn=$(dirname "$0")/../scenarios/daemon/chronyd-shm.scn
plot_setup
chronyd=${TKSIM_CHRONYD:-$(dirname "$tksim")/../daemons/root/usr/sbin/chronyd}
if [ ! -x "$chronyd" ]; then
	echo "$name: no chronyd at $chronyd (scripts/fetch-daemons.sh build/daemons)" >&2
	exit 77
fi
chmod 777 "$plot_tmp" # chronyd runs as nobody when tksim runs as root
cat >"$plot_tmp/chrony.conf" <<CONF
refclock SHM 0 poll 2
makestep 1 3
driftfile $plot_tmp/drift
pidfile $plot_tmp/chronyd.pid
bindcmdaddress /
cmdport 0
port 0
CONF
# CSV columns (docs/output.md): 1 t_s, 2 realtime_error_ns, 8 ntp_freq_ppm, 9 ideal_freq_ppm;
# the daemon's 11 tick_us (each us of tick off 10000 is 100 ppm).
"$tksim" daemon "$scn" --log-interval 0 --duration "$duration" --csv "$plot_tmp/chronyd.csv" \
	--csv-interval 5s -- "$chronyd" -d -u root -f "$plot_tmp/chrony.conf" >/dev/null 2>&1 ||
	plot_die "tksim daemon -- chronyd failed"
"$tksim" run --boot-error 100ms --ppm 35 --poll 2 --noise 1155 --duration "$duration" \
	--csv "$plot_tmp/model.csv" --csv-interval 5s --quiet >/dev/null
cat >"$plot_tmp/p.gp" <<GP
set datafile separator ","
set grid
set multiplot layout 3,1 title "chronyd 4.3 (SHM refclock) and tksim's NTP daemon model on the same kernel: 100 ms, +35 ppm"
set xlabel "simulated time (min)"

set ylabel "REALTIME - true time (ms)"
set yrange [-20:110]
plot "$plot_tmp/chronyd.csv" using (\$1/60):(\$2/1e6) every ::1 with lines lw 2 title "chronyd", \
     "$plot_tmp/model.csv" using (\$1/60):(\$2/1e6) every ::1 with lines lw 2 title "tksim model (kernel PLL)"
set autoscale y

set ylabel "kernel frequency (ppm)"
set yrange [-60:10]
plot "$plot_tmp/chronyd.csv" using (\$1/60):(\$8 + (\$11 - 10000) * 100) every ::1 with lines lw 2 \
         title "chronyd: freq + tick", \
     "$plot_tmp/model.csv" using (\$1/60):8 every ::1 with lines lw 2 title "tksim model: freq", \
     "$plot_tmp/model.csv" using (\$1/60):9 every ::1 with lines dt 2 lw 2 lc rgb "black" title "ideal"
set autoscale y

set logscale y
set format y "%g"
set ylabel "|REALTIME error| (us, log)"
plot "$plot_tmp/chronyd.csv" using (\$1/60):(abs(\$2)/1000 > 0 ? abs(\$2)/1000 : 1/0) every ::1 \
         with lines lw 2 title "chronyd", \
     "$plot_tmp/model.csv" using (\$1/60):(abs(\$2)/1000 > 0 ? abs(\$2)/1000 : 1/0) every ::1 \
         with lines lw 2 title "tksim model"
unset multiplot
GP
plot_render 1000 1000 "$plot_tmp/p.gp"
