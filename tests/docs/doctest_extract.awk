# tksim's own: the extractor of tests/docs/doctest.sh (see the conventions at the top there).
#
# Input: one Markdown page.  Output: for each command shown in it, three files in
# the folder `dir` (set with -v): NNN.cmd (the command line), NNN.exp (the output the
# page shows) and NNN.info ("PAGE LINE MODE [REASON]"), numbered from `first`.
# Prints the number of the next free slot on stdout.
function flush_cmd() {
	if (ncmd == "")
		return
	close(dir "/" ncmd ".exp")
	ncmd = ""
}
function trim(s) {
	sub(/^[ \t]+/, "", s)
	sub(/[ \t]+$/, "", s)
	return s
}
BEGIN {
	n = first + 0
	inblock = 0
	marker = ""
	ncmd = ""
}
{
	line = $0
	sub(/\r$/, "", line)
}
!inblock && line ~ /^<!-- doctest:.*-->[ \t]*$/ {
	marker = line
	sub(/^<!-- doctest:[ \t]*/, "", marker)
	sub(/[ \t]*-->[ \t]*$/, "", marker)
	marker_line = FNR
	next
}
!inblock && line ~ /^```/ {
	inblock = 1
	tested = -1		# decided by the block's first line
	mode = "check"
	reason = ""
	if (marker != "") {
		m = marker
		if (m == "host" || m == "i386")
			mode = m
		else if (m ~ /^skip([ \t]|$)/) {
			mode = "skip"
			reason = trim(substr(m, 5))
		} else
			mode = "bad"
		reason = mode == "bad" ? "unknown marker '" marker "'" : reason
		if (mode == "skip" && reason == "") {
			mode = "bad"
			reason = "a skip marker must say why"
		}
		marker = ""
	}
	next
}
!inblock {
	# A marker applies to the fenced block right after it (blank lines allowed).
	if (trim(line) != "" && marker != "") {
		printf("%s:%d: doctest marker not followed by a fenced block\n", FILENAME,
		       marker_line) > "/dev/stderr"
		bad = 1
		marker = ""
	}
	next
}
inblock && line ~ /^```/ {
	flush_cmd()
	inblock = 0
	next
}
inblock {
	if (tested == -1)
		tested = line ~ /^\$ / ? 1 : 0
	if (!tested)
		next
	if (line ~ /^\$ /) {
		flush_cmd()
		ncmd = sprintf("%03d", n++)
		print substr(line, 3) > (dir "/" ncmd ".cmd")
		close(dir "/" ncmd ".cmd")
		printf("%s %d %s %s\n", FILENAME, FNR, mode, reason) > (dir "/" ncmd ".info")
		close(dir "/" ncmd ".info")
		printf("") > (dir "/" ncmd ".exp")
		next
	}
	print line > (dir "/" ncmd ".exp")
}
END {
	flush_cmd()
	if (inblock) {
		printf("%s: a fenced block is not closed\n", FILENAME) > "/dev/stderr"
		bad = 1
	}
	print n
	exit bad ? 1 : 0
}
