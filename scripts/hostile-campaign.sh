#!/bin/sh
# tksim's own: the long hostile campaign (issue 20): tests/hostile/hostile's cases against a
# build (an ASan+UBSan one: docs/robustness.md), with the driver linked to that build's own
# tksim objects so that a case costs a fork() instead of an exec() and a sanitizer start.
# Usage: scripts/hostile-campaign.sh [--build DIR] [--seed S] [--cases N] [--first I]
#   [--jobs J] [--timeout MS]
# Writes hostile-campaign-S.tsv (one line per case: index, command, outcome, status, ms, the
# rule broken), hostile-campaign-S.txt (the summary by command and outcome) and
# hostile-campaign-S.failures (each failing case and its replay line) in the current folder.
# Replay one case: DIR/tests/hostile/hostile-fs --build DIR --seed S --case I.
# Stop it at any time (SIGINT): the summary says how many cases ran.
set -u
build=build seed=1 cases=100000 first=0 jobs=2 timeout=20000
while [ $# -gt 0 ]; do
	case $1 in
	--build) build=$2 ;;
	--seed) seed=$2 ;;
	--cases) cases=$2 ;;
	--first) first=$2 ;;
	--jobs) jobs=$2 ;;
	--timeout) timeout=$2 ;;
	*)
		echo "usage: $0 [--build DIR] [--seed S] [--cases N] [--first I] [--jobs J] [--timeout MS]" >&2
		exit 2
		;;
	esac
	shift 2
done
top=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "$build" && pwd) || exit 2
[ -x "$build/tools/tksim" ] || { echo "$0: $build/tools/tksim: not built" >&2; exit 2; }

# The driver with tksim's main() renamed in: the objects and flags of the build's own Makefile.
mk=$(mktemp)
trap 'rm -f "$mk"' EXIT
cat >"$mk" <<'EOF'
print-objs: ; @echo $(tools_tksim_OBJECTS) $(tools_tksim_LDADD) $(LIBS)
print-cc: ; @echo $(CC) $(DEFAULT_INCLUDES) $(AM_CPPFLAGS) $(CPPFLAGS) $(AM_CFLAGS) $(CFLAGS)
print-ld: ; @echo $(AM_LDFLAGS) $(LDFLAGS)
EOF
m() { make -s --no-print-directory -C "$build" -f Makefile -f "$mk" "$1"; }
make -s -C "$build" Makefile >/dev/null 2>&1 # a Makefile.am changed since: regenerated first
objs=$(m print-objs | tr ' ' '\n' | grep -vx 'tools/tksim.o' | tr '\n' ' ')
fs=$build/tests/hostile/hostile-fs
mkdir -p "$build/tests/hostile"
(cd "$build" && objcopy --redefine-sym main=tksim_main tools/tksim.o tests/hostile/tksim-main.o &&
	# shellcheck disable=SC2046,SC2086
	$(m print-cc) -I"$top" $(m print-ld) -o "$fs" "$top"/tests/hostile/hostile_*.c \
		tests/hostile/tksim-main.o $objs) || { echo "$0: cannot link $fs" >&2; exit 2; }

: "${ASAN_OPTIONS:=detect_leaks=0}"
export ASAN_OPTIONS
# A kernel tree's object is compiled once per compiler and HZ (15 s): before the bound counts.
for k in 6.12 6.1; do
	"$build/tools/tksim" run --kernel $k --duration 1ms --quiet >/dev/null 2>&1
done
echo "# $(date -u '+%F %T') UTC: $cases cases from $first, seed $seed, $jobs jobs, $build; load $(cut -d' ' -f1-3 /proc/loadavg)"
t0=$(date +%s)
"$fs" --build "$build" --seed "$seed" --cases "$cases" --first "$first" --jobs "$jobs" \
	--timeout "$timeout" --log "hostile-campaign-$seed.tsv" \
	>"hostile-campaign-$seed.txt" 2>"hostile-campaign-$seed.failures"
rc=$?
cat "hostile-campaign-$seed.txt"
echo "# $(date -u '+%F %T') UTC: exit $rc after $(($(date +%s) - t0)) s; load $(cut -d' ' -f1-3 /proc/loadavg)"
grep -c '^FAIL' "hostile-campaign-$seed.failures" | sed 's/^/# failures: /'
exit $rc
