#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Xeon 7500 / E7: every bad input to the new boxes answered with its errno
# (Documentation/pmu/nhmex.rst lists the refusals), through
# perf_event_open() with the raw config words (/add/xu_probe open3), so
# that bits no format names reach the driver too; and through perf's own
# syntax for a few, as a user meets them.
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
MM=0x21000000000000	# R MM_CFG mm_trig_en, match_flt_cnt 1, in config 63:32

# controls: good events open
errno "C-Box event" 0 uncore_cbox_0 0x05842211 0 0
errno "R-Box XBR SET1 match" 0 uncore_rbox_0 $((0x8 | MM)) 0x4000 0x3e000
errno "R-Box IPERF match (TO_R_PROG_EV route)" 0 uncore_rbox_0 $((0x0 | MM)) 0x4000 0x3e000
errno "B-Box match event" 0 uncore_bbox_1 0x44 0x1 0x1
errno "S-Box match event" 0 uncore_sbox_0 0x0 0x2 0x7e
errno "M-Box PLD with address match" 0 uncore_mbox_0 0x1640 0x900000000 \
	$((0x8000000000000000 | 0x12345))
errno "W-Box fixed counter" 0 uncore_wbox 0xff 0 0

# bits no format field names
errno "C-Box config bit 17" $EINVAL uncore_cbox_0 0x20001 0 0
errno "C-Box en (22), which Intel PCM sends, is taken" 0 uncore_cbox_1 0x400001 0 0
errno "C-Box en (22) with bit 17" $EINVAL uncore_cbox_1 0x420001 0 0
errno "B-Box bit 22 (its en is bit 0)" $EINVAL uncore_bbox_0 0x400002 0 0
errno "C-Box reserved bit 62" $EINVAL uncore_cbox_0 0x4000000000000001 0 0
errno "C-Box config1" $EINVAL uncore_cbox_0 0x1 0x1 0
errno "S-Box mask bit 39 (ignored)" $EINVAL uncore_sbox_1 0x0 0x1 0x8000000000
errno "B-Box config bit 8" $EINVAL uncore_bbox_0 0x102 0 0
errno "W-Box config2" $EINVAL uncore_wbox 0x1 0 0x1
errno "U-Box umask" $EINVAL uncore_ubox 0x101 0 0
errno "R-Box pmi_en (6) is the driver's" $EINVAL uncore_rbox_0 0x40 0 0
errno "R-Box XBR match bit 52 (reserved)" $EINVAL uncore_rbox_0 $((0x8 | MM)) 0x10000000000000 0
errno "R-Box XBR mask bits 30:18 (reserved)" $EINVAL uncore_rbox_1 $((0xa | MM)) 0 0x40000

# values the fields hold but the hardware does not take
errno "R-Box event=0x18" $EINVAL uncore_rbox_0 0x30 0 0
errno "R-Box IPERF iperf_cfg=0x31" $EINVAL uncore_rbox_0 0x0 0x31 0
errno "R-Box XBR without mm_trig_en" $EINVAL uncore_rbox_0 $((0x8 | 0x1000000000000)) 0x4000 0x3e000
errno "R-Box ig_flt_cnt with match_flt_cnt" $EINVAL uncore_rbox_0 $((0x8 | 0x31000000000000)) 0 0
errno "R-Box QLX byte 0 event with byte 1" $EINVAL uncore_rbox_0 0x4 0x2500 0
errno "R-Box IPERF event with a mask, no mm_trig_en" $EINVAL uncore_rbox_0 0x0 0x80000000 0x1
errno "B-Box match on counter 3" $EINVAL uncore_bbox_0 0xc2 0x1 0
errno "S-Box match on event 1" $EINVAL uncore_sbox_0 0x1 0x1 0
errno "W-Box event=0xff with umask" $EINVAL uncore_wbox 0x1ff 0 0
errno "M-Box set_flag_sel without flag_mode" $EINVAL uncore_mbox_0 0x1b3640 0 0
errno "M-Box count_mode=1 without wrap_mode" $EINVAL uncore_mbox_1 0x3604 0 0
errno "M-Box config1 on cycles" $EINVAL uncore_mbox_0 0x3640 0x1 0
errno "M-Box address match on a non-PLD event" $EINVAL uncore_mbox_0 0x3640 0 0x8000000000000001
errno "M-Box address match without addr_en" $EINVAL uncore_mbox_1 0x1640 0 0x12345
# ZDP_CTL_FVC event field 1: bits 16:14 on Nehalem-EX, 17:15 on Westmere-EX
if [ "$NX" = wsmex ]; then F1=0x8000; else F1=0x4000; fi
errno "M-Box fvc field 1 on inc_sel 0xd" $EINVAL uncore_mbox_0 0x1a40 $F1 0

# sampling
errno "M-Box count_mode=1 sampling" $EOPNOTSUPP uncore_mbox_0 0x3644 0 0 100000
errno "C-Box sampling" 0 uncore_cbox_0 0x1 0 0 100000

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
