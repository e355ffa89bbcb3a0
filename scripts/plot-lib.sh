# tksim's own: what the plot scripts share; sourced by scripts/plot-*.sh, not run.
# shellcheck shell=sh disable=SC2034,SC2154
#
# A script sets $name (for messages) and $out (the output path without its extension),
# then calls plot_setup; plot_render W H SCRIPT draws the gnuplot SCRIPT twice, as
# $out.png (pngcairo) and $out.svg.  The tksim binary is $TKSIM, else tools/tksim or
# build/tools/tksim below the current directory.  Exit status 2 on bad usage or when
# tksim or gnuplot is missing.

plot_die() {
	echo "$name: $*" >&2
	exit 2
}

# -o FILE: FILE.png and FILE.svg (a .png or .svg suffix given is dropped).
plot_out() {
	out=${1%.png}
	out=${out%.svg}
}

# The script's own header comment (its second line on, up to the code) as help.
plot_help() {
	sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0" | sed "1s/^tksim's own: //; 1s/^./\\u&/"
}

# The options of a plot script that has no others: -o FILE, -h/--help, then "--" and
# tksim's options.  The caller shifts $plot_shift arguments away afterwards.
plot_args() {
	plot_shift=0
	while [ $# -gt 0 ]; do
		case $1 in
		-o)
			[ $# -ge 2 ] || plot_die "-o needs a FILE"
			plot_out "$2"
			shift 2
			plot_shift=$((plot_shift + 2))
			;;
		--) plot_shift=$((plot_shift + 1)); return 0 ;;
		-h | --help) plot_help; exit 0 ;;
		*) plot_die "unknown argument '$1' (try --help)" ;;
		esac
	done
}

plot_setup() {
	tksim=${TKSIM:-}
	if [ -z "$tksim" ]; then
		for t in tools/tksim build/tools/tksim; do
			if [ -x "$t" ]; then tksim=$t; break; fi
		done
	fi
	if [ -z "$tksim" ] || [ ! -x "$tksim" ]; then
		plot_die "no tksim binary: build it, or set TKSIM=path/to/tksim"
	fi
	command -v gnuplot >/dev/null 2>&1 ||
		plot_die "gnuplot is missing (apt-get install gnuplot-nox)"
	mkdir -p "$(dirname "$out")" || plot_die "cannot create the folder of '$out'"
	plot_tmp=$(mktemp -d) || plot_die "no temporary folder"
	trap 'rm -rf "$plot_tmp"' EXIT
}

# The column numbers of a tksim trace by name: "col NAME" after plot_columns FILE.
plot_columns() {
	plot_header=$(sed -n '1s/^#//p' "$1")
}
col() {
	printf '%s\n' "$plot_header" | tr '\t' '\n' | grep -nx -- "$1" | cut -d: -f1
}

plot_render() { # W H SCRIPT
	if ! gnuplot -e "set terminal pngcairo size $1,$2 font ',10'; set output '$out.png'" "$3" ||
		! gnuplot -e "set terminal svg size $1,$2 font 'Sans,10' background rgb 'white'; set output '$out.svg'" "$3"; then
		plot_die "gnuplot failed on $3"
	fi
	echo "$name: wrote $out.png and $out.svg"
}
