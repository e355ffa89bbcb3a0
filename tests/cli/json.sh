#!/bin/sh
# tksim's own: every --json report is one valid JSON object with the documented members
# (docs/output.md), checked with python3's json module.  SKIP (77) without python3.
set -u
: "${TKSIM:=tools/tksim}"
scn=${top_srcdir:-.}/scenarios
command -v python3 >/dev/null 2>&1 || { echo "SKIP: python3 is missing"; exit 77; }
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# json NAME STATUS CHECK -- COMMAND...: COMMAND exits STATUS, its stdout is valid JSON
# (python3 -m json.tool) and the Python expression CHECK holds for the object o.
json() {
	what=$1 want=$2 check=$3
	shift 4
	"$@" >"$tmp/out.json" 2>"$tmp/err"
	got=$?
	if [ "$got" -ne "$want" ]; then
		echo "FAIL: $what: exit $got, expected $want"; sed 's/^/  | /' "$tmp/err"; fail=1; return
	fi
	if ! python3 -m json.tool "$tmp/out.json" >/dev/null 2>"$tmp/err"; then
		echo "FAIL: $what: not valid JSON"; sed 's/^/  | /' "$tmp/err"; fail=1; return
	fi
	if python3 -c "import json, sys; o = json.load(open(sys.argv[1])); sys.exit(0 if ($check) else 1)" \
		"$tmp/out.json" 2>"$tmp/err"; then
		echo "ok: $what"
	else
		echo "FAIL: $what: $check does not hold"; sed 's/^/  | /' "$tmp/err" "$tmp/out.json" | head -40
		fail=1
	fi
}

json "run --json: the clocks through both paths agree" 0 \
	'o["tool"] == "tksim run" and o["properties_held"] and o["violation"] is None and
	 len(o["clocks"]) == 7 and all(c["vdso_ns"] == c["kernel_ns"] for c in o["clocks"]) and
	 o["ticks"] == 20000 and o["simulated_ns"] == 20 * 10**9' \
	-- "$TKSIM" run --duration 20s --quiet --json
json "run --json: a leap second, full-width TAI - REALTIME = 1 s" 0 \
	'o["ntp"]["tai_offset_s"] == 1 and
	 {c["clock"]: c["vdso_ns"] for c in o["clocks"]}["TAI"] -
	 {c["clock"]: c["vdso_ns"] for c in o["clocks"]}["REALTIME"] == 10**9' \
	-- "$TKSIM" run "$scn/leap-insert.scn" --duration 90s --quiet --json
json "run --json: a violation is reported in the object, exit 1" 1 \
	'not o["properties_held"] and "REALTIME_COARSE" in o["violation"]["what"]' \
	-- "$TKSIM" run "$scn/coarse-second-step.scn" --quiet --json

# torture: real threads on the real TSC (exit 4 where there is none), bounded by rounds, and
# the bug's run by its first violation (milliseconds idle; 30 s is for a loaded machine).
if "$TKSIM" torture --seconds 0.1 --checks sandwich --quiet >/dev/null 2>&1; then
	json "torture --json: readers and the verdict" 0 \
		'o["tool"] == "tksim torture" and o["result"] == "pass" and o["violation"] is None and
		 len(o["readers"]) == 2 and all(r["reads"] > 0 for r in o["readers"])' \
		-- "$TKSIM" torture --iterations 20000 --checks seqcount,sandwich --quiet --json
	json "torture --json: an injected bug is a fail with its evidence, exit 1" 1 \
		'o["result"] == "fail" and o["inject"] == "writer-no-seq" and
		 o["violation"].startswith("VIOLATION (seqcount)")' \
		-- "$TKSIM" torture --seconds 30 --inject writer-no-seq --checks seqcount --window 2000 \
		--seed 7 --quiet --json
	json "torture --json: a blind check fails before the run, with why, exit 1" 1 \
		'o["result"] == "fail" and o["why"].startswith("CHECKER BLIND (threadtest)") and
		 "readers" not in o' \
		-- "$TKSIM" torture --inject threadtest-cmp --checks threadtest --seconds 1 --quiet --json
else
	echo "note: tksim torture cannot run here (exit $?): its --json is not tried"
fi

# mirror: the host's page.  Where it cannot be read (not x86-64, a time namespace, an unknown
# kernel: exit 2) there is nothing to check here.
"$TKSIM" mirror --dump >"$tmp/dump.txt" 2>&1
rc=$?
case $rc in
0)
	json "mirror --dump --json: tz, hrtimer_res and TAI - UTC as the host's syscalls say" 0 \
		'o["tool"] == "tksim mirror" and o["result"] == "dump" and o["clocks"] == [] and
		 o["hrtimer_res_ns"] == o["host"]["clock_getres_ns"] and
		 o["tz_minuteswest"] == o["host"]["tz_minuteswest"] and
		 o["tz_dsttime"] == o["host"]["tz_dsttime"] and
		 o["tai_offset_s"] == o["host"]["tai_offset_s"] and
		 [g["group"] for g in o["clock_data"]] == ["CS_HRES_COARSE", "CS_RAW"] and
		 len(o["clock_data"][0]["basetime"]) == 6 and
		 [b["clock"] for b in o["clock_data"][1]["basetime"]] == ["MONOTONIC_RAW"]' \
		-- "$TKSIM" mirror --dump --json
	json "mirror --json: every sampled clock reported, result pass or skip" 0 \
		'o["result"] in ("pass", "skip") and len(o["clocks"]) >= 2 and
		 all(c["samples"] == 1000 for c in o["clocks"])' \
		-- sh -c '"$0" mirror --json --samples 1000; rc=$?; [ $rc -eq 4 ] && rc=0; exit $rc' "$TKSIM"
	for field in 'clock_data\[CS_HRES_COARSE\]' 'clock_data\[CS_RAW\]' 'basetime\[CLOCK_TAI\]' \
		'basetime\[CLOCK_MONOTONIC_RAW\]' tz_minuteswest hrtimer_res 'TAI - UTC' max_cycles; do
		if grep -q "$field" "$tmp/dump.txt"; then echo "ok: mirror --dump shows $field"; else
			echo "FAIL: mirror --dump has no $field"; sed 's/^/  | /' "$tmp/dump.txt"; fail=1
		fi
	done
	;;
2) echo "note: tksim mirror cannot read this host's page: $(tail -1 "$tmp/dump.txt")" ;;
*) echo "FAIL: tksim mirror --dump exited $rc"; fail=1 ;;
esac

exit $fail
