#!/bin/sh
# tksim's own: plot the vvar page's layout: struct vdso_time_data as the model lays it out
# (include/vdso/datapage.h), every field at its offset with its size, and the values of a
# booted system.
#
# Usage: scripts/plot-vvar.sh [-o FILE] [-- TKSIM-EXPLAIN-VVAR-OPTIONS...]
#
# Runs `tksim explain vvar` (offsetof and sizeof of the model's own structs, the values at
# 1.0005 s) and draws the page as a column of its top-level parts (arch_data, the two clock
# groups, the aux clocks' groups, the time zone), and beside it the clock group CS_HRES_COARSE
# field by field: seq, clock_mode, cycle_last, max_cycles, mask, mult, shift and the
# basetime[] entry of each clock it serves, with its value.  Output: FILE.png and FILE.svg
# (default docs/vvar-layout).
set -eu
name=plot-vvar.sh
# shellcheck source=scripts/plot-lib.sh
. "$(dirname "$0")/plot-lib.sh"
plot_out docs/vvar-layout
plot_args "$@"
shift "$plot_shift"
plot_setup

"$tksim" explain vvar "$@" >"$plot_tmp/e.txt"
# The table's rows: offset, size, depth (the indent / 2), field, value; tab-separated.  The
# field and its value are two blanks apart.
awk '
	/^offset  size/ { on = 1; next }
	on && /^$/ { exit }
	on { off = $1; size = $2; rest = substr($0, 15)
		d = match(rest, /[^ ]/) - 1; rest = substr(rest, d + 1)
		i = index(rest, "  ")
		if (i) { field = substr(rest, 1, i - 1); value = substr(rest, i); sub(/^ +/, "", value) }
		else { field = rest; value = "" }
		gsub(/"/, "", field); gsub(/"/, "", value)
		printf "%s\t%s\t%d\t%s\t%s\n", off, size, d / 2, field, value }
	' "$plot_tmp/e.txt" >"$plot_tmp/rows.tsv"
total=$(sed -n 's/.*struct vdso_time_data, \([0-9]*\) bytes$/\1/p' "$plot_tmp/e.txt")
[ -n "$total" ] && [ -s "$plot_tmp/rows.tsv" ] ||
	plot_die "no layout in \`tksim explain vvar $*\` (its output changed?)"
# The group field by field: from the row "clock_data[CS_HRES_COARSE]" to the next group.
g0=$(awk -F'\t' '$3 == 0 && $4 ~ /CS_HRES/ { print $1; exit }' "$plot_tmp/rows.tsv")
g1=$(awk -F'\t' -v g="$g0" '$3 == 0 && $1 > g { print $1; exit }' "$plot_tmp/rows.tsv")
# gnuplot objects: the page on the left (x 0..1, y the offset, top down), the group on the
# right (x 2..3.6, its own scale: a field's height its size), a wedge between them.
awk -F'\t' -v total="$total" -v g0="$g0" -v g1="$g1" '
	BEGIN { n = 0; colour[0] = "#c6dbef"; colour[1] = "#fdd0a2"; colour[2] = "#c7e9c0" }
	function rect(x0, y0, x1, y1, c) {
		printf "set object %d rect from %g,%g to %g,%g fc rgb \"%s\" fs solid 0.9 border lc rgb \"#333333\"\n", ++n, x0, y0, x1, y1, c }
	function label(x, y, t, just) { printf "set label %d \"%s\" at %g,%g %s font \",9\"\n", ++l, t, x, y, just }
	$3 == 0 && $2 <= 4 { small = small (small ? ", " : "") $4; if (!s0) s0 = $1; s1 = $1 + $2
		rect(0, -$1, 1, -($1 + $2), "#bdbdbd"); next }
	$3 == 0 { rect(0, -$1, 1, -($1 + $2), colour[k++ % 3])
		label(1.05, -($1 + $2 / 2), sprintf("%s: offset %d, %d bytes", $4, $1, $2), "left")
		next }
	$1 >= g0 && $1 < g1 && ($3 == 1 || $3 == 2) {
		# the group scaled to the page height: y = -total * (off - g0) / (g1 - g0)
		if ($4 ~ /^basetime/) next
		y0 = -total * ($1 - g0) / (g1 - g0); y1 = -total * ($1 + $2 - g0) / (g1 - g0)
		rect(3.3, y0, 3.8, y1, $3 == 1 ? "#fee391" : "#d9f0a3")
		label(3.85, (y0 + y1) / 2, sprintf("+%d %s %s", $1 - g0, $4, $5), "left") }
	END {
		if (small) label(1.05, -s1 + 10, sprintf("%s: offset %d, %d bytes", small, s0, s1 - s0), "left")
		printf "set arrow from 1,%g to 3.3,0 nohead dt 2\n", -g0
		printf "set arrow from 1,%g to 3.3,%g nohead dt 2\n", -g1, -total }
	' "$plot_tmp/rows.tsv" >"$plot_tmp/objects.gp"
at=$(sed -n 's/^The vvar page as the model lays it out, at \([0-9.]*\) s:.*/\1/p' "$plot_tmp/e.txt")
cat >"$plot_tmp/p.gp" <<GP
set termoption noenhanced
set title "tksim explain vvar: struct vdso_time_data ($total bytes) and clock_data[CS_HRES_COARSE] field by field, at ${at:-?} s"
unset border
unset xtics
unset ytics
unset key
set xrange [0:7.4]
set yrange [-$total - 20:20]
load "$plot_tmp/objects.gp"
plot NaN notitle
GP
plot_render 1200 820 "$plot_tmp/p.gp"
