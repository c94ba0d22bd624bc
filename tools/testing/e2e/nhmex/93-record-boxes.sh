#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Xeon 7500 / E7 sampling: perf record -a -c N on a C-Box, an R-Box and a
# W-Box counter (and the W-Box's fixed clocktick counter), whose overflows
# reach the PMI through the S-Box summary (C, R) or straight from the
# W-Box.  Per socket, at the simulator's documented rate (lib.sh
# nhmex_rate): the samples' timestamps span (samples - 1) periods of N
# events within 2%, once the time the PMIs kept the package frozen (the
# simulator's frozen_ns) is taken off; every period is N; the samples
# cover the run (at least 95% of rate * seconds / N); every overflow
# folded by its PMI (none by the watchdog, none lost to a masked LVTPC).  The periods keep to about 13
# samples per second per socket, as common/70-record.sh explains.
. "$(dirname "$0")/../lib.sh"

DATA=/tmp/93-nhmex-record.data

[ -w /sys/kernel/debug/x86/nmi_longest_ns ] &&
	echo 100000000 >/sys/kernel/debug/x86/nmi_longest_ns

nhmex_require nhmex/93-record-boxes
# per event, 4 and 3 per socket; 4 events; the load, violations, unload
plan $((19 + 12 * $(e5_sockets)))
# The PMI budget (common/74-pmi-budget) off, as in 70-record: the rates
# here assume an event samples whenever its package is not frozen, and
# under TCG one walk delayed by tens of milliseconds spends the budget and
# holds the events back for 20 times as long
check "load xeon_uncore and xeon_uncore_sim model=$NX" nhmex_load pmi_max_percent=100

# check_ge DESC GOT MIN
check_ge() {
	if awk -v a="$2" -v b="$3" 'BEGIN { exit !(a ~ /^[0-9.]+$/ && a + 0 >= b + 0) }'; then
		ok "$1"; else fail "$1"; diag "got '$2', want >= $3"; fi
}

# record EVENT CODE PERIOD SECONDS
record() {
	_ev=$1 _code=$2 _per=$3 _sec=$4
	rec_begin 93
	check "perf record -a -c $_per -e $_ev -- sleep $_sec" \
		perf record -q -a -c "$_per" -e "$_ev" -o $DATA -- sleep "$_sec"
	rec_end "$_ev" 93
	diag "$_ev: samples by CPU: $(perf script -i $DATA -F cpu 2>/dev/null | tr -d '[] ' |
		sed 's/^0*\([0-9]\)/\1/' | sort -n | uniq -c | awk '{ printf "%s:%s ", $2, $1 }')"
	check_sample_cpus "$_ev: every sample written on a CPU of the PMU's cpumask" \
		$DATA "${_ev%%/*}"
	for s in $(e5_seq "$(e5_sockets)"); do
		_r=$(nhmex_rate "${_ev%%/*}" "$_code" "$s")
		# shellcheck disable=SC2046 # split into $1..$4
		set -- $(rec_stats $DATA "$(printf '%s\n' "$E5_TOPO" |
			awk -v p="$s" '$2 == p { printf "%s%s", c, $1; c = "," }')")
		_fz=$(rec_frozen_s 93 "$s")
		# counted: the span less the time frozen
		_want=$(rec_want "$_r" "$2" "$_per" "$_fz")
		diag "$_ev S$s: $1 samples over $2 s, want 1 + $_want; periods $3..$4; frozen $_fz s of $_run s"
		check_within_pct "$_ev S$s: samples - 1 = $_r/s * unfrozen span / $_per" \
			"$(($1 - 1))" "$_want" 2
		# the events count at least while the command runs (perf's own
		# start and end add to it, most on the debug kernel)
		check_ge "$_ev S$s: samples >= 95% of $_r/s * $_sec s / $_per" \
			"$1" "$((_r * _sec / _per * 95 / 100))"
		check_eq "$_ev S$s: every period is $_per" "$3 $4" "$_per $_per"
	done
}

# the last C-Box the packages have (3 or beyond with 8 or 10 cores):
# 800000 * (socket + i + 1)/s, 40 samples in 3 s on socket 1
C=$(($(nhmex_cboxes) - 1))
[ $C -gt 3 ] && C=3
record "uncore_cbox_$C/event=0x7/" 7 $((60000 * (C + 2))) 3
# an IPERF value the traffic model leaves out: its background rate, plus
# 1000/s per unit of it (nhmex_rate 7:0x10)
record "uncore_rbox_1/event=0x7,iperf_cfg=0x10/" 7:0x10 240000 3
record "uncore_wbox/event=0x4/" 4 75000 3
record "uncore_wbox/clockticks/" 0xff 150000 3

check_eq "no reserved-bit writes" "$(cat $XU_SIM/violations 2>/dev/null)" 0
check "unload xeon_uncore_sim and xeon_uncore" unload_module
finish
