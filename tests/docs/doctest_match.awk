# tksim's own: the comparison of tests/docs/doctest.sh.
#
# Usage: awk -v first_line=N -f doctest_match.awk EXPECTED ACTUAL (both normalised).
# An expected line "..." matches any number of lines (none included); an expected
# line ending in " ..." matches a line that starts with what precedes the dots.
# Every other line must be equal.  Exit 0 on a match; otherwise print where the page
# and the program part (the expected line number is first_line + its index) and exit 1.
function line_ok(e, a,    p) {
	if (e ~ / \.\.\.$/) {
		p = substr(e, 1, length(e) - 3)
		return substr(a, 1, length(p)) == p
	}
	return e == a
}
function common_prefix(a, b,    k) {
	for (k = 0; k < length(a) && k < length(b); k++)
		if (substr(a, k + 1, 1) != substr(b, k + 1, 1))
			break
	return k
}
# Remember the mismatch to report: the furthest page line that failed, and among
# its candidates the program line most like it.
function note_miss(i, j,    p) {
	p = (i <= ne && j <= na) ? common_prefix(want[i], got[j]) : -1
	if (i > worst_i || (i == worst_i && p > worst_p)) {
		worst_i = i
		worst_j = j
		worst_p = p
	}
}
# Does want[i..ne] match got[j..na]?  Lazy for "...": the fewest lines first.
function match_from(i, j,    k) {
	if (i > ne) {
		if (j <= na)
			note_miss(i, j)
		return j > na
	}
	if (want[i] == "...") {
		for (k = j; k <= na + 1; k++)
			if (match_from(i + 1, k))
				return 1
		return 0
	}
	if (j <= na && line_ok(want[i], got[j]))
		return match_from(i + 1, j + 1)
	note_miss(i, j)
	return 0
}
BEGIN {
	worst_p = -2
	# getline, not FNR == NR: an empty EXPECTED file must still be told apart.
	while ((getline l < ARGV[1]) > 0)
		want[++ne] = l
	while ((getline l < ARGV[2]) > 0)
		got[++na] = l
	if (match_from(1, 1))
		exit 0
	printf("  first difference at page line %d:\n", first_line + worst_i)
	printf("    page:    %s\n", worst_i <= ne ? want[worst_i] : "(end of the block)")
	printf("    program: %s\n", worst_j <= na ? got[worst_j] : "(no more output)")
	exit 1
}
