#!/bin/sh
# tksim's own: plot the seqcount retry: the writer's seq (odd while update_vsyscall() stores,
# even when it is done) against a reader's vdso_read_begin() and vdso_read_retry()
# (include/vdso/helpers.h), step by step, with the value each round of the read computed.
#
# Usage: scripts/plot-retry.sh [-o FILE] [-- TKSIM-EXPLAIN-RETRY-OPTIONS...]
#
# Runs `tksim explain retry` (a reader and the tick interleaved by hand, the same way on
# every run) and `tksim explain retry --odd` (a reader that arrives while the writer is
# inside) and draws, for each, the vvar page's seq and the seq the reader took at
# vdso_read_begin() at each step of the interleaving, and what each round of the read
# returned against the right value.  Output: FILE.png and FILE.svg (default
# docs/seqcount-retry).
set -eu
name=plot-retry.sh
# shellcheck source=scripts/plot-lib.sh
. "$(dirname "$0")/plot-lib.sh"
plot_out docs/seqcount-retry
plot_args "$@"
shift "$plot_shift"
plot_setup

# One line per step of the explanation, in its order: step, the page's seq, the seq the
# reader took at vdso_read_begin() (an odd one is what a reader without the odd test
# would keep; -1 before it begins), the value a round computed
# minus the right value (ms, or "-"), and a label.  Kept until the end, where "right" is.
steps() { # FILE
	awk '
	function ev(what, v) { k++; p[k] = page; h[k] = held; val[k] = v; lab[k] = what }
	BEGIN { page = -1; held = -1 }
	/vdso_write_begin\(\): seq [0-9]+ -> [0-9]+/ {
		s = $0; sub(/.*-> /, "", s); page = s + 0; ev("write_begin"); next }
	/vdso_write_end\(\): seq -> [0-9]+/ {
		s = $0; sub(/.*-> /, "", s); page = s + 0; ev("write_end"); next }
	/^ *[0-9]+\. seq = / {
		s = $0; sub(/.*seq = (vdso_read_begin\(\) = )?/, "", s); s += 0
		if (page < 0) page = s
		held = s
		ev(s % 2 == 0 ? "read_begin" : "read_begin: odd, spins")
		next }
	/normalise: tv_sec = / {
		s = $0; sub(/.*\/ 1e9 = /, "", s); sec = s + 0
		n = $0; sub(/.*% 1e9 = /, "", n)
		ev("value", sec * 1e9 + n); next }
	/vdso_read_retry\(\)/ { ev(/done/ ? "retry: done" : /read again/ ? "retry: again" : "retry: passes"); next }
	/^right / { split($2, a, "."); right = a[1] * 1e9 + a[2] }
	END {
		if (!k || right == "") exit 1
		for (i = 1; i <= k; i++) {
			v = "-"
			if (lab[i] == "value") {
				v = sprintf("%.6f", (val[i] - right) / 1e6)
				lab[i] = val[i] == right ? "right value" : "torn value"
			}
			printf "%d\t%d\t%d\t%s\t%s\n", i, p[i], h[i], v, lab[i]
		}
	}' "$1"
}
"$tksim" explain retry "$@" >"$plot_tmp/a.txt"
"$tksim" explain retry --odd "$@" >"$plot_tmp/b.txt"
if ! steps "$plot_tmp/a.txt" >"$plot_tmp/a.tsv" || ! steps "$plot_tmp/b.txt" >"$plot_tmp/b.tsv"; then
	plot_die "no steps in \`tksim explain retry $*\` (its output changed?)"
fi
# Per case, two panels: the seqs (the page's as steps, the reader's as points, each step
# labelled), and what each round returned minus the right value.
panels() { # TSV TITLE
	cat <<GP
set title "$2"
set ylabel "seq (odd: the writer is inside)"
set offsets 0, 0, graph 0.45, graph 0.15
set yrange [*:*]
set ytics 1 format "%.0f"
set xrange [0.5:8.8]
set xtics 1
set xlabel "step of the interleaving"
plot "$1" using 1:2 with steps lw 2 title "vvar page's seq (writer)", \\
     "$1" using 1:(\$3 < 0 ? 1/0 : \$3) with points pt 7 ps 1.2 title "seq the reader took at begin", \\
     "$1" using 1:(\$2 + 0.25):5 with labels left rotate by 30 font ',8' noenhanced notitle
set title ""
set ylabel "round's value - right (ms)"
set yrange [*:*]
set offsets 0, 0, graph 0.25, graph 0.25
set ytics autofreq format "%g"
plot "$1" using 1:(strcol(4) eq "-" ? 1/0 : \$4) with impulses lw 3 notitle, \\
     "$1" using 1:(strcol(4) eq "-" ? 1/0 : \$4) with points pt 7 ps 1.2 notitle, \\
     "$1" using 1:(strcol(4) eq "-" ? 1/0 : \$4):(sprintf("%s %+.3f ms", strcol(5), \$4)) \\
         with labels offset 0,1 font ',8' noenhanced notitle, \\
     0 with lines dt 3 lc rgb "gray" notitle
GP
}
hz=$(sed -n 's/^system: .*, \(HZ=[0-9]*\),.*/\1/p' "$plot_tmp/a.txt")
{
	printf 'set datafile separator "\\t"\nset grid\nset key left top font ",8"\n'
	printf 'set multiplot layout 2,2 columnsfirst title "%s (%s)"\n' \
		"tksim explain retry: a CLOCK\\\\_MONOTONIC reader and the tick's update\\\\_vsyscall()" "$hz"
	panels "$plot_tmp/a.tsv" "the reader began first: the retry catches the torn read"
	panels "$plot_tmp/b.tsv" "--odd: the writer was inside; begin spins"
	printf 'unset multiplot\n'
} >"$plot_tmp/p.gp"
plot_render 1200 750 "$plot_tmp/p.gp"
