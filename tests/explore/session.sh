# tksim's own: helpers of the explorer's tests, sourced by tests/explore/*.sh.
# same_as_run NAME SCENARIO ROWS  checks that `tksim run SCENARIO --trace -` prints exactly ROWS
#                                 (a file of trace lines, the header first) and the same verdict
#                                 ($verdict: "" for all held, else the violation's text)
: "${TKSIM:=tools/tksim}"
fail=0

same_as_run() {
	name=$1 scn=$2 rows=$3
	"$TKSIM" run "$scn" --trace "$tmp/run.trace" >"$tmp/run.out" 2>&1
	st=$?
	if ! cmp -s "$rows" "$tmp/run.trace"; then
		echo "FAIL: $name: the rows differ from tksim run's trace (< explorer, > run):"
		diff "$rows" "$tmp/run.trace" | head -8 | sed 's/^/  | /'
		fail=1
	else
		echo "ok: $name: $(($(wc -l <"$rows") - 1)) rows equal tksim run's trace, number for number"
	fi
	if [ -z "$verdict" ]; then
		if [ "$st" -eq 0 ]; then echo "ok: $name: all held, as tksim run says"; else
			echo "FAIL: $name: the explorer saw all held, tksim run exit $st:"
			sed 's/^/  | /' "$tmp/run.out"
			fail=1
		fi
	elif [ "$st" -eq 1 ] && grep -qF -- "$verdict" "$tmp/run.out"; then
		echo "ok: $name: the same violation as tksim run: $verdict"
	else
		echo "FAIL: $name: the explorer saw '$verdict', tksim run exit $st:"
		sed 's/^/  | /' "$tmp/run.out"
		fail=1
	fi
}
