#!/bin/sh
# tksim's own: plot a real daemon (Debian 12's chronyd or ntpd) on the simulated kernel next to
# tksim's own NTP daemon model (sim/ntpd.c) for the same scenario: REALTIME error and kernel
# frequency.
#
# Usage: scripts/plot-daemon.sh [-o FILE] [-d DURATION] [SCENARIO]
#
# SCENARIO is a file of scenarios/daemon/ by name (chronyd-shm, the default; chronyd-ntp,
# ntpd-ntp and their -leap variants) or path; its name's first word is the daemon.  Runs `tksim
# daemon SCENARIO --csv` (a SHM refclock, poll 2^2 s, or the scenario's `server` line with
# "server 192.0.2.1 iburst minpoll 4 maxpoll 6") and `tksim run --boot-error 100ms --ppm 35`
# with the same poll (2, or 6 for a server) and noise of the same standard deviation (1155 ns
# for the SHM's +/-2 us, 102 us for a server's 500 us of jitter each way), and the scenario's
# leap, and draws three panels: the REALTIME error, the kernel's frequency (adjtimex freq plus
# the tick's share) against the ideal, and |error| on a log scale.  Default: the scenario's
# duration; output docs/daemon-chronyd.png and .svg for chronyd-shm, else docs/daemon-NAME.
# The daemon is $TKSIM_CHRONYD or $TKSIM_NTPD, else daemons/root/usr/sbin/DAEMON next to the
# tksim binary's folder (scripts/fetch-daemons.sh build/daemons [ntpsec] fetches it); exit 77
# without it.  The tksim binary is $TKSIM, else tools/tksim or build/tools/tksim.  Needs gnuplot.
set -eu
name=plot-daemon.sh
# shellcheck source=scripts/plot-lib.sh
. "$(dirname "$0")/plot-lib.sh"
out=
duration=
scn=chronyd-shm
while [ $# -gt 0 ]; do
	case $1 in
	-o) plot_out "$2"; shift 2 ;;
	-d) duration=$2; shift 2 ;;
	-h | --help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	-*) plot_die "unknown argument '$1' (try --help)" ;;
	*) scn=$1; shift ;;
	esac
done
case $scn in
*/*) ;;
*) scn=$(dirname "$0")/../scenarios/daemon/${scn%.scn}.scn ;;
esac
[ -r "$scn" ] || plot_die "no scenario $scn"
name_=$(basename "$scn" .scn)
daemon=${name_%%-*}
[ -n "$out" ] || case $name_ in
chronyd-shm) plot_out docs/daemon-chronyd ;;
*) plot_out "docs/daemon-$name_" ;;
esac
plot_setup
dir=$(dirname "$tksim")/../daemons/root
export LD_LIBRARY_PATH="$dir/usr/lib/x86_64-linux-gnu:$dir/lib/x86_64-linux-gnu"
case $daemon in
chronyd) prog=${TKSIM_CHRONYD:-$dir/usr/sbin/chronyd} ;;
ntpd) prog=${TKSIM_NTPD:-$dir/usr/sbin/ntpd} ;;
*) plot_die "$scn: no daemon named '$daemon' (chronyd-*.scn or ntpd-*.scn)" ;;
esac
if [ ! -x "$prog" ]; then
	echo "$name: no $daemon at $prog (scripts/fetch-daemons.sh build/daemons)" >&2
	exit 77
fi
chmod 777 "$plot_tmp" # the daemon runs as nobody when tksim runs as root
# The scenario's own lines the model shares: its duration, its leap.
[ -n "$duration" ] || duration=$(sed -n 's/^duration //p' "$scn")
leap=$(sed -n 's/^leap //p' "$scn")
before=$(sed -n 's/^start-before-midnight //p' "$scn")
set --
[ -z "$leap" ] || set -- --leap "$leap" --start-before-midnight "${before:-1h}"
if grep -q '^server ' "$scn"; then
	src="server 192.0.2.1 iburst minpoll 4 maxpoll 6"
	label="one NTP server, 5 ms + 0..500 us each way"
	set -- "$@" --poll 6 --noise 102062 # std of (u1 - u2) / 2, u uniform 0..500 us: 500/sqrt(24)
else
	src="refclock SHM 0 poll 2"
	label="SHM refclock"
	set -- "$@" --poll 2 --noise 1155 # std of a uniform +/-2 us: 2/sqrt(3)
fi
if [ "$daemon" = chronyd ]; then
	title="chronyd 4.3"
	cat >"$plot_tmp/daemon.conf" <<CONF
$src
makestep 1 3
driftfile $plot_tmp/drift
pidfile $plot_tmp/chronyd.pid
bindcmdaddress /
cmdport 0
port 0
CONF
	set -- "$@" -- "$prog" -d -u root -f "$plot_tmp/daemon.conf"
else
	title="ntpd (ntpsec 1.2.2)"
	cat >"$plot_tmp/daemon.conf" <<CONF
$src
driftfile $plot_tmp/ntp.drift
CONF
	set -- "$@" -- "$prog" -n -g -c "$plot_tmp/daemon.conf"
fi
# CSV columns (docs/output.md): 1 t_s, 2 realtime_error_ns, 8 ntp_freq_ppm, 9 ideal_freq_ppm;
# the daemon's 11 tick_us (each us of tick off 10000 is 100 ppm).
# The model's options come first in "$@", then -- and the daemon's command line.
model=
while [ "$1" != -- ]; do
	model="$model $1"
	shift
done
# shellcheck disable=SC2086 # $model: options without spaces
"$tksim" daemon "$scn" --log-interval 0 --duration "$duration" --csv "$plot_tmp/daemon.csv" \
	--csv-interval 5s "$@" >/dev/null 2>&1 || plot_die "tksim daemon -- $daemon failed"
# shellcheck disable=SC2086
"$tksim" run --boot-error 100ms --ppm 35 $model --duration "$duration" \
	--csv "$plot_tmp/model.csv" --csv-interval 5s --quiet >/dev/null
cat >"$plot_tmp/p.gp" <<GP
set datafile separator ","
set grid
set multiplot layout 3,1 title "$title ($label) and tksim's NTP daemon model on the same kernel: 100 ms, +35 ppm"
set xlabel "simulated time (min)"

set ylabel "REALTIME - true time (ms)"
set yrange [-20:110]
plot "$plot_tmp/daemon.csv" using (\$1/60):(\$2/1e6) every ::1 with lines lw 2 title "$daemon", \
     "$plot_tmp/model.csv" using (\$1/60):(\$2/1e6) every ::1 with lines lw 2 title "tksim model (kernel PLL)"
set autoscale y

set ylabel "kernel frequency (ppm)"
set yrange [-60:10]
plot "$plot_tmp/daemon.csv" using (\$1/60):(\$8 + (\$11 - 10000) * 100) every ::1 with lines lw 2 \
         title "$daemon: freq + tick", \
     "$plot_tmp/model.csv" using (\$1/60):8 every ::1 with lines lw 2 title "tksim model: freq", \
     "$plot_tmp/model.csv" using (\$1/60):9 every ::1 with lines dt 2 lw 2 lc rgb "black" title "ideal"
set autoscale y

set logscale y
set format y "%g"
set ylabel "|REALTIME error| (us, log)"
plot "$plot_tmp/daemon.csv" using (\$1/60):(abs(\$2)/1000 > 0 ? abs(\$2)/1000 : 1/0) every ::1 \
         with lines lw 2 title "$daemon", \
     "$plot_tmp/model.csv" using (\$1/60):(abs(\$2)/1000 > 0 ? abs(\$2)/1000 : 1/0) every ::1 \
         with lines lw 2 title "tksim model"
unset multiplot
GP
plot_render 1000 1000 "$plot_tmp/p.gp"
