# tksim's own: helpers of the command-line tests, sourced by tests/cli/cli*.sh.
# expect STATUS DESCRIPTION -- COMMAND...  runs COMMAND, keeps its output in $out
# contains TEXT DESCRIPTION                 checks the last output
# Each prints "ok: ..." or "FAIL: ..." with the output; $fail is 1 after any failure.
: "${TKSIM:=tools/tksim}"
fail=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT

# scratch: $tmp, a folder removed at exit with $out, and $TKSIM made absolute (tests that cd).
scratch() {
	case $TKSIM in /*) ;; *) TKSIM=$(pwd)/$TKSIM ;; esac
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp" "$out"' EXIT
}

expect() {
	want=$1 what=$2
	shift 3
	"$@" >"$out" 2>&1
	got=$?
	if [ "$got" -ne "$want" ]; then
		echo "FAIL: $what: exit $got, expected $want"
		sed 's/^/  | /' "$out"
		fail=1
	else
		echo "ok: $what"
	fi
}

contains() {
	if grep -q -- "$1" "$out"; then echo "ok: $2"; else
		echo "FAIL: $2: no '$1' in output"
		sed 's/^/  | /' "$out"
		fail=1
	fi
}

# need_tree RELEASE: a kernel tree or SKIP (tests/ktree/ktree_fetch.sh).
. "${top_srcdir:-.}/tests/ktree/ktree_fetch.sh"
