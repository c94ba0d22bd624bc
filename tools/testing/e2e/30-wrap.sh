#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Counting across the 48-bit limit, with the generator off and exact
# injected counts: a counter preloaded near 2^48 through the simulator's
# msr file, then N events injected while perf stat runs.  Overflow status
# bits are not checked here: an overflow handler may clear them (KUnit
# covers the simulator's status semantics).
. "$(dirname "$0")/lib.sh"

SIM=/sys/kernel/debug/xeon_uncore_sim
OUT=/tmp/30-wrap.csv

check "load xeon_uncore and xeon_uncore_sim" load_module
echo 0 >$SIM/generator

# msr_val SOCKET REG: a simulated register, as printed by the msr file
msr_val() { awk -v s="$1" -v r="$2" '$1 == s && $2 == r { print $3 }' $SIM/msr; }

# count EVENT INJECT: perf stat -a -A EVENT while "INJECT" is written to
# inject; prints "COUNT_CPU0 COUNT_CPU2"
count() {
	perf stat -a -A -x';' -o $OUT -e "$1" -- sh -c "echo '$2' >$SIM/inject" ||
		diag "perf stat -e $1 failed"
	awk -F';' -v e="$1" '$4 == e && $1 == "CPU0" { a = $2 } $4 == e && $1 == "CPU2" { b = $2 }
		END { print a, b }' $OUT
}

# M-Box 0 counter 0 (MSR 0xcb1) is the first free counter of an idle box.
# Named events set wrap_mode=1: 5000 events from 2^48 - 0x400 wrap to 0xf88.
echo "0 cb1 fffffffffc00" >$SIM/msr
check_eq "preloaded M-Box 0 counter 0" "$(msr_val 0 0xcb1)" 0xfffffffffc00
check_eq "bbox_cmds_all across the wrap counts 5000 (socket 0, socket 1)" \
	"$(count uncore_mbox_0/bbox_cmds_all/ "0 mbox0 0x1a 5000")" "5000 0"
check_eq "raw counter wrapped to 5000 - 0x400" "$(msr_val 0 0xcb1)" 0xf88

# The same on socket 1's M-Box 1 (counter 0 at 0xcb1 + 0x40)
echo "1 cf1 ffffffffff00" >$SIM/msr
check_eq "uncore_mbox_1/inc_sel=3,wrap_mode=1/ on socket 1 counts 1000" \
	"$(count uncore_mbox_1/inc_sel=3,wrap_mode=1/ "1 mbox1 3 1000")" "0 1000"
check_eq "raw counter wrapped to 1000 - 0x100" "$(msr_val 1 0xcf1)" 0x2e8

# count_mode=1 counts down: 5000 below 0x400 is 2^48 - 0xf88, reported as +5000
echo "0 cb1 400" >$SIM/msr
check_eq "count_mode=1,wrap_mode=1 across 0 reports +5000" \
	"$(count uncore_mbox_0/inc_sel=0x1a,count_mode=1,wrap_mode=1/ "0 mbox0 0x1a 5000")" "5000 0"
check_eq "raw counter wrapped down to 2^48 - 0xf88" "$(msr_val 0 0xcb1)" 0xfffffffff078

# count_mode=2 with set_flag_sel=3: up on every event, down on 4/8 of them
echo "0 cb1 fffffffffc00" >$SIM/msr
check_eq "count_mode=2,flag_mode=1,set_flag_sel=3 nets +2500 of 5000" \
	"$(count uncore_mbox_0/inc_sel=0x1a,count_mode=2,flag_mode=1,set_flag_sel=3,wrap_mode=1/ "0 mbox0 0x1a 5000")" \
	"2500 0"

# wrap_mode=0 is the hardware's stop-at-overflow mode, honoured and logged
echo "0 cb1 fffffffffc00" >$SIM/msr
dmesg -c >/dev/null
check_eq "wrap_mode=0 stops at 2^48 - 1: 1023 of 5000 counted" \
	"$(count uncore_mbox_0/inc_sel=0x1a/ "0 mbox0 0x1a 5000")" "1023 0"
check_eq "raw counter stopped at 2^48 - 1" "$(msr_val 0 0xcb1)" 0xffffffffffff
check "the stop is logged" sh -c "dmesg | grep -q 'uncore_mbox_0: counter 0 reached 2^48 - 1 and stopped'"

# The U-Box counter always wraps
echo "0 c11 fffffffffc00" >$SIM/msr
check_eq "uncore_ubox/event=5/ across the wrap counts 5000" \
	"$(count uncore_ubox/event=5/ "0 ubox 5 5000")" "5000 0"
check_eq "U-Box counter wrapped to 0xf88" "$(msr_val 0 0xc11)" 0xf88

# Only the selected event counts
check_eq "injecting another inc_sel counts nothing" \
	"$(count uncore_mbox_0/bbox_cmds_all/ "0 mbox0 0x1b 5000")" "0 0"

check_eq "no reserved-bit writes" "$(cat $SIM/violations)" 0
check "unload xeon_uncore_sim and xeon_uncore" unload_module
finish
