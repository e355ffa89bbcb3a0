#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# tksim's own: `make check-mutants`, the mutation check of the core.
#
# Usage: scripts/check-mutants.sh [SRCDIR]
#
# Copies the source tree (git's tracked and untracked, not ignored, files;
# never the working tree itself) into a scratch directory, builds it once,
# runs the deterministic suites as a baseline, then applies each mutant of
# tests/mutants.list in turn (FILE<TAB>FROM<TAB>TO<TAB>WHAT: FROM, a literal
# string, must occur exactly once in FILE), rebuilds, runs the suites until
# one fails, and restores the file.  Prints a Markdown table.
#
# Environment: MUTANTS_LIST (the list), MUTANTS_JOBS (make -j, default the
# number of CPUs), MUTANTS_KEEP=1 keeps the scratch directory.
#
# Exit status: 0 every mutant was killed; 1 one survived, did not apply or
# did not build, or the unmutated baseline failed; 2 bad usage.
set -u

src=$(cd "${1:-.}" && pwd) || exit 2
list=${MUTANTS_LIST:-$src/tests/mutants.list}
jobs=${MUTANTS_JOBS:-$(nproc 2>/dev/null || echo 2)}
[ -r "$list" ] || { echo "check-mutants: cannot read $list" >&2; exit 2; }

# The deterministic Check suites, fastest first; check_bugs without its threads.
suites="timekeeper/check_accumulate timekeeper/check_syscalls sim/check_oracle
	timekeeper/check_clocksource vdso/check_vdso timekeeper/check_adjtimex
	selftests/check_selftests_set selftests/check_selftests_freq timekeeper/check_timekeeping
	timekeeper/check_hrtimer timekeeper/check_ntp sim/check_engine vdso/check_variants
	sim/check_bugs"

work=$(mktemp -d "${TMPDIR:-/tmp}/tksim-mutants.XXXXXX") || exit 1
[ "${MUTANTS_KEEP:-0}" = 1 ] || trap 'rm -rf "$work"' EXIT
mkdir "$work/src"
if git -C "$src" rev-parse --git-dir >/dev/null 2>&1; then
	(cd "$src" && git ls-files -co --exclude-standard -z | tar cf - --null -T -) |
		tar xf - -C "$work/src" || exit 1
else
	(cd "$src" && tar cf - --exclude=./build --exclude='./build-*' .) | tar xf - -C "$work/src" || exit 1
fi
cd "$work/src" || exit 1

say() { printf '%s\n' "$*" >&2; }
bins=""
for t in $suites; do bins="$bins tests/$t"; done

build() { make -C build -j"$jobs" $bins >build.log 2>&1; }

# run_suites: the first suite that fails, or nothing if all pass.
run_suites() {
	for t in $suites; do
		# check_bugs: only its deterministic test case, not the threads.
		case $t in */check_bugs) only="CK_RUN_CASE=deterministic" ;; *) only= ;; esac
		if ! (cd build && env $only CK_DEFAULT_TIMEOUT=60 \
			timeout 600 "./tests/$t" >"../${t##*/}.log" 2>&1); then
			echo "${t##*/}"
			return
		fi
	done
}

say "check-mutants: building $src in $work"
if ! { autoreconf -fi >autoreconf.log 2>&1 && mkdir -p build &&
	(cd build && ../configure --quiet >/dev/null 2>&1) && build; }; then
	say "check-mutants: the unmutated tree does not build (see $work/src)"
	exit 1
fi
failed=$(run_suites)
if [ -n "$failed" ]; then
	say "check-mutants: the unmutated tree fails $failed"
	exit 1
fi
for t in $suites; do
	grep -q 'Checks: [1-9]' "${t##*/}.log" || { say "check-mutants: $t ran no test"; exit 1; }
done

n=0 killed=0 bad=0
table="| # | file | mutant | result |
|---|---|---|---|"
tab=$(printf '\t')
while IFS="$tab" read -r file from to what; do
	case $file in '' | '#'*) continue ;; esac
	n=$((n + 1))
	cp "$file" "$file.orig"
	if ! FROM=$from TO=$to perl -0pi -e '
		my $n = () = /\Q$ENV{FROM}\E/g;
		die "matches $n times\n" if $n != 1;
		s/\Q$ENV{FROM}\E/$ENV{TO}/;' "$file" 2>mutant.err; then
		result="**did not apply**: $(cat mutant.err)"
		bad=$((bad + 1))
	elif ! build; then
		result="**did not build**"
		bad=$((bad + 1))
	else
		failed=$(run_suites)
		if [ -n "$failed" ]; then
			result="killed by $failed"
			killed=$((killed + 1))
		else
			result="**SURVIVED**"
			bad=$((bad + 1))
		fi
	fi
	mv "$file.orig" "$file"
	touch "$file"
	say "  $n. $file: $what: $result"
	table="$table
| $n | \`$file\` | $what | $result |"
done <"$list"
build || { say "check-mutants: the restored tree does not build"; exit 1; }

printf '%s\n\n%d mutants, %d killed, %d not killed.\n' "$table" "$n" "$killed" "$bad"
[ "$bad" -eq 0 ] && [ "$n" -gt 0 ]
