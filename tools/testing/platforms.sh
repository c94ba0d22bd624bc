# SPDX-License-Identifier: GPL-2.0
# Reading tools/testing/platforms, the table of platform facts, from sh or
# bash (POSIX: the e2e scripts run it under the guest's busybox).  Set
# XU_PLATFORMS to the table's path before calling; the callers in the tree
# do (tools/testing/check, vm/common.sh, e2e/lib.sh, install/check-install).
#
#   plat_fact NAME COLUMN   the value, e.g. plat_fact ivbep cpu -> 62;
#                           status 1 and nothing for no such row or column
#   plat_names [COL=VALUE...]  every platform's name in the table's
#                           order, or those whose every COL is VALUE
#                           (plat_names family=e5 -> snbep ivbep;
#                           plat_names family=e5 cpu=62 -> ivbep)
#   plat_vars NAME          shell assignments PLAT_<column>=<value> of the
#                           row, for eval: one awk for every fact a script
#                           needs; status 1 for no such row

# The table's awk prelude: col[] from the "#name ..." header line; a row
# of another width than the header's is an error (status 2), not a
# value read from the wrong column
XU_PLAT_AWK='
/^#name[ \t]/ { sub(/^#/, ""); for (i = 1; i <= NF; i++) col[$i] = i; ncol = NF; next }
/^#/ || NF == 0 { next }
NF != ncol {
	printf "%s:%d: %d columns, the header has %d\n", FILENAME, FNR, NF, ncol | "cat >&2"
	bad = 1; exit 2
}'

plat_fact() {
	awk -v n="$1" -v c="$2" "$XU_PLAT_AWK"'
	$1 == n && (c in col) { print $(col[c]); found = 1; exit }
	END { exit bad ? 2 : !found }' "$XU_PLATFORMS"
}

plat_names() {
	awk -v kv="$*" "$XU_PLAT_AWK"'
	{
		n = split(kv, w, " ")
		for (j = 1; j <= n; j++) {
			k = w[j]; sub(/=.*/, "", k)
			if (!(k in col) || $(col[k]) != substr(w[j], length(k) + 2)) next
		}
		print $1
	}' "$XU_PLATFORMS"
}

plat_vars() {
	awk -v n="$1" "$XU_PLAT_AWK"'
	$1 == n {
		for (c in col) print "PLAT_" c "=\047" $(col[c]) "\047"
		found = 1; exit
	}
	END { exit bad ? 2 : !found }' "$XU_PLATFORMS"
}
