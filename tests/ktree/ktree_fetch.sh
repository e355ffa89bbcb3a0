# tksim's own: need_tree, the one way the tests get a kernel tree; sourced by tests/cli/cli_lib.sh,
# tests/ktree/ktree_lib.sh and tests/daemon/daemon_kernel.sh, not run.
# shellcheck shell=sh

# need_tree RELEASE: $tree, the release's tree in the kernel cache (scripts/fetch-kernels.sh
# fetches it once); SKIP (exit 77) saying why when it cannot be had here (the script's 77); FAIL
# (exit 1) when the script itself fails, so that a broken fetch is never counted as a skip.
need_tree() {
	tree=$("${top_srcdir:-.}/scripts/fetch-kernels.sh" "$1" 2>&1)
	case $? in
	0) tree=$(printf '%s\n' "$tree" | tail -n 1) ;;
	77)
		echo "SKIP: no $1 tree can be fetched here: $tree"
		exit 77
		;;
	*)
		echo "FAIL: scripts/fetch-kernels.sh $1: $tree"
		exit 1
		;;
	esac
}
