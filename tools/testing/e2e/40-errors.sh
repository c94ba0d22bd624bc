#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Bad input is refused with the documented errno
# (Documentation/xeon-uncore.rst, "What is refused, and how"), end to end
# through perf: a few configs with the line they log, a per-task event,
# groups (perf builds them; KUnit cannot), sampling, module parameters.
# The whole errno table (every bit no format covers, every field value
# the hardware does not define, config1/config2, per-task, sampling) is
# KUnit's: xeon_uncore_errno (drivers/perf/xeon_uncore/tests/errno_kunit.c)
# opens each row, on every package, in the nhmex and wsmex passes.
#
# perf stat shows a refused event as "<not supported>" and exits 0 for
# EINVAL and EOPNOTSUPP alike; with -vv it prints each perf_event_open
# errno ("sys_perf_event_open failed, error -22"), after its fallbacks.
. "$(dirname "$0")/lib.sh"

SIM=/sys/kernel/debug/xeon_uncore_sim

# open_errno [PERF STAT OPTIONS] EVENT: the errno of the last failed
# perf_event_open of `perf stat -vv -x, OPTIONS -e EVENT -- sleep 0.2`,
# or "opened" if every open succeeded and the event was counted.  (With
# `-- true` the workload could end, on the debug kernel under TCG, before
# perf enabled an event that had opened: "<not counted>".)
open_errno() {
	_ev=$(eval echo \${$#})
	_n=$(($# - 1))
	_opts=""
	while [ $_n -gt 0 ]; do _opts="$_opts $1"; shift; _n=$((_n - 1)); done
	# shellcheck disable=SC2086
	_out=$(perf stat -vv -x, $_opts -e "$_ev" -- sleep 0.2 2>&1)
	_err=$(printf '%s\n' "$_out" | sed -n 's/.*sys_perf_event_open failed, error -\([0-9]*\).*/\1/p' | tail -n 1)
	if printf '%s\n' "$_out" | grep -q '^<not supported>'; then
		echo "${_err:-unknown}"
	elif printf '%s\n' "$_out" | grep -qE '^[0-9]+,'; then
		echo opened
	else
		echo "no result"
	fi
}

# refused ERRNO DESC [OPTIONS] EVENT
refused() {
	_want=$1 _d=$2; shift 2
	check_eq "$_d: $* -> $_want" "$(open_errno "$@")" "$_want"
}

# logs PATTERN: the kernel log gained a line matching PATTERN since the last call
logs() {
	_new=$(dmesg -c)
	check "  ... and logs '$1'" sh -c "printf '%s\n' \"\$0\" | grep -qF -- '$1'" "$_new"
}

check "load xeon_uncore and xeon_uncore_sim" load_module
dmesg -c >/dev/null

# Positive control: the helper sees an event that opens
check_eq "control: uncore_mbox_0/cycles/ opens" "$(open_errno -a uncore_mbox_0/cycles/)" opened
dmesg -c >/dev/null

# A bit no format field covers (the driver's own en); a field value the
# hardware does not define; legal values in a combination it does not
# take: each refused with the one line it logs
refused 22 "M-Box en bit" -a uncore_mbox_0/config=0x1/
logs "uncore_mbox: config bits 0x1 are not a format field"
refused 22 "count_mode=3" -a uncore_mbox_0/inc_sel=0x1b,count_mode=3,wrap_mode=1/
logs "uncore_mbox: count_mode=0x3 is out of range (max 0x2)"
refused 22 "set_flag_sel without flag_mode" -a uncore_mbox_0/inc_sel=0x1b,set_flag_sel=1/
logs "uncore_mbox_0: set_flag_sel needs flag_mode=1"

# Not here: exclude_* bits (perf stat -e EVENT/u, /k).  perf core refuses
# them for the driver's PERF_PMU_CAP_NO_EXCLUDE before the driver sees the
# event, so an end-to-end check would test perf core; the KUnit suite
# xeon_uncore_validate opens each exclude_* bit on the driver's PMUs.

# A per-task event.  perf 6.1 opens uncore events system-wide (pid -1) when
# a workload is given without -a, so a per-task open needs -p (-t opens
# the same per-task event; KUnit opens one on each PMU type)
refused 22 "per-task (perf stat -p 1)" -p 1 uncore_mbox_0/cycles/

# Groups: at most 6 events, all on one box
G6=uncore_mbox_0/cycles/,uncore_mbox_0/cycles/,uncore_mbox_0/cycles/
G6=$G6,uncore_mbox_0/cycles/,uncore_mbox_0/cycles/,uncore_mbox_0/cycles/
check_eq "control: a group of 6 on one M-Box opens" "$(open_errno -a "{$G6}")" opened
refused 22 "a group of 7 on one M-Box" -a "{$G6,uncore_mbox_0/cycles/}"
refused 22 "a group across two M-Boxes" -a "{uncore_mbox_0/cycles/,uncore_mbox_1/cycles/}"
refused 22 "a group of 2 on the 1-counter U-Box" -a "{uncore_ubox/event=1/,uncore_ubox/event=2/}"
# The 6 events of a group start and stop together: equal counts
out=$(perf stat -a -A -x, -e "{$G6}" -- sleep 0.2 2>&1)
for cpu in CPU0 CPU2; do
	vals=$(printf '%s\n' "$out" | awk -F, -v c=$cpu '$1 == c && $4 == "uncore_mbox_0/cycles/" { print $2 }')
	check_eq "a group of 6 counts the same on all 6 ($cpu)" \
		"$(printf '%s\n' "$vals" | wc -l) $(printf '%s\n' "$vals" | sort -u | wc -l)" "6 1"
	[ "$(printf '%s\n' "$vals" | sort -u | wc -l)" = 1 ] || printf '%s\n' "$out" | sed 's/^/# /'
done

# Sampling is refused only where no period can be counted: an M-Box
# event counting down (tools/testing/e2e/70-record.sh tests sampling)
dmesg -c >/dev/null
out=$(perf record -vv -a -c 1000 -o /tmp/perf.data \
	-e uncore_mbox_0/inc_sel=0x1b,count_mode=1,wrap_mode=1/ -- sleep 0.1 2>&1)
rc=$?
check "perf record -c 1000 of a down-counting event fails" test $rc -ne 0
check_eq "sampling with count_mode=1: perf_event_open errno" \
	"$(printf '%s\n' "$out" | sed -n 's/.*sys_perf_event_open failed, error -\([0-9]*\).*/\1/p' | tail -n 1)" 95
check "  ... perf explains it" sh -c "printf '%s\n' \"\$0\" | grep -q \"doesn't support sampling\"" "$out"
logs "uncore_mbox_0: sampling needs count_mode=0"
# (by frequency, -F, with count_mode=2: xeon_uncore_errno)

# Bad input to the simulator's debugfs files
expect_errno EINVAL sh -c "echo '2 mbox0 1 1' >$SIM/inject"
expect_errno EINVAL sh -c "echo '0 bbox 1 1' >$SIM/inject"
expect_errno EINVAL sh -c "echo '0 mbox0 32 1' >$SIM/inject"
expect_errno EINVAL sh -c "echo 'garbage' >$SIM/msr"
expect_errno EIO sh -c "echo '0 123 0' >$SIM/msr"
expect_errno EINVAL sh -c "echo 2 >$SIM/generator"

check_eq "no reserved-bit writes" "$(cat $SIM/violations)" 0
check "unload xeon_uncore_sim and xeon_uncore" unload_module

# Module parameters.  busybox insmod tries finit_module, then init_module:
# the module may log its line once per attempt, never anything else.
# insmod_refused MODULE DESC WANTLOG PARAM...
insmod_refused() {
	_m=$1 _d=$2 _log=$3; shift 3
	dmesg -c >/dev/null
	expect_errno EINVAL insmod "/modules/$_m.ko" "$@"
	_lines=$(dmesg -c | grep -v 'vm: ' | sed 's/^\[[ 0-9.]*\] //' | sort -u)
	check_eq "  ... logs one line: $_log" "$_lines" "$_m: $_log"
	check "  ... and is not loaded" sh -c "! grep -q '^$_m ' /proc/modules"
}
insmod_refused xeon_uncore "poll_ms=0" "poll_ms=0 is outside 1..60000" poll_ms=0
insmod_refused xeon_uncore "poll_ms=60001" "poll_ms=60001 is outside 1..60000" poll_ms=60001
dmesg -c >/dev/null
check "insmod xeon_uncore.ko alone" insmod "$XU_MODULE"
check "  ... registers no PMU" sh -c "! ls /sys/bus/event_source/devices | grep -q '^uncore_'"
check "  ... and says how to attach a simulated uncore" sh -c "dmesg | grep -q 'xeon_uncore_sim.ko attaches'"
insmod_refused xeon_uncore_sim "model=bogus" "model=bogus is not a simulated uncore; use nhmex, wsmex, snbep or ivbep" \
	model=bogus
check "rmmod xeon_uncore" rmmod xeon_uncore
check "control: load xeon_uncore poll_ms=1 and xeon_uncore_sim" load_module poll_ms=1
# a 1 ms poll timer reading the counters does not change the counts
line=$(perf stat -a -A -x, -e uncore_mbox_0/cycles/ -- sleep 0.5 2>&1 | grep '^CPU2,')
check_within_pct "poll_ms=1: socket 1 cycles at 8400000/s" "$(echo "$line" | cut -d, -f2)" \
	"$(echo "$line" | awk -F, '{ printf "%.0f", 8400000 * $5 / 1e9 }')" 2
check "unload xeon_uncore_sim and xeon_uncore" unload_module
finish
