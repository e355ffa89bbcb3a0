#!/bin/sh
# tksim's own: comments and docs that stay true.
#  1. every repository path a comment or a page names (vdso/..., timekeeper/..., sim/...,
#     tools/..., tests/..., docs/..., scripts/..., scenarios/... ending in .c, .h, .sh, .md
#     or .scn) exists; a glob (sim/*.c) must match a file, brace forms (bugs.[ch],
#     ops_{encode,decode}.c) are expanded; a page or fragment named bare (design.md,
#     local.am) is a file of the tree;
#  2. every .c/.h of timekeeper/ and vdso/ opens with "Mirrors: ... (vX.Y)" or "tksim's
#     own", and that version is the one docs/design.md's mirror table gives the file;
#  3. every #include "..." of vdso/, timekeeper/, sim/ and tools/ keeps the rules of
#     docs/design.md's table "What each folder may include".
# Each failure names FILE:LINE.  Run from the source tree (top_srcdir) or its build tree.
set -u
src=${top_srcdir:-.}
cd "$src" || exit 99
fail=0
bad() { echo "FAIL: $*"; fail=1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Every file of the tree (the build trees and dist folders left out), and those whose text
# is checked: the sources, build fragments, scripts, pages and scenarios (not autoreconf's
# coverage fragment).
find . \( -path './build*' -o -path './tksim-*' -o -name .git -o -name autom4te.cache \) \
	-prune -o -type f -print | sed 's|^\./||' | LC_ALL=C sort >"$tmp/all"
grep -E '\.(c|h|am|sh|md|scn)$' "$tmp/all" | grep -v '^aminclude_static\.am$' >"$tmp/files"
[ -s "$tmp/files" ] || { echo "FAIL: no files found under $src"; exit 1; }

# 1. FILE:LINE:REFERENCE for every path of ours.  A path right after a letter, digit, '/',
#    '.', '%' or '$' is part of something else: a kernel path (lib/vdso/gettimeofday.c,
#    include/vdso/datapage.h, arch/x86/...), a build variable ($(top_srcdir)/..., %D%/...).
#    The kernel's tools/testing/ (the selftests) is not our tools/.
xargs awk '
{
	line = $0
	while (match(line, /(^|[^A-Za-z0-9_.\/%$-])(vdso|timekeeper|sim|tools|tests|docs|scripts|scenarios)\/[][A-Za-z0-9_.\/*{},-]*[A-Za-z0-9_*\]}]/)) {
		ref = substr(line, RSTART, RLENGTH)
		line = substr(line, RSTART + RLENGTH)
		sub(/^[^a-z]/, "", ref)
		if (ref ~ /^tools\/testing\//)
			continue
		if (ref !~ /\.(c|h|sh|md|scn|\[[a-z]+\]|\{[a-z,]*\})$/)
			continue
		print FILENAME ":" FNR ":" ref
	}
	# a page or build fragment named bare (design.md, local.am): ours, so somewhere in the tree
	line = $0
	while (match(line, /(^|[^A-Za-z0-9_.\/%$-])[A-Za-z0-9_-]+\.(md|am)([^A-Za-z0-9_]|$)/)) {
		ref = substr(line, RSTART, RLENGTH)
		line = substr(line, RSTART + RLENGTH)
		sub(/^[^A-Za-z0-9_]/, "", ref)
		sub(/[^a-z]$/, "", ref)
		print FILENAME ":" FNR ":*/" ref
	}
}' <"$tmp/files" >"$tmp/refs"

# Check them against the tree, in one awk: a[xy]b and a{x,y}b expand (one level, all the
# tree uses), a name in capitals (bench_row_NAME.c) stands for any name, a glob must match a
# file, a bare page or fragment (*/NAME) must be a file of that name anywhere.
awk -v all="$tmp/all" '
function glob2re(g) {
	gsub(/\./, "\\.", g)
	gsub(/\*/, "[^/]*", g)
	return "^" g "$"
}
function found(r,    re, f) {
	if (r in have)
		return 1
	if (r !~ /\*/)
		return 0
	re = r ~ /^\*\// ? "(^|/)" substr(glob2re(substr(r, 3)), 2) : glob2re(r)
	for (f in have)
		if (f ~ re)
			return 1
	return 0
}
BEGIN { while ((getline f < all) > 0) have[f] = 1 }
{
	file = $1; line = $2; ref = $0; sub(/^[^:]*:[^:]*:/, "", ref)
	n++
	k = 0
	if (match(ref, /\{[^}]*\}|\[[^]]*\]/)) {
		pre = substr(ref, 1, RSTART - 1); post = substr(ref, RSTART + RLENGTH)
		alts = substr(ref, RSTART + 1, RLENGTH - 2)
		if (substr(ref, RSTART, 1) == "{")
			k = split(alts, alt, ",")
		else
			for (i = 1; i <= length(alts); i++)
				alt[++k] = substr(alts, i, 1)
		for (i = 1; i <= k; i++)
			r[i] = pre alt[i] post
	} else
		r[++k] = ref
	for (i = 1; i <= k; i++) {
		gsub(/[A-Z][A-Z0-9][A-Z0-9]+/, "*", r[i])
		if (!found(r[i])) {
			shown = ref; sub(/^\*\//, "", shown)
			print "FAIL: " file ":" line ": \x27" shown "\x27 " \
				(ref ~ /^\*\// ? "is no file of this tree" : \
				 r[i] ~ /\*/ ? "matches no file" : "does not exist")
		}
	}
}
END { print n > "/dev/stderr" }' FS=: "$tmp/refs" 2>"$tmp/n" >"$tmp/bad"
n=$(cat "$tmp/n")
if [ -s "$tmp/bad" ]; then cat "$tmp/bad"; fail=1; fi
[ "$n" -gt 100 ] || bad "only $n references found: is the extraction broken?"
[ "$fail" -eq 0 ] && echo "ok: the $n file references of $(wc -l <"$tmp/files") files exist"

# 2. The mirror line of each model file and the table of docs/design.md.  The table's rows
#    read "| `timekeeper/ntp.c` | kernel/time/ntp.c | v6.14 |" (version "own" for tksim's own).
design=docs/design.md
sed -n 's/^| `\(\(timekeeper\|vdso\)\/[a-z0-9_]*\.[ch]\)` |.*| \(v[0-9][0-9.]*\|own\) |$/\1 \3/p' \
	"$design" >"$tmp/table"
[ -s "$tmp/table" ] || bad "$design: no mirror table (| \`FILE\` | KERNEL FILE | vX.Y |)"
m=0
for f in timekeeper/*.[ch] vdso/*.[ch]; do
	m=$((m + 1))
	# the first comment: the lines up to the first one that is not a comment
	head=$(sed -n '2,4p' "$f" | sed '/^[^/ ]/,$d' | tr '\n' ' ')
	case $head in
	*"tksim's own"*) have=own ;;
	*Mirrors:*)
		# the version is the "(vX.Y" of the line; every "(vX.Y" there is the same one, a
		# single release ("(v6.14/v6.15)", "(v6.15+)" say two or an open range).  A later
		# release named in prose ("as v6.17 names it") is a note, not a claim.
		vs=$(echo "$head" | grep -o '(v[0-9][0-9]*\.[0-9][0-9]*[^0-9]' | sort -u)
		have=$(echo "$vs" | sed -n 's/^(\(v[0-9.]*\)[]):;, ]$/\1/p')
		if [ "$(echo "$vs" | wc -l)" -ne 1 ] || [ -z "$have" ]; then
			bad "$f:2: the Mirrors line must name one release as (vX.Y), not:" $vs
			continue
		fi
		;;
	*) have= ;;
	esac
	if [ -z "$have" ]; then
		bad "$f:2: no 'Mirrors: ... (vX.Y)' or \"tksim's own\" first comment"
		continue
	fi
	want=$(sed -n "s|^$f ||p" "$tmp/table")
	if [ -z "$want" ]; then bad "$design: the mirror table has no row for $f"
	elif [ "$want" != "$have" ]; then bad "$f:2: says $have, $design's table says $want"
	fi
done
while read -r f _; do
	[ -e "$f" ] || bad "$design: the mirror table names $f, which does not exist"
done <"$tmp/table"
[ "$fail" -eq 0 ] && echo "ok: the $m files of timekeeper/ and vdso/ say what $design's table says"

# 3. The include rules: docs/design.md's table "What each folder may include", read here.
#    An allowed "DIR/" is everything below DIR, "DIR/*.h" the headers directly in DIR,
#    "FILE:HEADER" one include of one file, anything else one header; "tools/CMD/" is
#    every folder of tools/ without a row of its own.
set -f # the table's DIR/*.h are patterns of ours, not the shell's
sed -n '/^### What each folder may include/,/^#/p' "$design" | grep '^| `' >"$tmp/rules"
[ -s "$tmp/rules" ] || bad "$design: no table under '### What each folder may include'"
toks() { echo "$1" | grep -o '`[^`]*`' | tr -d '`' | grep '^[A-Za-z0-9_./*:-]*$'; }
includes() { # FOLDER: FILE:LINE:PATH of each quoted include of the files directly in it
	for f in "$1"/*.[ch]; do
		grep -n '^#[ 	]*include[ 	]*"' "$f" | sed 's/^\([0-9]*\):[^"]*"\([^"]*\)".*/\1:\2/' |
			while IFS=: read -r l p; do echo "$f:$l:$p"; done
	done
}
allowed() { # FILE HEADER ALLOWED...: whether one of ALLOWED admits FILE's include of HEADER
	f=$1 p=$2
	shift 2
	for a in "$@"; do
		case $a in
		*/\*.h) [ "${p%/*}" = "${a%/\*.h}" ] && case $p in *.h) return 0 ;; esac ;;
		*/) case $p in "$a"*) return 0 ;; esac ;;
		*:*) [ "${a%%:*}" = "$f" ] && [ "${a#*:}" = "$p" ] && return 0 ;;
		*) [ "$a" = "$p" ] && return 0 ;;
		esac
	done
	return 1
}
rule() { # FOLDER ALLOWED...
	d=$1
	shift
	echo "$d" >>"$tmp/ruled"
	set +f
	includes "$d" >"$tmp/inc"
	set -f
	while IFS=: read -r f l p; do
		allowed "$f" "$p" "$@" || bad "$f:$l: includes $p, which $d/ may not ($design)"
	done <"$tmp/inc"
}
: >"$tmp/ruled"
named=$(cut -d'|' -f2 "$tmp/rules" | while read -r c; do toks "$c"; done)
while IFS='|' read -r _ folders may except _; do
	al=$(toks "$may") ex=$(toks "$except")
	for d in $(toks "$folders"); do
		if [ "$d" = tools/CMD/ ]; then
			set +f
			cmds=$(for c in tools/*/; do echo "$c"; done)
			set -f
			for c in $cmds; do
				# shellcheck disable=SC2046 # the allowed list is split into words on purpose
				echo "$named" | grep -qx "$c" ||
					rule "${c%/}" $(echo $al $ex | sed "s|tools/CMD/|$c|g")
			done
		elif [ -d "$d" ]; then
			rule "${d%/}" $al $ex
		fi
	done
done <"$tmp/rules"
set +f
# every folder of the engine and the command has a row
for d in $(find vdso timekeeper sim tools -name '*.[ch]' | sed 's|/[^/]*$||' | sort -u); do
	grep -qx "$d" "$tmp/ruled" || bad "$design: no include rule for $d/"
done
[ "$fail" -eq 0 ] && echo "ok: every #include of vdso/, timekeeper/, sim/, tools/ keeps $design's rules"
exit $fail
