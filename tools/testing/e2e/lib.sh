# SPDX-License-Identifier: GPL-2.0
# Helpers for end-to-end scripts in tools/testing/e2e/, which run as
# `sh e2e/NN-name.sh` inside the VM (busybox sh, cwd /add, perf on PATH,
# modules in /modules).  Source it with:  . "$(dirname "$0")/lib.sh"
# Every check prints one line: "ok DESC", "not ok DESC" or "skip DESC";
# end the script with `finish` (exit 1 if anything failed).

XU_FAILED=0
XU_MODULE=/modules/xeon_uncore.ko
XU_SIM_MODULE=/modules/xeon_uncore_sim.ko

ok() { echo "ok $*"; }
fail() { echo "not ok $*"; XU_FAILED=$((XU_FAILED + 1)); }
skip() { echo "skip $*"; }
# diag MSG: extra detail for the log (not counted)
diag() { echo "# $*"; }

# check DESC CMD...: ok if CMD succeeds (its output is shown on failure)
check() {
	_d=$1; shift
	if _out=$("$@" 2>&1); then ok "$_d"; else
		fail "$_d"
		[ -n "$_out" ] && printf '%s\n' "$_out" | sed 's/^/# /'
	fi
}

# check_eq DESC GOT WANT
check_eq() {
	if [ "$2" = "$3" ]; then ok "$1"; else fail "$1"; diag "got '$2', want '$3'"; fi
}

# check_within_pct DESC GOT WANT PCT: |GOT - WANT| <= PCT% of WANT
check_within_pct() {
	if awk -v a="$2" -v b="$3" -v p="$4" 'BEGIN {
		if (a !~ /^-?[0-9.]+$/ || b !~ /^-?[0-9.]+$/) exit 1
		d = a - b; if (d < 0) d = -d; m = b < 0 ? -b : b
		exit !(d <= m * p / 100) }'; then
		ok "$1"
	else
		fail "$1"; diag "got '$2', want '$3' +-$4%"
	fi
}

# expect_errno ERRNO CMD...: CMD must fail, and its output must name the
# errno (strerror text, e.g. perf's "(Invalid argument)", or the number).
expect_errno() {
	_e=$1; shift
	case $_e in
	EPERM) _n=1 _s="Operation not permitted" ;;
	ENOENT) _n=2 _s="No such file or directory" ;;
	EIO) _n=5 _s="I/O error|Input/output error" ;;
	E2BIG) _n=7 _s="Argument list too long" ;;
	EAGAIN) _n=11 _s="Resource temporarily unavailable" ;;
	ENOMEM) _n=12 _s="Out of memory|Cannot allocate memory" ;;
	EACCES) _n=13 _s="Permission denied" ;;
	EFAULT) _n=14 _s="Bad address" ;;
	EBUSY) _n=16 _s="Device or resource busy|Resource busy" ;;
	EEXIST) _n=17 _s="File exists" ;;
	ENODEV) _n=19 _s="No such device" ;;
	EINVAL) _n=22 _s="Invalid argument" ;;
	ENOSPC) _n=28 _s="No space left on device" ;;
	ERANGE) _n=34 _s="Numerical result out of range|Result not representable" ;;
	EOPNOTSUPP) _n=95 _s="Operation not supported|Not supported" ;;
	*) fail "expect_errno: unknown errno $_e"; return ;;
	esac
	_d="$* fails with $_e"
	if _out=$("$@" 2>&1); then
		fail "$_d"; diag "command succeeded"
	elif printf '%s\n' "$_out" | grep -qiE "$_s|returned with $_n "; then
		ok "$_d"
	else
		fail "$_d"
		printf '%s\n' "$_out" | tail -n 5 | sed 's/^/# /'
	fi
}

# load_module [PARAMS...]: insmod the driver with PARAMS, then the
# simulator, which attaches a simulated Xeon 7500 uncore to it; on failure
# nothing stays loaded
load_module() {
	insmod "$XU_MODULE" "$@" || return 1
	insmod "$XU_SIM_MODULE" || { rmmod xeon_uncore; return 1; }
}

# unload_module: rmmod what load_module loaded, the simulator first
unload_module() {
	rmmod xeon_uncore_sim && rmmod xeon_uncore
}

# perf_count EVENT CMD...: print the system-wide count of EVENT while CMD runs
perf_count() {
	_ev=$1; shift
	perf stat -x, -a -e "$_ev" "$@" 2>&1 >/dev/null | awk -F, '$3 != "" {print $1; exit}'
}

# The simulator's debugfs directory, and 2^48 - 1: from any counter value
# but 0, exactly one wrap
XU_SIM=/sys/kernel/debug/xeon_uncore_sim
XU_WRAP=281474976710655

# sim_preload SOCKET VALUE: every counter of the socket's M-Box 0 (whichever
# perf gets) to VALUE (hex)
sim_preload() {
	for _r in cb1 cb3 cb5 cb7 cb9 cbb; do echo "$1 $_r $2" >$XU_SIM/msr; done
}

# sim_wraps N: a shell command that injects 1000 events, N wraps (2^48 - 1
# each) and 1000 more into socket 0's M-Box 0 bbox_cmds_all, each followed
# by a pause for the PMI (which freezes the package until its walk)
sim_wraps() {
	_c="echo '0 mbox0 0x1a 1000' >$XU_SIM/inject; sleep 0.3"
	_i=0
	while [ $_i -lt "$1" ]; do
		_c="$_c; echo '0 mbox0 0x1a $XU_WRAP' >$XU_SIM/inject; sleep 0.3"
		_i=$((_i + 1))
	done
	echo "$_c; echo '0 mbox0 0x1a 1000' >$XU_SIM/inject; sleep 0.3"
}

finish() {
	[ "$XU_FAILED" = 0 ] && exit 0
	exit 1
}
