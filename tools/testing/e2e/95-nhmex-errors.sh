#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Xeon 7500 / E7: bad input to the new boxes answered with its errno
# (Documentation/pmu/nhmex.rst lists the refusals), end to end: through
# perf_event_open() with raw config words (/add/xu_probe open3), so that
# bits no format names reach the driver through the system call, and
# through perf's own syntax, as a user meets them, groups included.
# The whole errno table (every box's bits no format names, the values the
# fields hold but the hardware does not take, sampling) is KUnit's:
# xeon_uncore_errno (drivers/perf/xeon_uncore/tests/errno_kunit.c) opens
# each row, on every package, in the nhmex and wsmex passes.
. "$(dirname "$0")/lib.sh"

P=./xu_probe

nhmex_require 95-nhmex-errors
[ -x $P ] || { skip "95-nhmex-errors: no /add/xu_probe"; finish; }
check "load xeon_uncore and xeon_uncore_sim model=$NX" nhmex_load

# errno DESC ERRNO PMU CONFIG CONFIG1 CONFIG2 [PERIOD]: open on CPU 0
errno() {
	_d=$1 _want=$2
	shift 2
	_out=$($P open3 "$1" "$2" "$3" "$4" 0 "${5:-0}" 2>&1)
	check_eq "$_d: $1 config=$2 config1=$3 config2=$4${5:+ period=$5}: errno $_want" \
		"${_out##*errno=}" "$_want"
}

EINVAL=22
EOPNOTSUPP=95

# a control, and a bit no format names, through the system call
errno "C-Box event" 0 uncore_cbox_0 0x05842211 0 0
errno "C-Box config bit 17" $EINVAL uncore_cbox_0 0x20001 0 0
errno "M-Box count_mode=1 sampling" $EOPNOTSUPP uncore_mbox_0 0x3644 0 0 100000

# perf's own syntax: the errno perf -vv reports
out=$(perf stat -vv -a -e uncore_rbox_0/event=0x0,iperf_cfg=0x31/ -- true 2>&1)
check_eq "perf stat uncore_rbox_0/event=0x0,iperf_cfg=0x31/: EINVAL" "$(e5_errno "$out")" $EINVAL
out=$(perf stat -vv -a -e uncore_bbox_0/counter=3,event=0x1,match=0x1/ -- true 2>&1)
check_eq "perf stat uncore_bbox_0/counter=3,event=0x1,match=0x1/: EINVAL" "$(e5_errno "$out")" $EINVAL
out=$(perf record -vv -a -c 100000 -o /tmp/95.data -e uncore_mbox_0/inc_sel=0x1b,count_mode=1,wrap_mode=1/ -- true 2>&1)
check_eq "perf record of an M-Box count_mode=1 event: EOPNOTSUPP" "$(e5_errno "$out")" $EOPNOTSUPP
# a group of five B-Box counter-0 events needs five counter 0s
G=uncore_bbox_0/counter=0,event=0x4/
out=$(perf stat -vv -a -e "{$G,$G}" -- true 2>&1)
check_eq "perf stat {two events pinned to B-Box counter 0}: EINVAL" "$(e5_errno "$out")" $EINVAL

check_eq "no reserved-bit writes" "$(cat $XU_SIM/violations 2>/dev/null)" 0
check "unload xeon_uncore_sim and xeon_uncore" unload_module
finish
