# tksim's own: what the kernel-tree backend's tests share; sourced by tests/ktree/ktree_*.sh, not run.
# shellcheck shell=sh disable=SC2034
#
# Sets $TKSIM (tools/tksim by default), $top_srcdir, $tmp (a temporary folder, removed on
# exit), $fail and bad() (say FAIL, remember it), and $tree: Debian's linux-source-6.12 in the
# kernel cache, fetched by scripts/fetch-kernels.sh, or the test ends as SKIP (77).
set -u
: "${TKSIM:=tools/tksim}"
: "${top_srcdir:=.}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }

tree=$("$top_srcdir/scripts/fetch-kernels.sh" 6.12) || {
	echo "SKIP: linux-source-6.12 cannot be fetched (scripts/fetch-kernels.sh 6.12)"
	exit 77
}
echo "tree: $tree"
