#!/bin/sh
# tksim's own: exact option matching, the same on the command line and in scenario files
# (tools/options.c), and errors that name what was written where.
set -u
. "${top_srcdir:-.}/tests/cli/cli_lib.sh"
TKSIM=$(cd "$(dirname "$TKSIM")" && pwd)/$(basename "$TKSIM")
dir=$(mktemp -d)
trap 'rm -rf "$dir" "$out"' EXIT

expect 2 "a single-dash option" -- "$TKSIM" run -x
contains "unknown option '-x'" "it is named as written"
expect 2 "a prefix of an option" -- "$TKSIM" run --dur 1s --quiet
contains "unknown option '--dur'" "prefixes do not match"
(cd "$dir" && "$TKSIM" run --csv --quiet --duration 1s >/dev/null 2>"$out")
if [ $? -eq 2 ] && [ ! -e "$dir/--quiet" ]; then echo "ok: --csv --quiet is refused"; else
	echo "FAIL: --csv --quiet wrote a file or was accepted"; fail=1; fi
contains "write --csv=--quiet" "the refusal says how to mean it"
expect 0 "--name=value" -- "$TKSIM" run --duration=1s --hz=100 --quiet
contains "at HZ=100" "the value after = is taken"
expect 2 "a value for a flag" -- "$TKSIM" run --quiet=yes
contains "option '--quiet' takes no value" "a flag takes no value"
for c in torture mirror bugs bench fuzz; do
	expect 2 "$c: an unknown option" -- "$TKSIM" $c --frobnicate
	contains "tksim $c: unknown option '--frobnicate'" "$c names it"
done
expect 2 "torture: a prefix" -- "$TKSIM" torture --sec 1
contains "unknown option '--sec'" "torture matches exactly"

scn=$dir/x.scn
printf 'dur 5s\n' >"$scn"
expect 2 "a prefix in a file" -- "$TKSIM" run "$scn"
contains "$scn:1: 'dur' is not a setting" "prefixes do not match in files"
printf '\nhelp\n' >"$scn"
expect 2 "help in a file" -- "$TKSIM" run "$scn"
contains "$scn:2: 'help' is not a setting" "help is no setting"
printf 'quiet yes\n' >"$scn"
expect 2 "a value for a flag in a file" -- "$TKSIM" run "$scn"
contains "$scn:1: setting 'quiet' takes no value" "named without dashes"
printf 'duration 1s\ncsv --x\nquiet\n' >"$scn"
(cd "$dir" && "$TKSIM" run "$scn" >/dev/null 2>&1)
if [ -e "$dir/--x" ]; then echo "ok: a file names its value plainly"; rm -f "$dir/--x"; else
	echo "FAIL: 'csv --x' in a file did not write --x"; fail=1; fi
expect 2 "a directory as the scenario" -- "$TKSIM" run "$dir"
contains "Is a directory" "a directory is not an empty scenario"
printf 'duration 1s\nwander-interval 1s\n# then\ndrift 1\n' >"$scn"
expect 2 "an error found after every line is read" -- "$TKSIM" run "$scn"
contains "$scn:4: drift 1 ppb/h is below 1 ppb per wander-interval" "it names the setting's line, without dashes"
printf 'duration 1s\nnohz 1d\n' >"$scn"
expect 2 "nohz past max_idle_ns" -- "$TKSIM" run "$scn" --quiet
contains "$scn:2: nohz may be at most" "the line of the nohz setting"
expect 2 "the same on the command line" -- "$TKSIM" run "$scn" --nohz 2d --quiet
contains "tksim run: --nohz may be at most" "the command line overrides the line"
printf 'at 1s adjtimex frobnicate=1\n' >"$scn"
expect 2 "a bad timeline line (tools/scenario/scenario_ops.c handles at lines)" -- "$TKSIM" run "$scn"
contains "$scn:1: adjtimex: unknown key 'frobnicate'" "the line of the bad op"
expect 2 "explain: an unknown option" -- "$TKSIM" explain read --frobnicate
contains "tksim explain: unknown option '--frobnicate'" "explain names it"

# One option table per command (tools/options.h): -h everywhere, "did you mean" for a typo.
for c in run bench torture bugs mirror explain fuzz daemon; do
	expect 0 "$c -h" -- "$TKSIM" $c -h
	contains "usage: tksim $c" "$c -h is its help"
	contains "--help .*(also -h)" "$c's help names -h"
done
expect 2 "a command one swap away" -- "$TKSIM" rnu
contains "unknown command 'rnu' (did you mean run?)" "tksim rnu suggests run"
expect 2 "a command far from any" -- "$TKSIM" frobnicate
contains "unknown command 'frobnicate'\$" "no suggestion when nothing is close"
expect 2 "an option one letter short" -- "$TKSIM" run --duraton 1s
contains "unknown option '--duraton' (did you mean --duration?)" "run --duraton suggests --duration"
contains "Try 'tksim run --help'." "and says where the options are"
expect 2 "torture: a typo" -- "$TKSIM" torture --thraeds 2
contains "did you mean --threads?" "torture suggests --threads"
printf 'duraton 1s\n' >"$scn"
expect 2 "a typo in a scenario file" -- "$TKSIM" run "$scn"
contains "$scn:1: 'duraton' is not a setting (did you mean duration?)" "a setting is suggested without dashes"

# --seed N|random: one parser; random says which seed it drew.
expect 0 "run --seed random" -- "$TKSIM" run --seed random --duration 1s --quiet
contains "tksim run: --seed random chose --seed [0-9]" "run prints the seed it drew"
expect 0 "fuzz --seed random" -- "$TKSIM" fuzz --seed random --runs 1 --quiet --out "$dir"
contains "tksim fuzz: --seed random chose --seed [0-9]" "fuzz prints the seed it drew"
"$TKSIM" torture --seed random --iterations 100 --threads 1 --no-pin --quiet >"$out" 2>&1
contains "tksim torture: --seed random chose --seed [0-9]" "torture prints the seed it drew"
expect 2 "daemon --seed random (no command: parsed, then refused)" -- "$TKSIM" daemon --seed random
contains "tksim daemon: --seed random chose --seed [0-9]" "daemon prints the seed it drew"
expect 2 "a bad seed" -- "$TKSIM" run --seed soon
contains "bad --seed 'soon' (a number, or random)" "the same message everywhere"

# --json: one JSON object on stdout, on every command that has it.
json_ok() { # WHAT COMMAND...: stdout of COMMAND is valid JSON (exit 4, skipped, is let be)
	what=$1; shift
	"$@" >"$dir/json" 2>/dev/null
	rc=$?
	if [ $rc -eq 4 ]; then echo "ok: $what: skipped on this machine"
	elif command -v python3 >/dev/null 2>&1 && ! python3 -m json.tool "$dir/json" >/dev/null 2>&1; then
		echo "FAIL: $what: not JSON (exit $rc)"; head -5 "$dir/json" | sed 's/^/  | /'; fail=1
	else echo "ok: $what gives JSON"; fi
}
json_ok "run --json" "$TKSIM" run --duration 1s --json
json_ok "bench --json" "$TKSIM" bench --quick --engine 0 --json --quiet
json_ok "torture --json" "$TKSIM" torture --iterations 100 --threads 1 --no-pin --json --quiet
if [ -r /proc/self/maps ] && grep -q '\[vvar\]' /proc/self/maps; then
	json_ok "mirror --json" "$TKSIM" mirror --samples 100 --json
fi
exit $fail
