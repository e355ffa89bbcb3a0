# tksim's own: what the kernel-tree backend's tests share; sourced by tests/ktree/ktree_*.sh, not run.
# shellcheck shell=sh disable=SC2034
#
# Sets $TKSIM (tools/tksim by default), $top_srcdir, $tmp (a temporary folder, removed on
# exit), $fail and bad() (say FAIL, remember it), and $tree: Debian's linux-source-6.12 in the
# kernel cache, fetched by scripts/fetch-kernels.sh, or the test ends as SKIP (77) or, when
# the script itself fails, FAIL (need_tree, tests/ktree/ktree_fetch.sh).
set -u
: "${TKSIM:=tools/tksim}"
: "${top_srcdir:=.}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }

. "$top_srcdir/tests/ktree/ktree_fetch.sh"
need_tree 6.12
echo "tree: $tree"
