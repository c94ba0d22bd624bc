#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The Xeon 7500 / E7 PMI route under CPU hotplug.  pmi_core_sel reaches
# cores 0-3 of a package: the PMIs of a collecting CPU on a later core go
# to the lowest core within reach with a CPU online, a choice the driver
# makes again as CPUs of the package go and come (xu_pmi_pkg_reroute()).
# The simulator sends each PMI to the online CPUs of the cores
# pmi_core_sel names (Documentation/simulator.rst), so a route left on a
# core with no CPU online loses every PMI, and the watchdog folds each
# overflow.  On socket 1:
#   - cores 0-3 offline: core 4 collects; no core within reach has a CPU
#     online, and the route names core 0: the PMIs are lost, and the
#     driver stops socket 1's sampling, saying why, so that a perf record
#     there holds no socket frozen: a perf stat of the W-Box clock beside
#     it counts 95% of the clock or more;
#   - core 2 back online: the route names core 2, and a perf record of a
#     C-Box gets its samples at the documented rate, every overflow
#     folded by its PMI, none by the watchdog, the NMIs on core 2's CPU;
#   - core 3 online, then core 2 offline again: the route names core 3,
#     and the same record the same way, the NMIs on core 3's CPU.
# Needs 5 cores or more per socket: the wsmex line (10).
. "$(dirname "$0")/../lib.sh"

DATA=/tmp/52-route.data
DEV=/sys/bus/event_source/devices

[ -w /sys/kernel/debug/x86/nmi_longest_ns ] &&
	echo 100000000 >/sys/kernel/debug/x86/nmi_longest_ns

nhmex_require nhmex/52-pmi-route
plan 29

online() { echo "$2" >/sys/devices/system/cpu/cpu$1/online; }
# C0..C4: socket 1's CPUs of cores 0-4, by core (one thread each, or the
# first thread of each core)
set -- $(printf '%s\n' "$E5_TOPO" | awk '$2 == 1 && !seen[$3]++ { print $3, $1 }' |
	sort -n | awk '{ print $2 }')
if [ $# -lt 5 ]; then
	fail "socket 1 has 5 cores or more: the route's fallback needs a core beyond pmi_core_sel's 4 ($# cores)"
	finish
fi
C0=$1 C1=$2 C2=$3 C3=$4 C4=$5
diag "socket 1: cores 0-4 are CPUs $C0 $C1 $C2 $C3 $C4"

# sel: the pmi_core_sel (bits 4:1) of socket 1's U_MSR_PMON_GLOBAL_CTL
sel() {
	_v=$(awk '$1 == 1 && $2 == "0xc00" { print $3 }' $XU_SIM/msr)
	echo $(((_v >> 1) & 15))
}
# nmis CPU: the NMIs CPU has taken (/proc/interrupts names the online
# CPUs' columns on its first line)
nmis() {
	awk -v c="CPU$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == c) k = i + 1 }
		$1 == "NMI:" { print $k + 0 }' /proc/interrupts
}
# check_ge DESC GOT MIN
check_ge() {
	if awk -v a="$2" -v b="$3" 'BEGIN { exit !(a ~ /^[0-9.]+$/ && a + 0 >= b + 0) }'; then
		ok "$1"; else fail "$1"; diag "got '$2', want >= $3"; fi
}

# C-Box 0's background rate on socket 1: 1,600,000/s, 13 samples a second
EV=uncore_cbox_0/event=0x7/
RATE=$(nhmex_rate uncore_cbox_0 7 1)
PER=$((RATE / 13))
# record DESC CPU: 3 s of perf record -a on $EV; socket 1's samples at
# RATE, every overflow by a PMI, which CPU took
record() {
	_n0=$(nmis "$2")
	rec_begin 52
	check "$1: perf record -a -c $PER -e $EV -- sleep 3" \
		perf record -q -a -c $PER -e $EV -o $DATA -- sleep 3
	rec_end "$1" 52
	_nmi=$(($(nmis "$2") - _n0))
	# shellcheck disable=SC2046 # split into $1..$4
	set -- "$1" $(rec_stats $DATA "$C4")
	_want=$(rec_want "$RATE" "$3" "$PER" "$(rec_frozen_s 52 1)")
	diag "$1: $2 samples of socket 1 over $3 s, want 1 + $_want; $_nmi NMIs on the routed core's CPU"
	check_within_pct "$1: socket 1's samples - 1 = $RATE/s * unfrozen span / $PER" \
		"$(($2 - 1))" "$_want" 2
	# one NMI per PMI; a PMI may carry two overflows if one is late
	check_ge "$1: the routed core's CPU took the PMIs" "$_nmi" "$(($2 / 2))"
}

check "load xeon_uncore and xeon_uncore_sim model=$NX" nhmex_load pmi_max_percent=100
check "offline socket 1's cores 0-3 (CPUs $C0-$C3)" \
	sh -c "for c in $C0 $C1 $C2 $C3; do echo 0 >/sys/devices/system/cpu/cpu\$c/online || exit 1; done"
check_eq "core 4 (CPU $C4) collects socket 1" \
	"$(tr ',' '\n' <$DEV/uncore_cbox_0/cpumask | sed -n 2p)" "$C4"
check_eq "no core within reach online: the route names core 0" "$(sel)" 1
check "the log says socket 1's sampling stopped" \
	sh -c "dmesg | grep -q 'package 1: its overflow interrupts can reach only cores that have no CPU online; sampling stops'"

# PMIs lost for good.  perf record -c 1000000 on an M-Box event beside
# perf stat of the W-Box's clockticks, 1 s: a lost PMI would hold socket
# 1 frozen from its overflow (8.4 a second) to the watchdog's fold, 50 to
# 100 ms; the driver does not start socket 1's sampling events, and the
# clock counts all of the stat's running time.  Socket 0 samples on.
WCLK=$(nhmex_rate uncore_wbox 0xff 1)
MREC=/tmp/52-lost.data
_dis0=$(dmesg | grep -c 'a sampling event of package 1 is disabled')
perf record -q -a -c 1000000 -e uncore_mbox_0/cycles/ -o $MREC -- sleep 2 2>/dev/null &
_rec=$!
sleep 0.5
_f0=$(frozen_ns 1)
perf stat -x';' -a -A -e uncore_wbox/clockticks/ -o /tmp/52-lost.csv -- sleep 1
_f1=$(frozen_ns 1)
wait $_rec
diag "socket 1 stood frozen $(awk -v a="$_f0" -v b="$_f1" 'BEGIN { printf "%.3f", (b - a) / 1e9 }') s during the stat, $(($(wd_folds))) watchdog folds so far"
_line=$(awk -F';' -v c="CPU$C4" '$1 == c' /tmp/52-lost.csv)
_share=$(echo "$_line" | awk -F';' -v r="$WCLK" '{ if ($5 > 0) printf "%.4f", $2 / (r * $5 / 1e9) }')
diag "socket 1's W-Box clockticks while perf record ran: '$_line', $_share of $WCLK/s"
check_ge "the stat keeps 95% of socket 1's clock beside the record" "$_share" 0.95
check_ge "the log says why socket 1's sampling event stopped" \
	"$(($(dmesg | grep -c 'a sampling event of package 1 is disabled') - _dis0))" 1
# shellcheck disable=SC2046 # split into $1..$4
set -- $(rec_stats $MREC "$C4")
check_eq "no sample of socket 1" "$1" 0
# shellcheck disable=SC2046 # split into $1..$4
set -- $(rec_stats $MREC "$(e5_socket_cpu 0)")
check_ge "socket 0 samples on" "$1" 2

check "online core 2 (CPU $C2)" online "$C2" 1
check_eq "the route names core 2" "$(sel)" 4
record "routed to core 2" "$C2"

check "online core 3 (CPU $C3)" online "$C3" 1
check_eq "the route stays on core 2, the lowest" "$(sel)" 4
check "offline core 2 (CPU $C2)" online "$C2" 0
check_eq "the route names core 3" "$(sel)" 8
record "routed to core 3" "$C3"

check "no kernel warning" sh -c "! dmesg | grep -q 'WARNING:\|BUG:'"
check "online every CPU" sh -c "for c in $C0 $C1 $C2; do echo 1 >/sys/devices/system/cpu/cpu\$c/online || exit 1; done"
check_eq "no reserved-bit writes" "$(cat $XU_SIM/violations 2>/dev/null)" 0
check "unload xeon_uncore_sim and xeon_uncore" unload_module
finish
