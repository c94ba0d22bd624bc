#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# CPU hotplug: when a package's collecting CPU goes offline another CPU of
# the package takes over (cpumask) and the running events move with their
# counts intact.  Generator off, exact injected counts.  CPU 0 cannot go
# offline here, so socket 1 (CPUs 2 and 3) is the one exercised.
. "$(dirname "$0")/../lib.sh"

SIM=/sys/kernel/debug/xeon_uncore_sim
DEV=/sys/bus/event_source/devices
OUT=/tmp/50-hotplug.csv

plan 31
check "load xeon_uncore and xeon_uncore_sim" load_module
echo 0 >$SIM/generator

online() { echo "$2" >/sys/devices/system/cpu/cpu$1/online; }
inject() { echo "$*" >$SIM/inject; }
# cpumask_is WANT: every PMU's cpumask
cpumask_is() {
	check_eq "cpumask $1" "$(cat $DEV/uncore_ubox/cpumask $DEV/uncore_mbox_0/cpumask \
		$DEV/uncore_mbox_1/cpumask | sort -u | tr '\n' ' ')" "$1 "
}
# wait_counting SOCKET REG: until perf has enabled the counter's control
wait_counting() {
	_i=0
	while [ $_i -lt 100 ]; do
		_v=$(awk -v s="$1" -v r="$2" '$1 == s && $2 == r { print $3 }' $SIM/msr)
		[ "$_v" != 0x0 ] && return 0
		sleep 0.1; _i=$((_i + 1))
	done
	diag "counter $2 of socket $1 never enabled"
}
# sock_count SOCKET EVENT: from the --per-socket CSV in $OUT
sock_count() { awk -F, -v s="S$1" -v e="$2" '$1 == s && $5 == e { print $3 }' $OUT; }

cpumask_is "0,2"
M0=uncore_mbox_0/bbox_cmds_all/
U=uncore_ubox/event=4/
perf stat -a --per-socket -x, -o $OUT -e "$M0,$U" -- sleep 4 &
perf_pid=$!
wait_counting 1 0xcb0
wait_counting 1 0xc10
inject 0 mbox0 0x1a 700
inject 1 mbox0 0x1a 1000
inject 1 ubox 4 50
check "offline CPU 2, socket 1's collector, mid-count" online 2 0
cpumask_is "0,3"
inject 1 mbox0 0x1a 300
inject 1 ubox 4 60
# back before perf reads: perf maps CPU 2's counts to a socket only while
# CPU 2 is online.  CPU 3 stays the collector.
check "online CPU 2" online 2 1
inject 1 mbox0 0x1a 20
wait $perf_pid
check_eq "socket 1 M-Box: 1000 before + 300 + 20 after the move" "$(sock_count 1 $M0)" 1320
check_eq "socket 1 U-Box: 50 before + 60 after the move" "$(sock_count 1 $U)" 110
check_eq "socket 0 is untouched" "$(sock_count 0 $M0) $(sock_count 0 $U)" "700 0"

# The last CPU of the package: socket 1 has no collector until one is back
check "offline CPU 3" online 3 0
cpumask_is "0,2"
check "offline CPU 2" online 2 0
cpumask_is "0"
check "online CPU 2" online 2 1
cpumask_is "0,2"
check "online CPU 3" online 3 1
cpumask_is "0,2"
# ... and socket 1 counts again, at the documented rate
echo 1 >$SIM/generator
perf stat -a -A -x, -o $OUT -e uncore_mbox_1/cycles/ -- sleep 0.5
line=$(awk -F, '$1 == "CPU2"' $OUT)
check_within_pct "socket 1 uncore_mbox_1/cycles/ after re-online: 11200000/s" \
	"$(echo "$line" | cut -d, -f2)" \
	"$(echo "$line" | awk -F, '{ printf "%.0f", 11200000 * $5 / 1e9 }')" 2

check_eq "no reserved-bit writes" "$(cat $SIM/violations)" 0
check "unload xeon_uncore_sim and xeon_uncore" unload_module
# Loaded with CPU 3 as socket 1's only CPU, the module picks it
check "offline CPU 2" online 2 0
check "load with CPU 2 offline" load_module
cpumask_is "0,3"
check "unload xeon_uncore_sim and xeon_uncore" unload_module
check "online CPU 2" online 2 1
# Loaded with every CPU but CPU 0 offline, the module still has a C-Box
# per core of the packages (2), though x86 forgets an offline CPU's core
check "offline CPUs 1, 2 and 3" sh -c "$(for c in 1 2 3; do
	printf 'echo 0 >/sys/devices/system/cpu/cpu%s/online; ' $c; done)"
check "load with CPUs 1-3 offline" load_module
check "uncore_cbox_1 is there all the same" test -d /sys/bus/event_source/devices/uncore_cbox_1
check "unload xeon_uncore_sim and xeon_uncore" unload_module
for c in 1 2 3; do check "online CPU $c" online $c 1; done
finish
