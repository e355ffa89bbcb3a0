#!/bin/sh
# tksim's own: plot a leap second: CLOCK_REALTIME, CLOCK_TAI and the kernel's leap-second
# state around UTC midnight (second_overflow() in kernel/time/ntp.c).
#
# Usage: scripts/plot-leap.sh [-o FILE] [-- TKSIM-RUN-OPTIONS...]
#
# Runs scenarios/leap-insert.scn (HZ=250, booted 60 s before midnight, STA_INS set) with
# a trace from 1.5 s before midnight to 1.5 s after and draws REALTIME and TAI (at each
# tick, in s from midnight) and time_state.  Add `-- --leap delete` for a deleted
# second.  Output: FILE.png and FILE.svg (default docs/leap-second).
set -eu
name=plot-leap.sh
# shellcheck source=scripts/plot-lib.sh
. "$(dirname "$0")/plot-lib.sh"
plot_out docs/leap-second
plot_args "$@"
shift "$plot_shift"
plot_setup
scn=$(dirname "$0")/../scenarios/leap-insert.scn
[ -r "$scn" ] || plot_die "no $scn"

"$tksim" run "$scn" --duration 62s --trace "$plot_tmp/t.tsv" --from 58.5s --to 61.5s \
	--quiet "$@" >/dev/null
plot_columns "$plot_tmp/t.tsv"
# Numbers for gnuplot: t (s since boot), REALTIME and TAI (s from the midnight), the state.
awk -F'\t' -v sec="$(col xtime_sec)" -v ns="$(col xtime_ns)" -v st="$(col time_state)" \
	-v tai="$(col tai_offset_s)" '
	/^#/ { next }
	!m { m = (int($sec / 86400) + 1) * 86400 }   # the UTC midnight after the first line
	{ split("TIME_OK TIME_INS TIME_DEL TIME_OOP TIME_WAIT TIME_ERROR", n, " ")
	  for (i = 1; i <= 6; i++) if ($st == n[i]) s = i - 1
	  rt = ($sec - m) + $ns / 1e9
	  printf "%.9f\t%.9f\t%.9f\t%d\n", $1 / 1e9, rt, rt + $tai, s }' \
	"$plot_tmp/t.tsv" >"$plot_tmp/d.tsv"
cat >"$plot_tmp/p.gp" <<GP
set datafile separator "\t"
set grid
set key left top
set multiplot layout 2,1 title "tksim run: a leap second inserted at UTC midnight (HZ=250)"
set xlabel "simulated time since boot (s)"
set ylabel "clock - midnight (s)"
plot "$plot_tmp/d.tsv" using 1:2 with steps lw 2 title "CLOCK\\\\_REALTIME (repeats 23:59:59)", \
     "$plot_tmp/d.tsv" using 1:3 with steps lw 2 dt 2 title "CLOCK\\\\_TAI (continuous)"
set ylabel "time\\\\_state"
set yrange [-0.5:5.5]
set ytics ("TIME\\\\_OK" 0, "TIME\\\\_INS" 1, "TIME\\\\_DEL" 2, "TIME\\\\_OOP" 3, "TIME\\\\_WAIT" 4, "TIME\\\\_ERROR" 5)
plot "$plot_tmp/d.tsv" using 1:4 with steps lw 2 notitle
unset multiplot
GP
plot_render 1000 700 "$plot_tmp/p.gp"
