#!/bin/sh
# tksim's own: plot the NTP loop from the kernel's side: the daemon's measured offset, the
# phase still to apply (time_offset), the frequency (time_freq) and the tick_length they
# make together (ntp_update_offset() and ntp_update_frequency() in kernel/time/ntp.c).
#
# Usage: scripts/plot-ntp-loop.sh [-o FILE] [-- TKSIM-RUN-OPTIONS...]
#
# Runs `tksim run` for 1 h at HZ=100 with the default daemon model (poll 16 s, counter
# 35 ppm fast) with --trace and --csv, takes the trace's first tick of each second, and
# draws against simulated time: the offset the daemon measured and the kernel's remaining
# time_offset (us, as adjtimex's offset: time_offset * HZ >> 32); time_freq (ppm) against
# the ideal correction; and tick_length - 1/HZ (ns per tick) with time_freq's share of it,
# the rest being the PLL's phase share.  Output: FILE.png and FILE.svg (default
# docs/ntp-loop).
set -eu
name=plot-ntp-loop.sh
# shellcheck source=scripts/plot-lib.sh
. "$(dirname "$0")/plot-lib.sh"
plot_out docs/ntp-loop
plot_args "$@"
shift "$plot_shift"
plot_setup

"$tksim" run --hz 100 --duration 1h --trace "$plot_tmp/t.tsv" --csv "$plot_tmp/c.csv" \
	--quiet "$@" >/dev/null
plot_columns "$plot_tmp/t.tsv"
for c in tick_length_ns32 time_freq_ns32 time_offset_ns32; do
	[ -n "$(col "$c")" ] || plot_die "the trace has no column $c"
done
# One line a second: t (s), time_offset as adjtimex's offset (us), time_freq (ppm),
# tick_length - 1/HZ (ns) and time_freq / HZ (ns).  1/HZ is the first tick's tick_length:
# at boot NTP has no frequency and no offset yet.  ns << 32 is 2^32 = 4294967296.
awk -F'\t' -v tl="$(col tick_length_ns32)" -v fr="$(col time_freq_ns32)" \
	-v of="$(col time_offset_ns32)" '
	/^#/ { next }
	!nom { nom = $tl / 4294967296; hz = 1e9 / nom }
	int($1 / 1e9) != last || NR == 2 { last = int($1 / 1e9)
	  printf "%.3f\t%.6f\t%.6f\t%.6f\t%.6f\n", $1 / 1e9, $of * hz / 4294967296 / 1000,
	         $fr / 4294967296000, $tl / 4294967296 - nom, $fr / 4294967296 / hz }' \
	"$plot_tmp/t.tsv" >"$plot_tmp/d.tsv"
[ -s "$plot_tmp/d.tsv" ] || plot_die "no ticks in the trace of \`tksim run $*\`"
# CSV columns: 1 t_s, 9 ideal_freq_ppm, 10 ntp_offset_ns (docs/output.md); tabs as the trace.
tr ',' '\t' <"$plot_tmp/c.csv" >"$plot_tmp/c.tsv"
cat >"$plot_tmp/p.gp" <<GP
set grid
set key right bottom
set multiplot layout 3,1 title "tksim run: the NTP loop, offset -> time\\\\_offset and time\\\\_freq -> tick\\\\_length"
set xlabel "simulated time (min)"
set ylabel "offset (us)"
set datafile separator "\t"
plot "$plot_tmp/c.tsv" using (\$1/60):(\$10/1000) every ::1 with steps lw 2 title "the daemon's measured offset (each poll)", \
     "$plot_tmp/d.tsv" using (\$1/60):2 with lines lw 2 title "time\\\\_offset: the phase still to apply (as adjtimex's offset)"
set ylabel "frequency (ppm)"
set key right top
set offsets graph 0, 0, 0.08, 0.08
plot "$plot_tmp/d.tsv" using (\$1/60):3 with lines lw 2 title "time\\\\_freq", \
     "$plot_tmp/c.tsv" using (\$1/60):9 every ::1 with lines dt 2 lw 2 title "ideal (from the counter's true rate)"
set ylabel "tick\\\\_length - 1/HZ (ns per tick)"
plot "$plot_tmp/d.tsv" using (\$1/60):4 with lines lw 2 title "tick\\\\_length - 1/HZ", \
     "$plot_tmp/d.tsv" using (\$1/60):5 with lines dt 2 lw 2 title "time\\\\_freq's share (time\\\\_freq / HZ); the rest is the phase share"
unset multiplot
GP
plot_render 1000 1000 "$plot_tmp/p.gp"
