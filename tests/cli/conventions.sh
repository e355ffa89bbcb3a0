#!/bin/sh
# tksim's own: the conventions of the ecosystem: the man page documents every command and
# option the program has, the bash completion completes them, scenarios are found by name.
set -u
: "${TKSIM:=tools/tksim}"
src=${top_srcdir:-.}
man=$src/docs/tksim.1
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tksim=$(cd "$(dirname "$TKSIM")" && pwd)/$(basename "$TKSIM")
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fail=1; }

# The man page: every command of `tksim --help` has a section, every option of its --help
# is named (in the source, where groff's \- is a -).
sed 's/\\-/-/g' "$man" >"$tmp/man.txt"
cmds=$("$tksim" --help | sed -n 's/^  \([a-z][a-z]*\)  .*/\1/p')
[ -n "$cmds" ] || bad "no commands in tksim --help"
for c in $cmds; do
	if grep -q "^\.SS $c\$" "$tmp/man.txt"; then ok "tksim.1 has a section for $c"; else
		bad "tksim.1 has no section for '$c'"
	fi
	missing=
	for o in $("$tksim" "$c" --help | grep -o -- '--[a-z][a-z0-9-]*' | sort -u); do
		grep -q -- "$o" "$tmp/man.txt" || missing="$missing $o"
	done
	if [ -z "$missing" ]; then ok "tksim.1 names every option of $c"; else
		bad "tksim.1 does not name these options of $c:$missing"
	fi
done
for s in NAME SYNOPSIS DESCRIPTION "EXIT STATUS" FILES EXAMPLES; do
	grep -q "^\.SH \"\{0,1\}$s" "$man" || bad "tksim.1 has no $s section"
done
if command -v groff >/dev/null 2>&1; then
	if groff -man -ww -z "$man" 2>"$tmp/groff" && [ ! -s "$tmp/groff" ]; then
		ok "groff reads tksim.1 without a warning"
	else
		bad "groff warns about tksim.1"; sed 's/^/  | /' "$tmp/groff"
	fi
fi

# The man page's option lists and the completion are generated from the option tables:
# the checked-in copies must be what this tksim writes (regenerate them with
# `tksim help --man` spliced into docs/tksim.1, and `tksim help --completion >completion/tksim`).
"$tksim" help --man >"$tmp/man.gen"
block() { # CMD FILE: the generated option list of CMD in FILE
	sed -n "/^\\.\\\\\" options of $1: generated/,/^\\.\\\\\" end of the options of $1\$/p" "$2"
}
for c in $cmds; do
	block "$c" "$tmp/man.gen" >"$tmp/man.want"
	block "$c" "$man" >"$tmp/man.have"
	if [ -s "$tmp/man.want" ] && cmp -s "$tmp/man.want" "$tmp/man.have"; then
		ok "tksim.1's options of $c are tksim help --man's"
	else
		bad "docs/tksim.1 is stale: its options of $c differ from tksim help --man"
		diff "$tmp/man.have" "$tmp/man.want" | head -20 | sed 's/^/  | /'
	fi
done
"$tksim" help --completion >"$tmp/comp.gen"
if cmp -s "$tmp/comp.gen" "$src/completion/tksim"; then ok "completion/tksim is tksim help --completion's"; else
	bad "completion/tksim is stale: it differs from tksim help --completion"
	diff "$src/completion/tksim" "$tmp/comp.gen" | head -20 | sed 's/^/  | /'
fi

# Clock names: each --clocks word of the one clock table (sim/clocks.h) and each that torture's
# --help lists is a word its parser takes and one the man page's --clocks list names.
table=$(sed -n 's/^[[:space:]]*X(TK_CLOCK_[A-Z_]*, "[A-Z_]*", "\([a-z_]*\)".*/\1/p' "$src/sim/clocks.h")
helped=$("$tksim" torture --help | sed -n '/--clocks LIST/,/(default all)/p' |
	sed 's/.*--clocks LIST//; s/(default all)//' | tr ', ' '\n\n')
manlist=$(sed -n '/^\.B --clocks /{n;p;}' "$tmp/man.txt" | sed 's/(default all)//; s/ //g')
[ -n "$table" ] || bad "no clock names in sim/clocks.h"
"$tksim" torture --clocks no_such_clock --help >/dev/null 2>&1 && bad "torture took --clocks no_such_clock"
for w in $(printf "%s\n" $table $helped | sort -u); do
	if ! "$tksim" torture --clocks "$w" --help >/dev/null 2>&1; then
		bad "tksim torture --clocks does not take '$w'"
	else
		case ",$manlist," in *",$w,"*) ok "tksim.1 names clock $w" ;;
		*) bad "tksim.1's --clocks list ('$manlist') does not name '$w'" ;; esac
	fi
done

# Bash completion, driven as bash would drive it, with this build's tksim first on PATH.
if command -v bash >/dev/null 2>&1; then
	mkdir -p "$tmp/bin" && ln -s "$tksim" "$tmp/bin/tksim"
	comp() { # WORDS...: the completions of the last word
		PATH=$tmp/bin:$PATH bash -c '. "$0"; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _tksim
			echo "${COMPREPLY[*]}"' "$src/completion/tksim" "$@"
	}
	check_comp() { # EXPECTED WORDS...
		want=$1; shift
		got=$(comp "$@")
		case " $got " in *" $want "*) ok "completing '$*' offers $want" ;;
		*) bad "completing '$*' gave '$got', not $want" ;; esac
	}
	check_comp run tksim ru
	check_comp mirror tksim ""
	check_comp --trace tksim run --tra
	check_comp --dump tksim mirror --d
	check_comp delete tksim run --leap ""
	check_comp writer-no-seq tksim torture --inject wri
fi

# bench's progress line: on stderr when it is a terminal (script(1) gives it one), else never.
"$tksim" bench --quick --engine 0 >/dev/null 2>"$tmp/err"
if grep -q "tksim bench:" "$tmp/err"; then bad "bench printed progress to a file"; else
	ok "no progress line when stderr is not a terminal"
fi
if command -v script >/dev/null 2>&1; then
	script -qc "'$tksim' bench --quick --engine 0 >/dev/null" /dev/null >"$tmp/tty" 2>&1
	if grep -q "tksim bench: .* of .*clock-gettime-monotonic" "$tmp/tty"; then
		ok "bench shows its progress on a terminal"
	else
		bad "no progress line from bench on a terminal"; sed 's/^/  | /' "$tmp/tty" | head
	fi
	script -qc "'$tksim' bench --quick --engine 0 --quiet >/dev/null" /dev/null >"$tmp/tty" 2>&1
	if grep -q "tksim bench:" "$tmp/tty"; then bad "bench --quiet showed progress"; else
		ok "bench --quiet shows none"
	fi
fi

# Scenarios by name, from any folder: NAME.scn here first, then the installed examples
# (or, before `make install`, the source tree's).
cd "$tmp" || exit 99
if "$tksim" run leap-insert --duration 61s --quiet >"$tmp/out" 2>&1 && grep -q "TAI - UTC 1 s" "$tmp/out"; then
	ok "tksim run leap-insert finds the example by name"
else
	bad "tksim run leap-insert"; sed 's/^/  | /' "$tmp/out"
fi
printf 'duration 1s\nhz 100\nntpd off\n' >leap-insert.scn
if "$tksim" run leap-insert --quiet >"$tmp/out" 2>&1 && grep -q "1.000 s simulated at HZ=100" "$tmp/out"; then
	ok "./leap-insert.scn comes before the examples"
else
	bad "./leap-insert.scn was not used"; sed 's/^/  | /' "$tmp/out"
fi
if "$tksim" run no-such-scenario >"$tmp/out" 2>&1; then
	bad "an unknown scenario name ran"
elif [ $? -eq 2 ] && grep -q "no-such-scenario" "$tmp/out"; then
	ok "an unknown scenario is exit 2, named"
else
	bad "an unknown scenario"; sed 's/^/  | /' "$tmp/out"
fi
exit $fail
