#!/bin/sh
# tksim's own: plot `tksim bench --json` as a bar chart: the p50 time per call of each read
# path for one entry point, the p99 as a mark, coloured by the way the call went.
#
# Usage: scripts/plot-bench.sh [-j BENCH.json] [-a API] [-o FILE] [-- TKSIM-BENCH-OPTIONS...]
#
# Without -j runs `tksim bench --json` with the options after -- (e.g. -- --quick).
# API is a row of the benchmark (default clock-gettime-monotonic; see docs/benchmarks.md).
# Paths not measured on this machine are left out and named under the chart.  Output:
# FILE.png and FILE.svg (default docs/bench).  Needs gnuplot and python3 (to read JSON).
set -eu
name=plot-bench.sh
# shellcheck source=scripts/plot-lib.sh
. "$(dirname "$0")/plot-lib.sh"
plot_out docs/bench
json=
api=clock-gettime-monotonic
while [ $# -gt 0 ]; do
	case $1 in
	-j) json=$2; shift 2 ;;
	-a) api=$2; shift 2 ;;
	-o) plot_out "$2"; shift 2 ;;
	--) shift; break ;;
	-h | --help) plot_help; exit 0 ;;
	*) plot_die "unknown argument '$1' (try --help)" ;;
	esac
done
command -v python3 >/dev/null 2>&1 || plot_die "python3 is missing (it reads the JSON)"
plot_setup
if [ -z "$json" ]; then
	json=$plot_tmp/bench.json
	"$tksim" bench --json "$@" >"$json" || plot_die "tksim bench failed"
fi
[ -r "$json" ] || plot_die "cannot read '$json'"

# One line per measured path: index, name, p50, p99, colour (vdso 1, fallback 2, syscall 3).
python3 - "$json" "$api" "$plot_tmp/d.tsv" "$plot_tmp/info" <<'PY' || plot_die "'$json' has no row '$api'"
import json, sys
o = json.load(open(sys.argv[1]))
rows = [r for r in o["results"] if r["api"] == sys.argv[2]]
if not rows:
    sys.exit(1)
colour = {"vdso": 1, "fallback": 2, "syscall": 3}
with open(sys.argv[3], "w") as f:
    for i, r in enumerate(r for r in rows if r["available"]):
        f.write("%d\t%s\t%.3f\t%.3f\t%d\n" % (i, r["impl"], r["p50_ns"], r["p99_ns"],
                                             colour.get(r["path"], 1)))
missing = ", ".join("%s (%s)" % (r["impl"], r["why"]) for r in rows if not r["available"])
h = o["host"]
with open(sys.argv[4], "w") as f:
    f.write("%s, kernel %s, clocksource %s\n" % (h["cpu"], h["kernel"], h["clocksource"]))
    f.write("not measured: %s\n" % (missing or "none"))
PY
host=$(sed -n 1p "$plot_tmp/info" | sed 's/"/\\"/g')
missing=$(sed -n 2p "$plot_tmp/info" | sed 's/"/\\"/g')
n=$(wc -l <"$plot_tmp/d.tsv")
cat >"$plot_tmp/p.gp" <<GP
set datafile separator "\t"
set title "tksim bench: $api, time per call (p50 bar, p99 mark)\n{/*0.8 $host}\n{/*0.8 $missing}"
set logscale x
set xrange [1:*]
set xlabel "ns per call (log)"
set yrange [$n - 0.3:-0.7]
set ytics scale 0
set grid xtics
set key below horizontal
set bmargin 6
set style fill solid 0.7
set palette defined (1 "#4477aa", 2 "#ee7733", 3 "#cc3311")
unset colorbox
set cbrange [1:3]
plot "$plot_tmp/d.tsv" using (sqrt(\$3)):1:(1):3:(\$1-0.38):(\$1+0.38):5:ytic(2) with boxxyerror lc palette notitle, \
     "$plot_tmp/d.tsv" using 4:1 with points pt 7 ps 0.8 lc rgb "black" title "p99", \
     NaN with boxes lc rgb "#4477aa" title "vDSO", \
     NaN with boxes lc rgb "#ee7733" title "simulated syscall fallback", \
     NaN with boxes lc rgb "#cc3311" title "host syscall"
GP
plot_render 1000 650 "$plot_tmp/p.gp"
