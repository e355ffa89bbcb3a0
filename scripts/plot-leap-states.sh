#!/bin/sh
# tksim's own: plot the whole leap-second state machine of second_overflow()
# (kernel/time/ntp.c): TIME_OK -> TIME_INS -> TIME_OOP -> TIME_WAIT -> TIME_OK, each
# transition with CLOCK_REALTIME at the tick that made it.
#
# Usage: scripts/plot-leap-states.sh [-o FILE] [-- TKSIM-RUN-OPTIONS...]
#
# Runs `tksim run` at HZ=250 with the daemon off, booted 60 s before UTC midnight, with
# adjtimex(status=ins) at boot and adjtimex(status=pll), which clears STA_INS, at 62 s,
# for 64 s with --trace, and draws time_state against simulated time, each transition
# labelled with REALTIME (UTC time of day) at its tick, and, from 56 s on, REALTIME -
# midnight once a second and at each transition.  Output: FILE.png and FILE.svg (default
# docs/leap-states).
set -eu
name=plot-leap-states.sh
# shellcheck source=scripts/plot-lib.sh
. "$(dirname "$0")/plot-lib.sh"
plot_out docs/leap-states
plot_args "$@"
shift "$plot_shift"
plot_setup

"$tksim" run --hz 250 --ntpd off --start-before-midnight 60s --duration 64s \
	--adjtimex 0:status=ins --adjtimex 62s:status=pll --trace "$plot_tmp/t.tsv" --quiet \
	"$@" >/dev/null
plot_columns "$plot_tmp/t.tsv"
# d.tsv: t (s), REALTIME - midnight (s), the state's row, its name, and a label on the
# ticks where the state changed ("" elsewhere); once a second and at each change.
awk -F'\t' -v sec="$(col xtime_sec)" -v ns="$(col xtime_ns)" -v st="$(col time_state)" '
	BEGIN { split("TIME_OK TIME_INS TIME_DEL TIME_OOP TIME_WAIT TIME_ERROR", n, " ")
	        for (i = 1; i <= 6; i++) row[n[i]] = i - 1 }
	/^#/ { next }
	!m { m = (int($sec / 86400) + 1) * 86400 }
	{ changed = $st != last; s = int($1 / 1e9)
	  if (!changed && s == lasts) next
	  lab = ""
	  if (changed) { d = $sec % 86400
	    lab = sprintf("%s at %02d:%02d:%02d.%09d", $st, d / 3600, d % 3600 / 60, d % 60, $ns) }
	  printf "%.9f\t%.9f\t%d\t%s\t%s\n", $1 / 1e9, $sec - m + $ns / 1e9, row[$st], $st, lab
	  last = $st; lasts = s }' "$plot_tmp/t.tsv" >"$plot_tmp/d.tsv"
[ "$(cut -f5 "$plot_tmp/d.tsv" | grep -c .)" -ge 2 ] ||
	plot_die "no state change in the trace of \`tksim run $*\`"
cat >"$plot_tmp/p.gp" <<GP
set datafile separator "\t"
set grid
set key left top
set multiplot layout 2,1 title "tksim run: the leap-second states of second\\\\_overflow(), STA\\\\_INS set at boot, cleared at 62 s (HZ=250)"
set xlabel "simulated time since boot (s)"
set xrange [-1:66]
set ylabel "time\\\\_state"
set yrange [-0.5:5.5]
set ytics ("TIME\\\\_OK" 0, "TIME\\\\_INS" 1, "TIME\\\\_DEL" 2, "TIME\\\\_OOP" 3, "TIME\\\\_WAIT" 4, "TIME\\\\_ERROR" 5)
plot "$plot_tmp/d.tsv" using 1:3 with steps lw 2 notitle, \
     "$plot_tmp/d.tsv" using 1:(strcol(5) eq "" ? 1/0 : \$3) with points pt 7 ps 1 notitle, \
     "$plot_tmp/d.tsv" using 1:(strcol(5) eq "" || \$1 > 30 ? 1/0 : \$3):5 with labels left \
         offset 0.5,0.7 font ',8' noenhanced notitle, \
     "$plot_tmp/d.tsv" using 1:(strcol(5) eq "" || \$1 <= 30 ? 1/0 : \$3):5 with labels right \
         offset -0.5,0.7 font ',8' noenhanced notitle
set ylabel "CLOCK\\\\_REALTIME - midnight (s)"
set yrange [*:*]
set ytics autofreq
set xrange [56:64.5]
set xtics 1
set xlabel "simulated time since boot (s), the seconds around midnight"
plot "$plot_tmp/d.tsv" using 1:2 with steps lw 2 title "REALTIME, once a second and at each transition (23:59:59 twice: TIME\\\\_OOP)"
unset multiplot
GP
plot_render 1000 700 "$plot_tmp/p.gp"
