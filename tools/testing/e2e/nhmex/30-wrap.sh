#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# perf stat across the 48-bit limit, with the generator off and exact
# injected counts: a counter preloaded near 2^48 through the simulator's
# msr file, then N events injected while perf stat runs.  The table of
# wraps (M-Box on either socket, count_mode down and both, the U-Box,
# another inc_sel counting nothing) is KUnit's: xeon_uncore_wrap
# (drivers/perf/xeon_uncore/tests/wrap_kunit.c).  This script keeps what
# needs perf: a named event read by perf stat across a wrap, and
# wrap_mode=0's stop with the line it logs.  Overflow status bits are not
# checked here: an overflow handler may clear them.
. "$(dirname "$0")/../lib.sh"

SIM=/sys/kernel/debug/xeon_uncore_sim
OUT=/tmp/30-wrap.csv

plan 9
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

# wrap_mode=0 is the hardware's stop-at-overflow mode, honoured and logged
echo "0 cb1 fffffffffc00" >$SIM/msr
dmesg -c >/dev/null
check_eq "wrap_mode=0 stops at 2^48 - 1: 1023 of 5000 counted" \
	"$(count uncore_mbox_0/inc_sel=0x1a/ "0 mbox0 0x1a 5000")" "1023 0"
check_eq "raw counter stopped at 2^48 - 1" "$(msr_val 0 0xcb1)" 0xffffffffffff
check "the stop is logged" sh -c "dmesg | grep -q 'uncore_mbox_0: counter 0 reached 2^48 - 1 and stopped'"

check_eq "no reserved-bit writes" "$(cat $SIM/violations)" 0
check "unload xeon_uncore_sim and xeon_uncore" unload_module
finish
